package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	browser.Stop()
	os.Exit(code)
}

// A designer opens -edit's page while the troll runs: its planner's plans
// show on the tree; the planner set to GOAP in the form, and saved, the
// troll plans for the GOAP goals, and the page shows those plans.
func TestEditInBrowser(t *testing.T) {
	run := startEdit(t, "127.0.0.1:0", "10m")
	edittest.Dial(t, run.url())

	p := browser.Tab(t, 1500, 950)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	wait := func(expr string) {
		t.Helper()
		browser.Await(t, p, expr)
	}
	const think = `#tree .row[data-tree="troll/think"]`
	plan := fmt.Sprintf(`((document.querySelector('%s .live.plan') || {}).textContent || "")`, think)
	must(p.Navigate(run.url()))
	wait(`document.body.dataset.state === "ready"`)
	wait(plan + `.includes("BeTrunkThumper: made")`)

	must(p.Click(think))
	must(p.Eval(`(() => { const s = document.getElementById("f-planner"); s.value = "goap"; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil))
	wait(`Number(document.body.dataset.checked || 0) === S.checks && document.body.dataset.problems === "0"`)
	must(p.Click("#save"))
	wait(`document.body.dataset.saves === "1" && document.body.dataset.dirty === "false"`)
	if b, _ := os.ReadFile(run.file); !strings.Contains(string(b), `"planner": "goap"`) {
		t.Fatalf("the file saved:\n%s", b)
	}
	wait(`/^plans ×\d+ · (slay|regain|guard): /.test(` + plan + `)`)
	if !strings.Contains(run.stderr.String(), "reloaded the tree") {
		t.Errorf("the troll did not say it reloaded:\n%s", run.stderr.String())
	}
	var live string
	must(p.Eval(`document.getElementById("live").textContent`, &live))
	if !strings.Contains(live, "troll/think planned: ") {
		t.Errorf("the running game's panel: %q", live)
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("the page's console: %q", errs)
	}
}

// A designer edits a response curve of the utility troll while it runs:
// the curve of the slam's reach, made to fall to a half rather than to
// near nothing, plotted in the form, saved, and the running troll reads
// the file again and scores its options with the new curve, which its
// next choices report.
func TestEditCurveInBrowser(t *testing.T) {
	run := startEditOf(t, "troll-utility.json", "127.0.0.1:0", "10m")
	edittest.Dial(t, run.url())

	p := browser.Tab(t, 1500, 950)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	wait := func(expr string) {
		t.Helper()
		browser.Await(t, p, expr)
	}
	// reach is the curve of the slam's reach in the running troll's last
	// choice, as the page's live view has it.
	const reach = `(((S.live.plans.get("troll/think") || {}).plan || {}).scores || [{}])[0].terms?.[2]?.curve`
	must(p.Navigate(run.url()))
	wait(`document.body.dataset.state === "ready"`)
	wait(reach + ` === "linear(slope -0.3, intercept 1)"`)

	must(p.Click(`#tree .row[data-tree="troll/think/slam"]`))
	wait(`document.querySelector('#f-consider .consideration[data-index="2"]') !== null`)
	must(p.Eval(`(() => { const i = document.querySelector('#f-consider .consideration[data-index="2"] [data-param="slope"]');
		i.focus(); i.value = "-0.5"; i.dispatchEvent(new Event("input", {bubbles: true})); i.dispatchEvent(new Event("change", {bubbles: true})); })()`, nil))
	wait(`Number(document.body.dataset.checked || 0) === S.checks && document.body.dataset.problems === "0" && document.body.dataset.dirty === "true"`)
	must(p.Click("#save"))
	wait(`document.body.dataset.saves === "1" && document.body.dataset.dirty === "false"`)
	if b, _ := os.ReadFile(run.file); !strings.Contains(string(b), `"input": "reach", "min": 0, "max": 7, "curve": {"kind": "linear", "slope": -0.5, "intercept": 1}`) {
		t.Fatalf("the file saved:\n%s", b)
	}
	wait(reach + ` === "linear(slope -0.5, intercept 1)"`)
	if !strings.Contains(run.stderr.String(), "reloaded the tree") {
		t.Errorf("the troll did not say it reloaded:\n%s", run.stderr.String())
	}
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("the page's console: %q", errs)
	}
}
