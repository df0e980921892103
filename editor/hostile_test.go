package editor_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// A save keeps a catalogue action node's explicit "takes": "0s", which
// is not the same node as one without it. (The save wrote the file
// without it, 200 OK.)
func TestSaveKeepsAnExplicitZeroTakes(t *testing.T) {
	t.Parallel()
	var b catalogue.Builder[mem]
	b.Action("chop", treetest.Act(&treetest.Recorder{}, "chop", treetest.HitFoe(1)))
	cat, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	text := `{"kind": "sequence", "name": "s", "children": [
  {"kind": "action", "name": "chop", "action": "chop", "takes": "0s"}
]}
`
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte(text), 0o640); err != nil {
		t.Fatal(err)
	}
	ed, err := editor.New(path, &btjson.Registry[mem]{Catalogue: cat}, bt.Config[mem]{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ed)
	t.Cleanup(srv.Close)
	e := edittest.Dial(t, srv.URL+"/")
	a := e.Save(t, text, e.File(t).Version)
	if a.Status != http.StatusOK {
		t.Fatalf("save: %+v", a)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), `"takes": "0s"`) {
		t.Errorf("the file saved lost its takes:\n%s", b)
	}
}

// Every response of an editor, and of the live view it serves, forbids
// framing it, so that no page of another site can show it under a decoy
// that lets a click through (clickjacking): the page, the file, the
// schema, a check, a save, an unknown path, a wrong method, a refusal.
// (The editor's page and the live view sent neither header.)
func TestEditorForbidsFraming(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte(tree), 0o640); err != nil {
		t.Fatal(err)
	}
	tr, err := registry().Build(cfg, []byte(tree))
	if err != nil {
		t.Fatal(err)
	}
	live, err := inspect.NewLive(inspect.Header{Nodes: tr.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	ed, err := editor.New(path, registry(), cfg, editor.Live(live))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ed)
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	version := edittest.Dial(t, srv.URL+"/").File(t).Version
	change := func(text, base string) string {
		b, _ := json.Marshal(map[string]string{"text": text, "base": base})
		return string(b)
	}
	browser.ForbidsFraming(t, srv.URL, []browser.Request{
		{Name: "the page", Method: "GET", Path: "/", Want: 200},
		{Name: "the file", Method: "GET", Path: "/file", Want: 200},
		{Name: "the schema", Method: "GET", Path: "/schema", Want: 200},
		{Name: "a check", Method: "POST", Path: "/check", ContentType: "application/json", Body: change(tree, ""), Want: 200},
		{Name: "a stale save", Method: "POST", Path: "/save", ContentType: "application/json", Body: change(tree, "0123"), Want: 409},
		{Name: "a save", Method: "POST", Path: "/save", ContentType: "application/json", Body: change(tree, version), Want: 200},
		{Name: "a bad change", Method: "POST", Path: "/check", ContentType: "application/json", Body: "{", Want: 400},
		{Name: "an unknown path", Method: "GET", Path: "/nothing", Want: 404},
		{Name: "a wrong method", Method: "DELETE", Path: "/save", Want: 405},
		{Name: "another name", Method: "GET", Path: "/", Host: "evil.example", Want: 403},
		{Name: "another site's page", Method: "POST", Path: "/save", Origin: "http://evil.example", ContentType: "application/json", Body: change(tree, version), Want: 403},
		{Name: "the live view", Method: "GET", Path: "/live/", Want: 200},
		{Name: "the live stream", Method: "GET", Path: "/live/events", Want: 200},
		{Name: "a live command", Method: "POST", Path: "/live/control", ContentType: "application/json", Body: `{"do":"resume"}`, Want: 200},
	})
}

// A page of another site that frames the editor, or the live view it
// serves, shows the browser's error page in the frame, not them.
func TestFramingPageCannotShowTheEditorInBrowser(t *testing.T) {
	t.Parallel()
	path := writeTree(t, tree)
	tr, err := registry().Build(cfg, []byte(tree))
	if err != nil {
		t.Fatal(err)
	}
	live, err := inspect.NewLive(inspect.Header{Nodes: tr.Nodes()})
	if err != nil {
		t.Fatal(err)
	}
	base := serveEditor(t, path, registry(), cfg, live)
	p := page(t)
	for _, u := range []string{base, base + "live/"} {
		if browser.Framed(t, p, u) {
			t.Errorf("another site's page shows %s in a frame", u)
		}
	}
}
