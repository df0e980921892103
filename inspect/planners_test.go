package inspect_test

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

// A trollRun is a troll's run under one decider, recorded as a replay
// page.
type trollRun struct {
	path  string // the page
	rec   *trace.Recorder
	nodes []bt.NodeInfo
}

// recordTroll runs the troll under decider d for 20 s of game time and
// writes the run as a replay page. The troll, a sample, on purpose: the
// planner views are checked against a whole run of each decider (HTN
// decompositions, GOAP searches, a machine's transitions, all on one map),
// and the README's screenshots of them (docs/inspector-*.png) are of it.
func recordTroll(t *testing.T, d troll.Decider) trollRun {
	t.Helper()
	tree, err := troll.NewTree(d)
	if err != nil {
		t.Fatal(err)
	}
	g, err := troll.NewGame(tree, 1)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	page, err := inspect.NewPage(&buf, inspect.Header{Title: "the troll (" + d.String() + ")", Nodes: tree.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	rec := &trace.Recorder{}
	g.Agent.SetTracer(trace.Tee(rec, page))
	var sc scene.Scene
	for g.World.Troll.Now < 20*time.Second {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
		g.World.Scene(&sc)
		if err := page.Scene(&sc); err != nil {
			t.Fatal(err)
		}
	}
	if err := page.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), d.String()+".html")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return trollRun{path: path, rec: rec, nodes: tree.Nodes()}
}

// A domainRow is a row of a planner's domain as the page shows it.
type domainRow struct {
	Planner string // the planner node's path
	Path    string // the domain node's path, from the domain's root
	Kind    string // the kind, as the domain describes it
	Class   string // the mark's class: taken, chosen, current, step, rejected, or ""
	Mark    string
	Running bool
}

const readDomainRows = `[...document.querySelectorAll("#tree .drow")].map(r => {
	const p = M.nodes[Number(r.dataset.p)], d = p.dom.nodes[Number(r.dataset.d)];
	const names = []; for (let u = d; u; u = u.up) names.unshift(u.name);
	return { Planner: pathOf(p), Path: names.join("/"), Kind: d.kind,
		Class: ["taken", "chosen", "current", "step", "rejected"].find(c => r.classList.contains(c)) || "",
		Mark: r.querySelector(".mark").textContent, Running: r.classList.contains("running") };
})`

// goTo shows the moment at t by the page's address, as a link would.
func goTo(t *testing.T, p *browser.Page, at time.Duration, tick uint64) {
	t.Helper()
	if err := p.Eval(fmt.Sprintf(`location.hash = "#t=%s"`, strconv.FormatFloat(at.Seconds(), 'f', -1, 64)), nil); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, fmt.Sprintf(`document.body.dataset.tick === "%d"`, tick))
}

// The planner views of a troll's run under HTN, GOAP and a state machine:
// at every moment a planner reported, its domain's rows say what the
// report made of each part of it, and the decision panel explains the
// report, option by option. Each view is checked against the recorded
// reports.
func TestPlannerViewsInBrowser(t *testing.T) {
	t.Parallel()
	for _, d := range []troll.Decider{troll.HTN, troll.GOAP, troll.FSM} {
		t.Run(d.String(), func(t *testing.T) {
			t.Parallel()
			run := recordTroll(t, d)
			p := page(t)
			if err := p.Navigate(browser.FileURL(run.path)); err != nil {
				t.Fatal(err)
			}
			browser.Await(t, p, `document.body.dataset.state === "ready"`)
			plans := eventsOf(run.rec, bt.EventPlan)
			if len(plans) < 5 {
				t.Fatalf("%d plans in 20 s", len(plans))
			}
			// The page opens at the first plan: nothing happens before it.
			browser.Await(t, p, fmt.Sprintf(`document.body.dataset.tick === "%d"`, plans[0].Tick))
			// The moments a planner reported: all of them with
			// FORESIGHT_FULL, some spread over the run by default.
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
			checked := map[string]int{}
			for _, i := range moments {
				e := plans[i]
				goTo(t, p, e.Time, e.Tick)
				rows := browser.Value[[]domainRow](t, p, readDomainRows)
				for _, r := range plans[i:] {
					if r.Tick != e.Tick {
						break
					}
					checkReport(t, r, rows, checked)
					checkPlanBox(t, p, r)
				}
			}
			t.Logf("%v: %d moments: %v", d, len(moments), checked)
			for _, what := range map[troll.Decider][]string{troll.HTN: {"taken", "rejected", "step", "running"},
				troll.GOAP: {"chosen", "discarded", "step", "running"}, troll.FSM: {"current", "taken", "not fired"}}[d] {
				if checked[what] == 0 && !testing.Short() {
					t.Errorf("no report showed %q: the run does not test it", what)
				}
			}
			noErrors(t, p)
			shot := filepath.Join(t.TempDir(), "shot.png")
			if *updateScreenshot {
				shot = filepath.Join("..", "docs", "inspector-"+d.String()+".png")
			}
			at := map[troll.Decider]time.Duration{troll.HTN: 7900 * time.Millisecond, troll.GOAP: 8800 * time.Millisecond, troll.FSM: 7100 * time.Millisecond}[d]
			screenshot(t, p, at, shot)
		})
	}
}

// screenshot writes what the page shows at a moment to path.
func screenshot(t *testing.T, p *browser.Page, at time.Duration, path string) {
	t.Helper()
	if err := p.Eval(fmt.Sprintf(`location.hash = "#t=%s"`, strconv.FormatFloat(at.Seconds(), 'f', -1, 64)), nil); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, fmt.Sprintf(`Math.abs(Number(document.body.dataset.t) - %g) < 0.2`, at.Seconds()))
	shot, err := p.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkReport checks the domain rows of the planner that reported e
// against its report, and counts what it checked.
func checkReport(t *testing.T, e bt.Event, rows []domainRow, checked map[string]int) {
	t.Helper()
	var mine []domainRow
	for _, r := range rows {
		if r.Planner == e.Path {
			mine = append(mine, r)
		}
	}
	if len(mine) == 0 {
		t.Errorf("%v: planner %s shows no domain", e.Time, e.Path)
		return
	}
	find := func(what string, ok func(r domainRow) bool) *domainRow {
		for i := range mine {
			if ok(mine[i]) {
				return &mine[i]
			}
		}
		t.Errorf("%v: %s: no row of %s: %+v", e.Time, e.Path, what, mine)
		return nil
	}
	leaf := func(path string) string { return path[strings.LastIndexByte(path, '/')+1:] }
	p := e.Plan
	switch mine[0].Kind {
	case "compound": // HTN: each method taken and turned down, each step
		for _, m := range p.Methods {
			task, method, _ := strings.Cut(m, "/")
			if r := find("method "+m, func(r domainRow) bool {
				return r.Kind == "method" && leaf(r.Path) == method && strings.HasSuffix(strings.TrimSuffix(r.Path, "/"+method), task)
			}); r != nil && r.Class != "taken" {
				t.Errorf("%v: method %s is shown %q (%s), not taken", e.Time, m, r.Class, r.Mark)
			} else if r != nil {
				checked["taken"]++
			}
		}
		for _, rj := range p.Rejected {
			task, method, isMethod := strings.Cut(rj.Name, "/")
			if !isMethod {
				continue
			}
			if r := find("method "+rj.Name, func(r domainRow) bool {
				return r.Kind == "method" && leaf(r.Path) == method && strings.HasSuffix(strings.TrimSuffix(r.Path, "/"+method), task)
			}); r != nil && !strings.Contains(r.Mark, "rejected: "+rj.Reason) {
				t.Errorf("%v: method %s shows %q, not why it was rejected (%s)", e.Time, rj.Name, r.Mark, rj.Reason)
			} else if r != nil {
				checked["rejected"]++
			}
		}
		checkSteps(t, e, mine, "primitive", checked)
	case "goap": // the goal chosen and those passed over, the steps, the actions discarded
		if p.Goal != "" {
			if r := find("goal "+p.Goal, func(r domainRow) bool { return r.Kind == "goal" && leaf(r.Path) == p.Goal }); r != nil &&
				(r.Class != "chosen" || p.Utility != 0 && !strings.Contains(r.Mark, "utility "+strconv.FormatFloat(p.Utility, 'g', 4, 64))) {
				t.Errorf("%v: goal %s shows %q %q, not chosen with its utility %g", e.Time, p.Goal, r.Class, r.Mark, p.Utility)
			} else if r != nil {
				checked["chosen"]++
			}
		}
		for _, rj := range p.Rejected {
			name, isGoal := strings.CutPrefix(rj.Name, "goal ")
			verdict, kind := "discarded", "action"
			if isGoal {
				verdict, kind = "passed over", "goal"
			}
			want := verdict + ": " + rj.Reason
			if r := find(rj.Name, func(r domainRow) bool { return r.Kind == kind && leaf(r.Path) == name }); r != nil && !strings.Contains(r.Mark, want) {
				t.Errorf("%v: %s shows %q, want %q", e.Time, rj.Name, r.Mark, want)
			} else if r != nil {
				checked[verdict]++
			}
		}
		checkSteps(t, e, mine, "action", checked)
	case "machine": // the current state, the transition taken and those that did not fire
		if r := find("state "+p.Goal, func(r domainRow) bool { return r.Kind == "state" && leaf(r.Path) == p.Goal }); r != nil && r.Class != "current" {
			t.Errorf("%v: state %s is shown %q, not current", e.Time, p.Goal, r.Class)
		} else if r != nil {
			checked["current"]++
		}
		if p.Change.String() == "replaced" {
			from, rest, _ := strings.Cut(p.Reason, " → ")
			to, _, _ := strings.Cut(rest, ": ")
			if r := find("transition "+p.Reason, func(r domainRow) bool {
				return r.Kind == "transition" && strings.HasSuffix(r.Path, from+"/→ "+to)
			}); r != nil && r.Class != "taken" {
				t.Errorf("%v: transition %s is shown %q", e.Time, p.Reason, r.Class)
			} else if r != nil {
				checked["taken"]++
			}
		}
		for _, rj := range p.Rejected {
			from, to, _ := strings.Cut(rj.Name, " → ")
			if r := find("transition "+rj.Name, func(r domainRow) bool {
				return r.Kind == "transition" && strings.HasSuffix(r.Path, from+"/→ "+to)
			}); r != nil && !strings.Contains(r.Mark, "did not fire: "+rj.Reason) {
				t.Errorf("%v: transition %s shows %q, not why it did not fire (%s)", e.Time, rj.Name, r.Mark, rj.Reason)
			} else if r != nil {
				checked["not fired"]++
			}
		}
	default:
		t.Errorf("%s: a domain of kind %q", e.Path, mine[0].Kind)
	}
}

// checkSteps checks that each step of e's plan is shown, numbered, on a
// row of the given kind named after it, and counts the step shown
// running.
func checkSteps(t *testing.T, e bt.Event, rows []domainRow, kind string, checked map[string]int) {
	t.Helper()
	for k, s := range e.Plan.Steps {
		found := false
		for _, r := range rows {
			if r.Kind == kind && strings.HasSuffix("/"+r.Path, "/"+s) && strings.Contains(r.Mark, "step "+strconv.Itoa(k+1)) {
				found = true
				if r.Running {
					checked["running"]++
				}
				break
			}
		}
		if !found {
			t.Errorf("%v: %s: step %d, %s, is not shown: %+v", e.Time, e.Path, k+1, s, rows)
		} else {
			checked["step"]++
		}
	}
}

// checkPlanBox checks the decision panel's box for report e: its heading
// says what became of the plan, each option turned down is there with
// its reason, and it says why.
func checkPlanBox(t *testing.T, p *browser.Page, e bt.Event) {
	t.Helper()
	type box struct {
		Head, Why string
		Rows      []string
	}
	boxes := browser.Value[[]box](t, p, fmt.Sprintf(`[...document.querySelectorAll("#decisions .decision")].filter(d => d.dataset.planner === %q).map(d => ({
		Head: d.querySelector("h3").textContent, Why: d.querySelector(".why").textContent,
		Rows: [...d.querySelectorAll("tr")].slice(1).map(r => [...r.cells].map(c => c.textContent).join(" | ")) }))`, e.Path))
	var b *box
	for i := range boxes { // a planner that reported twice in a tick: the box of this report
		if strings.Contains(boxes[i].Head, e.Plan.Goal) && (len(boxes[i].Rows) >= len(e.Plan.Rejected)) {
			b = &boxes[i]
		}
	}
	if b == nil {
		t.Errorf("%v: no box explains %s's report: %+v", e.Time, e.Path, boxes)
		return
	}
	if b.Why == "" || !strings.Contains(b.Head, e.Plan.Goal) {
		t.Errorf("%v: %s's box: %+v", e.Time, e.Path, b)
	}
	for _, rj := range e.Plan.Rejected {
		found := false
		for _, r := range b.Rows {
			found = found || strings.HasPrefix(r, rj.Name+" | rejected | ") && strings.Contains(r, rj.Reason)
		}
		if !found {
			t.Errorf("%v: %s's box lacks %s (%s): %q", e.Time, e.Path, rj.Name, rj.Reason, b.Rows)
		}
	}
}

// A link opens a replay page at a moment (page.html#t=5.6), the page's
// address follows the moment shown, so that it can be copied, and the
// slider's thumb and the strip's marker of the moment line up, both on
// one scale of time.
func TestLinkToMomentInBrowser(t *testing.T) {
	t.Parallel()
	run := recordTroll(t, troll.HTN)
	at := 5600 * time.Millisecond
	var tick uint64
	for _, e := range run.rec.Events {
		if e.Time <= at {
			tick = e.Tick
		}
	}
	p := page(t)
	if err := p.Navigate(browser.FileURL(run.path) + "#t=5.6"); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	browser.Await(t, p, fmt.Sprintf(`document.body.dataset.tick === "%d"`, tick))
	// At 5.6 s the troll's patrol is halted for the attack: it says so.
	also := browser.Value[string](t, p, `document.getElementById("decisions").innerText`)
	if !strings.Contains(also, "interrupted troll/think/CheckBridge (halted while it ran)") || strings.Contains(also, "(Running)") {
		t.Errorf("at 5.6 s the panel says:\n%s", also)
	}
	aligned := func() {
		t.Helper()
		gap := browser.Value[float64](t, p, `(() => {
			const s = document.getElementById("scrub"), r = s.getBoundingClientRect(), m = document.getElementById("marks");
			const thumb = r.left + 7 + (s.value - s.min) / Math.max(s.max - s.min, 1e-9) * (r.width - 14);
			return Math.abs(thumb - (m.getBoundingClientRect().left + Number(m.dataset.at)));
		})()`)
		if gap > 1.5 {
			t.Errorf("the slider's thumb and the strip's marker are %.1f px apart", gap)
		}
	}
	aligned()
	for range 3 {
		if err := p.Press("ArrowRight", true); err != nil {
			t.Fatal(err)
		}
	}
	browser.Await(t, p, fmt.Sprintf(`Number(document.body.dataset.tick) > %d && location.hash === "#t=" + Number(Number(document.body.dataset.t).toFixed(3))`, tick))
	aligned()
	link := browser.Value[string](t, p, `location.href`)
	moved := browser.Value[string](t, p, `document.body.dataset.tick`)
	q := page(t)
	if err := q.Navigate(link); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, q, `document.body.dataset.state === "ready"`)
	browser.Await(t, q, fmt.Sprintf(`document.body.dataset.tick === %q`, moved))
	noErrors(t, p)
	noErrors(t, q)
}

// An address set while the page's frames come late (a loaded machine)
// shows its moment: the page once wrote the moment it showed before over
// the new address, from a timer that fired between the address's change
// and the frame that shows it, and a link back to that moment then
// changed nothing (TestPlannerViewsInBrowser's screenshot, under load,
// waited its 30 s for a moment the page never went to).
func TestAddressWhileFramesAreLateInBrowser(t *testing.T) {
	t.Parallel()
	run := recordTroll(t, troll.HTN)
	tickAt := func(at time.Duration) (tick uint64) {
		for _, e := range run.rec.Events {
			if e.Time <= at {
				tick = e.Tick
			}
		}
		return tick
	}
	p := page(t)
	if err := p.Navigate(browser.FileURL(run.path)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	goTo(t, p, 5600*time.Millisecond, tickAt(5600*time.Millisecond))
	// Frames come 400 ms late from now on: the page's timer that writes
	// its address (at most every 250 ms) fires before the frame that
	// shows the new moment.
	if err := p.Eval(`(() => { const raf = window.requestAnimationFrame.bind(window);
		window.requestAnimationFrame = cb => setTimeout(() => raf(cb), 400); })()`, nil); err != nil {
		t.Fatal(err)
	}
	goTo(t, p, 9*time.Second, tickAt(9*time.Second))
	goTo(t, p, 5600*time.Millisecond, tickAt(5600*time.Millisecond))
	noErrors(t, p)
}

// Cells and rectangles are drawn, filled: a grid game's map.
func TestCellsAndRectanglesInBrowser(t *testing.T) {
	t.Parallel()
	var rec bytes.Buffer
	w, err := inspect.NewWriter(&rec, inspect.Header{Title: "grid", Nodes: []bt.NodeInfo{{Path: "a", Name: "a", Kind: bt.KindAction}}})
	if err != nil {
		t.Fatal(err)
	}
	w.Trace(&bt.Event{Kind: bt.EventBegin, Tick: 1, Path: "a"})
	sc := scene.Scene{Shapes: []scene.Shape{
		{Kind: scene.Rect, X: -0.5, Y: -0.5, X2: 9.5, Y2: 9.5, Colour: "#000000"}, // the map's edge
		{Kind: scene.Cell, X: 2, Y: 2, Colour: "#00ff00"},
		{Kind: scene.Rect, X: 5, Y: 5, X2: 8, Y2: 8, Colour: "#0000ff", Fill: "#0000ff"},
	}}
	if err := w.Scene(&sc); err != nil {
		t.Fatal(err)
	}
	p := openRecording(t, w, &rec, "grid.html")
	count := browser.Value[struct{ Green, Blue, Side int }](t, p, `(() => {
		const c = document.getElementById("world"), d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
		let green = 0, blue = 0;
		for (let i = 0; i < d.length; i += 4) {
			if (d[i] === 0 && d[i + 1] === 255 && d[i + 2] === 0) green++;
			if (d[i] === 0 && d[i + 1] === 0 && d[i + 2] === 255) blue++;
		}
		return { Green: green, Blue: blue, Side: c.width };
	})()`)
	// The map is 10 cells wide: a cell is a tenth of it, the rectangle
	// three tenths (its outline a little more), within the view's margins.
	cell := float64(count.Side) / 10
	if g := float64(count.Green); g < 0.6*cell*cell || g > 1.1*cell*cell {
		t.Errorf("the cell is %d pixels, want about %.0f", count.Green, cell*cell)
	}
	if r := float64(count.Blue) / float64(count.Green); r < 7 || r > 11 {
		t.Errorf("the rectangle is %d pixels, %.1f cells, want about 9", count.Blue, r)
	}
	noErrors(t, p)
}

// Names, reasons and labels from a game are text on the page, never
// markup or script, in planners' views as everywhere.
func TestHostileNamesInPlannerViews(t *testing.T) {
	t.Parallel()
	const evil = `<img src=x onerror="window.pwned=1">`
	nodes := []bt.NodeInfo{{Path: "p", Name: "p", Kind: bt.KindPlanner, Children: 1, Domain: []bt.NodeInfo{
		{Path: evil, Name: evil, Kind: "compound", Children: 1},
		{Path: evil + "/m", Name: "m" + evil, Kind: "method", Parent: evil, Children: 1, Constraints: []string{evil}},
		{Path: evil + "/m/s", Name: "s" + evil, Kind: "primitive", Parent: evil + "/m"},
	}}, {Path: "p/s" + evil, Name: "s" + evil, Kind: bt.KindAction, Parent: "p", Depth: 1}}
	var rec bytes.Buffer
	w, err := inspect.NewWriter(&rec, inspect.Header{Title: evil, Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	w.Trace(&bt.Event{Kind: bt.EventPlan, Tick: 1, Path: "p", Plan: &decide.Report{Change: decide.Made, Reason: evil, Plan: decide.Plan{
		Goal: evil, Steps: []string{"s" + evil}, Methods: []string{evil + "/m" + evil}, Record: []int{0},
		Rejected: []decide.Rejection{{Name: evil + "/m" + evil, Reason: evil}}}}})
	w.Trace(&bt.Event{Kind: bt.EventBegin, Tick: 1, Path: "p/s" + evil})
	if err := w.Scene(&scene.Scene{Entities: []scene.Entity{{Label: evil}}, Shapes: []scene.Shape{{Kind: scene.Cell, Label: evil}}}); err != nil {
		t.Fatal(err)
	}
	p := openRecording(t, w, &rec, "evil.html")
	time.Sleep(100 * time.Millisecond) // an image that failed would have said so by now
	got := browser.Value[struct {
		Pwned bool
		Imgs  int
		Text  string
	}](t, p, `({Pwned: !!window.pwned, Imgs: document.querySelectorAll("img").length, Text: document.body.innerText})`)
	if got.Pwned || got.Imgs > 0 {
		t.Errorf("a name ran as markup: pwned %v, %d images", got.Pwned, got.Imgs)
	}
	for _, want := range []string{"m" + evil, "rejected: " + evil, "s" + evil, "planned: made"} {
		if !strings.Contains(got.Text, want) {
			t.Errorf("the page does not show %q as text:\n%s", want, got.Text)
		}
	}
	noErrors(t, p)
}

// A live view opened at a link to a moment (#t=) shows that moment once
// the game reaches it, and stays there as the game goes on.
func TestLiveLinkToMomentInBrowser(t *testing.T) {
	t.Parallel()
	nodes := []bt.NodeInfo{{Path: "a", Name: "a", Kind: bt.KindAction}}
	live, err := inspect.NewLive(inspect.Header{Title: "a clock", Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(live)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	stop := make(chan struct{})
	defer close(stop)
	go func() { // a game: a tick every 5 ms of the clock, a tenth of a second of its own
		for tick := uint64(1); ; tick++ {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			if !live.Watched() {
				tick--
				continue
			}
			live.Trace(&bt.Event{Kind: bt.EventBegin, Tick: tick, Time: time.Duration(tick) * 100 * time.Millisecond, Path: "a"})
			live.Flush()
		}
	}()
	p := page(t)
	if err := p.Navigate(srv.URL + "/#t=2.5"); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.tick === "25"`)
	browser.Await(t, p, `Number(document.body.dataset.received) > 60`) // the game went on
	if tick := browser.Value[string](t, p, `document.body.dataset.tick`); tick != "25" {
		t.Errorf("the page moved on to tick %s", tick)
	}
	if following := browser.Value[string](t, p, `document.getElementById("follow").getAttribute("aria-pressed")`); following != "false" {
		t.Errorf("the page follows the game: %s", following)
	}
	noErrors(t, p)
}
