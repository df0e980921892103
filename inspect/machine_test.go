package inspect_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
)

// Of a state's two transitions to one state, named apart by what fires
// them ("→ chase: succeeded", "→ chase: far"), the page marks the one
// the report says fired as taken, and the other as not fired, with why.
func TestTwoTransitionsToOneStateInBrowser(t *testing.T) {
	t.Parallel()
	type guard struct{ near bool }
	var actions catalogue.Builder[guard]
	strike := bt.Lasting(func(*guard, time.Duration) bt.Status { return bt.Running }, nil)
	actions.Action("attack", strike)
	actions.Action("chase", strike)
	c, err := actions.Build()
	if err != nil {
		t.Fatal(err)
	}
	near := constraints.Func("near", func(g *guard) bool { return g.near })
	far := constraints.Func("far", func(g *guard) bool { return !g.near })
	b := fsm.New(c)
	b.State("chase").Do("chase").To("attack", near)
	b.State("attack").Do("attack").On(fsm.Succeeded, "chase").To("chase", far)
	machine, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	nodes := []bt.NodeInfo{{Path: "guard", Name: "guard", Kind: bt.KindPlanner, Domain: machine.Nodes()}}
	var rec bytes.Buffer
	w, err := inspect.NewWriter(&rec, inspect.Header{Title: "a guard", Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	w.Trace(&bt.Event{Kind: bt.EventPlan, Tick: 1, Time: time.Second, Path: "guard", Plan: &decide.Report{Change: decide.Replaced,
		Reason: "attack → chase: far", Plan: decide.Plan{Goal: "chase", Rejected: []decide.Rejection{{Name: "attack → chase", Reason: "not succeeded"}}}}})
	p := openRecording(t, w, &rec, "guard.html")
	type shown struct{ Class, Mark string }
	got := map[string]shown{}
	for _, r := range browser.Value[[]domainRow](t, p, readDomainRows) {
		if r.Kind == "transition" || r.Kind == "state" {
			got[r.Path] = shown{r.Class, r.Mark}
		}
	}
	want := map[string]shown{
		"machine/chase":                     {"current", "current state"},
		"machine/chase/→ attack":            {"", ""},
		"machine/attack":                    {"", ""},
		"machine/attack/→ chase: succeeded": {"rejected", "did not fire: not succeeded"},
		"machine/attack/→ chase: far":       {"taken", "taken"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the machine's rows (-want +got):\n%s", diff)
	}
	noErrors(t, p)
}
