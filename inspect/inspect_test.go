package inspect_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/scene"
)

// record writes a recording of the guard's first ticks with the given
// scenes, and returns it.
func record(t *testing.T, scenes ...*scene.Scene) []byte {
	t.Helper()
	tree, agent := guard()
	var out bytes.Buffer
	w, err := inspect.NewWriter(&out, inspect.Header{Title: "yard", Nodes: tree.Nodes()}, inspect.SceneEvery(0))
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(w)
	m := yard{Intruder: 3}
	if _, err := agent.Tick(&m, time.Second); err != nil {
		t.Fatal(err)
	}
	for _, s := range scenes {
		if err := w.Scene(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// lines decodes a recording's lines after the header.
func lines(t *testing.T, rec []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for i, line := range strings.Split(strings.TrimSuffix(string(rec), "\n"), "\n")[1:] {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d: %v: %s", i+2, err, line)
		}
		out = append(out, m)
	}
	return out
}

func TestSceneValidation(t *testing.T) {
	t.Parallel()
	many := make([]scene.Entity, scene.MaxEntities+1)
	for _, tt := range []struct {
		name  string
		scene scene.Scene
		want  string
	}{
		{"NaN position", scene.Scene{Entities: []scene.Entity{{Label: "a", X: math.NaN()}}}, `entity 0 ("a"): a number that is not finite (NaN)`},
		{"infinite heading", scene.Scene{Entities: []scene.Entity{{Heading: math.Inf(1)}}}, "not finite (+Inf)"},
		{"infinite health", scene.Scene{Entities: []scene.Entity{{MaxHealth: math.Inf(-1)}}}, "not finite (-Inf)"},
		{"negative radius", scene.Scene{Entities: []scene.Entity{{Radius: -1}}}, "a negative radius"},
		{"label not UTF-8", scene.Scene{Entities: []scene.Entity{{Label: "\xff"}}}, "not UTF-8"},
		{"long colour", scene.Scene{Entities: []scene.Entity{{Colour: strings.Repeat("#", 201)}}}, "201 bytes"},
		{"too many", scene.Scene{Entities: many}, "1001 entities"},
		{"shape kind", scene.Scene{Shapes: []scene.Shape{{Kind: 9}}}, "shape 0 (\"\"): unknown kind 9"},
		{"shape NaN", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Line, X2: math.NaN()}}}, "not finite"},
		{"negative time", scene.Scene{Time: -time.Second}, "a negative time"},
	} {
		tree, _ := guard()
		w, err := inspect.NewWriter(io.Discard, inspect.Header{Nodes: tree.Nodes()})
		if err != nil {
			t.Fatal(err)
		}
		err = w.Scene(&tt.scene)
		if err == nil || !strings.HasPrefix(err.Error(), "inspect: scene at ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error about %q", tt.name, err, tt.want)
		}
		if err := w.Scene(&scene.Scene{Time: time.Second}); err != nil { // the recording goes on
			t.Errorf("%s: a valid scene after it: %v", tt.name, err)
		}
	}
}

// Any scene that validates is written as a JSON line that reads back as
// the scene, rounded to three decimals.
func TestSceneRoundTrip(t *testing.T) {
	t.Parallel()
	rapid.Check(t, func(rt *rapid.T) {
		text := rapid.StringMatching(`[\x00-\x{10FFFF}]{0,12}`)
		coord := rapid.Float64Range(-1e6, 1e6)
		s := scene.Scene{Time: time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(rt, "t"))}
		for i := range rapid.IntRange(0, 4).Draw(rt, "entities") {
			_ = i
			s.Entities = append(s.Entities, scene.Entity{Label: text.Draw(rt, "label"), X: coord.Draw(rt, "x"), Y: coord.Draw(rt, "y"),
				Heading: rapid.Float64Range(-7, 7).Draw(rt, "heading"), Radius: rapid.Float64Range(0, 10).Draw(rt, "r"),
				Colour: text.Draw(rt, "colour"), Health: coord.Draw(rt, "hp"), MaxHealth: rapid.Float64Range(0, 1e4).Draw(rt, "maxhp")})
		}
		for i := range rapid.IntRange(0, 3).Draw(rt, "shapes") {
			_ = i
			s.Shapes = append(s.Shapes, scene.Shape{Kind: rapid.SampledFrom([]scene.ShapeKind{scene.Circle, scene.Line}).Draw(rt, "kind"),
				X: coord.Draw(rt, "x"), Y: coord.Draw(rt, "y"), X2: coord.Draw(rt, "x2"), Y2: coord.Draw(rt, "y2"), R: rapid.Float64Range(0, 100).Draw(rt, "r"),
				Colour: text.Draw(rt, "colour"), Label: text.Draw(rt, "label")})
		}
		got := lines(t, record(t, &s))
		read := got[len(got)-1]
		want := map[string]any{"kind": "scene", "t": round(s.Time.Seconds()), "entities": []any{}, "shapes": []any{}}
		for _, e := range s.Entities {
			m := map[string]any{"label": e.Label, "x": round(e.X), "y": round(e.Y), "heading": round(e.Heading), "r": round(e.Radius), "colour": e.Colour}
			if e.MaxHealth > 0 {
				m["hp"], m["maxhp"] = round(e.Health), round(e.MaxHealth)
			}
			want["entities"] = append(want["entities"].([]any), m)
		}
		for _, sh := range s.Shapes {
			m := map[string]any{"x": round(sh.X), "y": round(sh.Y), "colour": sh.Colour}
			if sh.Kind == scene.Circle {
				m["shape"], m["r"] = "circle", round(sh.R)
			} else {
				m["shape"], m["x2"], m["y2"] = "line", round(sh.X2), round(sh.Y2)
			}
			if sh.Label != "" {
				m["label"] = sh.Label
			}
			want["shapes"] = append(want["shapes"].([]any), m)
		}
		if diff := cmp.Diff(want, read, cmpopts.EquateApprox(0, 1e-9)); diff != "" {
			rt.Fatalf("the scene read back (-want +got):\n%s", diff)
		}
	})
}

func round(x float64) float64 { return math.Round(x*1000) / 1000 }

// FuzzScene: whatever a game puts in a scene, the Writer either refuses
// it with an error or writes a line of valid JSON that keeps the text.
func FuzzScene(f *testing.F) {
	f.Add("droid 3", "#8c8c8c", 1.5, -2.25, 0.5, uint8(scene.Circle), "")
	f.Add("</script><b>\"x\"\\", "\x00\x1f\u2028", 1e300, -1e-300, 0.0, uint8(scene.Rect), "</script>")
	f.Add("\xff", "", math.NaN(), math.Inf(1), -1.0, uint8(scene.Cell), "\xfe")
	f.Fuzz(func(t *testing.T, label, colour string, x, y, r float64, kind uint8, fill string) {
		tree, _ := guard()
		var out bytes.Buffer
		w, err := inspect.NewWriter(&out, inspect.Header{Nodes: tree.Nodes()})
		if err != nil {
			t.Fatal(err)
		}
		out.Reset()
		s := scene.Scene{Entities: []scene.Entity{{Label: label, Colour: colour, X: x, Y: y, Radius: r}},
			Shapes: []scene.Shape{{Kind: scene.ShapeKind(kind), X: x, Y: y, X2: y, Y2: x, R: r, Label: label, Fill: fill}}}
		if err := w.Scene(&s); err != nil {
			if out.Len() > 0 {
				t.Fatalf("a refused scene was written: %s", out.String())
			}
			return
		}
		if !utf8.ValidString(label) || !utf8.ValidString(fill) || math.IsNaN(x) || r < 0 || kind < 1 || kind > 4 {
			t.Fatalf("accepted a scene that cannot be drawn: %q %q %v %v %d", label, fill, x, r, kind)
		}
		var got struct {
			Entities []struct{ Label, Colour string }
			Shapes   []struct{ Label, Fill string }
		}
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatalf("not JSON: %v: %s", err, out.String())
		}
		if len(got.Entities) != 1 || got.Entities[0].Label != label || got.Entities[0].Colour != colour ||
			len(got.Shapes) != 1 || got.Shapes[0].Label != label || got.Shapes[0].Fill != fill {
			t.Fatalf("the text changed: %+v", got)
		}
	})
}

func TestSceneEvery(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		every time.Duration
		want  []float64
	}{
		{0, []float64{0, 0.016, 0.032, 0.048, 0.064, 0.08, 0.096, 0.112, 0.128, 0, 0.016}},
		{50 * time.Millisecond, []float64{0, 0.064, 0.128, 0}}, // a clock that goes back starts over
		{time.Hour, []float64{0}},
	} {
		tree, _ := guard()
		var out bytes.Buffer
		w, err := inspect.NewWriter(&out, inspect.Header{Nodes: tree.Nodes()}, inspect.SceneEvery(tt.every))
		if err != nil {
			t.Fatal(err)
		}
		for i := range 9 {
			w.Scene(&scene.Scene{Time: time.Duration(i) * 16 * time.Millisecond})
		}
		w.Scene(&scene.Scene{})
		w.Scene(&scene.Scene{Time: 16 * time.Millisecond})
		var got []float64
		for _, l := range lines(t, out.Bytes()) {
			got = append(got, l["t"].(float64))
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("SceneEvery(%v) kept (-want +got):\n%s", tt.every, diff)
		}
	}
}

func TestHeaderErrors(t *testing.T) {
	t.Parallel()
	if _, err := inspect.NewWriter(io.Discard, inspect.Header{}); err == nil || !strings.Contains(err.Error(), "no nodes") {
		t.Errorf("NewWriter with no nodes: %v", err)
	}
	var half strings.Builder
	if _, err := inspect.NewPage(&half, inspect.Header{}); err == nil || half.Len() != 0 {
		t.Errorf("NewPage with no nodes: %v, and %d bytes of page written", err, half.Len())
	}
	if _, err := inspect.NewLive(inspect.Header{}); err == nil {
		t.Error("NewLive with no nodes: no error")
	}
	tree, _ := guard()
	h := inspect.Header{Nodes: tree.Nodes()}
	if _, err := inspect.NewWriter(nil, h); err == nil || !strings.Contains(err.Error(), "nil writer") {
		t.Errorf("NewWriter(nil): %v", err)
	}
	if _, err := inspect.NewPage(nil, h); err == nil || !strings.Contains(err.Error(), "nil writer") {
		t.Errorf("NewPage(nil): %v", err)
	}
	if err := inspect.WritePage(nil, nil); err == nil {
		t.Error("WritePage(nil, nil): no error")
	}
	w, _ := inspect.NewWriter(io.Discard, h)
	w.Trace(nil)
	if err := w.Scene(nil); err == nil || !strings.Contains(err.Error(), "nil scene") {
		t.Errorf("Writer.Scene(nil): %v", err)
	}
	live, _ := inspect.NewLive(h)
	live.Trace(nil)
	live.Attach(nil)
	if err := live.Scene(nil); err == nil || !strings.Contains(err.Error(), "nil scene") {
		t.Errorf("Live.Scene(nil): %v", err)
	}
}

// embedded returns the recording a page embeds.
func embedded(t *testing.T, page []byte) []byte {
	t.Helper()
	rec, err := inspect.ReadPage(page)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestWritePage(t *testing.T) {
	t.Parallel()
	rec := record(t, &scene.Scene{Time: time.Second, Entities: []scene.Entity{{Label: "</script>"}}})
	var page bytes.Buffer
	if err := inspect.WritePage(&page, bytes.NewReader(rec)); err != nil {
		t.Fatal(err)
	}
	if got := embedded(t, page.Bytes()); !bytes.Equal(got, rec) {
		t.Errorf("the page embeds\n%s\nwant\n%s", got, rec)
	}
	if _, err := inspect.ReadPage([]byte("<html></html>")); err == nil || !strings.Contains(err.Error(), "not a replay page") {
		t.Errorf("ReadPage of another page: %v", err)
	}
	if bytes.Count(page.Bytes(), []byte("</script>")) != 2 {
		t.Error("the recording's text leaked into the page's markup")
	}
	// The same run written straight to a page gives the same page, byte
	// for byte.
	tree, agent := guard()
	var direct bytes.Buffer
	w, err := inspect.NewPage(&direct, inspect.Header{Title: "yard", Nodes: tree.Nodes()}, inspect.SceneEvery(0))
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(w)
	m := yard{Intruder: 3}
	agent.Tick(&m, time.Second)
	w.Scene(&scene.Scene{Time: time.Second, Entities: []scene.Entity{{Label: "</script>"}}})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(direct.Bytes(), page.Bytes()) {
		t.Error("NewPage and WritePage of the same run differ")
	}

	for _, tt := range []struct{ in, want string }{
		{"", "not a recording"},
		{"hello\n", "not a recording"},
		{`{"format":"other","version":1}` + "\n", "not a recording"},
		{`{"format":"foresight-inspect","version":4}` + "\n", "version 4: this package reads versions 1 to 3"},
		{`{"format":"foresight-inspect","version":0}` + "\n", "version 0"},
	} {
		if err := inspect.WritePage(io.Discard, strings.NewReader(tt.in)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("WritePage(%q): %v, want an error about %q", tt.in, err, tt.want)
		}
	}
}

// failAfter accepts n bytes, then fails.
type failAfter struct{ n int }

var errDisk = errors.New("disk full")

func (w *failAfter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errDisk
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteErrors(t *testing.T) {
	t.Parallel()
	full := record(t, &scene.Scene{Time: time.Second})
	for _, n := range []int{0, 10, len(full) - 1} {
		tree, agent := guard()
		w, err := inspect.NewWriter(&failAfter{n: n}, inspect.Header{Title: "yard", Nodes: tree.Nodes()}, inspect.SceneEvery(0))
		if err != nil {
			t.Fatal(err)
		}
		agent.SetTracer(w)
		m := yard{Intruder: 3}
		agent.Tick(&m, time.Second)
		w.Scene(&scene.Scene{Time: time.Second})
		if err := w.Close(); !errors.Is(err, errDisk) {
			t.Errorf("failing after %d bytes: Close returned %v", n, err)
		}
	}
	tree, _ := guard()
	w, err := inspect.NewPage(&failAfter{n: 100}, inspect.Header{Nodes: tree.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); !errors.Is(err, errDisk) {
		t.Errorf("a page on a full disk: Close returned %v", err)
	}
}

// watch connects to a Live's stream and returns its lines as they come.
func watch(t *testing.T, srv *httptest.Server) (<-chan string, func()) {
	t.Helper()
	resp, err := http.Get(srv.URL + "/events")
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("GET /events: %s, %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	out := make(chan string, 1<<16)
	go func() {
		defer close(out)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			out <- sc.Text()
		}
	}()
	return out, func() { resp.Body.Close() }
}

// next returns the next line that satisfies ok, failing after 10 s.
func next(t *testing.T, lines <-chan string, ok func(string) bool) string {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case l, open := <-lines:
			if !open {
				t.Fatal("the stream ended")
			}
			if ok(l) {
				return l
			}
		case <-timeout:
			t.Fatal("no such line within 10s")
		}
	}
}

func waitWatched(t *testing.T, live *inspect.Live, want bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); live.Watched() != want; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("Watched stayed %v", !want)
		}
	}
}

func TestLiveStream(t *testing.T) {
	tree, agent := guard()
	live, err := inspect.NewLive(inspect.Header{Title: "yard", Nodes: tree.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	live.Attach(agent)
	srv := httptest.NewServer(live)
	defer srv.Close()
	defer srv.CloseClientConnections()

	if resp, err := http.Get(srv.URL + "/"); err != nil || resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /: %v %v", resp, err)
	}
	lines, stop := watch(t, srv)
	defer stop()
	next(t, lines, func(l string) bool { return l == "event: header" })
	if h := next(t, lines, func(string) bool { return true }); !strings.Contains(h, `"format":"foresight-inspect"`) {
		t.Errorf("the header's data: %s", h)
	}
	next(t, lines, func(l string) bool { return l == "event: state" })
	waitWatched(t, live, true)

	m := yard{Intruder: 3}
	if !live.Proceed() {
		t.Fatal("not paused, yet Proceed says no")
	}
	agent.Tick(&m, time.Second)
	live.Scene(&scene.Scene{Time: time.Second, Entities: []scene.Entity{{Label: "guard"}}})
	d := next(t, lines, func(l string) bool { return strings.Contains(l, `"kind":"decision"`) })
	if !strings.HasPrefix(d, "data: ") || !strings.Contains(d, `"chosen":"chase"`) {
		t.Errorf("the decision's line: %s", d)
	}
	next(t, lines, func(l string) bool { return strings.HasPrefix(l, `data: {"kind":"scene","t":1,`) })

	stop()
	waitWatched(t, live, false)
	live.Proceed() // switches the agent's tracing off
	allocs := testing.AllocsPerRun(100, func() {
		live.Proceed()
		agent.Tick(&m, time.Second)
		live.Scene(&scene.Scene{Time: time.Second})
		live.Flush()
	})
	if allocs != 0 {
		t.Errorf("unwatched, a frame allocates %v times", allocs)
	}
}

func post(t *testing.T, srv *httptest.Server, ctype, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(srv.URL+"/control", ctype, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// serve serves a Live of the guard's tree, until the test ends.
func serve(t *testing.T) (*inspect.Live, *httptest.Server) {
	t.Helper()
	tree, _ := guard()
	live, err := inspect.NewLive(inspect.Header{Nodes: tree.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(live)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	return live, srv
}

func TestLiveControl(t *testing.T) {
	t.Parallel()
	live, srv := serve(t)

	for _, tt := range []struct {
		ctype, body string
		code        int
	}{
		{"text/plain", `{"do":"pause"}`, http.StatusUnsupportedMediaType},
		{"application/x-www-form-urlencoded", `do=pause`, http.StatusUnsupportedMediaType},
		{"application/json", `{"do":`, http.StatusBadRequest},
		{"application/json", `{"do":"explode"}`, http.StatusBadRequest},
		{"application/json", `{"do":"pause"}` + strings.Repeat(" ", 2000), http.StatusOK},
	} {
		if code, body := post(t, srv, tt.ctype, tt.body); code != tt.code {
			t.Errorf("%s %.30q: %d %s, want %d", tt.ctype, tt.body, code, body, tt.code)
		}
	}
	if resp, err := http.Get(srv.URL + "/control"); err != nil || resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /control: %v %v", resp.StatusCode, err)
	}

	// Paused with no one watching, the game goes on.
	if !live.Proceed() {
		t.Error("paused with no watcher, the game stops")
	}
	lines, stop := watch(t, srv)
	waitWatched(t, live, true)
	post(t, srv, "application/json", `{"do":"pause"}`)
	next(t, lines, func(l string) bool { return l == `data: {"paused":true}` })
	if first, second := live.Proceed(), live.Proceed(); first || second {
		t.Errorf("paused, Proceed says go: %v, %v", first, second)
	}
	post(t, srv, "application/json", `{"do":"step"}`)
	post(t, srv, "application/json", `{"do":"step"}`)
	if got := []bool{live.Proceed(), live.Proceed(), live.Proceed()}; !cmp.Equal(got, []bool{true, true, false}) {
		t.Errorf("two steps: Proceed gave %v", got)
	}
	if code, body := post(t, srv, "application/json", `{"do":"resume"}`); code != 200 || body != `{"paused":false}`+"\n" {
		t.Errorf("resume: %d %q", code, body)
	}
	if !live.Proceed() {
		t.Error("resumed, Proceed says stop")
	}
	post(t, srv, "application/json", `{"do":"pause"}`)
	stop() // the last watcher leaves a paused game
	waitWatched(t, live, false)
	if !live.Proceed() {
		t.Error("the last watcher left, and the game stays paused")
	}
}

// A watcher that stops reading misses frames; the game never waits.
func TestLiveSlowWatcher(t *testing.T) {
	t.Parallel()
	live, srv := serve(t)
	resp, err := http.Get(srv.URL + "/events") // and never read
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	waitWatched(t, live, true)
	e := &bt.Event{Kind: bt.EventBegin, Path: strings.Repeat("x", 1000)}
	done := make(chan struct{})
	go func() {
		for i := range 20000 {
			e.Tick = uint64(i)
			live.Trace(e)
			live.Flush()
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the game waited for a browser that does not read")
	}
	// Now read: the stream says how many frames were missed.
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	live.Trace(e)
	live.Flush()
	for sc.Scan() {
		if sc.Text() == "event: missed" {
			return
		}
	}
	t.Error("the stream never said frames were missed")
}

// A planner's report with a cost that is not a finite number is recorded,
// and so is everything after it, by a Writer and by a Live. (It stopped
// both for good: a recording's events, Err and Close nil; every watcher's
// stream.)
func TestNonFiniteCost(t *testing.T) {
	t.Parallel()
	nodes := []bt.NodeInfo{{Path: "troll", Name: "troll", Kind: bt.KindComposite}}
	bad := &bt.Event{Kind: bt.EventPlan, Tick: 1, Path: "troll", Plan: &decide.Report{Change: decide.Made, Plan: decide.Plan{Goal: "g", Cost: math.Inf(1)}}}
	after := &bt.Event{Kind: bt.EventBegin, Tick: 2, Path: "troll"}

	var out bytes.Buffer
	w, err := inspect.NewWriter(&out, inspect.Header{Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	w.Trace(bad)
	w.Trace(after)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	got := lines(t, out.Bytes())
	if len(got) != 2 || got[0]["plan"].(map[string]any)["cost"] != "+Inf" || got[1]["kind"] != "begin" {
		t.Errorf("the recording's events: %v", got)
	}

	live, err := inspect.NewLive(inspect.Header{Nodes: nodes})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(live)
	defer srv.Close()
	defer srv.CloseClientConnections()
	stream, stop := watch(t, srv)
	defer stop()
	waitWatched(t, live, true)
	live.Trace(bad)
	live.Flush()
	live.Trace(after)
	live.Flush()
	next(t, stream, func(l string) bool { return strings.Contains(l, `"cost":"+Inf"`) })
	next(t, stream, func(l string) bool { return strings.Contains(l, `"kind":"begin"`) })
}

// URL gives the address a browser opens for a listener's address: a
// listener on every interface is reached at localhost, an IPv6 zone is
// escaped as a URL needs.
func TestURL(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ addr, want string }{
		{"127.0.0.1:8080", "http://127.0.0.1:8080/"},
		{"0.0.0.0:8080", "http://localhost:8080/"},
		{"[::]:8080", "http://localhost:8080/"},
		{"[::1]:8080", "http://[::1]:8080/"},
		{"[fe80::1%eth0]:8080", "http://[fe80::1%25eth0]:8080/"},
		{"192.168.1.5:80", "http://192.168.1.5:80/"},
	} {
		addr, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := inspect.URL(addr); got != tt.want {
			t.Errorf("URL(%s) = %s, want %s", tt.addr, got, tt.want)
		}
		if _, err := url.Parse(inspect.URL(addr)); err != nil {
			t.Errorf("URL(%s) is not a URL: %v", tt.addr, err)
		}
	}
}

// A Live answers only requests for the names it serves, loopback names
// and IP addresses unless AllowHosts adds more, and refuses a request
// that another site's page sends (its Origin): a page of another site
// cannot, by DNS rebinding, pause or step the game or read its events.
func TestLiveRefusesOtherSites(t *testing.T) {
	t.Parallel()
	tree, _ := guard()
	for _, tt := range []struct {
		name         string
		allow        []string
		method, path string
		host, origin string
		want         int
	}{
		{"events for another name", nil, "GET", "/events", "evil.example:8080", "", http.StatusForbidden},
		{"control for another name", nil, "POST", "/control", "evil.example", "", http.StatusForbidden},
		{"the page for another name", nil, "GET", "/", "rebind.evil.example:80", "", http.StatusForbidden},
		{"control from another site", nil, "POST", "/control", "localhost:8080", "http://evil.example", http.StatusForbidden},
		{"events from another site", nil, "GET", "/events", "127.0.0.1:8080", "http://evil.example:8080", http.StatusForbidden},
		{"control from another port", nil, "POST", "/control", "localhost:8080", "http://localhost:9090", http.StatusForbidden},
		{"control from a sandboxed page", nil, "POST", "/control", "localhost:8080", "null", http.StatusForbidden},
		{"control from the page", nil, "POST", "/control", "localhost:8080", "http://localhost:8080", http.StatusOK},
		{"control without an origin", nil, "POST", "/control", "localhost:8080", "", http.StatusOK},
		{"localhost", nil, "POST", "/control", "LocalHost.:8080", "", http.StatusOK},
		{"a name under localhost", nil, "POST", "/control", "game.localhost:8080", "", http.StatusOK},
		{"IPv4", nil, "POST", "/control", "127.0.0.1:8080", "", http.StatusOK},
		{"IPv6", nil, "POST", "/control", "[::1]:8080", "http://[::1]:8080", http.StatusOK},
		{"an address of the machine", nil, "POST", "/control", "192.168.1.5", "", http.StatusOK},
		{"an allowed name", []string{"Game.Example"}, "POST", "/control", "game.example:8080", "http://game.example:8080", http.StatusOK},
		{"an allowed name's events", []string{"game.example"}, "GET", "/events", "game.example", "", http.StatusOK},
		{"a name not allowed", []string{"game.example"}, "POST", "/control", "other.example:8080", "", http.StatusForbidden},
	} {
		t.Run(tt.name, func(t *testing.T) {
			live, err := inspect.NewLive(inspect.Header{Nodes: tree.Nodes()}, inspect.AllowHosts(tt.allow...))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			r := httptest.NewRequestWithContext(ctx, tt.method, tt.path, strings.NewReader(`{"do":"pause"}`))
			r.Host = tt.host
			r.Header.Set("Content-Type", "application/json")
			if tt.origin != "" {
				r.Header.Set("Origin", tt.origin)
			}
			w := httptest.NewRecorder()
			if tt.path == "/events" {
				cancel() // the stream ends at once if it starts
			}
			live.ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Errorf("%s %s, Host %s, Origin %q: %d %s, want %d", tt.method, tt.path, tt.host, tt.origin, w.Code, w.Body, tt.want)
			}
			if w.Code == http.StatusForbidden && !strings.Contains(w.Body.String(), "inspect.AllowHosts") && tt.origin == "" {
				t.Errorf("the refusal does not say how to allow a name: %s", w.Body)
			}
		})
	}
}

// A watcher that stops reading holds a bounded number of bytes of
// frames, whatever their size, not a number of frames: it misses the
// rest, and is told how many when it reads again. (It held 256 frames:
// two stalled watchers of a busy game held 210 MB.)
func TestLiveStalledWatcherBoundedInBytes(t *testing.T) {
	t.Parallel()
	tree, _ := guard()
	live, err := inspect.NewLive(inspect.Header{Nodes: tree.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &stalled{release: make(chan struct{}), header: http.Header{}}
	served := make(chan struct{})
	go func() {
		defer close(served)
		r := httptest.NewRequestWithContext(ctx, "GET", "/events", nil)
		r.Host = "localhost"
		live.ServeHTTP(w, r)
	}()
	waitWatched(t, live, true)

	const frames, size = 100, 1 << 20
	big := &bt.Event{Kind: bt.EventBegin, Path: strings.Repeat("x", size)}
	for i := range frames {
		big.Tick = uint64(i)
		live.Trace(big)
		live.Flush()
	}
	close(w.release) // it reads again
	live.Trace(&bt.Event{Kind: bt.EventBegin, Tick: frames, Path: "last"})
	live.Flush()
	for !strings.Contains(w.text(), `"path":"last"`) {
		time.Sleep(time.Millisecond)
	}
	cancel()
	<-served

	got, missed := 0, 0
	for _, line := range strings.Split(w.text(), "\n") {
		if strings.HasPrefix(line, `data: {"tick":`) && len(line) > size {
			got++
		}
		if n, ok := strings.CutPrefix(line, "data: "); ok && missed == -1 {
			missed, _ = strconv.Atoi(n)
		}
		if line == "event: missed" {
			missed = -1
		}
	}
	if got*size > 10<<20 {
		t.Errorf("the stalled watcher was sent %d frames of %d bytes after it read again", got, size)
	}
	if got+missed != frames {
		t.Errorf("%d frames sent and %d missed, of %d", got, missed, frames)
	}
}

// stalled is a ResponseWriter whose writes wait until release is closed.
type stalled struct {
	release chan struct{}
	header  http.Header
	mu      sync.Mutex
	out     bytes.Buffer
}

func (s *stalled) Header() http.Header { return s.header }
func (s *stalled) WriteHeader(int)     {}
func (s *stalled) Flush()              {}
func (s *stalled) Write(p []byte) (int, error) {
	<-s.release
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Write(p)
}
func (s *stalled) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// chain describes a chain of nodes n deep, as Tree.Nodes would, with the
// paths sharing one string.
func chain(n int) []bt.NodeInfo {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprint("n", i)
	}
	full := strings.Join(names, "/")
	nodes := make([]bt.NodeInfo, n)
	end := 0
	for i, name := range names {
		end += len(name)
		nodes[i] = bt.NodeInfo{Path: full[:end], Name: name, Kind: bt.KindSequence, Depth: i, Children: 1}
		if i > 0 {
			nodes[i].Parent = nodes[i-1].Path
		}
		end++ // the slash
	}
	nodes[n-1].Kind, nodes[n-1].Children = bt.KindAction, 0
	return nodes
}

// The header describes each node in proportion to the node, not to its
// depth: a node names its parent by its place in the list, not by its
// path. (A chain 4,000 deep made a header of 31 MB.)
func TestHeaderInProportion(t *testing.T) {
	t.Parallel()
	const n = 4000
	var out bytes.Buffer
	if _, err := inspect.NewWriter(&out, inspect.Header{Title: "deep", Nodes: chain(n)}); err != nil {
		t.Fatal(err)
	}
	if per := out.Len() / n; per > 100 {
		t.Errorf("a header of %d nodes is %d bytes, %d a node", n, out.Len(), per)
	}
	var h struct {
		Version int
		Nodes   []struct {
			Name   string
			Parent int
		}
	}
	if err := json.Unmarshal(out.Bytes(), &h); err != nil {
		t.Fatal(err)
	}
	if h.Version != inspect.Version || len(h.Nodes) != n || h.Nodes[0].Parent != -1 || h.Nodes[n-1].Parent != n-2 || h.Nodes[n-1].Name != fmt.Sprint("n", n-1) {
		t.Errorf("header: version %d, %d nodes, root's parent %d, last %+v", h.Version, len(h.Nodes), h.Nodes[0].Parent, h.Nodes[len(h.Nodes)-1])
	}
}

// A game that reloads its tree tells its Live: the events traced before
// go first, then every page watching starts afresh with the new tree, and
// a page that joins later gets the new tree from the start.
func TestLiveSetHeader(t *testing.T) {
	t.Parallel()
	tree, agent := guard()
	live, err := inspect.NewLive(inspect.Header{Title: "before", Nodes: tree.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(live)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	lines, stop := watch(t, srv)
	defer stop()
	next(t, lines, func(l string) bool { return strings.Contains(l, `"title":"before"`) })
	waitWatched(t, live, true)
	live.Attach(agent)
	live.Proceed()
	m := yard{Intruder: 3}
	agent.Tick(&m, time.Second) // traced, not yet sent
	if err := live.SetHeader(inspect.Header{}); err == nil {
		t.Error("SetHeader took a header with no nodes")
	}
	if err := live.SetHeader(inspect.Header{Title: "after", Nodes: tree.Nodes()}); err != nil {
		t.Fatal(err)
	}
	next(t, lines, func(l string) bool { return strings.Contains(l, `"kind":"decision"`) })
	next(t, lines, func(l string) bool { return l == "event: header" })
	if h := next(t, lines, func(string) bool { return true }); !strings.Contains(h, `"title":"after"`) {
		t.Errorf("the new header: %s", h)
	}
	later, stopLater := watch(t, srv)
	defer stopLater()
	next(t, later, func(l string) bool { return l == "event: header" })
	if h := next(t, later, func(string) bool { return true }); !strings.Contains(h, `"title":"after"`) {
		t.Errorf("a page that joins later gets the header %s", h)
	}
}

// A page that fell so far behind that a new tree's header found no room
// in its queue still gets it, before the next frame it reads.
func TestLiveSetHeaderToStalledWatcher(t *testing.T) {
	t.Parallel()
	live, srv := serve(t)
	resp, err := http.Get(srv.URL + "/events") // not read until the queue is full
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	waitWatched(t, live, true)
	e := &bt.Event{Kind: bt.EventBegin, Path: strings.Repeat("x", 1000)}
	for i := range 20000 {
		e.Tick = uint64(i)
		live.Trace(e)
		live.Flush()
	}
	tree, _ := guard()
	if err := live.SetHeader(inspect.Header{Title: "reloaded", Nodes: tree.Nodes()}); err != nil {
		t.Fatal(err)
	}
	got := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if strings.Contains(sc.Text(), `"title":"reloaded"`) {
				got <- true
				return
			}
		}
		got <- false
	}()
	select {
	case ok := <-got:
		if !ok {
			t.Error("the stream ended without the new header")
		}
	case <-time.After(30 * time.Second):
		t.Error("the stream did not send the new header within 30 s")
	}
}
