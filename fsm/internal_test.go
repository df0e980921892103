package fsm_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/google/go-cmp/cmp"
)

// An internal transition takes its trigger and calls its hook, and the
// machine stays where it is: the state's node runs on, not ended nor
// begun again, and nothing is left or entered. Each of its triggers
// waiting fires it once, in the same tick, reported as a kept plan; the
// preview foresees the reports. It is checked in its place: a
// transition of a state that holds it comes first, by default.
func TestInternal(t *testing.T) {
	var heard []string
	turn := func(m *mem, c fsm.Change) error {
		heard = append(heard, c.From+" "+string(c.Trigger))
		return nil
	}
	b := fsm.New(actions).Inbox(inbox)
	b.State("alive").On("hit", "flinch")
	b.State("patrol").In("alive").Do("patrol").Internal("noise", turn).Internal("hit", turn, seen).To("chase", near)
	b.State("chase").In("alive").Do("chase").To("patrol", far)
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "patrol")
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	a, log := agentOf(t, bt.New[mem]().Plan("guard", m))
	var w mem
	play(t, a, log, &w, nil)
	w.Inbox.Post("noise")
	w.Inbox.Post("bark")
	w.Inbox.Post("noise")
	p, err := a.Preview(&w, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := play(t, a, log, &w, nil)
	want := "plan guard patrol: kept (patrol (internal): on noise) [patrol] | plan guard patrol: kept (patrol (internal): on noise) [patrol]"
	if got[0] != want {
		t.Errorf("two noises:\n%s\nwant\n%s", got[0], want)
	}
	if !cmp.Equal(heard, []string{"patrol noise", "patrol noise"}) || w.Inbox.String() != "[bark]" {
		t.Errorf("heard %q; the inbox %v", heard, w.Inbox.String())
	}
	if len(p.Plans) != 2 || p.Plans[1].Change != decide.Kept || leaf(p) != "guard/patrol" {
		t.Errorf("the preview: %+v, %v", p.Plans, p.Path)
	}
	// alive's transition on hit comes first, outermost first
	w.Seen = true
	w.Inbox.Post("hit")
	got = play(t, a, log, &w, nil)
	if !strings.HasPrefix(got[0], "end guard/patrol Running | plan guard flinch: replaced (alive → flinch: on hit)") {
		t.Errorf("a hit: %q", got[0])
	}
}

// A state that ignores a trigger takes it and does nothing: while the
// machine is in the state, or in a state it holds, the transitions on
// the trigger of the states that hold it and from any state do not fire,
// and say why; elsewhere they do.
func TestIgnore(t *testing.T) {
	for _, inner := range []bool{false, true} {
		b := fsm.New(actions).Inbox(inbox)
		if inner {
			b.InnerFirst()
		}
		b.Any().On("hit", "flinch")
		b.State("fight").On("hit", "rest")
		b.State("swing").In("fight").Do("attack").Ignore("hit").To("chase", far)
		b.State("chase").In("fight").Do("chase").To("swing", near)
		b.State("flinch").Do("flinch").On(fsm.Succeeded, "fight")
		b.State("rest").Do("patrol").To("fight", seen)
		m, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		tree, err := bt.Build(bt.Config[mem]{}, bt.New[mem]().Plan("guard", m))
		if err != nil {
			t.Fatal(err)
		}
		a, _ := tree.NewAgent(1)
		var reps reports
		a.SetTracer(&reps)
		w := mem{Near: true}
		a.Tick(&w, 100*time.Millisecond) // swing
		w.Inbox.Post("hit")
		reps = nil
		a.Tick(&w, 100*time.Millisecond)
		want := []*decide.Report{{Change: decide.Kept, Reason: "swing (ignore): on hit", Plan: decide.Plan{Goal: "swing", Steps: []string{"swing"},
			Rejected: []decide.Rejection{{Name: "any state → flinch", Reason: "ignored in swing"}, {Name: "fight → rest", Reason: "ignored in swing"}}}}}
		if inner {
			want[0].Rejected = nil // swing's own comes first
		}
		if diff := cmp.Diff(want, []*decide.Report(reps)); diff != "" || w.Inbox.String() != "[]" {
			t.Errorf("inner first %v, a hit mid-swing (-want +got):\n%s\ninbox %v", inner, diff, w.Inbox.String())
		}
		w.Near = false
		a.Tick(&w, 100*time.Millisecond) // chase
		w.Inbox.Post("hit")
		reps = nil
		a.Tick(&w, 100*time.Millisecond)
		wantReason := "any state → flinch: on hit"
		if inner {
			wantReason = "fight → rest: on hit"
		}
		if len(reps) == 0 || reps[0].Reason != wantReason {
			t.Errorf("inner first %v, a hit mid-chase: %v, want %q", inner, reps, wantReason)
		}
	}
}
