package htn_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/htn"
	"github.com/google/go-cmp/cmp"
)

// farm is the memory of the save tests: a farmer who walks to a plot,
// works what the plot offers and sleeps. The walk takes two ticks.
type farm struct {
	Busy int    // ticks the walk under way has run
	Near string // the plot the farmer works: "orchard", "garden" or none
	Log  string // what the farmer did, a letter an action
}

// farmActions are the farmer's actions: walk (two ticks), water, plant,
// weed and sleep (at once), each noting its letter.
func farmActions(t testing.TB) *catalogue.Catalogue[farm] {
	return farmCatalogue(t, farmWork(), "walk", "water", "plant", "weed", "sleep")
}

// farmWork makes the farmer's actions, by name: walk, which takes two
// ticks, and the others, at once, each noting its first letter (water:
// a).
func farmWork() map[string]bt.Action[farm] {
	note := func(c string) bt.Action[farm] {
		return bt.Instant(func(f *farm) bool { f.Log += c; return true }, nil)
	}
	return map[string]bt.Action[farm]{
		"walk": bt.Lasting(func(f *farm, _ time.Duration) bt.Status {
			if f.Busy++; f.Busy < 2 {
				return bt.Running
			}
			f.Log += "w"
			return bt.Success
		}, nil).OnBegin(func(f *farm) bt.Status { f.Busy = 0; return bt.Running }),
		"water": note("a"), "plant": note("p"), "weed": note("d"), "sleep": note("s"), "nap": note("n"),
	}
}

// farmCatalogue is a catalogue of the actions of work of those names.
func farmCatalogue(t testing.TB, work map[string]bt.Action[farm], names ...string) *catalogue.Catalogue[farm] {
	t.Helper()
	var b catalogue.Builder[farm]
	for _, name := range names {
		b.Action(name, work[name])
	}
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return actions
}

// farmDomain is the farmer's day over actions: walk, then what the plot
// the farmer is near offers, then, after a pause, sleep. The orchard's
// work pauses between watering and planting; the garden holds a bed, a
// slot of its own, which the orchard fills too. Each domain is built
// once, as a slot's hook wants them.
func farmDomain(t testing.TB, actions *catalogue.Catalogue[farm]) *htn.Domain[farm] {
	t.Helper()
	build := func(b *htn.Builder[farm]) *htn.Domain[farm] {
		t.Helper()
		d, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	orchard := build(htn.New(actions).Compound("orchard").Method("tend").Do("water").Pause().Do("plant"))
	garden := htn.New(actions)
	garden.Compound("garden").Method("beds").Do("weed", "bed")
	garden.Slot("bed", func(*farm) *htn.Domain[farm] { return orchard })
	gardenDom := build(garden)
	d := htn.New(actions)
	d.Compound("day").Method("work").Do("walk", "plot").Pause().Do("sleep").
		Method("idle").Do("sleep")
	d.Slot("plot", func(f *farm) *htn.Domain[farm] {
		switch f.Near {
		case "orchard":
			return orchard
		case "garden":
			return gardenDom
		}
		return nil
	})
	return build(d)
}

// farmTree is a tree of one planner node, think, over dom.
func farmTree(t testing.TB, dom *htn.Domain[farm]) *bt.Tree[farm] {
	t.Helper()
	n := bt.New[farm]()
	tree, err := bt.Build(bt.Config[farm]{}, n.Plan("think", dom))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// plans is a tracer that notes each plan reported: its change, steps and
// reason, and what was turned down for a rest whose domain was not found.
type plans []string

func (p *plans) Trace(e *bt.Event) {
	if e.Kind != bt.EventPlan {
		return
	}
	s := fmt.Sprintf("%v %v %s", e.Plan.Change, e.Plan.Steps, e.Plan.Reason)
	for _, r := range e.Plan.Rejected {
		if strings.Contains(r.Reason, "sub-domain") {
			s += "; " + r.Name + ": " + r.Reason
		}
	}
	*p = append(*p, s)
}

// A plan paused in a slot's sub-domain, or in a sub-domain of a
// sub-domain, is saved with the name of the domain its rest lies in, and
// found again at the pause: the restored agent goes on as the agent
// saved. When the memory no longer offers that domain by then, the rest
// cannot be planned, and the runner falls back on the plan from the root,
// as at any pause whose rest cannot be planned.
func TestRestFoundAgainThroughTheSlots(t *testing.T) {
	tests := []struct {
		name, near string
		moved      bool // the farmer leaves the plot once saved
		state      string
		log        string
		plans      []string
	}{
		{
			name:  "in the orchard",
			near:  "orchard",
			state: `"paused":true,"rest":2,"subdomain":"orchard","tasks":1,"task":"plant","subdomain":"","tasks":2,"task":"","task":"sleep"`,
			log:   "waps",
			plans: []string{"made [walk water] ", "made [plant] the rest, after a pause", "made [sleep] the rest, after a pause", "made [walk water] "},
		},
		{
			name:  "in the orchard's bed in the garden",
			near:  "garden",
			state: `"paused":true,"rest":2,"subdomain":"orchard","tasks":1,"task":"plant","subdomain":"","tasks":2,"task":"","task":"sleep"`,
			log:   "wdaps",
			plans: []string{"made [walk weed water] ", "made [plant] the rest, after a pause", "made [sleep] the rest, after a pause", "made [walk weed water] "},
		},
		{
			name:  "gone from the orchard",
			near:  "orchard",
			moved: true,
			state: `"paused":true,"rest":2,"subdomain":"orchard","tasks":1,"task":"plant","subdomain":"","tasks":2,"task":"","task":"sleep"`,
			log:   "wasss",
			plans: []string{"made [walk water] ",
				"replaced [sleep] the rest after the pause cannot be planned; orchard: the sub-domain the rest after the pause lies in: no slot is filled with it now",
				"made [sleep] ", "made [sleep] "},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			actions := farmActions(t)
			agent, err := farmTree(t, farmDomain(t, actions)).NewAgent(1)
			if err != nil {
				t.Fatal(err)
			}
			var got plans
			agent.SetTracer(&got)
			f := farm{Near: tt.near}
			agent.Tick(&f, time.Second) // walk begins
			agent.Tick(&f, time.Second) // walk ends; water; the pause in the sub-domain
			data, err := agent.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), tt.state) {
				t.Errorf("the save\n%s\ndoes not hold %s", data, tt.state)
			}
			restored, err := farmTree(t, farmDomain(t, actions)).NewAgent(2)
			if err != nil {
				t.Fatal(err)
			}
			if err := restored.UnmarshalJSON(data); err != nil {
				t.Fatal(err)
			}
			restored.SetTracer(&got)
			if tt.moved {
				f.Near = ""
			}
			for range 3 {
				restored.Tick(&f, time.Second)
			}
			if f.Log != tt.log {
				t.Errorf("log %q, want %q", f.Log, tt.log)
			}
			if diff := cmp.Diff(tt.plans, []string(got)); diff != "" {
				t.Errorf("plans (-want +got):\n%s", diff)
			}
		})
	}
}

// farmAt returns the JSON save of an agent of tree after ticks ticks on
// f, and the agent.
func farmAt(t *testing.T, tree *bt.Tree[farm], f *farm, ticks int) ([]byte, *bt.Agent[farm]) {
	t.Helper()
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	for range ticks {
		agent.Tick(f, time.Second)
	}
	data, err := agent.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return data, agent
}

// runnerState returns the runner's state in a JSON save: the members of
// its state object.
func runnerState(t *testing.T, data []byte) string {
	t.Helper()
	m := regexp.MustCompile(`"path":"think","kind":"planner",[^{]*"state":\{([^}]*)\}`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("no runner's state in\n%s", data)
	}
	return string(m[1])
}

// withState returns a JSON save with the runner's state replaced by
// state, and its checksum made again.
func withState(t *testing.T, data []byte, state string) []byte {
	t.Helper()
	old := runnerState(t, data)
	out := bytes.Replace(data, []byte(`"state":{`+old+`}`), []byte(`"state":{`+state+`}`), 1)
	const tail = len(`,"checksum":"00000000"}`)
	body := out[:len(out)-tail]
	return fmt.Appendf(body, `,"checksum":"%08x"}`, crc32.ChecksumIEEE(body))
}

// A state that does not fit the runner's domain, or is cut short,
// garbled or made up, is refused with why, and the runner starts afresh:
// never a panic, never half a plan.
func TestHostileStateIsRefused(t *testing.T) {
	actions := farmActions(t)
	tree := farmTree(t, farmDomain(t, actions))
	data, _ := farmAt(t, tree, &farm{Near: "orchard"}, 1) // mid-walk, the plan paused in the orchard
	state := runnerState(t, data)
	want := `"planned":1000000000,"steps":2,"step":"walk","step":"water","pos":0,"record":[0,0],"method":"day/work","method":"orchard/tend","root":2,` +
		`"paused":true,"rest":2,"subdomain":"orchard","tasks":1,"task":"plant","subdomain":"","tasks":2,"task":"","task":"sleep"`
	if state != want {
		t.Fatalf("the runner's state is\n%s\nwant\n%s", state, want)
	}
	edit := func(old, new string) string {
		if !strings.Contains(state, old) {
			t.Fatalf("no %s in the state", old)
		}
		return strings.Replace(state, old, new, 1)
	}
	tests := []struct{ name, state, want string }{
		{"empty", ``, `planned: the state ends too soon`},
		{"cut short", state[:strings.Index(state, `,"rest"`)], `rest: the state ends too soon`},
		{"cut in a segment", state[:strings.LastIndex(state, `,"task"`)], `segment 2 of the rest: task: the state ends too soon`},
		{"a field renamed", edit(`"pos"`, `"position"`), `want the field "pos", not "position"`},
		{"a field of another kind", edit(`"steps":2`, `"steps":"two"`), `steps: json: cannot unmarshal string`},
		{"a field more", state + `,"more":1`, `the field "more" was not read`},
		{"a step the domain has not", edit(`"step":"water"`, `"step":"dig"`), `the step "dig": an action the domain does not run`},
		{"more steps than given", edit(`"steps":2`, `"steps":3`), `want the field "step", not "pos"`},
		{"fewer steps than given", edit(`"steps":2`, `"steps":1`), `want the field "pos", not "step"`},
		{"a count below zero", edit(`"steps":2`, `"steps":-1`), `steps: -1`},
		{"a count beyond any", edit(`"rest":2`, `"rest":9223372036854775807`), `rest: 9223372036854775807`},
		{"a step under way past the last", edit(`"pos":0`, `"pos":3`), `the step under way is step 3 of 2`},
		{"a step under way below zero", edit(`"pos":0`, `"pos":-1`), `the step under way is step -1 of 2`},
		{"a method's place below zero", edit(`"record":[0,0]`, `"record":[0,-1]`), `the record [0 -1]: a method's place out of range`},
		{"a record longer than its methods", edit(`"record":[0,0]`, `"record":[0,0,0]`), `want the field "method", not "root"`},
		{"a method that is no path", edit(`"method":"orchard/tend"`, `"method":"tend"`), `the method "tend": not a method's path`},
		{"a method's path of three", edit(`"method":"orchard/tend"`, `"method":"orchard/tend/more"`), `the method "orchard/tend/more": not a method's path`},
		{"a plan of another root", edit(`"method":"day/work"`, `"method":"night/work"`), `a plan of night/work, not of the root task "day"`},
		{"more of the record from the root than it holds", edit(`"root":2`, `"root":3`), `3 of a record of 2 made from the root`},
		{"none of the record from the root", edit(`"root":2`, `"root":0`), `0 of a record of 2 made from the root`},
		{"a plan with no record", edit(`"record":[0,0],"method":"day/work","method":"orchard/tend","root":2`, `"record":[],"root":0`),
			`a plan with no record`},
		{"paused with no rest", edit(`"paused":true`, `"paused":false`), `paused false, with 2 segments`},
		{"a task the domain has not", edit(`"task":"sleep"`, `"task":"dream"`), `segment 2 of the rest: the task "dream": not a task of the domain "day"`},
		{"a segment of no task", edit(`"tasks":1,"task":"plant"`, `"tasks":0`), `segment 1 of the rest: no task`},
		{"a pause first", edit(`"task":"plant"`, `"task":""`), `segment 1 of the rest: a pause that separates nothing`},
		{"a pause last", edit(`"task":"","task":"sleep"`, `"task":"sleep","task":""`), `segment 2 of the rest: a pause that separates nothing`},
		{"a domain that is no name", edit(`"subdomain":"orchard"`, `"subdomain":"a/b"`), `segment 1 of the rest: name "a/b" contains '/'`},
		{"a task that is no name", edit(`"task":"plant"`, `"task":"a/b"`), `segment 1 of the rest: name "a/b" contains '/'`},
		{"planned before the clock began", edit(`"planned":1000000000`, `"planned":-1`), `planned at -1ns`},
	}
	fresh := `"planned":0,"steps":0,"pos":0,"record":[],"root":0,"paused":false,"rest":0`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			agent, err := tree.NewAgent(2)
			if err != nil {
				t.Fatal(err)
			}
			dropped, err := agent.Restore(withState(t, data, tt.state))
			if err != nil {
				t.Fatal(err)
			}
			if len(dropped) == 0 || !strings.HasPrefix(dropped[0], "think: its state: "+tt.want) {
				t.Fatalf("dropped %q, want the runner's state, because %s", dropped, tt.want)
			}
			// The runner is a fresh one, which plans afresh.
			again, _ := agent.MarshalJSON()
			if got := runnerState(t, again); got != fresh {
				t.Errorf("the runner holds %s, not a fresh runner's %s", got, fresh)
			}
		})
	}
}

// A binary state cut short anywhere in the runner's state is refused, and
// one garbled anywhere there is refused or restores an agent that ticks:
// never a panic.
func TestHostileBinaryState(t *testing.T) {
	actions := farmActions(t)
	tree := farmTree(t, farmDomain(t, actions))
	f := farm{Near: "orchard"}
	agent, _ := tree.NewAgent(1)
	agent.Tick(&f, time.Second)
	data, err := agent.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	// The runner's is the last state, before the checksum; it begins with
	// when it planned (1s, a varint of 5 bytes) and its steps: 2, "walk".
	at := bytes.Index(data, []byte("\x04\x04walk")) - 5
	size := len(data) - 4 - at
	if at < 1 || data[at-1] != byte(size) {
		t.Fatalf("the runner's state is not where the test looks for it in %q", data)
	}
	state := data[at : at+size]
	with := func(s []byte) []byte {
		b := append(append(bytes.Clone(data[:at-1]), byte(len(s))), s...)
		return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b))
	}
	if err := fresh(t, tree).UnmarshalBinary(with(state)); err != nil {
		t.Fatalf("the state itself: %v", err)
	}
	for k := range size {
		if err := fresh(t, tree).UnmarshalBinary(with(state[:k])); err == nil || !strings.Contains(err.Error(), "think: its state") {
			t.Errorf("the state cut to %d bytes of %d: %v", k, size, err)
		}
	}
	for k := range size {
		for _, v := range []byte{0, 1, 0x3f, 0x7f, 0x80, 0xff} {
			garbled := bytes.Clone(state)
			garbled[k] = v
			a := fresh(t, tree)
			if err := a.UnmarshalBinary(with(garbled)); err != nil {
				continue
			}
			g := f
			for range 4 {
				if _, err := a.Tick(&g, time.Second); err != nil {
					t.Errorf("byte %d set to %#x: tick: %v", k, v, err)
				}
			}
		}
	}
}

// fresh returns a new agent of tree.
func fresh(t *testing.T, tree *bt.Tree[farm]) *bt.Agent[farm] {
	t.Helper()
	a, err := tree.NewAgent(2)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Reload across an edit of the domain keeps the running plan when its
// steps and the tasks left after its pause are still the domain's: the
// plan goes on where it was, and a restore into the edited tree does
// likewise. When one is gone, or the root is another, the runner's state
// is dropped, with its path and why, and the tree begins afresh.
func TestReloadAcrossADomainEdit(t *testing.T) {
	day := func(t *testing.T, actions *catalogue.Catalogue[farm], root string, work []string, after, idle string) *bt.Tree[farm] {
		t.Helper()
		d := htn.New(actions)
		d.Compound(root).Method("work").Do(work...).Pause().Do(after).Method("idle").Do(idle)
		dom, err := d.Build()
		if err != nil {
			t.Fatal(err)
		}
		return farmTree(t, dom)
	}
	tests := []struct {
		name        string
		root        string
		actions     []string
		work        []string
		after, idle string
		reloaded    []string // what Reload drops
		restored    []string // what Restore drops
		log         string   // in the two ticks after the reload
		plans       []string
	}{
		{
			name:    "a new action, first of the steps, and a method that changes what a plan from the root is",
			actions: []string{"nap", "walk", "water", "plant", "sleep"},
			work:    []string{"walk", "water", "plant"},
			after:   "sleep",
			idle:    "nap",
			log:     "waps",
			plans:   []string{"made [sleep] the rest, after a pause", "made [walk water plant] "},
		},
		{
			name:    "a step gone",
			actions: []string{"walk", "plant", "sleep"},
			work:    []string{"walk", "plant"},
			after:   "sleep",
			idle:    "sleep",
			reloaded: []string{`think: its state: the step "water": an action the domain does not run`,
				"think/water: no such node in the tree", "think: think/walk runs under a parent that does not: the tree begins afresh"},
			restored: []string{`think: its state: the step "water": an action the domain does not run`,
				"think: think/walk runs under a parent that does not: the tree begins afresh"},
			log:   "",
			plans: []string{"made [walk plant] "},
		},
		{
			name:    "a task of the rest gone",
			actions: []string{"walk", "water", "plant", "nap"},
			work:    []string{"walk", "water", "plant"},
			after:   "nap",
			idle:    "nap",
			reloaded: []string{`think: its state: segment 1 of the rest: the task "sleep": not a task of the domain "day"`,
				"think/sleep: no such node in the tree", "think: think/walk runs under a parent that does not: the tree begins afresh"},
			restored: []string{`think: its state: segment 1 of the rest: the task "sleep": not a task of the domain "day"`,
				"think: think/walk runs under a parent that does not: the tree begins afresh"},
			log:   "",
			plans: []string{"made [walk water plant] "},
		},
		{
			name:    "the root renamed",
			root:    "daily",
			actions: []string{"walk", "water", "plant", "sleep"},
			work:    []string{"walk", "water", "plant"},
			after:   "sleep",
			idle:    "sleep",
			reloaded: []string{`think: its state: a plan of day/work, not of the root task "daily"`,
				"think: think/walk runs under a parent that does not: the tree begins afresh"},
			restored: []string{`think: its state: a plan of day/work, not of the root task "daily"`,
				"think: think/walk runs under a parent that does not: the tree begins afresh"},
			log:   "",
			plans: []string{"made [walk water plant] "},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			work := farmWork() // the edited tree runs the same actions
			old := day(t, farmCatalogue(t, work, "walk", "water", "plant", "sleep"), "day", []string{"walk", "water", "plant"}, "sleep", "sleep")
			f := farm{}
			agent, err := old.NewAgent(1)
			if err != nil {
				t.Fatal(err)
			}
			agent.Tick(&f, time.Second)
			agent.Tick(&f, time.Second) // mid-walk, the plan paused before sleep
			save, err := agent.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			root := tt.root
			if root == "" {
				root = "day"
			}
			edited := day(t, farmCatalogue(t, work, tt.actions...), root, tt.work, tt.after, tt.idle)
			restored, err := edited.NewAgent(2)
			if err != nil {
				t.Fatal(err)
			}
			dropped, err := restored.Restore(save)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.restored, dropped); diff != "" {
				t.Errorf("Restore dropped (-want +got):\n%s", diff)
			}
			if dropped, err = agent.Reload(edited, &f); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.reloaded, dropped); diff != "" {
				t.Errorf("Reload dropped (-want +got):\n%s", diff)
			}
			for _, a := range []*bt.Agent[farm]{agent, restored} {
				var got plans
				a.SetTracer(&got)
				g := f
				g.Log = ""
				for range 2 {
					if _, err := a.Tick(&g, time.Second); err != nil {
						t.Fatal(err)
					}
				}
				if g.Log != tt.log {
					t.Errorf("log %q after the reload, want %q", g.Log, tt.log)
				}
				if diff := cmp.Diff(tt.plans, []string(got)); diff != "" {
					t.Errorf("plans after the reload (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// Saving an agent whose runner holds a plan, paused with a rest to plan,
// allocates nothing in the binary form, as saving every frame wants.
func TestSaveAllocatesNothing(t *testing.T) {
	tree := farmTree(t, farmDomain(t, farmActions(t)))
	for _, ticks := range []int{0, 1, 3} { // no plan yet; mid-walk, paused in the orchard; the rest planned
		f := farm{Near: "garden"}
		_, agent := farmAt(t, tree, &f, ticks)
		buf, err := agent.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(100, func() { buf, _ = agent.AppendBinary(buf[:0]) }); a != 0 {
			t.Errorf("after %d ticks: %v allocations a save", ticks, a)
		}
	}
}
