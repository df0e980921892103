package editor_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
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

// unframable reports whether the headers h of a response forbid every
// page to frame it, in the words of old browsers and new ones.
func unframable(h http.Header) bool {
	return h.Get("X-Frame-Options") == "DENY" && slices.Contains(h.Values("Content-Security-Policy"), "frame-ancestors 'none'")
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
	for _, tt := range []struct {
		name, method, path, host, origin, ctype, body string
		want                                          int
	}{
		{"the page", "GET", "/", "", "", "", "", 200},
		{"the file", "GET", "/file", "", "", "", "", 200},
		{"the schema", "GET", "/schema", "", "", "", "", 200},
		{"a check", "POST", "/check", "", "", "application/json", change(tree, ""), 200},
		{"a stale save", "POST", "/save", "", "", "application/json", change(tree, "0123"), 409},
		{"a save", "POST", "/save", "", "", "application/json", change(tree, version), 200},
		{"a bad change", "POST", "/check", "", "", "application/json", "{", 400},
		{"an unknown path", "GET", "/nothing", "", "", "", "", 404},
		{"a wrong method", "DELETE", "/save", "", "", "", "", 405},
		{"another name", "GET", "/", "evil.example", "", "", "", 403},
		{"another site's page", "POST", "/save", "", "http://evil.example", "application/json", change(tree, version), 403},
		{"the live view", "GET", "/live/", "", "", "", "", 200},
		{"the live stream", "GET", "/live/events", "", "", "", "", 200},
		{"a live command", "POST", "/live/control", "", "", "application/json", `{"do":"resume"}`, 200},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, tt.method, srv.URL+tt.path, strings.NewReader(tt.body))
		if tt.host != "" {
			req.Host = tt.host
		}
		if tt.origin != "" {
			req.Header.Set("Origin", tt.origin)
		}
		if tt.ctype != "" {
			req.Header.Set("Content-Type", tt.ctype)
		}
		resp, err := http.DefaultClient.Do(req) // the stream's headers come at once; its body never ends
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		cancel()
		if resp.StatusCode != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, resp.StatusCode, tt.want)
		}
		if !unframable(resp.Header) {
			t.Errorf("%s: may be framed: X-Frame-Options %q, Content-Security-Policy %q",
				tt.name, resp.Header.Get("X-Frame-Options"), resp.Header.Values("Content-Security-Policy"))
		}
	}
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
