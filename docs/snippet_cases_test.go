package docs_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

// TestSnippetCheck runs the checker over the cases in testdata/snippets,
// the root of a module whose src/ holds the sources and md/ the
// Markdown: each case is a Markdown file and the problems it has, each
// by its line and parts of its message. What -update writes is the file
// itself, or NAME.want.md where it rewrites the file.
func TestSnippetCheck(t *testing.T) {
	const root = "testdata/snippets"
	generators := map[string]func() (string, error){
		"table":  func() (string, error) { return "| a | b |\n|---|---|\n| 1 | 2 |\n", nil },
		"broken": func() (string, error) { return "", errors.New("it broke") },
	}
	unmarked := []snippetUnmarked{
		{"md/legacy.md", "## Before markers", 2},
		{"md/legacy_grown.md", "## Before markers", 2},
		{"md/legacy_gone.md", "## Before markers", 1},
	}
	type want struct {
		line  int
		stale bool
		has   []string
	}
	tests := []struct {
		md       string
		problems []want
	}{
		{"ok.md", nil},
		{"legacy.md", nil},

		{"unmarked.md", []want{{3, false, []string{"a go block with no marker before it"}}}},
		{"nofile.md", []want{{3, false, []string{"src/nope.go: no such file"}}}},
		{"noregion.md", []want{{3, false, []string{"src/greet_test.go has no region nope (its regions: hello, loop, whole-example)"}}}},
		{"stale.md", []want{
			{3, true, []string{"the block differs from src/greet_test.go#hello", "-want +got", `"Brian"`}},
			{13, true, []string{"the block differs from src/greet_test.go#loop"}},
			{20, true, []string{"the block differs from src/plain.go#add", "func Add"}},
		}},
		{"output_stale.md", []want{{3, true, []string{"the block differs from src/greet_test.go#Example_hello", "hello, Brian"}}}},
		{"generated_stale.md", []want{{3, true, []string{"generated part table differs from what its generator makes"}}}},

		{"output_noexample.md", []want{{3, false, []string{"src/greet_test.go has no Example Example_nope"}}}},
		{"output_nooutput.md", []want{{3, false, []string{"ExampleSilent has no // Output: comment"}}}},
		{"output_nottest.md", []want{{3, false, []string{"src/plain.go: go test runs the Examples of _test.go files only"}}}},
		{"output_noname.md", []want{{3, false, []string{"an output marker names an Example"}}}},
		{"output_on_go.md", []want{{3, false, []string{"its marker is <!-- snippet: path#region -->, not output"}}}},
		{"dangling.md", []want{{3, false, []string{"snippet marker with no fenced block on the line after it"}}}},
		{"misspelt.md", []want{
			{3, false, []string{"a marker this checker cannot read: <!-- snippet src/greet_test.go#hello -->"}},
			{4, false, []string{"a go block with no marker before it"}},
		}},
		{"unclosed.md", []want{{3, false, []string{"a fenced block that is never closed"}}}},

		{"generated_unknown.md", []want{{3, false, []string{"no generator chairs (there are: broken, table)"}}}},
		{"generated_unended.md", []want{{3, false, []string{"generated part table has no <!-- end generated -->"}}}},
		{"generated_error.md", []want{{3, false, []string{"generator broken: it broke"}}}},
		{"generated_endonly.md", []want{{3, false, []string{"an end of a generated part that has no beginning"}}}},

		{"src_unended.md", []want{{3, false, []string{
			"src/unended.go:3: region open has no // end snippet open",
			"src/unended.go:7: region never ends, and has not begun",
			"src/unended.go:15: region twice begins a second time",
		}}}},
		{"src_doccomment.md", []want{{3, false, []string{"src/doccomment.go:3: // snippet greet is part of a doc comment"}}}},
		{"src_outputgroup.md", []want{{3, false, []string{"src/outputgroup_test.go:8: // end snippet group is in the comment of an Example's output"}}}},
		{"src_testdata.md", []want{{3, false, []string{"src/testdata/hidden.go: the go tool builds no file under testdata"}}}},
		{"src_notgo.md", []want{{3, false, []string{"a go block shows Go, and src/tree.json is not a Go file"}}}},
		{"src_badpath.md", []want{{3, false, []string{`"../src/greet_test.go" is not a path from the module's root`}}}},

		{"legacy_grown.md", []want{
			{5, false, []string{`the known exception for "## Before markers" allows 2 such blocks, and it has 3`}},
			{9, false, []string{`allows 2 such blocks, and it has 3`}},
			{13, false, []string{`allows 2 such blocks, and it has 3`}},
		}},
		{"legacy_gone.md", []want{{0, false, []string{`the known exception for "## Before markers" allows 1 go blocks with no marker, and it has none: remove it`}}}},
	}
	cases := map[string]bool{}
	for _, tt := range tests {
		cases[tt.md] = true
		t.Run(tt.md, func(t *testing.T) {
			c := &snippetChecker{root: os.DirFS(root), generators: generators, unmarked: unmarked}
			path := "md/" + tt.md
			fixed, problems, err := c.check(path)
			if err != nil {
				t.Fatal(err)
			}
			for i := range max(len(problems), len(tt.problems)) {
				switch {
				case i >= len(problems):
					t.Errorf("missing problem at line %d: %q", tt.problems[i].line, tt.problems[i].has)
					continue
				case i >= len(tt.problems):
					t.Errorf("unexpected problem %s", problems[i])
					continue
				}
				got, w := problems[i], tt.problems[i]
				if got.line != w.line || got.stale != w.stale {
					t.Errorf("problem %d at line %d, stale %v, want line %d, stale %v: %s", i, got.line, got.stale, w.line, w.stale, got)
				}
				for _, part := range w.has {
					if !strings.Contains(got.msg, part) {
						t.Errorf("problem %d does not say %q: %s", i, part, got)
					}
				}
			}

			want, err := os.ReadFile(filepath.Join(root, "md", strings.TrimSuffix(tt.md, ".md")+".want.md"))
			if errors.Is(err, fs.ErrNotExist) {
				want, err = os.ReadFile(filepath.Join(root, path))
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(want), fixed); diff != "" {
				t.Errorf("-update writes (-want +got):\n%s", diff)
			}
			// What -update writes is in order: checked again, nothing in
			// it is stale, and it stays as it is.
			again, problems := c.checkText(path, fixed)
			for _, p := range problems {
				if p.stale {
					t.Errorf("stale after -update: %s", p)
				}
			}
			if again != fixed {
				t.Errorf("a second -update rewrites the first's output:\n%s", cmp.Diff(fixed, again))
			}
		})
	}
	files, err := fs.Glob(os.DirFS(root), "md/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if name := strings.TrimPrefix(f, "md/"); !cases[name] && !strings.HasSuffix(name, ".want.md") {
			t.Errorf("%s is no case of the test", f)
		}
	}
}

// TestSnippetCheckGoSyntax checks that a Go source that does not parse is
// reported, with its place.
func TestSnippetCheckGoSyntax(t *testing.T) {
	root := fstest.MapFS{
		"a.go": {Data: []byte("package a\n\n// snippet a\nfunc {\n// end snippet a\n")},
		"a.md": {Data: []byte("<!-- snippet: a.go#a -->\n```go\nfunc {\n```\n")},
	}
	c := &snippetChecker{root: root}
	_, problems, err := c.check("a.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1 || problems[0].line != 1 || !strings.Contains(problems[0].msg, "a.go:4:") {
		t.Errorf("got %v, want one problem at line 1 that names a.go:4", problems)
	}
}
