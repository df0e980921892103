package inspect_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write the README's screenshots, docs/inspector*.png")

func TestMain(m *testing.M) {
	code := m.Run()
	browser.Stop()
	os.Exit(code)
}

// page gives the test a tab of the package's browser, or skips it when
// there is none (and fails it when INSPECT_REQUIRE_BROWSER is set, as in
// CI).
func page(t *testing.T) *browser.Page {
	t.Helper()
	return browser.Tab(t, 1500, 950)
}

// openRecording closes w, which wrote rec, and opens rec's replay page,
// saved as name, once the page has read it.
func openRecording(t *testing.T, w *inspect.Writer, rec *bytes.Buffer, name string) *browser.Page {
	t.Helper()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var html bytes.Buffer
	if err := inspect.WritePage(&html, rec); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, html.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	p := page(t)
	if err := p.Navigate(browser.FileURL(path)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state !== "loading"`)
	if state := browser.Value[string](t, p, `document.body.dataset.state`); state != "ready" {
		t.Fatalf("the page is %s: %s %q", state, browser.Value[string](t, p, `document.getElementById("fatal").textContent`), p.Errors())
	}
	return p
}

// A recorded is a fight recorded as a replay page.
type recorded struct {
	path  string // the page
	rec   *trace.Recorder
	nodes []bt.NodeInfo // the tree, as the page's rows list it
	sum   jedi.Summary
}

// fight records a Jedi fight as a replay page. The inspector's tests
// record the Jedi, a sample, on purpose, and not a test kit's small tree:
// the page is checked against a whole game's tree, decisions and arena
// scenes, as a person sees them, and the README's screenshot of the
// inspector (docs/inspector.png) and its figures are taken of it.
func fight(t *testing.T) recorded {
	t.Helper()
	return recordFight(t, jedi.FightConfig{Seed: 1, Skill: 0.6, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Brawler, jedi.Trooper, jedi.Rusher}})
}

// recordFight runs a fight of cfg and writes it as a replay page.
func recordFight(t *testing.T, cfg jedi.FightConfig) recorded {
	t.Helper()
	rec := &trace.Recorder{}
	var buf bytes.Buffer
	var page *inspect.Writer
	var sc scene.Scene
	cfg.OnStep = func(f *jedi.Fight) {
		f.Arena.Scene(&sc)
		if err := page.Scene(&sc); err != nil {
			t.Error(err)
		}
	}
	f, err := jedi.NewFight(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if page, err = inspect.NewPage(&buf, inspect.Header{Title: "test fight", Nodes: f.Tree.Nodes()}); err != nil {
		t.Fatal(err)
	}
	f.AddTracer(trace.Tee(rec, page))
	s, err := f.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := page.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "fight.html")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return recorded{path: path, rec: rec, nodes: f.Tree.Nodes(), sum: s}
}

// noErrors fails the test if the page logged an error or showed one.
func noErrors(t *testing.T, p *browser.Page) {
	t.Helper()
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
	if shown := browser.Value[string](t, p, `document.getElementById("errors").textContent`); shown != "" {
		t.Errorf("the page shows errors: %s", shown)
	}
}

// shownDecision is a decision as the panel shows it.
type shownDecision struct {
	Selector string
	Winner   string
	Options  []string // name: outcome: reason
	Why      string
}

const readDecisions = `[...document.querySelectorAll("#decisions .decision[data-selector]")].map(d => ({
	Selector: d.dataset.selector,
	Winner: (d.querySelector("tr.winner td.opt") || {textContent: ""}).textContent.replace(/^★ /, ""),
	Options: [...d.querySelectorAll("tr")].slice(1).map(r => r.cells[0].textContent.replace(/^★ /, "") + ": " + r.cells[1].textContent + ": " + r.cells[2].textContent),
	Why: d.querySelector(".why").textContent }))`

// expected returns the decisions of the tick at or before t, as the panel
// should show them (Why is checked separately).
func expected(rec *trace.Recorder, t time.Duration) (uint64, []shownDecision) {
	var tick uint64
	for _, e := range rec.Events {
		if e.Time > t {
			break
		}
		tick = e.Tick
	}
	var out []shownDecision
	for _, e := range eventsOf(rec, bt.EventDecision) {
		if e.Tick != tick {
			continue
		}
		d := shownDecision{Selector: e.Path}
		if c, ok := e.Decision.Choice(); ok {
			d.Winner = c.Name
		}
		for _, c := range e.Decision.Candidates {
			d.Options = append(d.Options, c.Name+": "+c.Verdict.Outcome.String()+": "+c.Verdict.Reason)
		}
		out = append(out, d)
	}
	return tick, out
}

// readRows returns each tree row's path, the outcome it shows and its
// verdict's colour, and whether it is marked running or not evaluated,
// and the tick the page shows, read together: a key pressed has the page
// draw the next moment in its next frame, which may come between two
// reads. The page knows a row by its node's place in the header, nodes.
func readRows(t *testing.T, p *browser.Page, nodes []bt.NodeInfo) (tick uint64, rows []shownRow) {
	t.Helper()
	shown := browser.Value[struct {
		Clock string
		Rows  []shownRow
	}](t, p, `({Clock: "tick " + document.body.dataset.tick, Rows: [...document.querySelectorAll("#tree .row")].map(r => ({
	I: Number(r.dataset.i), Outcome: r.dataset.outcome || "",
	Colour: getComputedStyle(r.querySelector(".verdict")).backgroundColor,
	Unevaluated: r.classList.contains("unevaluated"), Running: r.classList.contains("running") }))})`)
	if i := strings.Index(shown.Clock, "tick "); i >= 0 {
		fmt.Sscanf(shown.Clock[i+len("tick "):], "%d", &tick)
	}
	rows = shown.Rows
	for i := range rows {
		if rows[i].I < 0 || rows[i].I >= len(nodes) {
			t.Fatalf("a row of node %d, of %d nodes", rows[i].I, len(nodes))
		}
		rows[i].Path = nodes[rows[i].I].Path
	}
	return tick, rows
}

type shownRow struct {
	I                     int
	Path, Outcome, Colour string
	Unevaluated, Running  bool
}

// outcomeColours are the page's colours of the outcomes, as the browser
// computes them.
var outcomeColours = map[string]string{"Impossible": "rgb(187, 187, 187)", "Deadly": "rgb(122, 0, 0)", "Harmful": "rgb(227, 74, 51)",
	"Irrelevant": "rgb(240, 240, 240)", "Cosmetic": "rgb(198, 219, 239)", "Beneficial": "rgb(161, 217, 155)",
	"Safe": "rgb(65, 171, 93)", "Urgent": "rgb(253, 174, 107)"}

// checkRows checks that the tree shows exactly the verdicts of the given
// tick: every node decided on coloured by its outcome, every other node
// shown as not evaluated.
func checkRows(t *testing.T, rows []shownRow, rec *trace.Recorder, tick uint64) {
	t.Helper()
	want := map[string]string{}
	for _, e := range eventsOf(rec, bt.EventDecision) {
		if e.Tick == tick {
			for _, c := range e.Decision.Candidates {
				want[e.Path+"/"+c.Name] = c.Verdict.Outcome.String()
			}
		}
	}
	for _, r := range rows {
		outcome, decided := want[r.Path]
		switch {
		case decided && (r.Outcome != outcome || r.Colour != outcomeColours[outcome] || r.Unevaluated):
			t.Errorf("tick %d: %s shows %q in %s (not evaluated: %v), want %s in %s", tick, r.Path, r.Outcome, r.Colour, r.Unevaluated, outcome, outcomeColours[outcome])
		case !decided && (!r.Unevaluated || r.Outcome != ""):
			t.Errorf("tick %d: %s shows %q, but it was not evaluated then", tick, r.Path, r.Outcome)
		}
	}
}

func TestReplayInBrowser(t *testing.T) {
	t.Parallel()
	f := fight(t)
	rec := f.rec
	p := page(t)
	if err := p.Navigate(browser.FileURL(f.path)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)

	// The legend names every outcome, in its colour, and the two states.
	legend := browser.Value[[]string](t, p, `[...document.querySelectorAll("#legend span")].map(s => s.textContent + "=" + (s.querySelector(".sw") ? getComputedStyle(s.querySelector(".sw")).backgroundColor : ""))`)
	for o, c := range outcomeColours {
		if !contains(legend, o+"="+c) {
			t.Errorf("the legend has no %s in %s: %q", o, c, legend)
		}
	}
	for _, s := range []string{"not evaluated at this moment", "running"} {
		if !containsPrefix(legend, s) {
			t.Errorf("the legend has no %q: %q", s, legend)
		}
	}

	// A person types a time and presses Enter: the panel shows that
	// moment's decisions, winners and reasons. The time is the first after
	// 4 s when three selectors decided, one below the other.
	at := deepDecision(rec, 4*time.Second, 3)
	if err := p.Eval(`document.getElementById("goto").focus()`, nil); err != nil {
		t.Fatal(err)
	}
	if err := p.Type(strconv.FormatFloat(at.Seconds(), 'f', -1, 64)); err != nil {
		t.Fatal(err)
	}
	if err := p.Press("Enter", false); err != nil {
		t.Fatal(err)
	}
	tick, want := expected(rec, at)
	browser.Await(t, p, fmt.Sprintf(`document.body.dataset.tick === "%d"`, tick))
	got := browser.Value[[]shownDecision](t, p, readDecisions)
	if len(want) == 0 {
		t.Fatalf("the fight made no decision at tick %d: choose another time", tick)
	}
	for i := range got {
		if !strings.Contains(got[i].Why, got[i].Winner+" ") {
			t.Errorf("%s: the explanation %q does not name the winner %q", got[i].Selector, got[i].Why, got[i].Winner)
		}
		got[i].Why = ""
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the decision panel at tick %d (-want +got):\n%s", tick, diff)
	}
	shownTick, before := readRows(t, p, f.nodes)
	if shownTick != tick {
		t.Fatalf("the page shows tick %d, want %d", shownTick, tick)
	}
	checkRows(t, before, rec, tick)
	shot, err := p.Screenshot()
	if err != nil {
		t.Fatal(err)
	}

	// Keyboard steps move the moment; the colours follow, never stale.
	var after []shownRow
	moved := false
	for range 60 {
		if err := p.Press("ArrowRight", true); err != nil { // the next action begun
			t.Fatal(err)
		}
		var tk uint64
		tk, after = readRows(t, p, f.nodes)
		checkRows(t, after, rec, tk)
		if !cmp.Equal(before, after) {
			moved = true
			break
		}
	}
	if !moved {
		t.Error("stepping through sixty actions never changed the tree's colours")
	}
	noErrors(t, p)

	out := filepath.Join(t.TempDir(), "inspector.png")
	if *updateScreenshot {
		out = filepath.Join("..", "docs", "inspector.png")
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// deepDecision returns the time of the first tick from after on when at
// least n selectors decided.
func deepDecision(rec *trace.Recorder, after time.Duration, n int) time.Duration {
	count := map[uint64]int{}
	for _, e := range eventsOf(rec, bt.EventDecision) {
		if e.Time < after {
			continue
		}
		if count[e.Tick]++; count[e.Tick] == n {
			return e.Time
		}
	}
	return after
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsPrefix(list []string, s string) bool {
	for _, x := range list {
		if strings.HasPrefix(x, s) {
			return true
		}
	}
	return false
}

// pageOf returns a replay page that embeds recording as it is, for tests
// of what the page does with recordings this package would not write.
func pageOf(t *testing.T, recording string) []byte {
	t.Helper()
	var page bytes.Buffer
	valid := fmt.Sprintf(`{"format":%q,"version":%d,"nodes":[{"name":"a","kind":"action","parent":-1}]}`+"\n", inspect.Format, inspect.Version)
	if err := inspect.WritePage(&page, strings.NewReader(valid)); err != nil {
		t.Fatal(err)
	}
	const open, end = `type="application/octet-stream">`, "</script>"
	head, rest, ok := bytes.Cut(page.Bytes(), []byte(open))
	_, tail, ok2 := bytes.Cut(rest, []byte(end))
	if !ok || !ok2 {
		t.Fatal("the page embeds no recording")
	}
	var data bytes.Buffer
	b64 := base64.NewEncoder(base64.StdEncoding, &data)
	zw := gzip.NewWriter(b64)
	zw.Write([]byte(recording))
	zw.Close()
	b64.Close()
	return slices.Concat(head, []byte(open), data.Bytes(), []byte(end), tail)
}

func TestPageRefusesNewerVersion(t *testing.T) {
	t.Parallel()
	p := page(t)
	path := filepath.Join(t.TempDir(), "v3.html")
	newer := fmt.Sprintf(`{"format":%q,"version":%d,"title":"from the future","nodes":[]}`+"\n", inspect.Format, inspect.Version+1)
	if err := os.WriteFile(path, pageOf(t, newer), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := p.Navigate(browser.FileURL(path)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "refused"`)
	msg := browser.Value[string](t, p, `document.getElementById("fatal").innerText`)
	if !strings.Contains(msg, fmt.Sprintf("version %d", inspect.Version+1)) || !strings.Contains(msg, fmt.Sprintf("reads version %d", inspect.Version)) {
		t.Errorf("the refusal %q does not say which versions", msg)
	}
	if visible := browser.Value[bool](t, p, `getComputedStyle(document.getElementById("fatal")).display !== "none" && document.querySelector("main").hidden`); !visible {
		t.Error("the refusal is not shown in place of the inspector")
	}
	noErrors(t, p)
}

func TestLiveInBrowser(t *testing.T) {
	// Not in parallel: it times the frames that arrive after a pause, and
	// runs before the parallel tests start. A Jedi fight, as fight says
	// why: a whole game's stream of frames and scenes, live.
	f, err := jedi.NewFight(jedi.FightConfig{Seed: 2, Skill: 0.6, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Droid, jedi.Brawler}})
	if err != nil {
		t.Fatal(err)
	}
	live, err := inspect.NewLive(inspect.Header{Title: "live test", Nodes: f.Tree.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	f.AddTracer(live)
	srv := httptest.NewServer(live)
	t.Cleanup(func() { // after the browser is gone, which holds a stream open
		srv.CloseClientConnections()
		srv.Close()
	})

	// The game: a tick every 10 ms while the view lets it.
	ticks := make(chan int, 1)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		var sc scene.Scene
		n := 0
		for !f.Over() {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
			if !live.Proceed() {
				continue
			}
			f.Step()
			f.Arena.Scene(&sc)
			live.Scene(&sc)
			n++
			select {
			case <-ticks:
			default:
			}
			ticks <- n
		}
	}()

	p := page(t)
	if err := p.Navigate(srv.URL + "/"); err != nil {
		t.Fatal(err)
	}
	received := func() int { return browser.Value[int](t, p, `Number(document.body.dataset.received || 0)`) }
	browser.Await(t, p, `Number(document.body.dataset.received || 0) > 50`)
	browser.Await(t, p, `document.querySelectorAll("#decisions .decision").length > 0`)

	if err := p.Click("#pause"); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.paused === "true"`)
	// The frames already on their way arrive (the answer to the click can
	// overtake them, on a loaded machine by far), and then no more.
	paused := received()
	for deadline := time.Now().Add(15 * time.Second); ; {
		time.Sleep(300 * time.Millisecond)
		n := received()
		if n == paused {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("paused, the page still receives events 15 s later: %d", n)
		}
		paused = n
	}
	time.Sleep(500 * time.Millisecond)
	if n := received(); n != paused {
		t.Errorf("paused, the page still received events: %d, then %d", paused, n)
	}
	if err := p.Click("#step"); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, fmt.Sprintf(`Number(document.body.dataset.received) > %d`, paused))
	stepped := received()
	time.Sleep(300 * time.Millisecond)
	if n := received(); n != stepped {
		t.Errorf("a step let through more than one frame: %d events, then %d", stepped, n)
	}
	if err := p.Click("#pause"); err != nil { // now it resumes
		t.Fatal(err)
	}
	browser.Await(t, p, fmt.Sprintf(`Number(document.body.dataset.received) > %d`, stepped+50))
	noErrors(t, p)
}

// A planner's report shows in the plans panel from the moment it planned:
// the goal, what became of the plan and why, its steps and what was
// turned down.
func TestPlansInBrowser(t *testing.T) {
	t.Parallel()
	nodes := []bt.NodeInfo{
		{Path: "troll", Name: "troll", Kind: bt.KindSequence, Children: 1},
		{Path: "troll/think", Name: "think", Kind: bt.KindComposite, Depth: 1, Parent: "troll"},
	}
	var rec bytes.Buffer
	w, err := inspect.NewWriter(&rec, inspect.Header{Title: "a troll", Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	w.Trace(&bt.Event{Kind: bt.EventBegin, Tick: 1, Time: time.Second, Path: "troll/think"})
	w.Trace(&bt.Event{Kind: bt.EventPlan, Tick: 2, Time: 2 * time.Second, Path: "troll/think", Plan: &decide.Report{Change: decide.Replaced, Reason: "outranks the running [patrol]", Plan: decide.Plan{Goal: "BeTrunkThumper", Steps: []string{"NavigateToEnemy", "DoTrunkSlam"}, Record: []int{0, 0}, Methods: []string{"BeTrunkThumper/attack", "AttackEnemy/slam"}, Expanded: 3, Rejected: []decide.Rejection{{Name: "AttackEnemy/slam", Reason: "no trunk"}}}}})
	w.Trace(&bt.Event{Kind: bt.EventEnd, Tick: 3, Time: 3 * time.Second, Path: "troll/think", Status: bt.Success})
	p := openRecording(t, w, &rec, "troll.html")
	// It opens at the first plan; Home goes back to the first moment.
	browser.Await(t, p, `document.body.dataset.tick === "2"`)
	if err := p.Press("Home", false); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.tick === "1"`)
	plans := func() string { return browser.Value[string](t, p, `document.getElementById("plans").innerText`) }
	if got := plans(); !strings.Contains(got, "No planner has planned yet") {
		t.Errorf("before the plan, the panel shows %q", got)
	}
	if err := p.Press("ArrowRight", false); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.tick === "2"`)
	got := plans()
	for _, want := range []string{"goal BeTrunkThumper", "plan replaced (outranks the running [patrol])", "NavigateToEnemy → DoTrunkSlam",
		"methods [attack/slam] (record [0 0])", "expanded 3", "AttackEnemy/slam: no trunk", "at 2 s"} {
		if !strings.Contains(got, want) {
			t.Errorf("the plans panel lacks %q:\n%s", want, got)
		}
	}
	if err := p.Press("ArrowRight", false); err != nil { // the plan stays the current plan
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.tick === "3"`)
	if got := plans(); !strings.Contains(got, "goal BeTrunkThumper") {
		t.Errorf("a tick later, the panel shows %q", got)
	}
	noErrors(t, p)
}

// A tree of any depth shows, as rows indented down to a depth and then
// saying theirs: the page builds and lays it out without recursion. (A
// tree 2,500 deep failed with "Maximum call stack size exceeded".)
func TestDeepTreeInBrowser(t *testing.T) {
	t.Parallel()
	n := testsize.Pick(3000, 5000, 30_000)
	nodes := chain(n)
	var rec bytes.Buffer
	w, err := inspect.NewWriter(&rec, inspect.Header{Title: "deep", Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	leaf, above := nodes[n-1], nodes[n-2]
	w.Trace(&bt.Event{Kind: bt.EventBegin, Tick: 1, Path: nodes[0].Path})
	w.Trace(&bt.Event{Kind: bt.EventDecision, Tick: 1, Path: above.Path, Decision: &bt.Decision{
		Candidates: []bt.Candidate{{Name: leaf.Name, Verdict: heuristic.Verdict{Outcome: heuristic.Safe, Reason: "deep"}}}, Chosen: 0, Why: bt.BestOutcome}})
	w.Trace(&bt.Event{Kind: bt.EventBegin, Tick: 1, Path: leaf.Path})
	p := openRecording(t, w, &rec, "deep.html")
	type row struct {
		Shown, Running, Holds bool
		Text                  string
	}
	rows := browser.Value[[]row](t, p, `[...document.querySelectorAll("#tree .row")].map(r => ({
		Shown: !r.hidden, Running: r.classList.contains("running"), Holds: r.classList.contains("holds-running"), Text: r.textContent }))`)
	if len(rows) != n {
		t.Fatalf("%d rows, want %d", len(rows), n)
	}
	// A large tree opens two levels deep; the collapsed row over the
	// running leaf says it holds it; the leaf says its depth.
	if shown := rows[0].Shown && rows[1].Shown && rows[2].Shown && !rows[3].Shown; !shown || !rows[2].Holds || !rows[0].Running {
		t.Errorf("the first rows: %+v", rows[:4])
	}
	if l := rows[n-1]; !l.Running || !strings.Contains(l.Text, fmt.Sprintf("depth %d", n-1)) || !strings.Contains(l.Text, "Safe · deep") {
		t.Errorf("the leaf's row: %+v", l)
	}
	if err := p.Click(`#tree .row[data-i="2"] .caret`); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `!document.querySelector('#tree .row[data-i="3"]').hidden && document.querySelector('#tree .row[data-i="4"]').hidden`)
	running := browser.Value[string](t, p, `document.querySelector(".running-path").innerText`)
	if !strings.Contains(running, leaf.Name+" — chosen by "+above.Name) || !strings.Contains(running, "more") {
		t.Errorf("the running path:\n%.2000s", running)
	}
	noErrors(t, p)
}

// A page reads the recordings of version 1, whose nodes give their paths
// and their parents', as it reads those of version 2.
func TestPageReadsVersion1(t *testing.T) {
	t.Parallel()
	v1 := fmt.Sprintf(`{"format":%q,"version":1,"title":"old","nodes":[`, inspect.Format) +
		`{"path":"guard","name":"guard","kind":"selector","parent":""},` +
		`{"path":"guard/chase","name":"chase","kind":"action","parent":"guard"},` +
		`{"path":"guard/patrol","name":"patrol","kind":"action","parent":"guard"}]}` + "\n" +
		`{"tick":1,"t":1,"kind":"decision","path":"guard","decision":{"chosen":"chase","why":"best outcome","candidates":[` +
		`{"name":"chase","outcome":"Beneficial","reason":"caught up"},{"name":"patrol","outcome":"Cosmetic","reason":"on the round"}]}}` + "\n" +
		`{"tick":1,"t":1,"kind":"begin","path":"guard/chase"}` + "\n"
	path := filepath.Join(t.TempDir(), "v1.html")
	if err := os.WriteFile(path, pageOf(t, v1), 0o644); err != nil {
		t.Fatal(err)
	}
	p := page(t)
	if err := p.Navigate(browser.FileURL(path)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	nodes := []bt.NodeInfo{{Path: "guard"}, {Path: "guard/chase"}, {Path: "guard/patrol"}}
	_, got := readRows(t, p, nodes)
	want := []shownRow{
		{I: 0, Path: "guard", Unevaluated: true, Colour: "rgba(0, 0, 0, 0)"},
		{I: 1, Path: "guard/chase", Outcome: "Beneficial", Colour: outcomeColours["Beneficial"], Running: true},
		{I: 2, Path: "guard/patrol", Outcome: "Cosmetic", Colour: outcomeColours["Cosmetic"]},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the rows of a version 1 recording (-want +got):\n%s", diff)
	}
	noErrors(t, p)
}

// eventsOf returns the events of kind k that rec recorded, in order.
func eventsOf(rec *trace.Recorder, k bt.EventKind) []bt.Event {
	var out []bt.Event
	for _, e := range rec.Events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}
