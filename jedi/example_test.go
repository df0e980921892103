package jedi_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/jedi"
)

// A fight: a knight against two droids, from a seed, to the end.
func ExampleNewFight() {
	f, err := jedi.NewFight(jedi.FightConfig{
		Seed:     7,
		Skill:    0.6,
		Enemies:  []jedi.EnemyType{jedi.Droid, jedi.Droid},
		Duration: time.Minute,
	})
	if err != nil {
		panic(err)
	}
	s, err := f.Run()
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s won after %v with %d hp; %d kills\n", s.Winner, s.Duration.Round(time.Second), s.JediHP, len(s.Kills))
	for _, k := range s.Kills {
		fmt.Printf("%v killed by %s, %v after it became the victim\n", k.Type, k.Action, k.VictimTime.Round(100*time.Millisecond))
	}
	// Output:
	// jedi won after 9s with 185 hp; 2 kills
	// droid killed by combat/engage/vs droid/slash, 4.4s after it became the victim
	// droid killed by combat/engage/vs droid/slash, 4.4s after it became the victim
}
