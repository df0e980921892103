// Command jedi runs a fight between a Jedi and droids on a small arena and
// shows, tick by tick, what the Jedi chose and why: every decision of its
// behaviour tree is a plan, made by simulating each option on a copy of
// its memory and judging the result with the combat heuristic.
//
// Usage:
//
//	go run ./examples/jedi [flags]
//
// Flags:
//
//	-seed N          seed of the arena and the Jedi's random choices (default 1)
//	-skill S         master, knight, padawan, or a number from 0 to 1 (default knight)
//	-enemies LIST    e.g. droid:3,brawler:1,trooper:1,rusher:1 (the default)
//	-partner         a second Jedi fights alongside
//	-mistakes        the Jedi sometimes swings at a raised shield, believing it down
//	-duration D      the longest the fight may last (default 2m)
//	-json            one JSON object per line instead of the timeline
//
// Each line of the timeline shows the time, the action begun with the
// outcome its prediction earned and the rule that gave it, the Jedi's hit
// points and its victim's; the next line shows the best options it turned
// down, with the constraint that ruled out the impossible ones. A summary
// follows: who won, when each enemy fell, and the damage taken.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/jedi"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = "usage: jedi [-seed N] [-skill master|knight|padawan|0..1] [-enemies droid:3,brawler:1,...] [-partner] [-mistakes] [-duration D] [-json]"

// run runs the program and returns its exit status: 2 for bad flags.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, jsonOut, err := parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, usage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "jedi: %v\n", err)
		return 2
	}
	var out report = &timeline{w: stdout, cfg: cfg}
	if jsonOut {
		out = &jsonLines{w: stdout}
	}
	cfg.OnDecide = out.decide
	fight, err := jedi.NewFight(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "jedi: %v\n", err)
		return 2
	}
	out.start(fight)
	summary, err := fight.Run()
	if err != nil {
		fmt.Fprintf(stderr, "jedi: %v\n", err)
		return 1
	}
	out.summary(summary)
	return 0
}

// parseFlags reads the command line into a fight's configuration.
func parseFlags(args []string) (jedi.FightConfig, bool, error) {
	fs := flag.NewFlagSet("jedi", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	seed := fs.Uint64("seed", 1, "")
	skill := fs.String("skill", "knight", "")
	enemies := fs.String("enemies", "droid:3,brawler:1,trooper:1,rusher:1", "")
	partner := fs.Bool("partner", false, "")
	mistakes := fs.Bool("mistakes", false, "")
	duration := fs.Duration("duration", 2*time.Minute, "")
	jsonOut := fs.Bool("json", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return jedi.FightConfig{}, false, err
		}
		return jedi.FightConfig{}, false, fmt.Errorf("%v (%s)", err, usage)
	}
	if fs.NArg() > 0 {
		return jedi.FightConfig{}, false, fmt.Errorf("unexpected argument %q (%s)", fs.Arg(0), usage)
	}
	cfg := jedi.FightConfig{Seed: *seed, Partner: *partner, Mistakes: *mistakes, Duration: *duration}
	var err error
	if cfg.Skill, err = jedi.ParseSkill(*skill); err != nil {
		return cfg, false, fmt.Errorf("-skill: %v", err)
	}
	if cfg.Enemies, err = parseEnemies(*enemies); err != nil {
		return cfg, false, fmt.Errorf("-enemies: %v", err)
	}
	if *duration <= 0 || *duration > time.Hour {
		return cfg, false, fmt.Errorf("-duration %v: give more than 0 and at most 1h", *duration)
	}
	return cfg, *jsonOut, nil
}

// parseEnemies reads a list such as "droid:3,brawler:1".
func parseEnemies(s string) ([]jedi.EnemyType, error) {
	var out []jedi.EnemyType
	for _, item := range strings.Split(s, ",") {
		name, count, found := strings.Cut(strings.TrimSpace(item), ":")
		n := 1
		if found {
			var err error
			if n, err = strconv.Atoi(count); err != nil || n < 1 {
				return nil, fmt.Errorf("%q: the count must be a whole number of at least 1", item)
			}
		}
		t, err := jedi.ParseEnemyType(name)
		if err != nil {
			return nil, err
		}
		for i := 0; i < n; i++ {
			out = append(out, t)
		}
	}
	if len(out) > jedi.MaxEnemies {
		return nil, fmt.Errorf("%d enemies: the arena holds at most %d", len(out), jedi.MaxEnemies)
	}
	return out, nil
}
