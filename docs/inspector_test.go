package docs_test

// The code of docs/08-inspector-and-editor.md: the sentry of
// treefiles_test.go, recorded as a replay page, served live, and its tree
// file edited while it runs.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/scene"
)

// postScene pictures the sentry's post: the sentry and the intruder on
// a line, the intruder with its health.
func postScene(p *Post, at time.Duration) *scene.Scene {
	s := &scene.Scene{Time: at, Entities: []scene.Entity{
		{Label: "sentry", X: float64(p.Sentry), Radius: 0.4, Colour: "#1f77b4"},
	}}
	if p.Intruder >= 0 {
		s.Entities = append(s.Entities, scene.Entity{Label: "intruder", X: float64(p.Intruder), Radius: 0.4,
			Colour: "#d62728", Health: float64(p.IntruderHP), MaxHealth: 2})
	}
	return s
}

// A run recorded as a replay page: one HTML file that needs no network.
func Example_replayPage() {
	data, _ := os.ReadFile("testdata/trees/post.json")
	tree, err := postRegistry().Build(postConfig(), data)
	if err != nil {
		fmt.Println(err)
		return
	}
	sentry, _ := tree.NewAgent(1)
	var file bytes.Buffer // a game writes to a file: os.Create("post.html")

	// snippet page
	page, err := inspect.NewPage(&file, inspect.Header{Title: "the sentry", Nodes: tree.Nodes()})
	if err != nil {
		fmt.Println(err)
		return
	}
	sentry.SetTracer(page)
	p := Post{Sentry: 5, Intruder: 3, IntruderHP: 2}
	for frame := 1; frame <= 4; frame++ {
		sentry.Tick(&p, 500*time.Millisecond)
		page.Scene(postScene(&p, sentry.Now()))
	}
	if err := page.Close(); err != nil { // the first error that stopped the recording, if any
		fmt.Println(err)
	}
	// end snippet page

	first, _, _ := strings.Cut(file.String(), "\n")
	fmt.Println(first)
	recording, err := inspect.ReadPage(file.Bytes())
	if err != nil {
		fmt.Println(err)
		return
	}
	kinds := map[string]int{}
	lines := bufio.NewScanner(bytes.NewReader(recording))
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		var line struct {
			Format, Kind string
			Version      int
		}
		json.Unmarshal(lines.Bytes(), &line)
		if line.Format != "" {
			fmt.Println("header:", line.Format, "version", line.Version)
			continue
		}
		kinds[line.Kind]++
	}
	fmt.Println("lines:", kinds)
	// Output:
	// <!DOCTYPE html>
	// header: foresight-inspect version 3
	// lines: map[begin:8 decision:4 end:8 scene:4]
}

// The tree file edited in a browser while the sentry runs, with the live
// view beside the editor. Here the page's save is made by hand.
func Example_editor() {
	dir, _ := os.MkdirTemp("", "post")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "post.json")
	os.WriteFile(path, []byte(`{"kind": "selector", "name": "sentry", "replan": "0s", "children": [
  {"kind": "action", "name": "patrol", "action": "patrol", "cosmetic": true}
]}`), 0o644)

	// snippet editor
	reg, cfg := postRegistry(), postConfig()
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := reg.Build(cfg, data)
	if err != nil {
		fmt.Println(err)
		return
	}
	sentry, _ := tree.NewAgent(1)
	live, err := inspect.NewLive(inspect.Header{Title: "the sentry", Nodes: tree.Nodes()})
	if err != nil {
		fmt.Println(err)
		return
	}
	live.Attach(sentry) // the sentry traces only while someone watches
	ed, err := editor.New(path, reg, cfg, editor.Live(live))
	if err != nil {
		fmt.Println(err)
		return
	}
	// go http.Serve(ln, ed), with ln listening on localhost:8080;
	// the editor at http://localhost:8080/, the live view at /live/
	// end snippet editor

	srv := httptest.NewServer(ed)
	defer srv.Close()
	saved, _ := os.ReadFile("testdata/trees/post.json") // strike, chase and patrol
	fmt.Println("save:", postSave(srv.URL, string(saved)))
	fmt.Println("save:", postSave(srv.URL, `{"kind": "selector", "name": "sentry", "children": []}`))

	// snippet frame
	p := Post{Sentry: 5, Intruder: 3, IntruderHP: 2}
	for frame := 0; frame < 3; frame++ {
		if saved, _ := os.ReadFile(path); !bytes.Equal(saved, data) { // a game looks a few times a second
			data = saved
			tree, err := reg.Build(cfg, data)
			if err != nil {
				fmt.Println(err) // the sentry keeps its tree
			} else if _, err := sentry.Reload(tree, &p); err == nil {
				live.SetHeader(inspect.Header{Title: "the sentry", Nodes: tree.Nodes()})
				fmt.Println("reloaded")
			}
		}
		if !live.Proceed() {
			continue // paused from the page
		}
		sentry.Tick(&p, 500*time.Millisecond)
		if live.Watched() {
			live.Scene(postScene(&p, sentry.Now()))
		}
		fmt.Printf("sentry at %d, intruder hp %d\n", p.Sentry, p.IntruderHP)
	}
	// end snippet frame

	// Output:
	// save: 200 OK
	// save: 422 Unprocessable Entity
	// reloaded
	// sentry at 4, intruder hp 2
	// sentry at 4, intruder hp 1
	// sentry at 3, intruder hp 1
}

// postSave saves text over the file an editor at url serves, as its page
// does, and returns the answer's status.
func postSave(url, text string) string {
	resp, err := http.Get(url + "/file")
	if err != nil {
		return err.Error()
	}
	var file struct{ Version string }
	json.NewDecoder(resp.Body).Decode(&file)
	resp.Body.Close()
	body, _ := json.Marshal(map[string]string{"text": text, "base": file.Version})
	resp, err = http.Post(url+"/save", "application/json", bytes.NewReader(body))
	if err != nil {
		return err.Error()
	}
	resp.Body.Close()
	return resp.Status
}

// The live view and the editor answer requests for loopback names and IP
// addresses, and refuse another site's pages.
func Example_editorRefusesOtherSites() {
	dir, _ := os.MkdirTemp("", "post")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "post.json")
	data, _ := os.ReadFile("testdata/trees/post.json")
	os.WriteFile(path, data, 0o644)
	ed, err := editor.New(path, postRegistry(), postConfig())
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(ed)
	defer srv.Close()
	for _, r := range []struct{ host, origin string }{
		{"", ""},                         // the address itself, 127.0.0.1:port
		{"localhost", ""},                // a loopback name
		{"game.example", ""},             // another name for the machine (DNS rebinding)
		{"", "https://attacker.example"}, // a page of another site
	} {
		req, _ := http.NewRequest("GET", srv.URL+"/file", nil)
		if r.host != "" {
			req.Host = r.host
		}
		if r.origin != "" {
			req.Header.Set("Origin", r.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		resp.Body.Close()
		fmt.Printf("Host %q Origin %q: %s\n", r.host, r.origin, resp.Status)
	}
	// Output:
	// Host "" Origin "": 200 OK
	// Host "localhost" Origin "": 200 OK
	// Host "game.example" Origin "": 403 Forbidden
	// Host "" Origin "https://attacker.example": 403 Forbidden
}
