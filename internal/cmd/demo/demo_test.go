package demo_test

import (
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/internal/cmd/demo"
)

// The shared flags parse into Flags, with the help a command gives them,
// and -edit is checked: an address, and the -tree file it edits.
func TestFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // CheckEdit's error; "" for none
	}{
		{[]string{"-tree", "t.json", "-edit", ":8080", "-json"}, ""},
		{[]string{"-dot", "a.dot", "-mermaid", "a.mmd", "-html", "r.html", "-serve", ":0", "-write-tree", "w.json"}, ""},
		{[]string{"-tree", "t.json", "-edit", ""}, "-edit needs an address, such as :8080"},
		{[]string{"-edit", ":8080"}, "-edit edits the -tree file while the game plays: give -tree FILE with it"},
	} {
		var f demo.Flags
		fs := flag.NewFlagSet("game", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		f.Declare(fs, map[string]string{"tree": "the tree `FILE`"})
		if err := fs.Parse(tt.args); err != nil {
			t.Fatalf("%q: %v", tt.args, err)
		}
		set := false
		fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == "edit" })
		got := ""
		if err := f.CheckEdit(set, "the game plays"); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.args, got, tt.want)
		}
		var help strings.Builder
		fs.SetOutput(&help)
		fs.PrintDefaults()
		if !strings.Contains(help.String(), "-tree FILE\n    \tthe tree FILE") {
			t.Errorf("the help of -tree:\n%s", help.String())
		}
	}
	var f demo.Flags
	fs := flag.NewFlagSet("game", flag.ContinueOnError)
	f.Declare(fs, nil)
	if err := fs.Parse([]string{"-json", "-tree", "t.json", "-edit", ":1", "-dot", "d", "-mermaid", "m", "-html", "h", "-serve", ":2", "-write-tree", "w"}); err != nil {
		t.Fatal(err)
	}
	want := demo.Flags{Tree: "t.json", Edit: ":1", WriteTree: "w", JSON: true, Dot: "d", Mermaid: "m", HTML: "h", Serve: ":2"}
	if f != want {
		t.Errorf("parsed %+v, want %+v", f, want)
	}
}

// -save, -save-at and -load are checked as every demo takes them.
func TestCheckSave(t *testing.T) {
	for _, tt := range []struct {
		save, load string
		set        []string // the flags given
		want       string   // the error; "" for none
	}{
		{"s.json", "", []string{"save", "save-at", "seed"}, ""},
		{"", "l.json", []string{"load", "tree"}, ""},
		{"", "", nil, ""},
		{"", "", []string{"save", "save-at"}, "-save needs a file name"},
		{"", "", []string{"load"}, "-load needs a file name"},
		{"s.json", "", []string{"save"}, "-save and -save-at go together: -save FILE -save-at 10s writes the game at 10 s"},
		{"", "", []string{"save-at"}, "-save and -save-at go together"},
		{"", "l.json", []string{"load", "seed"}, "-load and -seed: the save says the game's seed"},
		{"s.json", "l.json", []string{"save", "save-at", "load", "duration"}, "-load and -duration: the save says the game's duration"},
	} {
		set := map[string]bool{}
		for _, name := range tt.set {
			set[name] = true
		}
		got := ""
		if err := demo.CheckSave(tt.save, tt.load, set, "game", "seed", "duration"); err != nil {
			got = err.Error()
		}
		if tt.want == "" && got != "" || !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q %q %q: %q, want %q", tt.save, tt.load, tt.set, got, tt.want)
		}
	}
}

// A bad address is reported with the flag that gave it.
func TestListen(t *testing.T) {
	if _, err := demo.Listen("serve", "127.0.0.1:99999"); err == nil || !strings.HasPrefix(err.Error(), `-serve "127.0.0.1:99999": `) {
		t.Errorf("a bad address: %v", err)
	}
	ln, err := demo.Listen("edit", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
}
