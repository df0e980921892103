package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/trace"
)

// A report shows a fight as it goes.
type report interface {
	start(f *jedi.Fight)
	decide(d *jedi.Decide)
	summary(s jedi.Summary)
}

// timeline writes a readable account: a header, the trace package's
// timeline of the first Jedi with its hit points and victim alongside, and
// a summary.
type timeline struct {
	w io.Writer
}

func (t *timeline) start(f *jedi.Fight) {
	cfg := f.Config()
	counts := map[jedi.EnemyType]int{}
	for _, e := range cfg.Enemies {
		counts[e]++
	}
	var list []string
	for _, k := range []jedi.EnemyType{jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher} {
		if counts[k] > 0 {
			list = append(list, fmt.Sprintf("%d %v", counts[k], k))
		}
	}
	fmt.Fprintf(t.w, "A Jedi of skill %.2g faces %s (seed %d).\n\n", cfg.Skill, strings.Join(list, ", "), cfg.Seed)
	fmt.Fprintf(t.w, "%7s  %-*s %-38s  %s\n", "time", trace.NameWidth(f.Tree.Nodes()), "action", "because", "hp   victim")
	m := &f.Fighters[0].Memory
	f.Follow(trace.Timeline(t.w, f.Tree.Nodes(), func() string { return status(m) })) // cannot fail: the fight's state is its own
}

// status describes the Jedi's hit points and its victim.
func status(m *jedi.Memory) string {
	s := fmt.Sprintf("%3d", m.Self.HP)
	v := m.VictimEnemy()
	if v == nil {
		return s + "  -"
	}
	s += fmt.Sprintf("  %v#%d %dhp", v.Type, v.ID, v.HP)
	if v.Shield > 0 {
		s += fmt.Sprintf(" +%d shield", v.Shield)
	}
	return s
}

func (t *timeline) decide(*jedi.Decide) {}

func (t *timeline) summary(s jedi.Summary) {
	fmt.Fprintln(t.w)
	switch s.Winner {
	case "jedi":
		fmt.Fprintf(t.w, "The Jedi won in %.1fs, taking %d damage (%d hp left).\n", s.Duration.Seconds(), s.Damage, s.JediHP)
	case "enemies":
		fmt.Fprintf(t.w, "The Jedi fell after %.1fs.\n", s.Duration.Seconds())
	default:
		fmt.Fprintf(t.w, "Time ran out after %.1fs; the Jedi has %d hp left.\n", s.Duration.Seconds(), s.JediHP)
	}
	if s.PartnerHP >= 0 {
		fmt.Fprintf(t.w, "Its partner ends with %d hp.\n", s.PartnerHP)
	}
	for _, k := range s.Kills {
		how := k.Move.String()
		if k.Forced {
			how += " in a counter-attack"
		}
		if s.PartnerHP >= 0 {
			how = [...]string{"the Jedi's ", "the partner's "}[min(k.By, 1)] + how
		}
		fmt.Fprintf(t.w, "  %-10s fell at %6.2fs, %5.2fs after it became the victim (desired %.2fs), to %s\n",
			fmt.Sprintf("%v#%d", k.Type, k.Enemy), k.At.Seconds(), k.VictimTime.Seconds(), k.Desired.Seconds(), how)
	}
	switch s.ShieldSwings {
	case 0:
	case 1:
		fmt.Fprintln(t.w, "  The Jedi swung at a raised shield once, and learnt.")
	default:
		fmt.Fprintf(t.w, "  The Jedi swung at a raised shield %d times.\n", s.ShieldSwings)
	}
}

// jsonLines writes one JSON object per line: a decide event per action
// begun, then a summary event. The schema:
//
//	{"event":"decide","t":1.5,"action":"swing","outcome":"Beneficial","rule":"victim damaged",
//	 "options":[{"action":"idle","outcome":"Cosmetic","rule":"otherwise"}],
//	 "jedi_hp":200,"victim":3,"victim_type":"droid","victim_hp":25,"victim_shield":0}
//	{"event":"summary","winner":"jedi","jedi_hp":150,"duration":41.2,
//	 "kills":[{"enemy":3,"type":"droid","t":6.2,"victim_time":5.1,"by":0,"move":"swing"}],
//	 "partner_hp":180}
//
// partner_hp is there only when a partner fought; by is 0 for the Jedi and
// 1 for its partner.
//
// Times are in seconds.
type jsonLines struct {
	w   io.Writer
	enc *json.Encoder
}

type jsonOption struct {
	Action  string `json:"action"`
	Outcome string `json:"outcome"`
	Rule    string `json:"rule"`
}

type jsonDecide struct {
	Event        string       `json:"event"`
	T            float64      `json:"t"`
	Action       string       `json:"action"`
	Outcome      string       `json:"outcome"`
	Rule         string       `json:"rule"`
	Options      []jsonOption `json:"options"`
	JediHP       int          `json:"jedi_hp"`
	Victim       int          `json:"victim"`
	VictimType   string       `json:"victim_type"`
	VictimHP     int          `json:"victim_hp"`
	VictimShield int          `json:"victim_shield"`
}

type jsonKill struct {
	Enemy      int     `json:"enemy"`
	Type       string  `json:"type"`
	T          float64 `json:"t"`
	VictimTime float64 `json:"victim_time"`
	By         int     `json:"by"`   // 0 the Jedi, 1 its partner
	Move       string  `json:"move"` // the blow that killed
}

type jsonSummary struct {
	Event    string     `json:"event"`
	Winner   string     `json:"winner"`
	JediHP   int        `json:"jedi_hp"`
	Duration float64    `json:"duration"`
	Kills    []jsonKill `json:"kills"`
	// PartnerHP is the partner's hit points at the end; absent when the
	// Jedi fought alone.
	PartnerHP *int `json:"partner_hp,omitempty"`
}

func (j *jsonLines) start(*jedi.Fight) { j.enc = json.NewEncoder(j.w) }

func (j *jsonLines) decide(d *jedi.Decide) {
	e := jsonDecide{
		Event: "decide", T: secs(d.Time), Action: d.Name,
		Outcome: d.Verdict.Outcome.String(), Rule: d.Verdict.Reason,
		Options: []jsonOption{}, JediHP: d.JediHP, Victim: d.Victim,
		VictimHP: d.VictimHP, VictimShield: d.VictimShield,
	}
	if d.Victim != 0 {
		e.VictimType = d.VictimType.String()
	}
	for _, o := range d.Alternatives {
		e.Options = append(e.Options, jsonOption{Action: o.Name, Outcome: o.Verdict.Outcome.String(), Rule: o.Verdict.Reason})
	}
	j.enc.Encode(e)
}

func (j *jsonLines) summary(s jedi.Summary) {
	e := jsonSummary{Event: "summary", Winner: s.Winner, JediHP: s.JediHP, Duration: secs(s.Duration), Kills: []jsonKill{}}
	for _, k := range s.Kills {
		e.Kills = append(e.Kills, jsonKill{Enemy: k.Enemy, Type: k.Type.String(), T: secs(k.At), VictimTime: secs(k.VictimTime),
			By: k.By, Move: k.Move.String()})
	}
	if s.PartnerHP >= 0 {
		e.PartnerHP = &s.PartnerHP
	}
	j.enc.Encode(e)
}

// secs turns a duration into seconds, rounded to the millisecond so the
// output reads cleanly.
func secs(d time.Duration) float64 { return float64(d.Round(time.Millisecond)) / float64(time.Second) }
