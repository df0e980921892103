package htn_test

import (
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/htn"
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
		}, "r", []string{"htn: domain: Method follows a Compound", "htn: domain: Do follows a Compound",
			"htn: domain: Pause follows a Compound", "htn: a: Method follows a Compound",
			"htn: r: Expect follows a Primitive", "htn: r: Do follows a Method"}},
		{"pauses that separate nothing", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("a", noop).Compound("r").Method("m").Pause().Do("a").Pause().Pause().Do("a").Pause()
		}, "r", []string{"htn: r/m/0: a pause must come between two subtasks", "htn: r/m/3: a pause must come",
			"htn: r/m/5: a pause must come"}},
		{"unnamed", func(d *htn.Builder[world]) *htn.Builder[world] {
			return d.Primitive("", noop).Compound("r").Method("").Do("r")
		}, "r", []string{"htn: task 0: a task needs a name", "htn: r/0: a method needs a name"}},
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
