//go:build unix

package editor_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/editor"
	"github.com/foresight-bt/foresight/internal/testkit/edittest"
)

// A tree file replaced by a named pipe is refused at once, by the page's
// read and by a save, and the editor answers as before once the file is
// back: it neither waits for a writer on the pipe nor keeps its lock
// while it would. (The read never answered, and a save then held the
// lock for good: no save answered again.)
func TestNamedPipeInPlaceOfTheFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "tree.json")
	if err := os.WriteFile(path, []byte(tree), 0o640); err != nil {
		t.Fatal(err)
	}
	e, err := editor.New(path, registry(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e)
	hung := false // a server whose handler hangs never closes: it is left behind
	t.Cleanup(func() {
		if !hung {
			srv.Close()
		}
	})
	ed := edittest.Dial(t, srv.URL+"/")
	version := ed.File(t).Version
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o640); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	client := &http.Client{Timeout: 20 * time.Second} // a deadline, not a measure: the answers come at once
	get := func() (int, string) {
		t.Helper()
		resp, err := client.Get(ed.Base + "file")
		if err != nil {
			hung = true
			t.Fatalf("GET file: %v", err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get(); code != http.StatusInternalServerError || !strings.Contains(body, "not a regular file") {
		t.Errorf("GET file of a pipe: %d %s", code, body)
	}
	save := func() int {
		t.Helper()
		body, _ := json.Marshal(map[string]string{"text": tree, "base": version})
		resp, err := client.Post(ed.Base+"save", "application/json", bytes.NewReader(body))
		if err != nil {
			hung = true
			t.Fatalf("a save: %v", err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for range 3 { // one save after another: none is left waiting on the lock
		if code := save(); code != http.StatusInternalServerError {
			t.Errorf("a save over a pipe: %d", code)
		}
	}
	// The file back: the editor reads and saves it.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(tree), 0o640); err != nil {
		t.Fatal(err)
	}
	if code, _ := get(); code != http.StatusOK {
		t.Errorf("GET file once it is back: %d", code)
	}
	if code := save(); code != http.StatusOK {
		t.Errorf("a save once the file is back: %d", code)
	}
}
