package editor_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/fsm"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/jedi"
	"github.com/foresight-bt/foresight/scene"
)

var updateScreenshot = flag.Bool("update-screenshot", false, "write the README's screenshot of the editor, docs/editor.png")

func TestMain(m *testing.M) {
	code := m.Run()
	browser.Stop()
	os.Exit(code)
}

func page(t *testing.T) *browser.Page {
	t.Helper()
	return browser.Tab(t, 1500, 950)
}

func click(t *testing.T, p *browser.Page, selector string) {
	t.Helper()
	if err := p.Click(selector); err != nil {
		t.Fatal(err)
	}
}

// typeInto types text into a field of the form, as a person does: focus,
// select what is there, type, and leave the field.
func typeInto(t *testing.T, p *browser.Page, selector, text string) {
	t.Helper()
	if err := p.Eval(fmt.Sprintf(`(() => { const i = document.querySelector(%q); i.focus(); i.select(); })()`, selector), nil); err != nil {
		t.Fatal(err)
	}
	if err := p.Type(text); err != nil {
		t.Fatal(err)
	}
	if err := p.Eval(`document.activeElement.blur()`, nil); err != nil {
		t.Fatal(err)
	}
}

// choose picks a value of a select of the form, as a person does.
func choose(t *testing.T, p *browser.Page, selector, value string) {
	t.Helper()
	if err := p.Eval(fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); })()`, selector, value), nil); err != nil {
		t.Fatal(err)
	}
}

// noErrors fails the test if the page logged an error.
func noErrors(t *testing.T, p *browser.Page) {
	t.Helper()
	if errs := p.Errors(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// checked waits for the page's checks to settle: every change checked.
func checked(t *testing.T, p *browser.Page) {
	t.Helper()
	browser.Await(t, p, `Number(document.body.dataset.checked || 0) === S.checks`)
}

// row is the selector of the tree's row of the node at a tree path.
func row(path string) string { return fmt.Sprintf(`#tree .row[data-tree=%q]`, path) }

// A fight is a Jedi fight the way a game runs one under the editor: in
// real time, fight after fight, reading the tree file again when it
// changes (as examples/jedi -edit does), its events traced into a live
// view; it counts the choices of the Jedi's root selector. It is the one
// use of a sample here, on purpose: TestEditAddsABranchInBrowser checks
// that an edit changes what a whole running game decides, and takes the
// README's picture of the editor editing the Jedi.
type fight struct {
	live *inspect.Live
	mu   sync.Mutex
	// chosen counts each root choice by the number of reloads before it.
	chosen  map[string]int
	reloads int
	stop    chan struct{}
	done    chan struct{}
}

func startFight(t *testing.T, path string, reg *btjson.Registry[jedi.Memory]) *fight {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := reg.Build(jedi.TreeConfig(), data)
	if err != nil {
		t.Fatal(err)
	}
	g := &fight{chosen: map[string]int{}, stop: make(chan struct{}), done: make(chan struct{})}
	header := func(tree *bt.Tree[jedi.Memory]) inspect.Header {
		return inspect.Header{Title: "the Jedi", Nodes: tree.Nodes()}
	}
	if g.live, err = inspect.NewLive(header(tree)); err != nil {
		t.Fatal(err)
	}
	count := bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventDecision && !strings.Contains(e.Path, "/") {
			if c, ok := e.Decision.Choice(); ok {
				g.mu.Lock()
				g.chosen[fmt.Sprint(g.reloads, " ", c.Name)]++
				g.mu.Unlock()
			}
		}
	})
	last := data // the file as last read
	changed := func() ([]byte, bool) {
		now, err := os.ReadFile(path)
		if err != nil || bytes.Equal(now, last) { // one being saved may be missing for a moment
			return nil, false
		}
		last = now
		return now, true
	}
	go func() {
		defer close(g.done)
		var sc scene.Scene
		for seed := uint64(1); ; seed++ {
			f, err := jedi.NewFight(jedi.FightConfig{Seed: seed, Tree: tree, Enemies: []jedi.EnemyType{jedi.Droid, jedi.Brawler}})
			if err != nil {
				t.Error(err)
				return
			}
			f.AddTracer(g.live)
			f.AddTracer(count)
			for i := 0; !f.Over(); i++ {
				select {
				case <-g.stop:
					return
				case <-time.After(2 * time.Millisecond):
				}
				if i%10 == 0 {
					if data, ok := changed(); ok {
						next, err := reg.Build(jedi.TreeConfig(), data)
						if err != nil {
							t.Errorf("the game read a tree that does not build: %v", err)
							return
						}
						if err := f.Reload(next); err != nil {
							t.Error(err)
							return
						}
						tree = next
						g.mu.Lock()
						g.reloads++
						g.mu.Unlock()
						g.live.SetHeader(header(tree))
					}
				}
				g.live.Proceed()
				f.Step()
				f.Arena.Scene(&sc)
				g.live.Scene(&sc)
			}
			g.live.SetHeader(header(tree)) // a new fight: the page starts afresh
		}
	}()
	t.Cleanup(func() { close(g.stop); <-g.done })
	return g
}

// choices returns what the root chose after reloads reloads, and how often.
func (g *fight) choices(reloads int) map[string]int {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string]int{}
	for k, n := range g.chosen {
		if r, name, _ := strings.Cut(k, " "); r == fmt.Sprint(reloads) {
			out[name] = n
		}
	}
	return out
}

// serveEditor serves an editor of the file at path, with the fight's live
// view when there is one.
func serveEditor[M any](t *testing.T, path string, reg *btjson.Registry[M], cfg bt.Config[M], live *inspect.Live) string {
	t.Helper()
	var opts []editor.Option
	if live != nil {
		opts = append(opts, editor.Live(live))
	}
	ed, err := editor.New(path, reg, cfg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ed)
	t.Cleanup(func() { // after the browser is gone, which holds a stream open
		srv.CloseClientConnections()
		srv.Close()
	})
	return srv.URL + "/"
}

// duel is a registry of values registered by name, as a game's may be:
// a few moves of a duel (wait, dash, swing), conditions on the foe, and a
// decorator, over the shared test memory.
func duel() *btjson.Registry[mem] {
	rec := &treetest.Recorder{}
	return &btjson.Registry[mem]{
		Actions: map[string]bt.Action[mem]{
			"wait":  treetest.Act(rec, "wait", treetest.Nothing),
			"dash":  treetest.Act(rec, "dash", treetest.Shine),
			"swing": treetest.Act(rec, "swing", treetest.HitFoe(1)),
		},
		Conditions: map[string]func(*mem) bool{"hurt": func(m *mem) bool { return m.HP < 50 }},
		Constraints: map[string]bt.Constraint[mem]{
			"a victim":   constraints.Func("a victim", func(m *mem) bool { return m.Foe > 0 }),
			"dash range": constraints.Func("dash range", func(m *mem) bool { return m.Foe > 2 }),
		},
		Decorators: map[string]bt.Decorator[mem]{"counter": decorators.Floor[mem](heuristic.Beneficial)},
	}
}

// guard is a registry of the other shape a game's may take: its actions
// declared in a catalogue, and a state machine over them registered as a
// planner.
func guard(t *testing.T) *btjson.Registry[mem] {
	t.Helper()
	rec := &treetest.Recorder{}
	var actions catalogue.Builder[mem]
	actions.Action("patrol", treetest.Act(rec, "patrol", treetest.Nothing))
	actions.Action("rest", treetest.Act(rec, "rest", treetest.Shine))
	c, err := actions.Build()
	if err != nil {
		t.Fatal(err)
	}
	b := fsm.New(c)
	b.State("patrol").Do("patrol").On(fsm.Succeeded, "rest")
	b.State("rest").Do("rest").Final()
	machine, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return &btjson.Registry[mem]{Catalogue: c, Planners: map[string]bt.Planner[mem]{"guard": machine}}
}

// writeTree writes a tree file to a folder of the test's.
func writeTree(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "jedi.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// idle is a duellist, or a Jedi, who only waits.
const idle = `{"kind": "selector", "name": "combat", "replan": "0s", "children": [
  {"kind": "action", "name": "idle", "action": "wait", "cosmetic": true}
]}
`

// withoutAttacks returns the Jedi's tree file (examples/jedi/jedi.json)
// without its attacks (the branch engage), laid out as btjson writes it.
func withoutAttacks(t *testing.T, reg *btjson.Registry[jedi.Memory]) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "examples", "jedi", "jedi.json"))
	if err != nil {
		t.Fatal(err)
	}
	var root map[string]any
	if err := json.Unmarshal(data, &root); err != nil {
		t.Fatal(err)
	}
	root["children"] = slices.DeleteFunc(root["children"].([]any), func(c any) bool { return c.(map[string]any)["name"] == "engage" })
	data, _ = json.Marshal(root)
	def, err := reg.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if data, err = reg.Marshal(def); err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A designer gives the running Jedi, which has no attack, a branch that
// swings, in the browser, and saves: the file holds it, the game reloads
// it, the Jedi swings, and the page shows the Jedi's decisions on the
// edited tree.
func TestEditAddsABranchInBrowser(t *testing.T) {
	reg := jedi.Registry()
	path := writeTree(t, withoutAttacks(t, reg))
	game := startFight(t, path, reg)
	p := page(t)
	if err := p.Navigate(serveEditor(t, path, reg, jedi.TreeConfig(), game.live)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	// The running Jedi's decisions show on the tree.
	browser.Await(t, p, `[...document.querySelectorAll("#tree .row .live")].some(b => b.textContent.includes("chosen"))`)
	if got := game.choices(0); len(got) == 0 || got["swing"] > 0 {
		t.Fatalf("before the edit, the Jedi chose %v", got)
	}

	// Add a swing under the root, from the palette, and save.
	click(t, p, row("combat"))
	click(t, p, `.pal[data-role="action"][data-name="swing"]`)
	checked(t, p)
	if n := browser.Value[string](t, p, `document.body.dataset.problems`); n != "0" {
		t.Fatalf("the new branch has %s problems: %s", n, browser.Value[string](t, p, `document.getElementById("problems").innerText`))
	}
	if !browser.Value[bool](t, p, `document.querySelector('`+row("combat/swing")+`').classList.contains("new")`) {
		t.Error("the new branch is not marked new")
	}
	click(t, p, "#save")
	browser.Await(t, p, `document.body.dataset.saves === "1" && document.body.dataset.dirty === "false"`)
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), `{"kind": "action", "name": "swing", "action": "swing"}`) {
		t.Fatalf("the file saved:\n%s", b)
	}

	// The game reloads it, and the Jedi swings; the page shows it.
	deadline := time.Now().Add(30 * time.Second)
	for game.choices(1)["swing"] == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("after the save, the Jedi chose %v", game.choices(1))
		}
		time.Sleep(20 * time.Millisecond)
	}
	browser.Await(t, p, `(document.querySelector('`+row("combat/swing")+` .live') || {}).textContent?.includes("chosen")`)
	noErrors(t, p)
	shot, err := p.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "editor.png")
	if *updateScreenshot {
		out = filepath.Join("..", "docs", "editor.png")
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A bad edit shows the loader's or Build's error on the node it names,
// and is never saved: not from the page, and not by a request made by
// hand. Undo takes it back, redo makes it again.
func TestBadEditInBrowser(t *testing.T) {
	t.Parallel()
	path := writeTree(t, idle)
	url := serveEditor(t, path, duel(), cfg, nil)
	p := page(t)
	if err := p.Navigate(url); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	original := browser.Value[string](t, p, `text()`)

	// An empty selector: Build's error, on the new node.
	click(t, p, `.pal[data-role="kind"][data-name="selector"]`)
	checked(t, p)
	browser.Await(t, p, `document.body.dataset.problems === "1"`)
	if got := browser.Value[string](t, p, `document.querySelector('`+row("combat/selector")+` .problem').textContent`); got != "⚠ empty selector: give it children or remove it" {
		t.Errorf("the new selector's row shows %q", got)
	}
	if !browser.Value[bool](t, p, `document.getElementById("save").disabled`) {
		t.Error("a tree that does not build can be saved")
	}
	bad := browser.Value[string](t, p, `text()`)

	// A duration that is none: the loader's error, on the field.
	click(t, p, row("combat"))
	typeInto(t, p, "#f-replan", "fast")
	checked(t, p)
	browser.Await(t, p, `document.body.dataset.problems === "2"`)
	field := browser.Value[struct {
		Bad  bool
		Said string
	}](t, p, `({Bad: document.getElementById("f-replan").classList.contains("bad"), Said: [...document.querySelectorAll("#form .fieldproblem")].map(e => e.textContent).join("; ")})`)
	if !field.Bad || !strings.Contains(field.Said, `not "fast"`) {
		t.Errorf("the replan field: %+v", field)
	}

	// Saving anyway, from the page and by hand, is refused.
	if err := p.Eval(`save()`, nil); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.getElementById("status").textContent.includes("does not build")`)
	ed := edittest.Dial(t, url)
	if a := ed.Save(t, bad, ed.File(t).Version); a.Status != http.StatusUnprocessableEntity {
		t.Errorf("a save by hand of a tree that does not build: %+v", a)
	}
	if b, _ := os.ReadFile(path); string(b) != idle {
		t.Errorf("the file changed:\n%s", b)
	}

	// Undo, undo: as it was; redo: the empty selector again.
	click(t, p, "#undo")
	click(t, p, "#undo")
	checked(t, p)
	if got := browser.Value[string](t, p, `text()`); got != original || browser.Value[string](t, p, `document.body.dataset.problems`) != "0" {
		t.Errorf("after two undos the tree is %s with %s problems", got, browser.Value[string](t, p, `document.body.dataset.problems`))
	}
	if !browser.Value[bool](t, p, `document.getElementById("undo").disabled`) {
		t.Error("undo is offered with nothing to undo")
	}
	click(t, p, "#redo")
	checked(t, p)
	if got := browser.Value[string](t, p, `text()`); got != bad || browser.Value[string](t, p, `document.body.dataset.problems`) != "1" {
		t.Errorf("after a redo the tree is %s", got)
	}
	noErrors(t, p)
}

// The palette holds exactly the registry's names, each under its role,
// for a registry of values registered by name, and for one whose actions
// come from a catalogue and whose machine is registered as a planner.
func TestPaletteInBrowser(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, file string
		reg        *btjson.Registry[mem]
	}{
		{"registered", idle, duel()},
		{"catalogue and planner", `{"kind": "planner", "name": "guard", "planner": "guard"}`, guard(t)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := writeTree(t, tt.file)
			p := page(t)
			if err := p.Navigate(serveEditor(t, path, tt.reg, cfg, nil)); err != nil {
				t.Fatal(err)
			}
			browser.Await(t, p, `document.body.dataset.state === "ready"`)
			got := browser.Value[map[string][]string](t, p, `(() => { const out = {};
				for (const b of document.querySelectorAll("#palette .pal")) (out[b.dataset.role] ||= []).push(b.dataset.name);
				return out; })()`)
			if diff := cmp.Diff(edittest.Palette(tt.reg), got); diff != "" {
				t.Errorf("the palette (-registry +page):\n%s", diff)
			}
			noErrors(t, p)
		})
	}
}

// Every edit the editor offers, one after another, makes the tree it
// says; undoing them all gives back the file.
func TestEditOperationsInBrowser(t *testing.T) {
	t.Parallel()
	start := `{"kind": "selector", "name": "combat", "children": [
  {"kind": "sequence", "name": "strike", "children": [
    {"kind": "action", "name": "dash", "action": "dash"},
    {"kind": "action", "name": "swing", "action": "swing"}
  ]},
  {"kind": "action", "name": "idle", "action": "wait"}
]}
`
	path := writeTree(t, start)
	p := page(t)
	if err := p.Navigate(serveEditor(t, path, duel(), cfg, nil)); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.body.dataset.state === "ready"`)
	original := browser.Value[string](t, p, `text()`)
	steps := []struct {
		what string
		do   func()
	}{
		{"rename idle to rest", func() { click(t, p, row("combat/idle")); typeInto(t, p, "#f-name", "rest") }},
		{"rest is cosmetic", func() { click(t, p, "#f-cosmetic") }},
		{"rest waits for 500ms", func() { typeInto(t, p, "#f-takes", "500ms") }},
		{"duplicate rest", func() { click(t, p, "#dup") }},
		{"move the copy up", func() { click(t, p, "#up") }},
		{"move it into strike", func() { click(t, p, "#up"); click(t, p, "#in") }},
		{"move it out again", func() { click(t, p, "#out") }},
		{"guard strike", func() {
			click(t, p, row("combat/strike"))
			choose(t, p, "#f-addconstraint", "a victim")
			choose(t, p, "#f-addconstraint", "dash range")
		}},
		{"strike stops at Harmful", func() { choose(t, p, "#f-minOutcome", "Harmful") }},
		{"and not at a victim", func() { click(t, p, `#f-constraints .chip button`) }},
		{"strike is a reactive sequence", func() { choose(t, p, "#f-kind", "reactive-sequence") }},
		{"wrap swing in a counter", func() {
			click(t, p, row("combat/strike/swing"))
			click(t, p, `.pal[data-role="decorator"][data-name="counter"]`)
		}},
		{"remove dash", func() { click(t, p, row("combat/strike/dash")); click(t, p, "#del") }},
		{"the root replans every tick", func() { click(t, p, row("combat")); typeInto(t, p, "#f-replan", "0s") }},
	}
	for _, s := range steps {
		s.do()
		checked(t, p)
	}
	want := `{"kind":"selector","name":"combat","replan":"0s","children":[` +
		`{"kind":"action","name":"rest 2","action":"wait","cosmetic":true,"takes":"500ms"},` +
		`{"kind":"reactive-sequence","name":"strike","minOutcome":"Harmful","constraints":["dash range"],"children":[` +
		`{"kind":"decorator","name":"counter","decorator":"counter","children":[{"kind":"action","name":"swing","action":"swing"}]}]},` +
		`{"kind":"action","name":"rest","action":"wait","cosmetic":true,"takes":"500ms"}]}`
	if got := browser.Value[string](t, p, `text()`); got != want {
		var g, w any
		json.Unmarshal([]byte(got), &g)
		json.Unmarshal([]byte(want), &w)
		t.Errorf("after the edits (-want +got):\n%s", cmp.Diff(w, g))
	}
	if n := browser.Value[string](t, p, `document.body.dataset.problems`); n != "0" {
		t.Errorf("%s problems: %s", n, browser.Value[string](t, p, `document.getElementById("problems").innerText`))
	}
	for range 40 {
		if browser.Value[bool](t, p, `document.getElementById("undo").disabled`) {
			break
		}
		click(t, p, "#undo")
	}
	checked(t, p)
	if got := browser.Value[string](t, p, `text()`); got != original {
		t.Errorf("undone, the tree is\n%s\nwant\n%s", got, original)
	}
	if b, _ := os.ReadFile(path); string(b) != start {
		t.Errorf("the file changed, unsaved:\n%s", b)
	}
	noErrors(t, p)
}
