package trace_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
)

// The timeline names nodes that share a name by enough of their path to
// tell them apart, keeps its lines within 120 columns, and says how many
// options it left out.
func TestTimelineNamesAndWidth(t *testing.T) {
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
