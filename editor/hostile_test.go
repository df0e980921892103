package editor_test

import (
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
