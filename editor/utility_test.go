package editor_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/utility"
)

// weighed is a tree of a utility node over the duel's moves, whose swing
// is worth more as the foe's hit points fall.
const weighed = `{"kind": "utility", "name": "duel", "replan": "0s", "children": [
  {"kind": "action", "name": "swing", "action": "swing", "consider": {"considerations": [{"input": "foe", "min": 0, "max": 10, "curve": {"kind": "linear", "slope": -1, "intercept": 1}}]}},
  {"kind": "action", "name": "wait", "action": "wait", "consider": {"weight": 0.2}}
]}
`

// weighing is the duel's registry with the inputs a utility node reads.
func weighing() *btjson.Registry[mem] {
	reg := duel()
	reg.Inputs = map[string]func(*mem) float64{
		"foe": func(m *mem) float64 { return float64(m.Foe) },
		"hp":  func(m *mem) float64 { return float64(m.HP) },
	}
	return reg
}

// plotted reads the first consideration's plot of the form: its polyline
// as the curve's answers at 65 inputs from 0 to 1 (in the plot's units).
const plotted = `(() => { const l = document.querySelector("#f-consider .consideration polyline");
	return l ? l.getAttribute("points").split(" ").map(p => 1 - (Number(p.split(",")[1]) - 4) / 62) : []; })()`

// answers returns c's answers at 65 inputs from 0 to 1, as a plot of the
// editor draws them.
func answers(c utility.Curve) []float64 {
	out := make([]float64, 65)
	for i := range out {
		out[i] = c.At(float64(i) / 64)
	}
	return out
}

// sameCurve reports whether a plot's answers are c's, to a plot's
// precision (a tenth of a pixel of 62).
func sameCurve(got []float64, c utility.Curve) bool {
	want := answers(c)
	if len(got) != len(want) {
		return false
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 0.002 {
			return false
		}
	}
	return true
}

// A designer edits what a utility node's child is worth: the form shows
// each consideration with a plot of its curve, which follows every
// keystroke before the change is made; a curve of another kind, a
// consideration added or removed, is checked and saved as any change; a
// curve that makes no sense is the loader's error, on the field.
func TestEditCurveInBrowser(t *testing.T) {
	t.Parallel()
	path := writeTree(t, weighed)
	url := serveEditor(t, path, weighing(), cfg, nil)
	p := page(t)
	if err := p.Navigate(url); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	click(t, p, row("duel/swing"))
	browser.Await(t, p, `document.querySelector("#f-consider .consideration") !== null`)
	if got := browser.Value[[]float64](t, p, plotted); !sameCurve(got, utility.Linear(-1, 1)) {
		t.Fatalf("the plot of linear(-1, 1): %v", got)
	}

	// A keystroke in the slope: the plot follows, the tree is as it was.
	before := browser.Value[string](t, p, `text()`)
	if err := p.Eval(`(() => { const i = document.querySelector('#f-consider [data-param="slope"]'); i.value = "-0.5"; i.dispatchEvent(new Event("input", {bubbles: true})); })()`, nil); err != nil {
		t.Fatal(err)
	}
	if got := browser.Value[[]float64](t, p, plotted); !sameCurve(got, utility.Linear(-0.5, 1)) {
		t.Fatalf("the plot did not follow the slope typed: %v", got)
	}
	if browser.Value[string](t, p, `text()`) != before {
		t.Fatal("a keystroke changed the tree before the field was left")
	}

	// Another kind of curve: a logistic, with its parameters' defaults.
	choose(t, p, `#f-consider [data-param="kind"]`, "logistic")
	checked(t, p)
	browser.Await(t, p, `document.body.dataset.problems === "0"`)
	typeInto(t, p, `#f-consider [data-param="midpoint"]`, "0.3")
	checked(t, p)
	if got := browser.Value[[]float64](t, p, plotted); !sameCurve(got, utility.Logistic(10, 0.3)) {
		t.Fatalf("the plot of logistic(10, 0.3): %v", got)
	}

	// A steepness of 0: refused by the loader, on the field, not saved.
	typeInto(t, p, `#f-consider [data-param="steepness"]`, "0")
	checked(t, p)
	browser.Await(t, p, `document.body.dataset.problems === "1"`)
	said := browser.Value[string](t, p, `[...document.querySelectorAll("#form .fieldproblem")].map(e => e.textContent).join("; ")`)
	if !strings.Contains(said, "steepness 0 is flat") || !browser.Value[bool](t, p, `document.getElementById("f-consider").classList.contains("bad")`) {
		t.Fatalf("the problem shown: %q", said)
	}
	typeInto(t, p, `#f-consider [data-param="steepness"]`, "12")
	checked(t, p)
	browser.Await(t, p, `document.body.dataset.problems === "0"`)

	// A second consideration, of the designer's hit points, then saved.
	click(t, p, `#f-consider button[data-act="add"]`)
	checked(t, p)
	choose(t, p, `#f-consider .consideration[data-index="1"] [data-param="input"]`, "hp")
	checked(t, p)
	typeInto(t, p, `#f-consider .consideration[data-index="1"] [data-param="max"]`, "100")
	checked(t, p)
	browser.Await(t, p, `document.body.dataset.problems === "0"`)
	click(t, p, "#save")
	browser.Await(t, p, `document.body.dataset.saves === "1" && document.body.dataset.dirty === "false"`)
	saved, _ := os.ReadFile(path)
	for _, want := range []string{`"curve": {"kind": "logistic", "steepness": 12, "midpoint": 0.3}`,
		`{"input": "hp", "min": 0, "max": 100, "curve": {"kind": "linear", "slope": 1, "intercept": 0}}`} {
		if !strings.Contains(string(saved), want) {
			t.Errorf("the file saved lacks %s:\n%s", want, saved)
		}
	}

	// Removed again, and the plot of the first still the logistic's.
	checked(t, p) // the saved file, laid out, is checked as it is shown
	click(t, p, `#f-consider .consideration[data-index="1"] button[data-act="remove"]`)
	checked(t, p)
	if n := browser.Value[int](t, p, `document.querySelectorAll("#f-consider .consideration").length`); n != 1 {
		t.Errorf("%d considerations after the removal", n)
	}
	if got := browser.Value[[]float64](t, p, plotted); !sameCurve(got, utility.Logistic(12, 0.3)) {
		t.Errorf("the plot of logistic(12, 0.3): %v", got)
	}
	noErrors(t, p)
}

// The editor's page draws each curve as package utility computes it.
func TestEditorCurvesInBrowser(t *testing.T) {
	t.Parallel()
	path := writeTree(t, weighed)
	url := serveEditor(t, path, weighing(), cfg, nil)
	p := page(t)
	if err := p.Navigate(url); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	xs := "[-0.5, 0, 0.01, 0.1, 0.25, 0.3, 0.5, 0.66, 0.75, 0.99, 1, 1.5]"
	for _, c := range []utility.Curve{
		{}, utility.Linear(-0.8, 0.9), utility.Polynomial(2, -1, 0, 1), utility.Polynomial(0.5, 1, 0.2, 0.1),
		utility.Logistic(10, 0.5), utility.Logit(-3, 0.25), utility.Step(0.25, 0.9, 0.1),
		utility.Points(0, 1, 0.3, 0.9, 0.6, 0.1, 1, 0),
	} {
		file, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		got := browser.Value[[]float64](t, p, fmt.Sprintf(`%s.map(x => curveAt(curveOf(%s), x))`, xs, file))
		for i, x := range []float64{-0.5, 0, 0.01, 0.1, 0.25, 0.3, 0.5, 0.66, 0.75, 0.99, 1, 1.5} {
			if want := c.At(x); math.Abs(got[i]-want) > 1e-12 {
				t.Errorf("%v at %v: the page %v, Go %v", c, x, got[i], want)
			}
		}
	}
	if browser.Value[bool](t, p, `curveOf({kind: "logistic", steepness: 3}) !== null || curveOf({kind: "points", points: [[0, 0]]}) !== null`) {
		t.Error("the page drew a curve that is not one")
	}
}
