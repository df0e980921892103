package docs_test

import (
	"errors"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/google/go-cmp/cmp"
)

// A snippetProblem is one thing wrong with a Markdown file.
type snippetProblem struct {
	line  int // 1-based; 0 for the file as a whole
	msg   string
	stale bool // the file differs from what it shows: -update mends it
}

// String gives the problem as the test reports it, after the file's
// name: "12: the block differs ...".
func (p snippetProblem) String() string {
	return fmt.Sprintf("%d: %s", p.line, p.msg)
}

// A snippetUnmarked allows the ```go blocks with no marker under one
// heading of one file, as many as blocks says: Markdown written before
// its code was tested, until it is rewritten. An allowance that no
// longer matches is a problem, so that it goes when its blocks go.
type snippetUnmarked struct {
	file    string // from the module's root
	heading string // the heading's line, "## A 30-second tour"
	blocks  int
}

// snippetChecker checks Markdown files against the code they show, and
// gives each file as -update would rewrite it.
type snippetChecker struct {
	root       fs.FS                             // the module's root
	generators map[string]func() (string, error) // what makes each generated part, by name
	unmarked   []snippetUnmarked

	sources map[string]*snippetSource // the files markers named, read once
	used    map[string]bool           // the generators a file used
}

// check checks the Markdown file at path (from the root). It returns
// the file with every block and generated part made again from its
// source, and the problems found; err is for a file it cannot read.
func (c *snippetChecker) check(path string) (fixed string, problems []snippetProblem, err error) {
	data, err := fs.ReadFile(c.root, path)
	if err != nil {
		return "", nil, err
	}
	fixed, problems = c.checkText(path, string(data))
	return fixed, problems, nil
}

// checkText checks text, the Markdown file at path.
func (c *snippetChecker) checkText(path, text string) (fixed string, problems []snippetProblem) {
	d := snippetDoc{c: c, path: path, lines: strings.Split(text, "\n"), unmarked: map[string][]int{}}
	for i := 0; i < len(d.lines); {
		i = d.step(i)
	}
	d.checkUnmarked()
	slices.SortStableFunc(d.problems, func(a, b snippetProblem) int { return a.line - b.line })
	return strings.Join(d.out, "\n"), d.problems
}

// The markers in Markdown, each alone on its line.
var (
	snippetMarkerRx = regexp.MustCompile(`^<!--\s*(snippet|output|generated):\s*(\S+)\s*-->$`)
	snippetEndRx    = regexp.MustCompile(`^<!--\s*end generated\s*-->$`)
	// snippetLooseRx finds what was meant as a marker, to report one
	// that is misspelt rather than pass over it.
	snippetLooseRx = regexp.MustCompile(`^<!--\s*(snippet|output|generated|end generated)\b`)
	snippetHeadRx  = regexp.MustCompile(`^#{1,6}(\s|$)`)
)

// A snippetMarker names what the lines after it show: kind "snippet"
// (a region of a file, or the whole file), "output" (an Example's
// output) or "generated" (what a generator makes), and its argument
// ("docs/tour_test.go#agent", "tree-file-fields").
type snippetMarker struct {
	kind, arg string
}

// snippetParseMarker reads line as a marker. ok is false for a line that
// is not one; end is true for the end of a generated part.
func snippetParseMarker(line string) (m snippetMarker, ok, end bool, err error) {
	s := strings.TrimSpace(line)
	if !snippetLooseRx.MatchString(s) {
		return m, false, false, nil
	}
	if snippetEndRx.MatchString(s) {
		return m, true, true, nil
	}
	sub := snippetMarkerRx.FindStringSubmatch(s)
	if sub == nil {
		return m, false, false, fmt.Errorf("a marker this checker cannot read: %s (want <!-- snippet: path#region -->, <!-- output: path#ExampleName -->, <!-- generated: name --> or <!-- end generated -->)", s)
	}
	return snippetMarker{kind: sub[1], arg: sub[2]}, true, false, nil
}

// A snippetFence is the opening line of a fenced block.
type snippetFence struct {
	indent string // before the fence; the block's lines carry it too
	char   string // "`" or "~"
	length int
	lang   string // the info string's first word, lower case
}

var snippetFenceRx = regexp.MustCompile("^([ \t]*)(`{3,}|~{3,})[ \t]*([^ \t`]*)")

// snippetOpenFence reads line as the opening of a fenced block.
func snippetOpenFence(line string) (snippetFence, bool) {
	sub := snippetFenceRx.FindStringSubmatch(line)
	if sub == nil {
		return snippetFence{}, false
	}
	return snippetFence{indent: sub[1], char: sub[2][:1], length: len(sub[2]), lang: strings.ToLower(sub[3])}, true
}

// closes reports whether line closes the block f opened: a fence of
// the same character, at least as long, and nothing after it.
func (f snippetFence) closes(line string) bool {
	s := strings.TrimLeft(line, " \t")
	n := len(s) - len(strings.TrimLeft(s, f.char))
	return n >= f.length && strings.TrimSpace(s[n:]) == ""
}

// snippetDoc is one pass over a Markdown file.
type snippetDoc struct {
	c        *snippetChecker
	path     string
	lines    []string
	out      []string // the file as -update writes it
	problems []snippetProblem
	heading  string           // the heading of the section the pass is in
	unmarked map[string][]int // the lines of go blocks with no marker, by heading
	headings []string         // the headings of unmarked, in the file's order
}

// problem records a problem at the line of index i.
func (d *snippetDoc) problem(i int, stale bool, format string, args ...any) {
	d.problems = append(d.problems, snippetProblem{line: i + 1, msg: fmt.Sprintf(format, args...), stale: stale})
}

// step reads the line at i, and what it begins, into d.out, and returns
// the index of the line after.
func (d *snippetDoc) step(i int) int {
	line := d.lines[i]
	if f, ok := snippetOpenFence(line); ok {
		return d.block(i, f, nil)
	}
	m, ok, end, err := snippetParseMarker(line)
	switch {
	case err != nil:
		d.problem(i, false, "%v", err)
	case !ok:
		if s := strings.TrimSpace(line); snippetHeadRx.MatchString(s) {
			d.heading = s
		}
	case end:
		d.problem(i, false, "an end of a generated part that has no beginning (<!-- generated: name -->)")
	case m.kind == "generated":
		return d.generated(i, m)
	default: // a snippet or an output: the next line opens its block
		d.out = append(d.out, line)
		if i+1 < len(d.lines) {
			if f, ok := snippetOpenFence(d.lines[i+1]); ok {
				return d.block(i+1, f, &m)
			}
		}
		d.problem(i, false, "%s marker with no fenced block on the line after it", m.kind)
		return i + 1
	}
	d.out = append(d.out, line)
	return i + 1
}

// block reads the fenced block that opens at i, m its marker or nil.
func (d *snippetDoc) block(i int, f snippetFence, m *snippetMarker) int {
	end := i + 1
	for end < len(d.lines) && !f.closes(d.lines[end]) {
		end++
	}
	if end == len(d.lines) {
		d.problem(i, false, "a fenced block that is never closed")
		d.out = append(d.out, d.lines[i:]...)
		return end
	}
	d.out = append(d.out, d.lines[i])
	d.out = append(d.out, d.body(i, f, m, d.lines[i+1:end])...)
	d.out = append(d.out, d.lines[end])
	return end + 1
}

// body checks the lines of the block that opens at i, and returns them
// as -update writes them.
func (d *snippetDoc) body(i int, f snippetFence, m *snippetMarker, got []string) []string {
	switch {
	case m == nil:
		if f.lang == "go" {
			if d.unmarked[d.heading] == nil {
				d.headings = append(d.headings, d.heading)
			}
			d.unmarked[d.heading] = append(d.unmarked[d.heading], i)
		}
		return got
	case f.lang == "go" && m.kind != "snippet":
		d.problem(i-1, false, "a go block shows Go code, so its marker is <!-- snippet: path#region -->, not %s", m.kind)
		return got
	}
	want, err := d.c.want(*m, f.lang)
	if err != nil {
		d.problem(i-1, false, "%v", err)
		return got
	}
	return d.compare(i-1, "the block differs from "+m.arg, f.indent, want, got)
}

// compare compares the lines got, each after indent, with want. It
// returns the lines -update writes: got when they agree, else want
// indented.
func (d *snippetDoc) compare(i int, what, indent string, want, got []string) []string {
	plain := make([]string, len(got))
	for k, l := range got {
		plain[k] = l
		if s, ok := strings.CutPrefix(l, indent); ok {
			plain[k] = s
		} else if strings.TrimSpace(l) == "" {
			plain[k] = ""
		}
	}
	if slices.Equal(plain, want) {
		return got
	}
	diff := cmp.Diff(want, plain)
	d.problem(i, true, "%s (-want +got; go test ./docs -update rewrites it):\n%s", what, diff)
	out := make([]string, len(want))
	for k, l := range want {
		if l != "" {
			l = indent + l
		}
		out[k] = l
	}
	return out
}

// generated reads the generated part whose marker is at i.
func (d *snippetDoc) generated(i int, m snippetMarker) int {
	end := i + 1
	for ; end < len(d.lines); end++ {
		if _, ok, isEnd, _ := snippetParseMarker(d.lines[end]); ok {
			if !isEnd {
				end = len(d.lines) // another marker before this part's end
			}
			break
		}
	}
	if end >= len(d.lines) {
		d.problem(i, false, "generated part %s has no <!-- end generated --> before the next marker or the end of the file", m.arg)
		d.out = append(d.out, d.lines[i])
		return i + 1
	}
	d.out = append(d.out, d.lines[i])
	got := d.lines[i+1 : end]
	if want, err := d.c.generate(m.arg); err != nil {
		d.problem(i, false, "%v", err)
		d.out = append(d.out, got...)
	} else {
		d.out = append(d.out, d.compare(i, "generated part "+m.arg+" differs from what its generator makes", "", want, got)...)
	}
	d.out = append(d.out, d.lines[end])
	return end + 1
}

// checkUnmarked reports the go blocks with no marker that no allowance
// covers, and the allowances of this file that no longer match.
func (d *snippetDoc) checkUnmarked() {
	allowed := map[string]int{}
	for _, u := range d.c.unmarked {
		if u.file == d.path {
			allowed[u.heading] = u.blocks
		}
	}
	for _, h := range d.headings {
		lines := d.unmarked[h]
		n, ok := allowed[h]
		if ok && n == len(lines) {
			continue
		}
		for _, i := range lines {
			msg := "a go block with no marker before it: its code is to come from a Go file the tests compile (<!-- snippet: path#region -->)"
			if ok {
				msg += fmt.Sprintf("; the known exception for %q allows %d such blocks, and it has %d", h, n, len(lines))
			}
			d.problem(i, false, "%s", msg)
		}
	}
	for _, u := range d.c.unmarked {
		if u.file == d.path && d.unmarked[u.heading] == nil {
			d.problems = append(d.problems, snippetProblem{msg: fmt.Sprintf(
				"the known exception for %q allows %d go blocks with no marker, and it has none: remove it", u.heading, u.blocks)})
		}
	}
}

// generate returns the lines of generated part name: what its generator
// makes, between blank lines so that Markdown reads the markers and the
// part apart.
func (c *snippetChecker) generate(name string) ([]string, error) {
	gen, ok := c.generators[name]
	if !ok {
		names := slices.Sorted(maps.Keys(c.generators))
		return nil, fmt.Errorf("no generator %s (there are: %s)", name, strings.Join(names, ", "))
	}
	if c.used == nil {
		c.used = map[string]bool{}
	}
	c.used[name] = true
	text, err := gen()
	if err != nil {
		return nil, fmt.Errorf("generator %s: %w", name, err)
	}
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	return append(append([]string{""}, lines...), ""), nil
}

// want returns the lines that the block marked m, in language lang,
// must hold.
func (c *snippetChecker) want(m snippetMarker, lang string) ([]string, error) {
	path, name, _ := strings.Cut(m.arg, "#")
	src, err := c.source(path)
	if err != nil {
		return nil, err
	}
	switch {
	case m.kind == "output":
		return src.output(name)
	case lang == "go" && !strings.HasSuffix(path, ".go"):
		return nil, fmt.Errorf("a go block shows Go, and %s is not a Go file", path)
	case name == "":
		return snippetTidy(src.lines), nil
	}
	return src.region(name)
}

// source returns the file at path, read and checked once.
func (c *snippetChecker) source(path string) (*snippetSource, error) {
	if s, ok := c.sources[path]; ok {
		return s, s.err
	}
	s := snippetRead(c.root, path)
	if c.sources == nil {
		c.sources = map[string]*snippetSource{}
	}
	c.sources[path] = s
	return s, s.err
}

// A snippetSource is a file that markers quote.
type snippetSource struct {
	path     string
	lines    []string
	regions  map[string]snippetRegion
	examples map[string]*doc.Example // by function name, in a _test.go file
	err      error                   // what is wrong with the file, for every marker that names it
}

// A snippetRegion is the lines [first, end) of a file between a region's
// markers.
type snippetRegion struct{ first, end int }

// snippetRegionRx matches a line that begins or ends a region of a
// source file: "// snippet agent", "// end snippet agent".
var snippetRegionRx = regexp.MustCompile(`^// (end )?snippet ([A-Za-z0-9_.-]+)$`)

// snippetRead reads and checks the source file at path.
func snippetRead(root fs.FS, path string) *snippetSource {
	s := &snippetSource{path: path, regions: map[string]snippetRegion{}}
	if !fs.ValidPath(path) || path == "." {
		s.err = fmt.Errorf("%q is not a path from the module's root", path)
		return s
	}
	data, err := fs.ReadFile(root, path)
	if errors.Is(err, fs.ErrNotExist) {
		s.err = fmt.Errorf("%s: no such file", path)
		return s
	} else if err != nil {
		s.err = err
		return s
	}
	s.lines = strings.Split(string(data), "\n")
	errs := s.findRegions()
	if strings.HasSuffix(path, ".go") {
		errs = append(errs, s.checkGo(data)...)
	}
	s.err = errors.Join(errs...)
	return s
}

// findRegions finds the file's regions, and reports markers that do not
// pair.
func (s *snippetSource) findRegions() []error {
	var errs []error
	begun := map[string]int{}
	for i, l := range s.lines {
		sub := snippetRegionRx.FindStringSubmatch(strings.TrimSpace(l))
		if sub == nil {
			continue
		}
		name := sub[2]
		first, open := begun[name]
		_, done := s.regions[name]
		switch {
		case sub[1] == "":
			if open || done {
				errs = append(errs, fmt.Errorf("%s:%d: region %s begins a second time", s.path, i+1, name))
			}
			begun[name] = i // so that its end pairs with it, and is not reported too
		case !open:
			errs = append(errs, fmt.Errorf("%s:%d: region %s ends, and has not begun", s.path, i+1, name))
		default:
			if !done {
				s.regions[name] = snippetRegion{first + 1, i}
			}
			delete(begun, name)
		}
	}
	for _, i := range slices.Sorted(maps.Values(begun)) {
		name := snippetRegionRx.FindStringSubmatch(strings.TrimSpace(s.lines[i]))[2]
		errs = append(errs, fmt.Errorf("%s:%d: region %s has no // end snippet %s", s.path, i+1, name, name))
	}
	return errs
}

// checkGo checks a Go source: that go builds it, that no region marker
// changes what the Go tools read from its comments, and finds its
// Examples.
func (s *snippetSource) checkGo(data []byte) []error {
	for _, elem := range strings.Split(s.path, "/") {
		if elem == "testdata" || strings.HasPrefix(elem, "_") || strings.HasPrefix(elem, ".") {
			return []error{fmt.Errorf("%s: the go tool builds no file under testdata or a name that starts with _ or ., so nothing would compile what the Markdown shows", s.path)}
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, s.path, data, parser.ParseComments)
	if err != nil {
		return []error{err}
	}
	var errs []error
	trap := func(g *ast.CommentGroup, why string) {
		for _, c := range g.List {
			if snippetRegionRx.MatchString(c.Text) {
				errs = append(errs, fmt.Errorf("%s:%d: %s is %s: leave a blank line between them", s.path, fset.Position(c.Pos()).Line, c.Text, why))
				return
			}
		}
	}
	for _, g := range snippetDocComments(f) {
		trap(g, "part of a doc comment, which go doc would show")
	}
	for _, g := range f.Comments {
		if snippetOutputRx.MatchString(g.Text()) {
			trap(g, "in the comment of an Example's output, which go test would then not check")
		}
	}
	if strings.HasSuffix(s.path, "_test.go") {
		s.examples = map[string]*doc.Example{}
		for _, ex := range doc.Examples(f) {
			s.examples["Example"+ex.Name] = ex
		}
	}
	return errs
}

// snippetOutputRx matches the comment of an Example's output, as go test
// reads it.
var snippetOutputRx = regexp.MustCompile(`(?im)^[[:space:]]*(unordered )?output:`)

// snippetDocComments returns the doc comments of a file: the package's,
// and every declaration's, spec's and field's.
func snippetDocComments(f *ast.File) []*ast.CommentGroup {
	var docs []*ast.CommentGroup
	add := func(g *ast.CommentGroup) {
		if g != nil {
			docs = append(docs, g)
		}
	}
	add(f.Doc)
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Doc)
		case *ast.GenDecl:
			add(n.Doc)
		case *ast.TypeSpec:
			add(n.Doc)
		case *ast.ValueSpec:
			add(n.Doc)
		case *ast.ImportSpec:
			add(n.Doc)
		case *ast.Field:
			add(n.Doc)
		}
		return true
	})
	return docs
}

// region returns the lines of region name, tidied.
func (s *snippetSource) region(name string) ([]string, error) {
	r, ok := s.regions[name]
	if !ok {
		names := slices.Sorted(maps.Keys(s.regions))
		if len(names) == 0 {
			names = []string{"none"}
		}
		return nil, fmt.Errorf("%s has no region %s (its regions: %s)", s.path, name, strings.Join(names, ", "))
	}
	return snippetTidy(s.lines[r.first:r.end]), nil
}

// output returns the lines of the output comment of Example name.
func (s *snippetSource) output(name string) ([]string, error) {
	switch {
	case name == "":
		return nil, fmt.Errorf("an output marker names an Example: %s#ExampleName", s.path)
	case s.examples == nil:
		return nil, fmt.Errorf("%s: go test runs the Examples of _test.go files only", s.path)
	}
	ex, ok := s.examples[name]
	switch {
	case !ok:
		return nil, fmt.Errorf("%s has no Example %s", s.path, name)
	case ex.Output == "" && !ex.EmptyOutput:
		return nil, fmt.Errorf("%s: %s has no // Output: comment, so go test compiles it and does not run it", s.path, name)
	case ex.EmptyOutput:
		return nil, nil
	}
	return strings.Split(strings.TrimRight(ex.Output, "\n"), "\n"), nil
}

// snippetTidy returns lines without region markers, leading and trailing
// blank lines, and the indentation they all share.
func snippetTidy(lines []string) []string {
	var out []string
	for _, l := range lines {
		if !snippetRegionRx.MatchString(strings.TrimSpace(l)) {
			out = append(out, l)
		}
	}
	blank := func(l string) bool { return strings.TrimSpace(l) == "" }
	for len(out) > 0 && blank(out[0]) {
		out = out[1:]
	}
	for len(out) > 0 && blank(out[len(out)-1]) {
		out = out[:len(out)-1]
	}
	indent, first := "", true
	for _, l := range out {
		if blank(l) {
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if first {
			indent, first = lead, false
		}
		indent = snippetCommonPrefix(indent, lead)
	}
	tidy := make([]string, len(out))
	for k, l := range out {
		if !blank(l) {
			tidy[k] = strings.TrimPrefix(l, indent)
		}
	}
	return tidy
}

// snippetCommonPrefix returns the longest prefix of both a and b.
func snippetCommonPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:n]
}
