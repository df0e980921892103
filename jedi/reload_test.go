package jedi_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/jedi"
)

// An edit elsewhere in the tree, put in force mid-fight as the editor's
// save and -watch put it (Fight.Reload), keeps the Jedi's state: every
// cooldown under way and the move under way go on, and the Jedi fights on
// exactly as the Jedi never reloaded, move for move.
func TestReloadKeepsTheFightGoing(t *testing.T) {
	fight := func() (*jedi.Fight, *[]string) {
		f, err := jedi.NewFight(jedi.FightConfig{Seed: 11, Skill: 0.7, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Brawler, jedi.Droid}})
		if err != nil {
			t.Fatal(err)
		}
		var begun []string
		f.AddTracer(bt.TracerFunc(func(e *bt.Event) {
			if e.Kind == bt.EventBegin {
				begun = append(begun, e.Time.String()+" "+e.Path)
			}
		}))
		return f, &begun
	}
	never, neverBegun := fight()
	reloaded, reloadedBegun := fight()
	for _, f := range []*jedi.Fight{never, reloaded} {
		if _, err := f.RunUntil(6 * time.Second); err != nil {
			t.Fatal(err)
		}
	}
	def, err := jedi.Design(jedi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var n bt.Builder[jedi.Memory]
	def.Children = append(def.Children, n.Condition("meditate", func(*jedi.Memory) bool { return false })) // the designer's edit
	edited, err := bt.Build(jedi.TreeConfig(), def)
	if err != nil {
		t.Fatal(err)
	}
	agent := reloaded.Fighters[0].Agent
	before := cooling(t, agent)
	if len(before) == 0 {
		t.Fatal("no cooldown under way to keep: the test proves nothing")
	}
	if err := reloaded.Reload(edited); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(before, cooling(t, agent)); diff != "" {
		t.Errorf("the nodes' last ends after the reload (-before +after):\n%s", diff)
	}
	for _, f := range []*jedi.Fight{never, reloaded} {
		if _, err := f.RunUntil(12 * time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff(*neverBegun, *reloadedBegun); diff != "" {
		t.Errorf("what the Jedi began (-never reloaded +reloaded):\n%s", diff)
	}
	if !cmp.Equal(never.Summary(), reloaded.Summary()) {
		t.Errorf("the fights ended otherwise: %+v, reloaded %+v", never.Summary(), reloaded.Summary())
	}
}

// cooling returns when each node of the agent's tree last ended, by path,
// as its saved state says: what its cooldowns count from.
func cooling(t *testing.T, a *bt.Agent[jedi.Memory]) map[string]string {
	t.Helper()
	data, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var state struct {
		Nodes []struct{ Path, LastEnd string }
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&state); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, n := range state.Nodes {
		if n.LastEnd != "" {
			out[n.Path] = n.LastEnd
		}
	}
	return out
}
