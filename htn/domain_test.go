package htn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/htn"
	"github.com/google/go-cmp/cmp"
)

var noop = bt.Instant(func(*world) bool { return true }, nil)

// Build reports every misuse at once, each with its path.
func TestBuildErrors(t *testing.T) {
	see := constraints.Func("sees", func(w *world) bool { return w.See })
	tests := []struct {
		name  string
		build func(d *htn.Builder[world]) *htn.Builder[world]
		root  string
		want  []string
	}{
		{"unknown subtask", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m").Do("a", "b")
		}, "r", []string{`htn: r/m/1: unknown task "b"`}},
		{"unknown root", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop)
		}, "r", []string{`htn: root: unknown task "r"`}},
		{"compound with no method", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r")
		}, "r", []string{"htn: r: a compound task with no method"}},
		{"method with no subtask", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m").Method("n").Do("a")
		}, "r", []string{"htn: r/m: a method with no subtask"}},
		{"unreachable", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Primitive("b", noop).Compound("r").Method("m").Do("a")
		}, "r", []string{"htn: b: unreachable from the root task"}},
		{"a misspelt name and the task it leaves behind", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Primitive("bolt", noop).Compound("r").Method("m").Do("a", "blot")
		}, "r", []string{`htn: r/m/1: unknown task "blot"`, "htn: bolt: unreachable from the root task"}},
		{"endless recursion", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m", see).Do("a", "r").Method("n").Do("r")
		}, "r", []string{"htn: r: every method recurses without end: no decomposition of this task is finite"}},
		{"mutual recursion", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Compound("r").Method("m").Do("s").Compound("s").Method("n").Do("r")
		}, "r", []string{"htn: r: every method recurses", "htn: s: every method recurses"}},
		{"duplicates", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Primitive("a", noop).Compound("r").Method("m").Do("a").Method("m").Do("a")
		}, "r", []string{"htn: a: a second task of this name", "htn: r/m: a second method of this name"}},
		{"nils", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", nil, nil).Expect(nil).Compound("r").Method("m", nil).Do("a")
		}, "r", []string{"htn: a: nil action", "htn: a: nil expected effect", "htn: r/m: nil condition"}},
		{"out of order", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Method("m").Do("a").Pause().Primitive("a", noop).Method("n").Compound("r").Expect(func(*world) {}).
				Do("a").Method("o").Do("a")
		}, "r", []string{"htn: domain: Method must follow a Compound", "htn: domain: Do must follow a Method",
			"htn: domain: Pause must follow a Method", "htn: a: Method must follow a Compound",
			"htn: r: Expect must follow a Primitive", "htn: r: Do must follow a Method"}},
		{"what follows a refused task is not blamed again", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m").Do("a").Compound("r").Method("m").Do("a").
				Compound("").Method("x").Do("a").Primitive("", noop).Expect(func(*world) {})
		}, "r", []string{"htn: r: a second task of this name", "htn: task 3: a task needs a name",
			"htn: task 4: a task needs a name"}},
		{"pauses that separate nothing", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m").Pause().Do("a").Pause().Pause().Do("a").Pause()
		}, "r", []string{"htn: r/m/0: a pause must come between two subtasks", "htn: r/m/3: a pause must come",
			"htn: r/m/5: a pause must come"}},
		{"unnamed", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("", nil).Compound("r").Method("").Do("r")
		}, "r", []string{"htn: task 0: nil action", "htn: task 0: a task needs a name", "htn: r/0: a method needs a name"}},
		{"slashes", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a/b", noop).Compound("r").Method("m/n").Do("a/b")
		}, "r", []string{`htn: task 0: name "a/b" contains '/'`, `htn: r/0: name "m/n" contains '/'`, `htn: r/0/0: unknown task "a/b"`}},
		{"negative budget", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m").Do("a").Budget(htn.Budget{Steps: -1})
		}, "r", []string{"htn: budget: negative bound"}},
		{"nil sensor test", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m").Do("a").ReplanWhen(nil)
		}, "r", []string{"htn: ReplanWhen: nil test"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.build(htn.New[world]()).Build(tt.root)
			if err == nil {
				t.Fatal("built")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
			if n := strings.Count(err.Error(), "\n") + 1; n != len(tt.want) {
				t.Errorf("%d errors, want %d:\n%v", n, len(tt.want), err)
			}
		})
	}
}

func TestBuildZero(t *testing.T) {
	var zero htn.Builder[world]
	if _, err := zero.Build("r"); err == nil {
		t.Error("a zero Builder built")
	}
	var nilDomain *htn.Domain[world]
	_, err := bt.New(bt.Config[world]{}).Branch(nilDomain.Branch("run")).Build()
	if err == nil || !strings.Contains(err.Error(), "run") || !strings.Contains(err.Error(), "nil or zero Domain") {
		t.Errorf("a nil domain's runner: %v", err)
	}
	if _, err := nilDomain.Plan(&world{}); err == nil {
		t.Error("a nil domain planned")
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

// The methods of a nil or zero Builder do nothing, and Build says why; a
// nil or zero Domain has no root.
func TestNilAndZero(t *testing.T) {
	for name, b := range map[string]*htn.Builder[world]{"nil": nil, "zero": {}} {
		b.Primitive("a", noop).Expect(func(*world) {}).Compound("r").Method("m").Do("a").Pause().
			Budget(htn.Budget{}).ReplanWhen(func(*world) bool { return true }).Copy(func(d, s *world) { *d = *s })
		if _, err := b.Build("r"); err == nil || !strings.Contains(err.Error(), "use htn.New") {
			t.Errorf("%s: Build: %v", name, err)
		}
	}
	if r := (*htn.Domain[world])(nil).Root(); r != "" {
		t.Errorf("nil Domain: Root %q", r)
	}
	if r := new(htn.Domain[world]).Root(); r != "" {
		t.Errorf("zero Domain: Root %q", r)
	}
}

// Plan brings a panic in user code back as an error, refuses a memory it
// cannot copy safely, and with a copy function never writes the caller's.
func TestPlanSafety(t *testing.T) {
	boom := constraints.Func("boom", func(*world) bool { panic("boom") })
	dom, err := htn.New[world]().Primitive("a", noop, boom).Compound("r").Method("m").Do("a").Build("r")
	if err != nil {
		t.Fatal(err)
	}
	var pe *bt.PanicError
	if _, err := dom.Plan(&world{}); !errors.As(err, &pe) || pe.Value != "boom" || pe.Method != "Plan" {
		t.Errorf("a panicking precondition: %v", err)
	}

	type listed struct{ L []int }
	add := func(m *listed) { m.L = append(m.L, 42) }
	build := func(b *htn.Builder[listed]) *htn.Domain[listed] {
		d, err := b.Primitive("a", bt.Instant(func(*listed) bool { return true }, add)).
			Compound("r").Method("m").Do("a").Build("r")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	live := listed{L: make([]int, 0, 4)}
	if _, err := build(htn.New[listed]()).Plan(&live); err == nil || !strings.Contains(err.Error(), "Builder.Copy") {
		t.Errorf("a memory with a slice, no copy function: %v", err)
	}
	deep := func(dst, src *listed) { dst.L = append(dst.L[:0:0], src.L...) }
	got, err := build(htn.New[listed]().Copy(deep)).Plan(&live)
	if err != nil || len(got.Memory.L) != 1 || live.L[:1][0] == 42 {
		t.Errorf("with a copy function: %v, planned %v, live %v", err, got.Memory.L, live.L[:1])
	}
}
