package fsm_test

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
	"github.com/foresight-bt/foresight/trace"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// restActions is the random machines' companion: rest lasts two ticks,
// and takes one from C1 as it ends. It is the other state of a machine
// the random one is nested in, and the other child of a selector beside
// it.
var restActions = func() *catalogue.Catalogue[world] {
	var b catalogue.Builder[world]
	rest := func(w *world) { w.C[1]-- }
	b.Action("rest", bt.Lasting(func(w *world, _ time.Duration) bt.Status {
		if w.Left[7]--; w.Left[7] > 0 {
			return bt.Running
		}
		rest(w)
		return bt.Success
	}, rest).OnBegin(func(w *world) bt.Status { w.Left[7] = 2; return bt.Running }))
	c, err := b.Build()
	if err != nil {
		panic(err)
	}
	return c
}()

// The shapes of tree a random machine is drawn in.
const (
	alone    = iota // the tree's root
	nested          // the state "work" of a machine that rests on "horn"
	selected        // beside rest, under a selector that weighs both every tick
	numShapes
)

// treeOf puts machine in a tree of the given shape.
func treeOf(t *rapid.T, shape int, machine *fsm.Machine[world]) *bt.Tree[world] {
	n := bt.New[world]()
	root := n.Plan("m", machine)
	switch shape {
	case nested:
		b := fsm.New(restActions).Inbox(func(w *world) *fsm.Inbox { return &w.Inbox })
		if rapid.Bool().Draw(t, "outer history") {
			b.History()
		}
		b.Any().On("horn", "rest")
		b.State("work").Run(n.Plan("", machine)).On(fsm.Succeeded, "rest").On(fsm.Failed, "rest")
		b.State("rest").Do("rest").On(fsm.Succeeded, "work")
		outer, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		root = n.Plan("outer", outer)
	case selected:
		root = n.Selector("pick", bt.Replan(0), root, restActions.Do("rest"))
	}
	busy := heuristic.Func[world](func(before, after *world) heuristic.Outcome {
		switch {
		case after.C[0] > before.C[0]:
			return heuristic.Beneficial
		case after.N > before.N:
			return heuristic.Cosmetic
		}
		return heuristic.Irrelevant
	})
	tree, err := bt.Build(bt.Config[world]{Heuristic: busy}, root)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// A change is what the game does to the memory before a tick: post a
// trigger (Post), or add to a counter.
type change struct {
	Post post
	C    int
	Add  int8
	Set  string // a state Run.Set sets before the tick, if not ""
}

func (c change) apply(w *world) {
	if c.Post.Trigger != "" {
		c.Post.apply(w)
		return
	}
	w.C[c.C] += c.Add
}

func drawChanges(t *rapid.T) []change {
	var out []change
	for range rapid.IntRange(1, 16).Draw(t, "ticks") {
		c := change{C: rapid.IntRange(0, 2).Draw(t, "counter"), Add: int8(rapid.IntRange(-1, 1).Draw(t, "add"))}
		if rapid.IntRange(0, 3).Draw(t, "post?") == 0 {
			c.Post = drawPost(t)
		}
		if rapid.IntRange(0, 5).Draw(t, "set?") == 0 {
			c.Set = fmt.Sprint("s", rapid.IntRange(0, 2).Draw(t, "set"))
		}
		out = append(out, c)
	}
	return out
}

// playSaved runs an agent of tree over the changes, a preview and a tick after
// each, from a world where posted waits in the inbox, and returns what it
// did: every event (as trace.JSON writes it), each preview's path, each
// tick's status and the world after it. With cut >= 0 it saves the agent
// and the world before change cut (the agent in the JSON form if asJSON,
// the world then with encoding/json; else both in binary forms, the world
// with encoding/gob), and goes on with a fresh agent and world restored
// from the saves, as a game that loads a save does.
func playSaved(t *rapid.T, tree *bt.Tree[world], posted []post, changes []change, cut int, asJSON bool) string {
	var out bytes.Buffer
	a, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	a.SetTracer(trace.JSON(&out))
	var w world
	for _, p := range posted {
		p.apply(&w)
	}
	const dt = 100 * time.Millisecond
	for i, c := range changes {
		if i == cut {
			a, w = resumed(t, tree, a, w, asJSON)
			a.SetTracer(trace.JSON(&out))
		}
		c.apply(&w)
		if c.Set != "" {
			run, err := fsm.At(a, machinePath(tree))
			if err != nil {
				t.Fatal(err)
			}
			_ = run.Set(c.Set) // a state the machine lacks sets nothing
		}
		p, err := a.Preview(&w, dt)
		if err != nil {
			t.Fatal(err)
		}
		s, err := a.Tick(&w, dt)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "preview %v, tick %d: %v, world %+v\n", p.Path, i, s, w)
	}
	return out.String()
}

// resumed saves agent a and world w, restores them into a fresh agent of
// another seed and a fresh world, and checks that saving the restored
// agent gives the same bytes.
func resumed(t *rapid.T, tree *bt.Tree[world], a *bt.Agent[world], w world, asJSON bool) (*bt.Agent[world], world) {
	b, err := tree.NewAgent(2)
	if err != nil {
		t.Fatal(err)
	}
	var save, again []byte
	var back world
	if asJSON {
		if save, err = a.MarshalJSON(); err != nil {
			t.Fatal(err)
		}
		if err = b.UnmarshalJSON(save); err != nil {
			t.Fatalf("%v\n%s", err, save)
		}
		again, err = b.MarshalJSON()
		data, merr := json.Marshal(w)
		if merr != nil || json.Unmarshal(data, &back) != nil {
			t.Fatalf("the world through json: %v\n%s", merr, data)
		}
	} else {
		if save, err = a.MarshalBinary(); err != nil {
			t.Fatal(err)
		}
		if err = b.UnmarshalBinary(save); err != nil {
			t.Fatal(err)
		}
		again, err = b.MarshalBinary()
		var buf bytes.Buffer
		if gerr := gob.NewEncoder(&buf).Encode(w); gerr != nil || gob.NewDecoder(&buf).Decode(&back) != nil {
			t.Fatalf("the world through gob: %v", gerr)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(save, again) {
		t.Fatalf("saving the restored agent gives\n%q\nwhere the agent saved gave\n%q", again, save)
	}
	// A payload comes back as its JSON, which reads as the payload posted
	// but is not it: the worlds are the same as JSON says them.
	if was, is := jsonOf(t, w), jsonOf(t, back); was != is {
		t.Fatalf("the world restored is %s, not %s", is, was)
	}
	return b, back
}

// machinePath returns the path of the random machine in a tree of
// treeOf: the node whose name is "m", or the state "work".
func machinePath(tree *bt.Tree[world]) string {
	for _, n := range tree.Nodes() {
		if n.Name == "m" || n.Name == "work" {
			return n.Path
		}
	}
	return ""
}

func jsonOf(t *rapid.T, w world) string {
	data, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// An agent running a machine, saved at any tick and restored into a fresh
// agent over the memory saved beside it, goes on exactly as the agent
// saved would have: the same events (transitions, their reports and the
// transitions turned down, begins and ends, decisions), the same previews
// and the same memories, tick for tick. The machines are random (with
// History or not, final states, transitions on triggers posted before and
// between ticks, on their node's end and on guards), alone, nested in a
// machine that leaves them on a trigger and comes back, and under a
// selector that weighs them against resting every tick (their
// predictions); saved in either form.
func TestRestoredMachineGoesOn(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := drawMachine(t)
		machine, err := spec.build()
		if err != nil {
			t.Skip(err) // a random description the builder refuses: Build's own tests cover those
		}
		tree := treeOf(t, rapid.IntRange(0, numShapes-1).Draw(t, "shape"), machine)
		changes := drawChanges(t)
		cut := rapid.IntRange(0, len(changes)-1).Draw(t, "saved before tick")
		asJSON := rapid.Bool().Draw(t, "json")
		want := playSaved(t, tree, spec.Posted, changes, -1, false)
		got := playSaved(t, tree, spec.Posted, changes, cut, asJSON)
		if diff := cmp.Diff(strings.Split(want, "\n"), strings.Split(got, "\n")); diff != "" {
			t.Fatalf("restored before tick %d, the run differs (-never saved +restored):\n%s", cut, diff)
		}
	})
}

// guardTree builds a tree of the guard's machine as edit describes it:
// with History or not, its chase state named chase, and a transition
// back to patrol on "noise" that guardMachine lacks.
func guardTree(t *testing.T, history bool, chase string) *bt.Tree[mem] {
	t.Helper()
	b := fsm.New(actions).Inbox(inbox)
	if history {
		b.History()
	}
	b.Any().To("dead", dead).On("hit", "flinch")
	b.State("patrol").Do("patrol").To(chase, seen)
	b.State(chase).Do("chase").To("attack", near).To("patrol", unseen).On("noise", "patrol")
	b.State("attack").Do("attack").On(fsm.Succeeded, "patrol", unseen).On(fsm.Succeeded, chase).To(chase, far)
	b.State("flinch").Do("flinch").On(fsm.Succeeded, "patrol")
	b.State("dead").Do("fall").Final()
	m, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, n.Plan("guard", m))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// A Reload into a machine edited while it runs keeps its state where the
// edited machine still has it: a guard chasing goes on chasing, under the
// edited machine's transitions. Where the state is gone, the machine's
// state is dropped, with its path and why, and the run begins afresh.
func TestReloadKeepsTheStateThatStillExists(t *testing.T) {
	// Begun afresh, the guard patrols and sees its quarry: it hunts, and
	// the noise would send it back to patrol, entered already in the tick,
	// so it hunts until the next.
	const afresh = "begin guard | plan guard patrol: made (initial state patrol) [patrol] | " +
		"plan guard hunt: replaced (patrol → hunt: in sight) [hunt] | begin guard/hunt"
	for _, tc := range []struct {
		name    string
		history bool
		chase   string // the chase state's name in the edited machine
		dropped []string
		next    string // the tick after the Reload, with "noise" posted
	}{
		{"a transition added", false, "chase", nil,
			"end guard/chase Running | plan guard patrol: replaced (chase → patrol: on noise) [patrol] | " +
				"plan guard chase: replaced (patrol → chase: in sight) [chase] | begin guard/chase"},
		{"a transition added, with History", true, "chase", nil,
			"end guard/chase Running | plan guard patrol: replaced (chase → patrol: on noise) [patrol] | " +
				"plan guard chase: replaced (patrol → chase: in sight) [chase] | begin guard/chase"},
		{"the state renamed", false, "hunt", []string{
			`guard: its state: the machine has no state "chase"`, "guard/chase: no such node in the tree",
			"guard: a node that ran is dropped: the tree begins afresh"},
			afresh},
		{"the state renamed, with History", true, "hunt", []string{
			`guard: its state: the machine has no state "chase"`, "guard/chase: no such node in the tree",
			"guard: a node that ran is dropped: the tree begins afresh",
			`guard: its state: history: the machine has no state "chase"`},
			afresh},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := guardTree(t, tc.history, "chase").NewAgent(1)
			if err != nil {
				t.Fatal(err)
			}
			var log []contract.Event
			a.SetTracer(bt.TracerFunc(func(e *bt.Event) { log = append(log, contract.From(e)) }))
			var m mem
			play(t, a, &log, &m, nil, func(m *mem) { m.Seen = true }) // patrol, then chase
			dropped, err := a.Reload(guardTree(t, tc.history, tc.chase), &m)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.dropped, dropped); diff != "" {
				t.Errorf("dropped (-want +got):\n%s", diff)
			}
			m.Inbox.Post("noise")
			if diff := cmp.Diff([]string{tc.next}, play(t, a, &log, &m, nil)); diff != "" {
				t.Errorf("the tick after (-want +got):\n%s", diff)
			}
		})
	}
}

// chasing returns an agent of tree, whose machine the guard's is, in
// chase, and its saves, in the JSON form and the binary.
func chasing(t *testing.T, tree *bt.Tree[mem]) (a *bt.Agent[mem], asJSON, asBinary []byte) {
	t.Helper()
	a, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	var m mem
	for _, sense := range []func(*mem){nil, func(m *mem) { m.Seen = true }} {
		if sense != nil {
			sense(&m)
		}
		if _, err := a.Tick(&m, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if asJSON, err = a.MarshalJSON(); err != nil {
		t.Fatal(err)
	}
	if asBinary, err = a.MarshalBinary(); err != nil {
		t.Fatal(err)
	}
	return a, asJSON, asBinary
}

// The fields of a machine's state after its first three (state, ended,
// history), as the guard's machine saves them: in the JSON form, and the
// binary.
const rest = `,"set":"","delayed":"","due":0,"idle":""`

var restBinary = []byte{0, 0, 0, 0}

// resealJSON puts state in place of the machine's state in a save of the
// JSON form, and seals the save again with its checksum, as a save
// changed on purpose would be.
func resealJSON(t *testing.T, save []byte, state string) []byte {
	t.Helper()
	was := `"state":{"state":"chase","ended":"","history":""` + rest + `}`
	const tail = len(`,"checksum":"00000000"}`)
	if !bytes.Contains(save, []byte(was)) {
		t.Fatalf("the save does not hold %s:\n%s", was, save)
	}
	body := bytes.Replace(save[:len(save)-tail], []byte(was), []byte(`"state":`+state), 1)
	return fmt.Appendf(body, `,"checksum":"%08x"}`, crc32.ChecksumIEEE(body))
}

// resealBinary does as resealJSON in a save of the binary form, where
// the machine's state, the tree's only custom node's, comes last before
// the checksum, its length first.
func resealBinary(t *testing.T, save, state []byte) []byte {
	t.Helper()
	was := slices.Concat([]byte{byte(8 + len(restBinary)), 5}, []byte("chase\x00\x00"), restBinary)
	body := save[:len(save)-4]
	if !bytes.HasSuffix(body, was) {
		t.Fatalf("the save does not end with the state %q: %q", was, save)
	}
	body = append(slices.Clip(body[:len(body)-len(was)]), state...)
	return binary.LittleEndian.AppendUint32(body, crc32.ChecksumIEEE(body))
}

// A save whose machine state the machine cannot take (a state it has
// not, an end that is not one, a field missing, garbled or left over) is
// an error that says so, and leaves the agent restored into as it was:
// nothing is half-restored. Restore, which keeps what applies, drops the
// machine's state with its path and why, and the run begins afresh.
func TestHostileMachineState(t *testing.T) {
	tree := guardTree(t, true, "chase")
	_, asJSON, asBinary := chasing(t, tree)
	for _, tc := range []struct {
		name, state, want string
	}{
		{"a state the machine has not", `{"state":"lair","ended":"","history":""` + rest + `}`, `its state: the machine has no state "lair"`},
		{"a history the machine has not", `{"state":"chase","ended":"","history":"lair"` + rest + `}`, `history: the machine has no state "lair"`},
		{"an end that is not one", `{"state":"chase","ended":"Running","history":""` + rest + `}`, `ended "Running": not Success or Failure`},
		{"an end in no state", `{"state":"","ended":"Success","history":""` + rest + `}`, `an end "Success" in no state`},
		{"a field missing", `{"state":"chase","ended":""}`, "history: the state ends too soon"},
		{"a field of another kind", `{"state":7,"ended":"","history":""` + rest + `}`, "state: json: cannot unmarshal number"},
		{"a field of another name", `{"where":"chase","ended":"","history":""` + rest + `}`, `want the field "state", not "where"`},
		{"a field left over", `{"state":"chase","ended":"","history":""` + rest + `,"more":1}`, `the field "more" was not read`},
		{"idle states not listed so", `{"state":"chase","ended":"","history":"","set":"","delayed":"","due":0,"idle":"wait"}`, `idle: "wait" does not begin with a /`},
		{"an idle state left before the clock began", `{"state":"chase","ended":"","history":"","set":"","delayed":"","due":0,"idle":"/wait","left wait":-2}`,
			`left wait: -2, before the clock began`},
		{"an idle state's time missing", `{"state":"chase","ended":"","history":"","set":"","delayed":"","due":0,"idle":"/wait"}`, `left wait: the state ends too soon`},
		{"a state to set the machine has not", `{"state":"chase","ended":"","history":"","set":"lair","delayed":"","due":0,"idle":""}`,
			`set: the machine has no state "lair"`},
		{"a delayed transition the machine has not", `{"state":"chase","ended":"","history":"","set":"","delayed":"chase → lair: soon","due":0,"idle":""}`,
			`delayed: the machine has no transition "chase → lair: soon"`},
		{"a transition that is not delayed", `{"state":"chase","ended":"","history":"","set":"","delayed":"chase → attack: near","due":0,"idle":""}`,
			`delayed: "chase → attack: near" is not delayed`},
		{"not an object", `"chase"`, "not an object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			testHostile(t, tree, resealJSON(t, asJSON, tc.state), tc.want)
		})
	}
	for _, tc := range []struct {
		name  string
		state []byte
		want  string
	}{
		{"truncated", append([]byte{6, 5}, "chase"...), "ended: the state ends too soon"},
		{"a name longer than the state", append([]byte{7, 9}, "chase\x00"...), "state: the state ends too soon"},
		{"a state the machine has not", slices.Concat([]byte{byte(8 + len(restBinary)), 5}, []byte("lairs\x00\x00"), restBinary),
			`the machine has no state "lairs"`},
		{"a name that is not UTF-8", slices.Concat([]byte{byte(8 + len(restBinary)), 5}, []byte("\xffhase\x00\x00"), restBinary),
			"state: a text that is not UTF-8"},
		{"a byte left over", slices.Concat([]byte{byte(9 + len(restBinary)), 5}, []byte("chase\x00\x00"), restBinary, []byte{0}),
			"1 bytes were not read"},
	} {
		t.Run("binary "+tc.name, func(t *testing.T) {
			testHostile(t, tree, resealBinary(t, asBinary, tc.state), tc.want)
		})
	}
}

// testHostile checks that save does not restore into an agent, which
// then is as it was, and that what refuses it says want: the error of a
// save of the binary form; for the JSON form, the error or what Restore
// drops, the machine's state with its path. (UnmarshalJSON's own error
// names the first thing the drop leaves wrong: the state's node runs
// under a machine that does not.)
func testHostile(t *testing.T, tree *bt.Tree[mem], save []byte, want string) {
	t.Helper()
	restore := (*bt.Agent[mem]).UnmarshalBinary
	if save[0] == '{' {
		restore = (*bt.Agent[mem]).UnmarshalJSON
	}
	a, before, _ := chasing(t, tree)
	err := restore(a, save)
	if err == nil {
		t.Fatalf("restored, where the save has %q", want)
	}
	if after, err := a.MarshalJSON(); err != nil || !bytes.Equal(before, after) {
		t.Fatalf("a refused restore changed the agent: %v\n%s\nwas\n%s", err, after, before)
	}
	if save[0] == '{' {
		var dropped []string
		if dropped, err = a.Restore(save); err == nil {
			if len(dropped) == 0 || !strings.HasPrefix(dropped[0], "guard: its state: ") {
				t.Fatalf("Restore dropped %q, want first the machine's state", dropped)
			}
			err = errors.New(dropped[0])
		}
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("%v; want %q", err, want)
	}
}

// A save that says the machine runs, and in no state, restores (the
// machine cannot tell: its node's flags are bt's, put after its state),
// but the machine then begins, as one that stands in no state would, and
// nothing faults: not a preview, a prediction under a selector, nor a
// tick.
func TestMachineRunningInNoStateBegins(t *testing.T) {
	n := bt.New[mem]()
	for _, tc := range []struct {
		name string
		root func(machine bt.Def[mem]) bt.Def[mem]
		plan string // the path of the machine's reports
	}{
		{"ticked", func(machine bt.Def[mem]) bt.Def[mem] { return machine }, "guard"},
		{"previewed", func(machine bt.Def[mem]) bt.Def[mem] { return machine }, "guard"},
		{"predicted", func(machine bt.Def[mem]) bt.Def[mem] {
			return n.Selector("pick", bt.Replan(0), machine, actions.Do("stumble"))
		}, "pick/guard"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, tc.root(n.Plan("guard", guardMachine(t))))
			if err != nil {
				t.Fatal(err)
			}
			a, asJSON, _ := chasing(t, tree)
			if err := a.UnmarshalJSON(resealJSON(t, asJSON, `{"state":"","ended":"","history":""`+rest+`}`)); err != nil {
				t.Fatal(err)
			}
			var log []contract.Event
			a.SetTracer(bt.TracerFunc(func(e *bt.Event) { log = append(log, contract.From(e)) }))
			m := mem{Seen: true}
			if tc.name == "previewed" {
				if p, err := a.Preview(&m, 100*time.Millisecond); err != nil || leaf(p) != "guard/chase" {
					t.Errorf("the preview runs %q, %v; want guard/chase", leaf(p), err)
				}
			}
			got := play(t, a, &log, &m, nil)[0]
			if want := "plan " + tc.plan + " patrol: made (initial state patrol)"; strings.Contains(got, "fault") || !strings.Contains(got, want) {
				t.Errorf("the tick after: %s\nwant %q, and no fault", got, want)
			}
		})
	}
}

// A machine without History (an edit took it out) takes a save of one
// with, whatever state History would have brought it back to, and
// forgets that state: it never comes back to it.
func TestRestoreWithoutHistoryForgetsIt(t *testing.T) {
	_, asJSON, _ := chasing(t, guardTree(t, true, "chase"))
	save := resealJSON(t, asJSON, `{"state":"chase","ended":"","history":"lair"`+rest+`}`)
	a, err := guardTree(t, false, "chase").NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	if dropped, err := a.Restore(save); err != nil || len(dropped) != 0 {
		t.Fatalf("Restore dropped %q, %v; want nothing dropped", dropped, err)
	}
	again, err := a.MarshalJSON()
	if want := `"state":{"state":"chase","ended":"","history":""` + rest + `}`; err != nil || !bytes.Contains(again, []byte(want)) {
		t.Errorf("saved again: %s, %v; want %s", again, err, want)
	}
}
