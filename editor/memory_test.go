package editor_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
	"github.com/foresight-bt/foresight/internal/testkit/heldtest"
)

// An editor keeps nothing of the trees it checks and saves: what the
// registry's factories make for them is collected once the request is
// answered, however many come. (It kept every value its one registry
// made: 12 checks of a file of 10,000 factory constraints left 65 MB more
// on the heap.)
func TestEditorKeepsNothingItChecked(t *testing.T) {
	var c heldtest.Counter
	reg := registry()
	reg.ConstraintFactories = map[string]btjson.Factory[bt.Constraint[mem]]{"heavy": heldtest.Factory[mem](&c)}
	file := heldtest.File(100)
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte(file), 0o640); err != nil {
		t.Fatal(err)
	}
	e, err := editor.New(path, reg, cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	ed := edittest.Dial(t, srv.URL+"/")
	for range 12 {
		if a := ed.Check(t, file); a.Status != http.StatusOK || len(a.Problems) != 0 {
			t.Fatalf("check: %+v", a)
		}
	}
	for range 3 {
		if a := ed.Save(t, file, ed.File(t).Version); a.Status != http.StatusOK {
			t.Fatalf("save: %+v", a)
		}
	}
	c.Check(t, "after the requests")
}
