package trace_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
)

// The timeline names nodes that share a name by enough of their path to
// tell them apart, keeps its lines within 120 columns, and says how many
// options it left out.
func TestTimelineNamesAndWidth(t *testing.T) {
	t.Parallel()
	step := func(m *yard) bool { m.Guard++; return true }
	b := bt.New(bt.Config[yard]{Heuristic: goal}).
		Selector("guard").
		Sequence("combo").Do("kick", bt.Instant(step, func(m *yard) { m.Guard++ })).End().
		Do("kick", bt.Instant(step, func(m *yard) { m.Guard++ }))
	for _, name := range []string{"a fairly long name for an option", "another long name of an option", "yet another", "and one more", "the last"} {
		b.Do(name, bt.Instant(step, func(m *yard) { m.Guard++ }))
	}
	tree, err := b.End().Build()
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	agent.SetTracer(trace.Timeline(&out, tree.Nodes(), nil))
	m := yard{}
	if _, err := agent.Tick(&m, time.Second); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"combo/kick", "guard/kick", "… 2 more"} {
		if !strings.Contains(text, want) {
			t.Errorf("timeline lacks %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if n := utf8.RuneCountInString(line); n > 120 {
			t.Errorf("a line of %d columns: %q", n, line)
		}
	}
}

// A selector that finds nothing acceptable says so once, with what it
// turned down, until it chooses again; a constraint that stops a running
// action says why.
func TestTimelineRefusalsAndStops(t *testing.T) {
	t.Parallel()
	walk := bt.Lasting(func(m *yard, _ time.Duration) bt.Status { m.Guard++; return bt.Running }, func(m *yard) { m.Guard++ })
	n := bt.New[yard]()
	agent := treetest.MustAgent(t, bt.Config[yard]{Heuristic: goal},
		n.Selector("guard",
			n.Do("walk", walk).Constrain(constraints.Func("awake", func(m *yard) bool { return m.Intruder >= 0 })),
			n.Do("wait", bt.Instant(func(*yard) bool { return true }, nil)),
		), 1, nil)
	var out bytes.Buffer
	agent.SetTracer(trace.Timeline(&out, agent.Tree().Nodes(), nil))
	m := yard{}
	for i := range 6 {
		if i == 2 {
			m.Intruder = -1 // the walk is no longer allowed, and waiting is Irrelevant
		}
		if _, err := agent.Tick(&m, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	want := []string{
		"  1.00s  walk               Cosmetic (on the round)",
		"                       not: wait Irrelevant (otherwise)",
		"  3.00s  walk               stopped: not awake",
		"  4.00s  guard              chose nothing: no option good enough (AllowNegative or a Cosmetic idle would take one)",
		"                       not: walk Impossible (not awake) · wait Irrelevant (otherwise)",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("timeline (-want +got):\n%s", diff)
	}
}
