package trace_test

import (
	"bytes"
	"slices"
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
	n := bt.New[yard]()
	options := []bt.Part{
		n.Sequence("combo", n.Do("kick", bt.Instant(step, func(m *yard) { m.Guard++ }))),
		n.Do("kick", bt.Instant(step, func(m *yard) { m.Guard++ })),
	}
	for _, name := range []string{"a fairly long name for an option", "another long name of an option", "yet another", "and one more", "the last"} {
		options = append(options, n.Do(name, bt.Instant(step, func(m *yard) { m.Guard++ })))
	}
	tree, err := bt.Build(bt.Config[yard]{Heuristic: goal}, n.Selector("guard", options...))
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

// A constraint that fails a node as it is to begin refused it, and one
// that finishes it then did so without its beginning: the timeline says
// so, not that it stopped a node that never ran, and the JSON trace marks
// the event "atBegin". (A priority's refused guard read "deliver stopped:
// not carrying".)
func TestTimelineConstraintsAtBegin(t *testing.T) {
	t.Parallel()
	instant := bt.Instant(func(m *yard) bool { m.Guard++; return true }, func(m *yard) { m.Guard++ })
	n := bt.New[yard]()
	for _, tt := range []struct {
		name     string
		tree     bt.Def[yard]
		timeline []string
		event    string // the JSON trace's constraint event
	}{
		{"a priority's guard refuses",
			n.Priority("courier",
				n.Do("deliver", instant).Constrain(constraints.Func("carrying", func(m *yard) bool { return m.Guard > 0 })),
				n.Do("wander", instant),
			),
			[]string{
				"  1.00s  deliver            refused: not carrying",
				"  1.00s  wander             first in order",
				"                       not: deliver (not carrying)",
			},
			`{"tick":1,"t":1,"kind":"constraint","path":"courier/deliver","check":"Fail","reason":"not carrying","atBegin":true}`},
		{"a constraint finishes a node before it begins",
			n.Sequence("chores",
				n.Do("sweep", instant).Constrain(finished("swept")),
				n.Do("wash", instant),
			),
			[]string{
				"  1.00s  sweep              done without beginning: swept",
				"  1.00s  wash",
			},
			`{"tick":1,"t":1,"kind":"constraint","path":"chores/sweep","check":"Done","reason":"swept","atBegin":true}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var timeline, events bytes.Buffer
			agent := treetest.MustAgent(t, bt.Config[yard]{}, tt.tree, 1, nil)
			agent.SetTracer(trace.Tee(trace.Timeline(&timeline, agent.Tree().Nodes(), nil), trace.JSON(&events)))
			if _, err := agent.Tick(&yard{}, time.Second); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.timeline, strings.Split(strings.TrimRight(timeline.String(), "\n"), "\n")); diff != "" {
				t.Errorf("timeline (-want +got):\n%s", diff)
			}
			if !slices.Contains(strings.Split(events.String(), "\n"), tt.event) {
				t.Errorf("the JSON trace lacks\n%s\n%s", tt.event, events.String())
			}
		})
	}
}

// finished is a constraint that finishes the node it guards (bt.Done).
type finished string

func (f finished) Evaluate(bt.Situation, *yard) (bt.Check, string) { return bt.Done, string(f) }
