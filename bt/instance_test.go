package bt_test

import (
	"slices"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// counter is a leaf that counts its own ticks and succeeds at the third:
// state of its own, kept per agent only when every agent runs an
// instance of its own. The definition given to the tree makes the
// instances (NewInstance) and keeps a note of what they were told.
type counter struct {
	n         int
	self      *bt.Child[mem]
	made      *[]*counter // the definition's: every instance it made
	discarded int
	why       string // the reason for its failure, when it fails
}

func (c *counter) NewInstance() (bt.Node[mem], error) {
	k := &counter{made: c.made, why: c.why}
	*c.made = append(*c.made, k)
	return k, nil
}

func (c *counter) Bind(self *bt.Child[mem]) { c.self = self }
func (c *counter) Begin(*mem) bt.Status     { c.n = 1; return bt.Running }
func (c *counter) Update(*mem, time.Duration) bt.Status {
	if c.n++; c.n < 3 {
		return bt.Running
	}
	if c.why != "" {
		c.self.SetReason(c.why)
		return bt.Failure
	}
	return bt.Success
}
func (c *counter) End(*mem, bt.Status) {}
func (c *counter) Simulate(*bt.Sim[mem], *mem) heuristic.Verdict {
	return heuristic.Verdict{Outcome: heuristic.Irrelevant}
}
func (c *counter) SaveState(w *bt.StateWriter) { w.Int("n", int64(c.n)) }
func (c *counter) RestoreState(r *bt.StateReader) error {
	c.n = int(r.Int("n"))
	return r.Err()
}
func (c *counter) Discard() { c.discarded++ }

func counterTree(t *testing.T, why string) (*bt.Tree[mem], *[]*counter) {
	t.Helper()
	made := new([]*counter)
	tree, err := bt.Build(bt.Config[mem]{}, bt.New[mem]().Leaf("count", &counter{made: made, why: why}))
	if err != nil {
		t.Fatal(err)
	}
	return tree, made
}

// A leaf with NewInstance runs an instance of its own in every agent: two
// agents ticked in turn each count their own ticks. (Before, the two
// shared the definition, and the second agent's first tick found the
// count at 2.)
func TestLeafInstancePerAgent(t *testing.T) {
	tree, made := counterTree(t, "")
	a, _ := tree.NewAgent(1)
	b, _ := tree.NewAgent(2)
	var m mem
	var got []bt.Status
	for range 3 {
		for _, x := range []*bt.Agent[mem]{a, b} {
			s, err := x.Tick(&m, time.Second)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, s)
		}
	}
	if want := []bt.Status{R, R, R, R, S, S}; !slices.Equal(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
	if len(*made) != 3 { // once at Build, once for each agent
		t.Errorf("%d instances made, want 3", len(*made))
	}
}

// A restore or a reload that replaces an agent's instances tells each
// one replaced, once, to let go of what it holds (Discard): a run under
// way is not ended, so Discard is where it cancels what it started. The
// restored instance takes the state saved, and a fresh agent's own
// instance, never run, is told nothing.
func TestDiscardOnRestore(t *testing.T) {
	tree, made := counterTree(t, "")
	a, _ := tree.NewAgent(1)
	var m mem
	if _, err := a.Tick(&m, time.Second); err != nil {
		t.Fatal(err)
	}
	first := (*made)[len(*made)-1]
	saved, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := a.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	second := (*made)[len(*made)-1]
	if first.discarded != 1 || second.discarded != 0 {
		t.Fatalf("discarded: the instance replaced %d times, its successor %d; want 1 and 0", first.discarded, second.discarded)
	}
	if second.n != 1 {
		t.Errorf("the restored instance counts %d, want 1", second.n)
	}
	if _, err := a.Reload(tree, &m); err != nil {
		t.Fatal(err)
	}
	if third := (*made)[len(*made)-1]; second.discarded != 1 || third.n != 1 {
		t.Errorf("after Reload: the instance replaced was discarded %d times (want 1); its successor counts %d (want 1)", second.discarded, third.n)
	}
	for k, want := range []bt.Status{R, S} {
		if got, err := a.Tick(&m, time.Second); err != nil || got != want {
			t.Errorf("tick %d after the restores: %v, %v; want %v", k+2, got, err, want)
		}
	}
}

// A shared leaf (without NewInstance) is never discarded: the agent's
// "instance" is the tree's node, which the restored agent runs too.
func TestSharedLeafNotDiscarded(t *testing.T) {
	shared := &sharedDiscarder{}
	tree, err := bt.Build(bt.Config[mem]{}, bt.New[mem]().Leaf("shared", shared))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	saved, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := a.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	if shared.discarded != 0 {
		t.Errorf("a shared leaf was discarded %d times", shared.discarded)
	}
}

type sharedDiscarder struct{ discarded int }

func (s *sharedDiscarder) Begin(*mem) bt.Status                 { return bt.Success }
func (s *sharedDiscarder) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (s *sharedDiscarder) End(*mem, bt.Status)                  {}
func (s *sharedDiscarder) Simulate(*bt.Sim[mem], *mem) heuristic.Verdict {
	return heuristic.Verdict{Outcome: heuristic.Irrelevant}
}
func (s *sharedDiscarder) SaveState(*bt.StateWriter)          {}
func (s *sharedDiscarder) RestoreState(*bt.StateReader) error { return nil }
func (s *sharedDiscarder) Discard()                           { s.discarded++ }

// A node's reason for failing (Child.SetReason) reaches the tracer with
// its end, and no other event: the next end of the node has none.
func TestSetReasonTraced(t *testing.T) {
	tree, _ := counterTree(t, "no path to the well")
	var ends []string
	a, _ := tree.NewAgent(1)
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventEnd {
			ends = append(ends, e.Status.String()+": "+e.Reason)
		}
	}))
	var m mem
	for range 4 {
		if _, err := a.Tick(&m, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Halt(&m); err != nil {
		t.Fatal(err)
	}
	if want := []string{"Failure: no path to the well", "Running: "}; !slices.Equal(ends, want) {
		t.Errorf("ends %q, want %q", ends, want)
	}
}
