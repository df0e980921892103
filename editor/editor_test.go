package editor_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

type mem = treetest.Mem

// registry names a few values of the shared test memory.
func registry() *btjson.Registry[mem] {
	rec := &treetest.Recorder{}
	return &btjson.Registry[mem]{
		Actions: map[string]bt.Action[mem]{"chase": treetest.Act(rec, "chase", treetest.HitFoe(1)),
			"rest": treetest.Act(rec, "rest", treetest.Shine)},
		Conditions:  map[string]func(*mem) bool{"hp even": func(m *mem) bool { return m.HP%2 == 0 }},
		Constraints: map[string]bt.Constraint[mem]{"in sight": constraints.Func("in sight", func(m *mem) bool { return m.Foe > 0 })},
	}
}

var cfg = bt.Config[mem]{Heuristic: treetest.Goal}

const tree = `{"$schema": "tree.schema.json", "kind": "selector", "name": "root", "children": [
  {"kind": "action", "name": "chase", "action": "chase", "constraints": ["in sight"]}
]}
`

// serve serves an Editor of a tree file holding text, until the test
// ends, and returns it as its page reaches it, and the file's path.
func serve(t *testing.T, text string) (*edittest.Editor, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte(text), 0o640); err != nil {
		t.Fatal(err)
	}
	ed, err := editor.New(path, registry(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ed)
	t.Cleanup(srv.Close)
	return edittest.Dial(t, srv.URL+"/"), path
}

func TestNewRefuses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tt := range []struct {
		name, path string
		reg        *btjson.Registry[mem]
		want       string
	}{
		{"no registry", filepath.Join(dir, "x.json"), nil, "a nil registry"},
		{"no file", filepath.Join(dir, "missing.json"), registry(), "no such file"},
		{"a directory", dir, registry(), "not a regular file"},
		{"a broken registry", filepath.Join(dir, "x.json"), &btjson.Registry[mem]{Actions: map[string]bt.Action[mem]{"": nil}}, "empty name"},
	} {
		if _, err := editor.New(tt.path, tt.reg, cfg); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// A registry whose Limits.Bytes is as large as an int holds sets no limit
// on the editor either: the editor's own, for a file's text escaped in a
// request, saturates where it wrapped around to 4,090 bytes, so that it
// would neither open nor check a tree of 5.6 KB.
func TestLimitOfMaxInt(t *testing.T) {
	t.Parallel()
	var kids []string
	for i := range 62 {
		kids = append(kids, fmt.Sprintf(`  {"kind": "action", "name": "chase %02d", "action": "chase", "constraints": ["in sight"]}`, i))
	}
	text := `{"kind": "selector", "name": "root", "children": [` + "\n" + strings.Join(kids, ",\n") + "\n]}\n"
	if len(text) < 5600 {
		t.Fatalf("the tree is %d bytes", len(text))
	}
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte(text), 0o640); err != nil {
		t.Fatal(err)
	}
	reg := registry()
	reg.Limits.Bytes = math.MaxInt
	ed, err := editor.New(path, reg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ed)
	t.Cleanup(srv.Close)
	page := edittest.Dial(t, srv.URL+"/")
	if f := page.File(t); f.Text != text {
		t.Errorf("the editor opened %d bytes of %d", len(f.Text), len(text))
	}
	if a := page.Check(t, text); a.Status != http.StatusOK || len(a.Problems) != 0 {
		t.Errorf("a check of the tree: %d %s %v", a.Status, a.Error, a.Problems)
	}
}

// A check gives the loader's and Build's errors, each with the JSON path
// of what it is about.
func TestCheck(t *testing.T) {
	t.Parallel()
	ed, _ := serve(t, tree)
	for _, tt := range []struct {
		name, text string
		want       []edittest.Problem
	}{
		{"good", tree, []edittest.Problem{}},
		{"an unknown action", `{"kind":"selector","name":"root","children":[{"kind":"action","name":"a","action":"fly"}]}`,
			[]edittest.Problem{{Path: "$.children[0].action", Line: 1, Column: 83, Message: `unknown action "fly" (want one of "chase", "rest")`}}},
		{"an empty selector", `{"kind":"selector","name":"root","children":[{"kind":"selector","name":"s","children":[]}]}`,
			[]edittest.Problem{{Path: "$.children[0]", Line: 1, Column: 46, Message: "empty selector: give it children or remove it"}}},
		{"two at once", `{"kind":"selector","name":"root","replan":"fast","children":[{"kind":"action","name":"a","action":"chase","loop":true}]}`,
			[]edittest.Problem{
				{Path: "$.replan", Line: 1, Column: 43, Message: `want a duration such as "250ms" or "0s" (every tick), not "fast"`},
				{Path: "$.children[0]", Line: 1, Column: 62, Message: "Loop is not for an action"}}},
		{"not JSON", `{"kind":`, []edittest.Problem{{Path: "$.kind", Line: 1, Column: 9, Message: "bad JSON: unexpected EOF"}}},
	} {
		a := ed.Check(t, tt.text)
		if a.Status != 200 {
			t.Errorf("%s: %d %s", tt.name, a.Status, a.Error)
		}
		if diff := cmp.Diff(tt.want, a.Problems); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// A save that builds replaces the file, laid out as btjson writes files,
// keeping its schema and its permissions, and leaves nothing beside it;
// a save that does not build, or over a file that changed on disk since,
// changes nothing.
func TestSave(t *testing.T) {
	t.Parallel()
	ed, path := serve(t, tree)
	f := ed.File(t)
	if f.Text != tree {
		t.Fatalf("the file reads %q", f.Text)
	}
	version := f.Version
	unchanged := func(why string) {
		t.Helper()
		if b, _ := os.ReadFile(path); string(b) != tree {
			t.Errorf("%s: the file changed to %q", why, b)
		}
	}
	// Refused: a tree that does not build, a stale version, no version.
	bad := `{"kind":"selector","name":"root","children":[{"kind":"selector","name":"s","children":[]}]}`
	if a := ed.Save(t, bad, version); a.Status != http.StatusUnprocessableEntity || len(a.Problems) == 0 {
		t.Errorf("a tree that does not build: %+v", a)
	}
	unchanged("a tree that does not build")
	good := `{"$schema":"tree.schema.json","kind":"selector","name":"root","children":[{"kind":"action","name":"chase","action":"chase"},{"kind":"action","name":"rest","action":"rest"}]}`
	for _, base := range []string{"", "0123"} {
		if a := ed.Save(t, good, base); a.Status != http.StatusConflict || a.File.Version != version {
			t.Errorf("a save over version %q: %+v", base, a)
		}
	}
	unchanged("a stale version")
	// Saved.
	saved := ed.Save(t, good, version)
	if saved.Status != 200 {
		t.Fatalf("a good save: %+v", saved)
	}
	want := `{"$schema": "tree.schema.json", "kind": "selector", "name": "root", "children": [
  {"kind": "action", "name": "chase", "action": "chase"},
  {"kind": "action", "name": "rest", "action": "rest"}
]}
`
	b, _ := os.ReadFile(path)
	if string(b) != want || saved.File.Text != want {
		t.Errorf("the file saved:\n%s\nanswered:\n%s\nwant:\n%s", b, saved.File.Text, want)
	}
	if v := ed.File(t).Version; v != saved.File.Version || v == version {
		t.Errorf("the version after the save: %q, answered %q, before %q", v, saved.File.Version, version)
	}
	if info, _ := os.Stat(path); runtime.GOOS != "windows" && info.Mode().Perm() != 0o640 {
		t.Errorf("the file's permissions became %v", info.Mode().Perm())
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("the folder holds %d files: %v", len(entries), entries)
	}
}

// An editor writes the file it was made for and no other: requests name
// no path, and a file that is a link is followed once, when the editor is
// made.
func TestWritesOnlyItsFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	if err := os.WriteFile(target, []byte(tree), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no links here:", err)
	}
	ed, err := editor.New(link, registry(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The link, led elsewhere once the editor is made, does not lead
	// its saves.
	other := filepath.Join(dir, "other.json")
	if err := os.WriteFile(other, []byte(tree), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, link); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(ed)
	defer srv.Close()
	// Paths in the address or the body are not paths to write.
	outside := filepath.Join(dir, "outside.json")
	for _, u := range []string{"/save?path=" + outside, "/../outside.json", "/save/../../outside.json", "/file?path=/etc/passwd"} {
		resp, err := http.Post(srv.URL+u, "application/json", strings.NewReader(`{"text":"{}","base":"","path":"`+outside+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	version := edittest.Dial(t, srv.URL+"/").File(t).Version
	good := `{"kind":"action","name":"rest","action":"rest"}`
	body, _ := json.Marshal(map[string]string{"text": good, "base": version, "path": outside, "name": "../outside.json"})
	resp, err := http.Post(srv.URL+"/save", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("a change naming a path: %d, want 400", resp.StatusCode)
	}
	body, _ = json.Marshal(map[string]string{"text": good, "base": version})
	if resp, err = http.Post(srv.URL+"/save", "application/json", strings.NewReader(string(body))); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, err := os.Stat(outside); err == nil {
		t.Error("a file outside was written")
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v %v", info, err)
	}
	if b, _ := os.ReadFile(target); !strings.Contains(string(b), `"rest"`) {
		t.Errorf("the file the link led to when the editor was made holds %s", b)
	}
	if b, _ := os.ReadFile(other); string(b) != tree {
		t.Errorf("the file the link leads to now was written:\n%s", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("the folder holds %v", entries)
	}
}

// An editor answers only its own site, as the live view does: requests for
// other names, and requests that pages of other sites send, are refused,
// and its changes come only as JSON.
func TestServesOnlyItsOwnSite(t *testing.T) {
	t.Parallel()
	ed, path := serve(t, tree)
	site := strings.TrimSuffix(ed.Base, "/")
	good, _ := json.Marshal(map[string]string{"text": `{"kind":"action","name":"rest","action":"rest"}`, "base": ed.File(t).Version})
	for _, tt := range []struct {
		name, method, path, host, origin, ctype string
		want                                    int
	}{
		{"the page", "GET", "/", "localhost", "", "", 200},
		{"the schema", "GET", "/schema", "127.0.0.1", "", "", 200},
		{"another name", "GET", "/file", "evil.example", "", "", 403},
		{"another name, saving", "POST", "/save", "evil.example", "", "application/json", 403},
		{"another site's page", "POST", "/save", "localhost", "http://evil.example", "application/json", 403},
		{"a form", "POST", "/save", "localhost", "", "application/x-www-form-urlencoded", 415},
		{"text", "POST", "/check", "localhost", "", "text/plain", 415},
		{"a type that only begins as JSON's", "POST", "/check", "localhost", "", "application/jsonx", 415},
		{"two types", "POST", "/check", "localhost", "", "application/json, text/plain", 415},
		{"JSON with its charset", "POST", "/check", "localhost", "", "application/json; charset=utf-8", 200},
		{"a path it does not serve", "GET", "/etc/passwd", "localhost", "", "", 404},
	} {
		req, _ := http.NewRequest(tt.method, site+tt.path, strings.NewReader(string(good)))
		req.Host = tt.host
		if tt.origin != "" {
			req.Header.Set("Origin", tt.origin)
		}
		if tt.ctype != "" {
			req.Header.Set("Content-Type", tt.ctype)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, resp.StatusCode, tt.want)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != tree {
		t.Errorf("a refused request changed the file: %s", b)
	}
	// A change is one JSON object of the fields a change has.
	for _, body := range []string{string(good) + "garbage", string(good) + `{"text": "x"}`,
		`{"text": "{}", "base": "", "path": "/etc/passwd"}`} {
		resp, err := http.Post(site+"/check", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", body, resp.StatusCode)
		}
	}
	// A change larger than a tree file may be is refused unread.
	huge := strings.Repeat(" ", 30<<20)
	resp, err := http.Post(site+"/check", "application/json", strings.NewReader(`{"text":"`+huge+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a huge change: %d", resp.StatusCode)
	}
}
