package bt_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// How a run is interrupted at its save point.
type interruption int

const (
	viaBinary      interruption = iota // saved in the binary form, restored into a fresh agent
	viaJSON                            // the JSON form, the same
	viaRestore                         // the JSON form, restored with Restore into another build of the tree
	viaReload                          // reloaded into another build of the tree
	interruptions                      // how many there are
	notInterrupted interruption = -1
)

func (i interruption) String() string {
	return [...]string{"binary", "JSON", "Restore", "Reload"}[i]
}

// play runs steps on an agent of tree, interrupted after step at (none
// when at is out of range) in the way how says: the rest runs on an agent
// of other (a build of the same definition) made from the save, with a
// copy of the memory. It returns the trace and the actions' log, and the
// save and the restored agent's save, which must be the same bytes.
func play(t *rapid.T, tree, other *bt.Tree[treetest.Mem], rec *treetest.Recorder, seed uint64,
	steps []treetest.Step, at int, how interruption) (trace, log []string, saved, again []byte) {
	tl := &treetest.TraceLog{}
	agent, err := tree.NewAgent(seed)
	if err != nil {
		t.Fatalf("NewAgent: %v", err)
	}
	agent.SetTracer(tl)
	m := treetest.Mem{HP: 10, Shield: 1}
	for i, st := range steps {
		m.Foe, m.HP = st.Foe, st.HP
		switch {
		case st.Halt:
			if err := agent.Halt(&m); err != nil {
				t.Fatalf("Halt: %v", err)
			}
		case st.DT >= 0:
			if _, err := agent.Tick(&m, st.DT); err != nil {
				t.Fatalf("Tick: %v", err)
			}
		}
		if i == at {
			agent, saved, again = interrupt(t, agent, other, &m, how)
			agent.SetTracer(tl)
		}
	}
	if err := agent.Halt(&m); err != nil {
		t.Fatalf("final Halt: %v", err)
	}
	return tl.Lines, rec.Log, saved, again
}

// interrupt saves agent a and returns the agent the game goes on with.
func interrupt(t *rapid.T, a *bt.Agent[treetest.Mem], other *bt.Tree[treetest.Mem], m *treetest.Mem,
	how interruption) (b *bt.Agent[treetest.Mem], saved, again []byte) {
	if how == viaReload {
		dropped, err := a.Reload(other, m)
		if err != nil || len(dropped) > 0 {
			t.Fatalf("Reload into the same tree: dropped %q, %v", dropped, err)
		}
		return a, nil, nil
	}
	save := func(a *bt.Agent[treetest.Mem]) []byte {
		var data []byte
		var err error
		if how == viaBinary {
			data, err = a.AppendBinary(nil)
		} else {
			data, err = a.MarshalJSON()
		}
		if err != nil {
			t.Fatalf("save (%v): %v", how, err)
		}
		return data
	}
	saved = save(a)
	into := a.Tree()
	if how == viaRestore {
		into = other
	}
	b, err := into.NewAgent(99) // the seed comes from the save
	if err != nil {
		t.Fatalf("NewAgent: %v", err)
	}
	switch how {
	case viaBinary:
		err = b.UnmarshalBinary(saved)
	case viaJSON:
		err = b.UnmarshalJSON(saved)
	case viaRestore:
		var dropped []string
		if dropped, err = b.Restore(saved); len(dropped) > 0 {
			t.Fatalf("Restore into the same tree dropped %q", dropped)
		}
	}
	if err != nil {
		t.Fatalf("restore (%v): %v\n%s", how, err, saved)
	}
	return b, saved, save(b)
}

// The promise of a save, over random trees of every composite, decorator
// and constraint kind and random runs: an agent saved after any step, in
// either form, and restored into a fresh agent (or restored into another
// build of the same tree, or reloaded into one) goes on exactly as the
// agent that was never saved: the same events and the same calls of its
// actions, byte for byte; and saving the restored agent gives the bytes
// it was restored from.
func TestPropertySaveRestore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := treetest.DrawShape(t, 3)
		seed := rapid.Uint64().Draw(t, "seed")
		steps := treetest.DrawSteps(t)
		at := rapid.IntRange(0, len(steps)-1).Draw(t, "save after step")
		how := interruption(rapid.IntRange(0, int(interruptions)-1).Draw(t, "how"))

		build := func(rec *treetest.Recorder) (*bt.Tree[treetest.Mem], *bt.Tree[treetest.Mem]) {
			def := s.Def(rec, "root", "root") // one definition, its actions shared by both builds
			a, err := bt.Build(treetest.Config(), def)
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			b, err := bt.Build(treetest.Config(), def)
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			return a, b
		}
		rec0, rec1 := &treetest.Recorder{}, &treetest.Recorder{}
		tree0, _ := build(rec0)
		tree1, other := build(rec1)
		wantTrace, wantLog, _, _ := play(t, tree0, nil, rec0, seed, steps, -1, notInterrupted)
		trace, log, saved, again := play(t, tree1, other, rec1, seed, steps, at, how)
		if diff := cmp.Diff(wantTrace, trace); diff != "" {
			t.Fatalf("saved after step %d (%v): the trace differs from the run never saved (-never +saved):\n%s", at+1, how, diff)
		}
		if diff := cmp.Diff(wantLog, log); diff != "" {
			t.Fatalf("saved after step %d (%v): the actions were called otherwise (-never +saved):\n%s", at+1, how, diff)
		}
		if !bytes.Equal(saved, again) {
			t.Fatalf("saving the restored agent gives other bytes:\n%q\nfrom\n%q", again, saved)
		}
	})
}

// cooling is a tree whose attack has a cooldown, beside a patrol that
// runs on: the state a save must keep.
func cooling(rec *recorder, extra ...bt.Def[mem]) *bt.Tree[mem] {
	n := bt.New[mem]()
	kids := []bt.Def[mem]{
		n.Do("attack", act(rec, "attack", hitFoe(1))).Constrain(constraints.Cooldown[mem](30 * time.Second)),
		n.Do("patrol", act(rec, "patrol", nil, R)),
	}
	root := n.Priority("fight", append(kids, extra...)...)
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, root)
	if err != nil {
		panic(err)
	}
	return tree
}

// A cooldown under way survives a save and a restore, in either form.
func TestSaveKeepsACooldown(t *testing.T) {
	for _, form := range []string{"binary", "JSON"} {
		t.Run(form, func(t *testing.T) {
			rec := &recorder{}
			tree := cooling(rec)
			a, _ := tree.NewAgent(1)
			m := mem{Foe: 10}
			tickN(t, a, &m, 3) // attack, then patrol while the cooldown runs
			var data []byte
			var err error
			if form == "binary" {
				data, err = a.MarshalBinary()
			} else {
				data, err = a.MarshalJSON()
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := tree.NewAgent(1)
			if form == "binary" {
				err = b.UnmarshalBinary(data)
			} else {
				err = b.UnmarshalJSON(data)
			}
			if err != nil {
				t.Fatal(err)
			}
			rec.Take()
			if _, err := b.Tick(&m, 10*time.Second); err != nil {
				t.Fatal(err)
			}
			if got := rec.Take(); slices.Contains(got, "attack.begin") {
				t.Errorf("the restored agent attacked within its cooldown: %v", got)
			}
			if b.Now() != a.Now()+10*time.Second {
				t.Errorf("restored clock %v, want %v", b.Now(), a.Now()+10*time.Second)
			}
		})
	}
}

// An agent's state saved in the JSON form names what it holds by path:
// here, the sweep's cooldown running and the mop under way. The agent
// restored from it goes on with the mop, as the one saved would.
func ExampleAgent_MarshalJSON() {
	rec := &recorder{}
	n := bt.New[mem]()
	tree, _ := bt.Build(bt.Config[mem]{}, n.Sequence("chores",
		n.Do("sweep", act(rec, "sweep", nil)).Constrain(constraints.Cooldown[mem](time.Minute)),
		n.Do("mop", act(rec, "mop", nil, R)),
	))
	agent, _ := tree.NewAgent(7)
	var m mem
	agent.Tick(&m, time.Second)
	agent.Tick(&m, time.Second)
	data, _ := agent.MarshalJSON()
	var pretty bytes.Buffer
	_ = json.Indent(&pretty, data, "", "  ")
	fmt.Println(pretty.String())

	loaded, _ := tree.NewAgent(0)
	if err := loaded.UnmarshalJSON(data); err != nil {
		fmt.Println(err)
	}
	rec.Take()
	loaded.Tick(&m, time.Second)
	fmt.Println(rec.Take(), loaded.Now())
	// Output:
	// {
	//   "format": "foresight-agent",
	//   "version": 1,
	//   "tree": "4ce835e265b89b52",
	//   "clock": "2s",
	//   "ticks": 2,
	//   "seed": 7,
	//   "status": "Running",
	//   "nodes": [
	//     {
	//       "path": "chores",
	//       "kind": "sequence",
	//       "running": true,
	//       "current": "mop"
	//     },
	//     {
	//       "path": "chores/sweep",
	//       "kind": "action",
	//       "lastEnd": "1s",
	//       "ended": "Success"
	//     },
	//     {
	//       "path": "chores/mop",
	//       "kind": "action",
	//       "running": true
	//     }
	//   ],
	//   "checksum": "f4612c11"
	// }
	// [mop.update] 3s
}

// Restoring into a tree edited since keeps what still applies and lists
// what it dropped; UnmarshalJSON, the strict way, refuses a loss and
// leaves the agent as it was; a binary save restores only into its tree.
func TestRestoreIntoAnEditedTree(t *testing.T) {
	rec := &recorder{}
	old := cooling(rec)
	a, _ := old.NewAgent(1)
	m := mem{Foe: 10}
	tickN(t, a, &m, 3) // attacked, cooling down, patrolling
	data, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[mem]()
	edited, err := bt.Build(bt.Config[mem]{Heuristic: goal}, n.Priority("fight", // the attack is gone
		n.Do("taunt", act(rec, "taunt", nil)).Constrain(constraints.Func("never", func(*mem) bool { return false })),
		n.Do("patrol", act(rec, "patrol", nil, R)),
	))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := edited.NewAgent(1)
	before := mustBinary(t, b)
	if err := b.UnmarshalJSON(data); !errors.Is(err, bt.ErrState) {
		t.Fatalf("strict restore into a tree that lost a node: %v, want ErrState", err)
	}
	if !bytes.Equal(before, mustBinary(t, b)) {
		t.Fatal("a refused restore changed the agent")
	}
	if _, err := b.Restore(mustBinary(t, a)); !errors.Is(err, bt.ErrState) {
		t.Errorf("a binary save restored into another tree: %v", err)
	}
	dropped, err := b.Restore(data)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"fight/attack: no such node in the tree"}, dropped); diff != "" {
		t.Errorf("dropped (-want +got):\n%s", diff)
	}
	rec.Take()
	tickN(t, b, &m, 1)
	if diff := cmp.Diff([]string{"patrol.update"}, rec.Take()); diff != "" {
		t.Errorf("after the restore (-want +got):\n%s", diff)
	}
	if b.Now() != a.Now()+100*time.Millisecond {
		t.Errorf("clock %v, want %v", b.Now(), a.Now()+100*time.Millisecond)
	}
}

func mustBinary(t *testing.T, a *bt.Agent[mem]) []byte {
	t.Helper()
	data, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The memory is the game's, saved beside the agent: an Agent is an
// encoding.BinaryMarshaler and a json.Marshaler, so a game's save that
// holds both goes through encoding/gob (or encoding/json) whole. To
// load, give the save an agent of the tree to restore into.
func ExampleAgent_MarshalBinary() {
	type save struct {
		Agent  *bt.Agent[mem]
		Memory mem
	}
	rec := &recorder{}
	n := bt.New[mem]()
	tree, _ := bt.Build(bt.Config[mem]{}, n.Sequence("chores",
		n.Do("sweep", act(rec, "sweep", nil)),
		n.Do("mop", act(rec, "mop", nil, R)),
	))
	agent, _ := tree.NewAgent(7)
	m := mem{HP: 3}
	agent.Tick(&m, time.Second)

	var file bytes.Buffer
	if err := gob.NewEncoder(&file).Encode(save{agent, m}); err != nil {
		fmt.Println(err)
	}

	fresh, _ := tree.NewAgent(0)
	loaded := save{Agent: fresh}
	if err := gob.NewDecoder(&file).Decode(&loaded); err != nil {
		fmt.Println(err)
	}
	rec.Take()
	loaded.Agent.Tick(&loaded.Memory, time.Second)
	fmt.Println(rec.Take(), loaded.Memory.HP, loaded.Agent.Now())
	// Output:
	// [mop.update] 3 2s
}
