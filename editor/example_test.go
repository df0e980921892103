package editor_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/foresight-bt/foresight/editor"
)

// An editor of a tree file, served as a game serves it. The page asks it
// to check each change, and to save those that build; here the requests
// are made by hand.
func Example() {
	dir, _ := os.MkdirTemp("", "editor")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "guard.json")
	os.WriteFile(path, []byte(`{"kind": "selector", "name": "guard", "children": [{"kind": "action", "name": "chase", "action": "chase"}]}`), 0o644)

	ed, err := editor.New(path, registry(), cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	srv := httptest.NewServer(ed) // a game: http.ListenAndServe("localhost:8080", ed)
	defer srv.Close()

	// A change that names an action the registry lacks: the loader's own
	// error, placed by JSON path, for the page to show on the node.
	bad := `{"kind": "selector", "name": "guard", "children": [{"kind": "action", "name": "nap", "action": "nap"}]}`
	body, _ := json.Marshal(map[string]string{"text": bad})
	resp, _ := http.Post(srv.URL+"/check", "application/json", strings.NewReader(string(body)))
	var checked struct {
		Problems []struct{ Path, Message string }
	}
	json.NewDecoder(resp.Body).Decode(&checked)
	resp.Body.Close()
	for _, p := range checked.Problems {
		fmt.Printf("%s: %s\n", p.Path, p.Message)
	}
	// Output:
	// $.children[0].action: unknown action "nap" (want one of "chase", "rest")
}
