package docs_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// layoutModule is the module's path, which go list prefixes every
// package of the project with.
const layoutModule = "github.com/foresight-bt/foresight"

// A layoutPackage is a package of the module as go list describes it,
// its paths relative to the module ("bt", "internal/engine/randkey").
type layoutPackage struct {
	Path    string
	Name    string   // "main" for a command
	Imports []string // the project's packages its own files import
	Tests   []string // those its test files import
}

// layoutPackages lists the module's packages with go list, as the
// README's commands build them.
func layoutPackages(t *testing.T) []layoutPackage {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on $PATH: the layout is read with go list")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goTool, "list", "-json=ImportPath,Name,Imports,TestImports,XTestImports", "./...")
	cmd.Dir = ".."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var list []layoutPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath, Name                   string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list's output: %v", err)
		}
		own := layoutOwn(p.Imports)
		tests := slices.DeleteFunc(layoutOwn(append(p.TestImports, p.XTestImports...)), func(s string) bool {
			return s == layoutRel(p.ImportPath) // a package's external tests import it
		})
		slices.Sort(tests)
		list = append(list, layoutPackage{Path: layoutRel(p.ImportPath), Name: p.Name, Imports: own, Tests: slices.Compact(tests)})
	}
	if len(list) == 0 {
		t.Fatal("go list lists no package")
	}
	return list
}

// layoutRel returns an import path relative to the module, and "" for a
// path outside it.
func layoutRel(path string) string {
	if path == layoutModule {
		return "."
	}
	rel, ok := strings.CutPrefix(path, layoutModule+"/")
	if !ok {
		return ""
	}
	return rel
}

// layoutOwn returns the project's packages among paths, relative, sorted.
func layoutOwn(paths []string) []string {
	var out []string
	for _, p := range paths {
		if rel := layoutRel(p); rel != "" {
			out = append(out, rel)
		}
	}
	slices.Sort(out)
	return out
}

// layoutRoles are the folders of internal/, each a role, and what each
// may import of the project and who may import it: see each package's
// doc comment.
var layoutRoles = []string{"internal/engine/", "internal/decider/", "internal/web/", "internal/cmd/", "internal/testkit/"}

// layoutDeciders are the library's deciders built on package decide, which
// alone may import the deciders' helper (internal/decider).
var layoutDeciders = []string{"catalogue", "htn", "goap", "fsm"}

// layoutRole returns the role folder path lies in (a role of one package
// is its own folder), or "" outside internal/.
func layoutRole(path string) string {
	for _, r := range layoutRoles {
		if strings.HasPrefix(path+"/", r) {
			return r
		}
	}
	return ""
}

// internal/ is split by role, and each role keeps its place: the engine
// helpers import nothing of the project; the deciders' helper imports
// only decide and engine helpers, and only the library's deciders import it; the web
// helpers import only engine helpers; the command helpers are imported
// only by the commands under examples/ and by each other; the test kits
// only by test files, by the public test kit bt/bttest and by each other.
func TestLayoutRoles(t *testing.T) {
	for _, p := range layoutPackages(t) {
		if strings.HasPrefix(p.Path, "internal/") && layoutRole(p.Path) == "" {
			t.Errorf("%s is in internal/ in no role: put it in one of %s", p.Path, strings.Join(layoutRoles, ", "))
		}
		if err := layoutCheck(p); err != nil {
			t.Error(err)
		}
	}
}

// layoutCheck returns the first of p's imports that breaks a role's rule,
// said plainly, or nil.
func layoutCheck(p layoutPackage) error {
	for _, imp := range p.Imports {
		switch {
		case layoutRole(p.Path) == "internal/engine/":
			return fmt.Errorf("%s imports %s: an engine helper (internal/engine) imports nothing of the project", p.Path, imp)
		case layoutRole(p.Path) == "internal/decider/" && imp != "decide" && layoutRole(imp) != "internal/engine/":
			return fmt.Errorf("%s imports %s: the deciders' helper (internal/decider) imports only decide and engine helpers (internal/engine)", p.Path, imp)
		case layoutRole(imp) == "internal/decider/" && !slices.Contains(layoutDeciders, p.Path):
			return fmt.Errorf("%s imports %s: only the library's deciders (%s) import the deciders' helper (internal/decider)", p.Path, imp, strings.Join(layoutDeciders, ", "))
		case layoutRole(p.Path) == "internal/web/" && layoutRole(imp) != "internal/engine/":
			return fmt.Errorf("%s imports %s: a web helper (internal/web) imports only engine helpers (internal/engine)", p.Path, imp)
		case layoutRole(imp) == "internal/testkit/" && layoutRole(p.Path) != "internal/testkit/" && p.Path != "bt/bttest":
			return fmt.Errorf("%s imports %s: only test files, bt/bttest and other test kits import a test kit (internal/testkit)", p.Path, imp)
		}
	}
	for _, imp := range append(slices.Clip(p.Imports), p.Tests...) {
		if layoutRole(imp) == "internal/cmd/" && layoutRole(p.Path) != "internal/cmd/" && !(strings.HasPrefix(p.Path, "examples/") && p.Name == "main") {
			return fmt.Errorf("%s imports %s: only the commands under examples/ and other command helpers import a command helper (internal/cmd)", p.Path, imp)
		}
	}
	return nil
}

// The rules catch what they are for, with a message that names the
// import.
func TestLayoutCheckSaysWhy(t *testing.T) {
	for _, tt := range []struct {
		p    layoutPackage
		want string // "" for none
	}{
		{layoutPackage{Path: "internal/engine/randkey"}, ""},
		{layoutPackage{Path: "internal/engine/randkey", Imports: []string{"heuristic"}}, "internal/engine/randkey imports heuristic: an engine helper"},
		{layoutPackage{Path: "internal/decider", Imports: []string{"decide"}}, ""},
		{layoutPackage{Path: "internal/decider", Imports: []string{"decide", "heuristic"}}, "internal/decider imports heuristic: the deciders' helper"},
		{layoutPackage{Path: "internal/decider", Imports: []string{"decide", "internal/engine/joined"}}, ""},
		{layoutPackage{Path: "htn", Imports: []string{"internal/decider"}}, ""},
		{layoutPackage{Path: "btjson", Imports: []string{"internal/decider"}}, "btjson imports internal/decider: only the library's deciders"},
		{layoutPackage{Path: "bt/bttest", Tests: []string{"internal/decider"}}, ""},
		{layoutPackage{Path: "internal/web/sticky", Imports: []string{"internal/engine/nilness"}}, ""},
		{layoutPackage{Path: "internal/web/sticky", Imports: []string{"bt"}}, "internal/web/sticky imports bt: a web helper"},
		{layoutPackage{Path: "bt", Imports: []string{"internal/testkit/contract"}}, "bt imports internal/testkit/contract: only test files"},
		{layoutPackage{Path: "bt", Tests: []string{"internal/testkit/contract"}}, ""},
		{layoutPackage{Path: "bt/bttest", Imports: []string{"internal/testkit/contract"}}, ""},
		{layoutPackage{Path: "examples/jedi", Name: "main", Imports: []string{"internal/testkit/testsize"}}, "examples/jedi imports internal/testkit/testsize: only test files"},
		{layoutPackage{Path: "examples/jedi", Name: "main", Imports: []string{"internal/cmd/demo"}}, ""},
		{layoutPackage{Path: "internal/cmd/demo", Imports: []string{"internal/cmd/treefile"}}, ""},
		{layoutPackage{Path: "editor", Tests: []string{"internal/cmd/treefile"}}, "editor imports internal/cmd/treefile: only the commands"},
		{layoutPackage{Path: "jedi", Name: "jedi", Imports: []string{"internal/cmd/demo"}}, "jedi imports internal/cmd/demo: only the commands"},
	} {
		err := layoutCheck(tt.p)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v: %v", tt.p, err)
		case tt.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.want)):
			t.Errorf("%+v: %v, want %q...", tt.p, err, tt.want)
		}
	}
}

// A layoutRow is a row of DESIGN.md's layout table.
type layoutRow struct {
	line    int // its line in DESIGN.md
	path    string
	imports []string
}

// layoutTable reads the layout table of DESIGN.md: the first table after
// the heading "## Layout". A row names its folder in backquotes, with a
// slash after ("`bt/`"), and its imports each in backquotes, or "—" for
// none.
func layoutTable(t *testing.T) []layoutRow {
	t.Helper()
	f, err := os.Open("DESIGN.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	quoted := regexp.MustCompile("`([^`]+)`")
	var rows []layoutRow
	in, seen := false, false
	s := bufio.NewScanner(f)
	for n := 1; s.Scan(); n++ {
		line := s.Text()
		switch {
		case line == "## Layout":
			in = true
		case !in:
		case strings.HasPrefix(line, "|"):
			seen = true
			cells := strings.Split(strings.Trim(strings.ReplaceAll(line, `\|`, "/"), "|"), "|") // "\|" is a | in a cell
			folder := quoted.FindStringSubmatch(cells[0])
			if len(cells) != 3 || folder == nil || !strings.HasSuffix(folder[1], "/") {
				continue // the header, its rule
			}
			row := layoutRow{line: n, path: strings.TrimSuffix(folder[1], "/")}
			for _, m := range quoted.FindAllStringSubmatch(cells[2], -1) {
				row.imports = append(row.imports, m[1])
			}
			rows = append(rows, row)
		case seen:
			return rows
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if !seen {
		t.Fatal(`DESIGN.md has no table after "## Layout"`)
	}
	return rows
}

// DESIGN.md's layout table lists every package of the module, library,
// samples, commands and internal folders alike, with the project's
// packages it imports, in an order where each imports only packages
// listed above it: add a package, or an import, and the table says so.
func TestLayoutTable(t *testing.T) {
	pkgs := map[string]layoutPackage{}
	for _, p := range layoutPackages(t) {
		pkgs[p.Path] = p
	}
	listed := map[string]int{} // each row's place
	for i, r := range layoutTable(t) {
		p, ok := pkgs[r.path]
		switch {
		case !ok:
			t.Errorf("DESIGN.md:%d: %s/ is no package of go list ./...: remove its row", r.line, r.path)
			continue
		case listed[r.path] > 0:
			t.Errorf("DESIGN.md:%d: %s/ is listed twice", r.line, r.path)
			continue
		}
		listed[r.path] = i + 1
		want, got := p.Imports, slices.Sorted(slices.Values(r.imports))
		if !slices.Equal(want, got) {
			t.Errorf("DESIGN.md:%d: %s/ imports %s, the table says %s", r.line, r.path, layoutList(want), layoutList(got))
		}
		for _, imp := range want {
			if listed[imp] == 0 && pkgs[imp].Path != "" {
				t.Errorf("DESIGN.md:%d: %s/ imports %s, which the table lists below it or not at all: list %s above", r.line, r.path, imp, imp)
			}
		}
	}
	for _, path := range slices.Sorted(maps.Keys(pkgs)) {
		if listed[path] == 0 {
			t.Errorf("DESIGN.md's layout table lacks %s/: add a row, with its imports %s", path, layoutList(pkgs[path].Imports))
		}
	}
}

// layoutList says a list of imports as the table writes it.
func layoutList(imports []string) string {
	if len(imports) == 0 {
		return "—"
	}
	return "`" + strings.Join(imports, "`, `") + "`"
}
