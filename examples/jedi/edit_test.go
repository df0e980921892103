package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/testkit/edittest"
	"github.com/foresight-bt/foresight/jedi"
)

// -edit serves the -tree file's editor and the fight's live view, and
// fights on, fight after fight: a tree saved through the editor is put in
// force, and the live view starts afresh with it.
func TestEdit(t *testing.T) {
	file, _ := shippedCopy(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb edittest.Buffer
	ed, err := openEditor(ctx, "127.0.0.1:0", &errb)
	if err != nil {
		t.Fatal(err)
	}
	o, err := parseFlags([]string{"-tree", file, "-edit", "127.0.0.1:0", "-duration", "1s", "-enemies", "droid:1"})
	if err != nil {
		t.Fatal(err)
	}
	var out edittest.Buffer
	done := make(chan error, 1)
	go func() { done <- ed.run(o, bufio.NewWriter(&out)) }()
	e := edittest.Dial(t, "http://"+ed.ln.Addr().String()+"/")
	f := e.File(t)
	shipped, _ := os.ReadFile(file)
	if f.Text != string(shipped) || !f.Live {
		t.Fatalf("the editor reads %.80q, live view %v", f.Text, f.Live)
	}
	events := e.Events(t)
	events.Next(t, "a decision", func(l string) bool { return strings.Contains(l, `"kind":"decision"`) })

	// Save the Jedi's idling only, through the editor.
	def, err := jedi.Design(jedi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	def.Children = def.Children[3:]
	idle, err := jedi.Registry().Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	if a := e.Save(t, string(idle), f.Version); a.Status != http.StatusOK {
		t.Fatalf("save: %d %s %+v", a.Status, a.Error, a.Problems)
	}
	events.Next(t, "the new tree", func(l string) bool { return strings.Contains(l, `"nodes"`) && !strings.Contains(l, `"engage"`) })
	if !strings.Contains(errb.String(), "reloaded the tree from "+file) {
		t.Errorf("stderr: %s", errb.String())
	}
	// Fight after fight: a fight of 1 s ends, and the next begins.
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), "(seed 2)"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("one fight, and no other:\n%s", out.String())
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the editing did not stop after the interrupt")
	}
}
