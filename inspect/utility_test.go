package inspect_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/troll"
	"github.com/foresight-bt/foresight/utility"
)

// A shownScore is an option's row of a utility node's box as the page
// shows it: its name, score and note, and each consideration's part, with
// where its plot marks the input.
type shownScore struct {
	Option string
	Score  string
	Note   string
	Terms  []shownTerm
}

type shownTerm struct {
	Input, Text string
	CX, CY      float64 // the mark on the plot, in its pixels
	Points      int     // the curve's polyline
}

const readScores = `[...document.querySelectorAll("#decisions .decision")].filter(d => d.dataset.planner === %q).map(d =>
	[...d.querySelectorAll("table.scores tr[data-option]")].map(r => ({
		Option: r.dataset.option,
		Score: r.querySelector(".score .value").textContent,
		Note: (r.querySelector(".score .note") || {textContent: ""}).textContent,
		Terms: [...r.querySelectorAll(".term")].map(t => {
			const c = t.querySelector("circle");
			return { Input: t.dataset.input, Text: t.querySelector(".termtext").textContent,
				CX: c ? Number(c.getAttribute("cx")) : -1, CY: c ? Number(c.getAttribute("cy")) : -1,
				Points: t.querySelector("polyline").getAttribute("points").split(" ").length };
		}) })))`

// The inspector shows a utility node's choices: at every moment the troll
// (under its utility node) chose, the box of the choice lists every
// option's score and note, each consideration's part with a plot of its
// curve, the input it read marked where the curve answers, and the node's
// own rows mark the option chosen.
func TestUtilityViewInBrowser(t *testing.T) {
	t.Parallel()
	run := recordTroll(t, troll.Utility)
	p := page(t)
	if err := p.Navigate(browser.FileURL(run.path)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	plans := eventsOf(run.rec, bt.EventPlan)
	if len(plans) < 5 {
		t.Fatalf("%d choices in 20 s", len(plans))
	}
	var moments []int
	for i, e := range plans {
		if i == 0 || plans[i-1].Tick != e.Tick {
			moments = append(moments, i)
		}
	}
	if n := testsize.Pick(4, 12, len(moments)); n < len(moments) {
		spread := make([]int, n)
		for k := range spread {
			spread[k] = moments[k*len(moments)/n]
		}
		moments = spread
	}
	terms := 0
	for _, i := range moments {
		e := plans[i]
		goTo(t, p, e.Time, e.Tick)
		boxes := browser.Value[[][]shownScore](t, p, fmt.Sprintf(readScores, e.Path))
		if len(boxes) == 0 {
			t.Fatalf("%v: no box of %s's choice", e.Time, e.Path)
		}
		shown := boxes[len(boxes)-1]
		if len(shown) != len(e.Plan.Scores) {
			t.Fatalf("%v: %d options shown, %d scored", e.Time, len(shown), len(e.Plan.Scores))
		}
		for k, sc := range e.Plan.Scores {
			row := shown[k]
			if row.Option != sc.Name || row.Score != num(sc.Utility) || row.Note != sc.Note || len(row.Terms) != len(sc.Terms) {
				t.Fatalf("%v: option %d shown as %+v, scored %+v", e.Time, k, row, sc)
			}
			for j, term := range sc.Terms {
				got := row.Terms[j]
				cx, cy := 3+term.X*66, 3+(1-term.Y)*38
				if got.Input != term.Input || got.Points != 65 || math.Abs(got.CX-cx) > 0.06 || math.Abs(got.CY-cy) > 0.06 {
					t.Fatalf("%v: %s's %s shown as %+v, want the mark at (%.1f, %.1f) of %+v", e.Time, sc.Name, term.Input, got, cx, cy, term)
				}
				terms++
			}
		}
		rows := browser.Value[[]domainRow](t, p, readDomainRows)
		for _, r := range rows {
			if r.Planner == e.Path && r.Path == e.Plan.Goal && r.Class != "chosen" {
				t.Errorf("%v: the node's row of %s is %+v", e.Time, e.Plan.Goal, r)
			}
		}
	}
	if terms == 0 {
		t.Fatal("no consideration shown: the run does not test it")
	}
	noErrors(t, p)
	shot := filepath.Join(t.TempDir(), "shot.png")
	if *updateScreenshot {
		shot = filepath.Join("..", "docs", "inspector-utility.png")
	}
	screenshot(t, p, plans[moments[len(moments)/2]].Time, shot)
}

// num writes a score as the page does: four significant figures.
func num(f float64) string {
	return strconv.FormatFloat(f, 'g', 4, 64)
}

// The page draws each curve as package utility computes it: its reading
// of every kind of curve's description answers what Curve.At does, at
// the ends, between and beyond.
func TestCurvesInBrowser(t *testing.T) {
	t.Parallel()
	run := recordTroll(t, troll.Utility)
	p := page(t)
	if err := p.Navigate(browser.FileURL(run.path)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	xs := []float64{-0.5, 0, 0.01, 0.1, 0.25, 0.3, 0.5, 0.66, 0.75, 0.99, 1, 1.5}
	for _, c := range []utility.Curve{
		{}, utility.Linear(-0.8, 0.9), utility.Polynomial(2, -1, 0, 1), utility.Polynomial(0.5, 1, 0.2, 0.1),
		utility.Polynomial(3, 4, 0.5, 0.5), utility.Logistic(10, 0.5), utility.Logistic(-7.5, 0.3),
		utility.Logit(10, 0.5), utility.Logit(-3, 0.25), utility.Step(0.5, 0, 1), utility.Step(0.25, 0.9, 0.1),
		utility.Points(0, 1, 0.3, 0.9, 0.6, 0.1, 1, 0), utility.Points(0.2, 0, 0.8, 1),
	} {
		got := browser.Value[[]float64](t, p, fmt.Sprintf(`%s.map(x => curveAt(parseCurve(%q), x))`, jsArray(xs), c.String()))
		for i, x := range xs {
			if want := c.At(x); math.Abs(got[i]-want) > 1e-12 {
				t.Errorf("%v at %v: the page %v, Go %v", c, x, got[i], want)
			}
		}
	}
	if bad := browser.Value[bool](t, p, `parseCurve("wobbly(a 1)") === null && parseCurve("linear(slope 1)") === null && parseCurve("points(0 0)") === null`); !bad {
		t.Error("the page read a description it cannot draw")
	}
}

func jsArray(xs []float64) string {
	s := "["
	for i, x := range xs {
		if i > 0 {
			s += ","
		}
		s += strconv.FormatFloat(x, 'g', -1, 64)
	}
	return s + "]"
}
