package editor_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
)

// heavy is a constraint that holds some memory, as a game's may.
type heavy struct{ _ [4 << 10]byte }

func (*heavy) Evaluate(bt.Situation, *mem) (bt.Check, string) { return bt.Pass, "" }

// An editor keeps nothing of the trees it checks and saves: what the
// registry's factories make for them is collected once the request is
// answered, however many come. (It kept every value its one registry
// made: 12 checks of a file of 10,000 factory constraints left 65 MB more
// on the heap.)
func TestEditorKeepsNothingItChecked(t *testing.T) {
	var made, freed atomic.Int64
	reg := registry()
	reg.ConstraintFactories = map[string]btjson.Factory[bt.Constraint[mem]]{
		"heavy": {Params: []btjson.Param{{Name: "n", Type: btjson.Integer}},
			Make: func(btjson.Args) (bt.Constraint[mem], error) {
				h := &heavy{}
				made.Add(1)
				runtime.AddCleanup(h, func(freed *atomic.Int64) { freed.Add(1) }, &freed)
				return h, nil
			}},
	}
	var b strings.Builder
	b.WriteString(`{"kind": "sequence", "name": "s", "children": [`)
	for i := range 100 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"kind": "action", "name": "a%d", "action": "chase", "constraints": [{"name": "heavy", "args": {"n": %d}}]}`, i, i)
	}
	b.WriteString("]}\n")
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o640); err != nil {
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
		if a := ed.Check(t, b.String()); a.Status != http.StatusOK || len(a.Problems) != 0 {
			t.Fatalf("check: %+v", a)
		}
	}
	for range 3 {
		if a := ed.Save(t, b.String(), ed.File(t).Version); a.Status != http.StatusOK {
			t.Fatalf("save: %+v", a)
		}
	}
	// Collect until every value made is gone, for at most ten seconds (a
	// deadline to give up, not a measure).
	for deadline := time.Now().Add(10 * time.Second); made.Load() != freed.Load() && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		runtime.GC()
	}
	if n := made.Load() - freed.Load(); n != 0 {
		t.Errorf("%d of the %d values the registry made are held after the requests", n, made.Load())
	}
}
