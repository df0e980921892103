package htn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/google/go-cmp/cmp"
)

var noop = bt.Instant(func(*world) bool { return true }, nil)

// letters is a catalogue of actions that do nothing, named names.
func letters(t testing.TB, names ...string) *catalogue.Catalogue[world] {
	t.Helper()
	var b catalogue.Builder[world]
	for _, n := range names {
		b.Action(n, noop)
	}
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Build reports every misuse at once, each a *decide.Error with its path.
func TestBuildErrors(t *testing.T) {
	abc := letters(t, "a", "b", "c")
	tests := []struct {
		name  string
		build func(d *htn.Builder[world]) *htn.Builder[world]
		want  []string
	}{
		{"unknown subtask", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a", "z")
		}, []string{`r/m/1: unknown task "z": neither a compound task nor an action of the catalogue`}},
		{"no compound task", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d
		}, []string{"domain: no compound task: declare the root"}},
		{"a slot is no root", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Slot("s", func(*world) *htn.Domain[world] { return nil })
		}, []string{"domain: no compound task: declare the root"}},
		{"compound with no method", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r")
		}, []string{"r: a compound task with no method"}},
		{"method with no subtask", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Method("n").Do("a")
		}, []string{"r/m: a method with no subtask"}},
		{"unreachable", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Compound("s").Method("n").Do("b")
		}, []string{"s: unreachable from the root task"}},
		{"a misspelt name and the task it leaves behind", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a", "blot").Compound("bolt").Method("n").Do("b")
		}, []string{`r/m/1: unknown task "blot"`, "bolt: unreachable from the root task"}},
		{"endless recursion", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m", see).Do("a", "r").Method("n").Do("r")
		}, []string{"r: every method recurses without end: no decomposition of this task is finite"}},
		{"mutual recursion", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("s").Compound("s").Method("n").Do("r")
		}, []string{"r: every method recurses", "s: every method recurses"}},
		{"duplicates", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Method("m").Do("b").Compound("r").Method("x").Do("a")
		}, []string{"r/m: a second method of this name", "r: a second task of this name"}},
		{"a compound named as an action", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Compound("a").Method("n").Do("b")
		}, []string{"a: a compound task of the name of an action of the catalogue: rename one"}},
		{"nils", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m", nil).Do("a").Copy(nil)
		}, []string{"r/m: condition 1 is nil", "Copy: nil copy function"}},
		{"method conditions are validated", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").
				Method("m", see, constraints.Func[world]("lucky", nil)).Do("a").
				Method("n", constraints.Chance[world](1.5)).Do("b")
		}, []string{"r/m: condition 2: Func lucky: nil function",
			"r/n: condition 1: Chance: probability 1.5 is not in [0, 1]"}},
		{"out of order", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Method("m").Do("a").Pause().Compound("r").Do("a").Method("o").Do("a")
		}, []string{"domain: Method must follow a Compound", "domain: Do must follow a Method",
			"domain: Pause must follow a Method", "r: Do must follow a Method"}},
		{"what follows a refused task is not blamed again", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Compound("r").Method("m").Do("a").
				Compound("").Method("x").Do("a").Compound("").Method("x").Pause()
		}, []string{"r: a second task of this name", "task 2: a task needs a name",
			"task 3: a task needs a name"}},
		{"pauses that separate nothing", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Pause().Do("a").Pause().Pause().Do("a").Pause()
		}, []string{"r/m/0: a pause must come between two subtasks", "r/m/3: a pause must come",
			"r/m/5: a pause must come"}},
		{"unnamed", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("").Do("a").Compound("")
		}, []string{"r/0: a method needs a name", "task 1: a task needs a name"}},
		{"slashes", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m/n").Do("a/b").Compound("x/y")
		}, []string{`r/0: name "m/n" contains '/'`, `r/0/0: unknown task "a/b"`, `task 1: name "x/y" contains '/'`}},
		{"negative budget", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Budget(decide.Budget{Steps: -1})
		}, []string{"budget: budget {Steps:-1 Tries:0 PerTick:0}: a bound cannot be negative"}},
		{"a budget spread over ticks", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("a").Budget(decide.Budget{PerTick: 3})
		}, []string{"budget: PerTick: an HTN plans in the tick that asks"}},
		{"built, then more calls", func(d *htn.Builder[world]) *htn.Builder[world] {
			d.Compound("r").Method("m").Do("a")
			if _, err := d.Build(); err != nil {
				panic(err)
			}
			return d.Compound("s").Method("n").Do("z")
		}, []string{`s/n/0: unknown task "z"`, "s: unreachable from the root task"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.build(htn.New(abc)).Build()
			treetest.CheckErrors(t, err, tt.want)
		})
	}
}

// A builder with no catalogue, given nil or zero, says so at Build, as
// does a nil Builder; a nil or zero Domain neither plans nor makes a
// tree.
func TestBuildWithoutCatalogue(t *testing.T) {
	tests := []struct {
		name string
		b    *htn.Builder[world]
		want []string
	}{
		{"nil catalogue", htn.New[world](nil), []string{"domain: a nil catalogue: build one with catalogue.Builder",
			`r/m/0: unknown task "a": neither a compound task nor an action of the catalogue`}},
		{"zero Builder", &htn.Builder[world]{}, []string{"domain: no catalogue: make the builder with htn.New(actions)",
			`r/m/0: unknown task "a"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.b.Compound("r").Method("m").Do("a").Build()
			treetest.CheckErrors(t, err, tt.want)
		})
	}
	var nb *htn.Builder[world]
	if _, err := nb.Compound("r").Method("m").Do("a").Build(); err == nil || !strings.Contains(err.Error(), "use htn.New") {
		t.Errorf("a nil Builder: %v", err)
	}
}

func TestBuildZero(t *testing.T) {
	var nilDomain *htn.Domain[world]
	n := bt.New[world]()
	_, err := bt.Build(bt.Config[world]{}, n.Plan("run", nilDomain))
	if err == nil || !strings.Contains(err.Error(), "run: nil planner") {
		t.Errorf("a nil domain's runner: %v", err)
	}
	_, err = bt.Build(bt.Config[world]{}, n.Plan("run", new(htn.Domain[world])))
	if err == nil || !strings.HasPrefix(err.Error(), "run: ") {
		t.Errorf("a zero domain's runner: %v", err)
	}
	if _, err := nilDomain.NewSession().Plan(&world{}); err == nil {
		t.Error("a nil domain planned")
	}
	var zero htn.Session[world] // a panic before it said so
	if _, err := zero.Plan(&world{}); err == nil || !strings.Contains(err.Error(), "zero Session") {
		t.Errorf("a zero Session: %v", err)
	}
	// The test of when to plan again is the planner node's, and checked
	// with it.
	_, err = bt.Build(bt.Config[world]{}, n.Plan("run", domain(t), bt.ReplanOn[world](nil)))
	if err == nil || !strings.Contains(err.Error(), "run: ReplanOn(nil)") {
		t.Errorf("a nil ReplanOn test: %v", err)
	}
	if _, err := new(htn.Domain[world]).NewSession().Plan(&world{}); err == nil {
		t.Error("a zero domain planned")
	}
}

// Build may be called again after more calls: it builds a domain with
// them, and the domain built before is left as it was.
func TestBuildAgain(t *testing.T) {
	d := htn.New(letters(t, "a", "b"))
	d.Compound("r").Method("m", see).Do("a")
	first, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	d.Method("n").Do("s") // a second method of the root, still open
	d.Compound("s").Method("o").Do("a", "b")
	second, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	p1, err1 := first.NewSession().Plan(&world{See: true})
	p2, err2 := second.NewSession().Plan(&world{})
	if err1 != nil || err2 != nil || !cmp.Equal(p1.Steps, []string{"a"}) || !cmp.Equal(p2.Steps, []string{"a", "b"}) {
		t.Errorf("first %v %v, second %v %v", p1.Steps, err1, p2.Steps, err2)
	}
	if _, err := first.NewSession().Plan(&world{}); !errors.Is(err, decide.ErrNoPlan) {
		t.Errorf("the first domain took the method added after it was built: %v", err)
	}
	if n1, n2 := len(first.Nodes()), len(second.Nodes()); n1 != 3 || n2 != 8 {
		t.Errorf("nodes: first %d, second %d", n1, n2)
	}
}

// A domain describes itself as a tree, each compound task unfolded where
// it first appears, for pictures.
func TestNodes(t *testing.T) {
	var got []string
	for _, n := range domain(t).Nodes() {
		line := strings.Repeat("  ", n.Depth) + n.Name + " (" + string(n.Kind)
		if n.Detail != "" {
			line += "; " + n.Detail
		}
		line += ")"
		if len(n.Constraints) > 0 {
			line += " [" + strings.Join(n.Constraints, ", ") + "]"
		}
		got = append(got, line)
	}
	want := []string{
		"be (compound)",
		"  attack (method) [sees the foe]",
		"    attack (compound)",
		"      slam (method) [has a trunk]",
		"        slam (primitive) [sees the foe, has a trunk]",
		"      rearm (method)",
		"        uproot (primitive)",
		"        attack (compound; compound, unfolded above)",
		"  regain (method) [saw the foe]",
		"    seek (primitive; primitive, with an expected effect)",
		"    roar (primitive) [sees the foe]",
		"  patrol (method)",
		"    choose (primitive)",
		"    walk (primitive)",
		"    check (primitive)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// The methods of a nil Builder do nothing, and Build says why; the zero
// Builder is ready to use, and Build asks for the catalogue. A nil or
// zero Domain has no root.
func TestNilAndZero(t *testing.T) {
	for name, b := range map[string]*htn.Builder[world]{"nil": nil, "zero": {}} {
		b.Compound("r").Method("m").Do("a").Pause().Do("a").
			Budget(decide.Budget{}).Copy(func(d, s *world) { *d = *s })
		if _, err := b.Build(); err == nil || !strings.Contains(err.Error(), "htn.New") {
			t.Errorf("%s: Build: %v", name, err)
		}
	}
	for name, d := range map[string]*htn.Domain[world]{"nil": nil, "zero": {}} {
		if nodes := d.Nodes(); nodes != nil {
			t.Errorf("%s Domain: Nodes %v", name, nodes)
		}
		if err := d.Validate(); err == nil {
			t.Errorf("%s Domain: valid", name)
		}
	}
}

// Plan brings a panic in user code back as an error, refuses a memory it
// cannot copy safely, and with a copy function never writes the caller's.
func TestPlanSafety(t *testing.T) {
	boom := constraints.Func("boom", func(*world) bool { panic("boom") })
	var cb catalogue.Builder[world]
	cat, err := cb.Action("a", noop, boom).Build()
	if err != nil {
		t.Fatal(err)
	}
	dom, err := htn.New(cat).Compound("r").Method("m").Do("a").Build()
	if err != nil {
		t.Fatal(err)
	}
	var pe *bt.PanicError
	if _, err := dom.NewSession().Plan(&world{}); !errors.As(err, &pe) || pe.Value != "boom" || pe.Method != "Plan" {
		t.Errorf("a panicking precondition: %v", err)
	}

	type listed struct{ L []int }
	add := func(m *listed) { m.L = append(m.L, 42) }
	var lb catalogue.Builder[listed]
	lcat, err := lb.Action("a", bt.Instant(func(*listed) bool { return true }, add)).Build()
	if err != nil {
		t.Fatal(err)
	}
	build := func(b *htn.Builder[listed]) *htn.Domain[listed] {
		d, err := b.Compound("r").Method("m").Do("a").Build()
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	live := listed{L: make([]int, 0, 4)}
	if _, err := build(htn.New(lcat)).NewSession().Plan(&live); err == nil || !strings.Contains(err.Error(), "Builder.Copy") {
		t.Errorf("a memory with a slice, no copy function: %v", err)
	}
	deep := func(dst, src *listed) { dst.L = append(dst.L[:0:0], src.L...) }
	p := build(htn.New(lcat).Copy(deep)).NewSession()
	_, err = p.Plan(&live)
	if got := p.Prediction(); err != nil || got == nil || len(got.L) != 1 || live.L[:1][0] == 42 {
		t.Errorf("with a copy function: %v, planned %v, live %v", err, got, live.L[:1])
	}
}
