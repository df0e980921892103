package fsm_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
	"github.com/foresight-bt/foresight/stats"
	"github.com/google/go-cmp/cmp"
)

// A tree file names a machine as it names any planner: registered in the
// registry's Planners, it is a node of kind "planner" that Marshal writes
// back by name, and the tree read from the file decides as the one
// written in Go.
func TestTreeFile(t *testing.T) {
	n := bt.New[mem]()
	machine := nestedGuard(t)
	reg := &btjson.Registry[mem]{
		Catalogue:  actions,
		Planners:   map[string]bt.Planner[mem]{"guard": machine},
		Conditions: map[string]func(*mem) bool{"hurt": func(m *mem) bool { return m.Hurt }},
	}
	def := n.ReactivePriority("root",
		n.Sequence("wounded", n.Condition("hurt", reg.Conditions["hurt"]), actions.Do("flinch")),
		n.Plan("mind", machine),
	)
	data, err := reg.Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"kind": "reactive-priority", "name": "root", "children": [
  {"kind": "sequence", "name": "wounded", "children": [
    {"kind": "condition", "name": "hurt", "test": "hurt"},
    {"kind": "action", "name": "flinch", "action": "flinch"}
  ]},
  {"kind": "planner", "name": "mind", "planner": "guard"}
]}
`
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("written (-want +got):\n%s", diff)
	}
	loaded, err := reg.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if again, err := reg.Marshal(loaded); err != nil || string(again) != string(data) {
		t.Errorf("written again (%v):\n%s", err, again)
	}
	inGo, err := bt.Build(bt.Config[mem]{Heuristic: goal}, def)
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := reg.Build(bt.Config[mem]{Heuristic: goal}, data)
	if err != nil {
		t.Fatal(err)
	}
	if inGo.String() != fromFile.String() {
		t.Errorf("in Go:\n%s\nfrom the file:\n%s", inGo, fromFile)
	}
	run := func(tree *bt.Tree[mem]) string {
		a, _ := tree.NewAgent(7)
		var log []contract.Event
		a.SetTracer(bt.TracerFunc(func(e *bt.Event) { log = append(log, contract.From(e)) }))
		var m mem
		for i := range 200 {
			m.Seen, m.Near, m.Hurt = i%5 > 1, i%7 == 3, i%17 == 9
			if i%11 == 4 {
				m.Inbox.Post("hit")
			}
			if _, err := a.Tick(&m, 100*time.Millisecond); err != nil {
				t.Fatal(err)
			}
		}
		return contract.Lines(log)
	}
	a, b := run(inGo), run(fromFile)
	if a != b {
		t.Errorf("the tree from the file decides otherwise")
	}
	if !strings.Contains(a, "plan root/mind/alive") {
		t.Errorf("the nested machine never reported:\n%s", a)
	}
}

// The statistics read a machine's reports as a planner's: the states it
// never entered are the ones no plan held (stats.Collector.NeverPlanned),
// a design smell as a never-planned action is.
func TestStatistics(t *testing.T) {
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{}, n.Plan("guard", guardMachine(t)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	counts := stats.New(tree.Nodes())
	a.SetTracer(counts)
	m := mem{}
	for i := range 20 {
		m.Seen = i > 5
		if _, err := a.Tick(&m, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := counts.NeverPlanned(), []string{"guard/attack", "guard/flinch", "guard/dead"}; !cmp.Equal(got, want) {
		t.Errorf("never entered: %v, want %v", got, want)
	}
	if c := counts.Counts("guard/chase"); c.Planned != 1 || c.Begun != 1 {
		t.Errorf("chase: %+v", c)
	}
}
