package outfiles_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/internal/cmd/outfiles"
)

func TestDistinct(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	exists := filepath.Join(dir, "exists.json")
	if err := os.WriteFile(exists, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	sub := filepath.Join(dir, "sub")
	subLink := filepath.Join(dir, "sublink")
	os.Mkdir(sub, 0o755)
	if runtime.GOOS != "windows" {
		if err := os.Symlink(exists, link); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(sub, subLink); err != nil {
			t.Fatal(err)
		}
	}
	rel, err := filepath.Rel(".", filepath.Join(dir, "new.html"))
	if err != nil {
		rel = filepath.Join(dir, "new.html")
	}
	out := func(flag, path string) outfiles.File { return outfiles.File{Flag: flag, Path: path} }
	in := func(flag, path string) outfiles.File { return outfiles.File{Flag: flag, Path: path, Input: true} }
	for _, tt := range []struct {
		name  string
		files []outfiles.File
		want  string // "" for no error
	}{
		{"distinct", []outfiles.File{out("dot", filepath.Join(dir, "a.dot")), out("html", filepath.Join(dir, "a.html"))}, ""},
		{"not given", []outfiles.File{out("dot", ""), out("html", "")}, ""},
		{"one new file", []outfiles.File{out("dot", filepath.Join(dir, "x")), out("html", filepath.Join(dir, "x"))}, `-dot "` + dir + `/x" and -html "` + dir + `/x" are the same file`},
		{"one new file, two spellings", []outfiles.File{out("mermaid", filepath.Join(dir, "new.html")), out("html", rel)}, "are the same file"},
		{"one file, written", []outfiles.File{out("write-tree", exists), out("write-schema", filepath.Join(dir, ".", "exists.json"))}, "are the same file"},
		{"an output in the input", []outfiles.File{in("tree", exists), out("dot", exists)}, `-dot "` + exists + `" is the file -tree "` + exists + `" reads`},
		{"two inputs", []outfiles.File{in("tree", exists), in("schema", exists)}, ""},
		{"a device", []outfiles.File{out("dot", os.DevNull), out("mermaid", os.DevNull)}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := outfiles.Distinct(tt.files...)
			if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("Distinct: %v, want %q", err, tt.want)
			}
		})
	}
	if runtime.GOOS != "windows" {
		if err := outfiles.Distinct(out("dot", exists), out("html", link)); err == nil {
			t.Error("a file and a link to it: no error")
		}
		if err := outfiles.Distinct(out("dot", filepath.Join(sub, "n")), out("html", filepath.Join(subLink, "n"))); err == nil {
			t.Error("a new file by its directory and by a link to the directory: no error")
		}
	}
}
