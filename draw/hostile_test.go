package draw

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/google/go-cmp/cmp"
)

// hostile holds texts that once broke a picture, or that look as if they
// might: the syntax of DOT, Graphviz's escapes, Mermaid's syntax, entity
// codes, directives and markers, HTML, control characters, invalid UTF-8.
var hostile = []string{
	`say "hi"`,
	`say \"hi\"`,
	`back\`,
	`\\`,
	`\N \G \E \T \H \L \l \r \n \" \`,
	"two\nlines\n",
	"tab\tcr\rcrlf\r\n",
	"\x00\x01\x1b[31m\x1f\x7f",
	"\xff\xfe invalid \xc3",
	"\u0085 \u009f \ufffe \uffff",
	"\u2028 \u2029 \u200d \ufeff \u00a0 \u3000",
	"\U000e0001 \U0010fffd \U0001ffff \ufdd0 \U0001d173", // tag, private use, noncharacters, a format character
	"é 日本語 👨‍👩‍👧 \U0001F600 a\u0301",
	"<b>bold</b> & <i>x</i> <br/> <script>alert(1)</script>",
	"&amp; &lt; &#92; &#x41; &nbsp; &",
	"`tick` ``two`` ```",
	"#quot; #35; #91; #lt; #",
	"a;b; c;",
	"[x] {y} (z) |w| ((a)) [[b]] {{c}} >d] [/e/]",
	`%%{init: {"theme": "dark"}}%%`,
	"%% comment",
	"$$x^2$$ $y$",
	"fa:fa-car fab:fa-github",
	"ﬂ°°35¶ß ﬂ°lt¶ß",
	"end",
	"--> ==> -.- ~~~ --o --x <-->",
	"n0 --> n1\n  style n0 fill:#f00",
	"classDef Impossible fill:#000;",
	"---\ntitle: x\n---",
	"click n0 call alert()",
	`'single' "double" “curly”`,
	"*bold* _em_ **strong** __strong__ ~~del~~",
	"digraph { a -> b }",
	"label=<x>",
	strings.Repeat("long ", 200),
	strings.Repeat(`&W"\`, 5000), // past the longest quoted string Graphviz reads (16384 bytes), more so escaped
	" ",
	"-",
	"\"",
}

// hostileRand returns n texts strung together from random pieces of the
// kinds above, the same on every run.
func hostileRand(n int) []string {
	r := rand.New(rand.NewPCG(10, 5))
	pieces := []string{`"`, `\`, "\n", "#", "&", ";", "<", ">", "`", "%", "$", ":", "[", "]", "|", "{", "}",
		"\x00", "\x7f", "\xff", "é", "ﬂ", "¶", "\u2028", "fa", "br", "a", " ", "N", "l", "35", "quot"}
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for k := 1 + r.IntN(12); k > 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		out[i] = b.String()
	}
	return out
}

// mem is the memory of the trees drawn here.
type mem struct{ hits int }

// check is a constraint with any description and any reason.
type check struct {
	desc, reason string
	pass         bool
}

func (c check) Evaluate(bt.Situation, *mem) (bt.Check, string) {
	if c.pass {
		return bt.Pass, ""
	}
	return bt.Fail, c.reason
}

func (c check) String() string { return c.desc }

// picture builds a small tree whose names, constraint descriptions and
// reasons are the given texts, and returns its picture annotated with a
// preview's decisions: every kind of text a picture shows. Names the
// builder refuses (empty, with a '/', not UTF-8) are mended first;
// constraint descriptions and reasons go as they are.
func picture(t testing.TB, title, name, constraint, reason string) Picture {
	t.Helper()
	mend := func(s string) string {
		s = strings.ToValidUTF8(strings.ReplaceAll(s, "/", "|"), "\ufffd")
		if s == "" {
			return "-"
		}
		return s
	}
	name, reason = mend(name), mend(reason)
	other := name + " 2"
	hit := func(m *mem) { m.hits++ }
	goal, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When(reason, heuristic.Beneficial, func(before, after *mem) bool { return after.hits > before.hits }))
	if err != nil {
		t.Fatal(err)
	}
	// The random selector comes first and does as well as the other
	// option, so the preview's path runs through it, and its decision
	// is among the preview's with the root's.
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal},
		n.Selector(name, bt.Replan(0),
			n.RandomSelector(other,
				n.Do(name, bt.Instant(func(*mem) bool { return true }, hit)).With(bt.Weight(2)),
				n.Do(other, bt.Instant(func(*mem) bool { return true }, hit)).Constrain(check{desc: constraint, reason: reason}),
			),
			n.Do(name, bt.Instant(func(*mem) bool { return true }, hit)).Constrain(check{desc: constraint, pass: true}),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := agent.Preview(&mem{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Decisions) != 2 {
		t.Fatalf("the preview has %d decisions, want the root's and the random selector's: %v", len(plan.Decisions), plan.Decisions)
	}
	return Picture{Title: title, Nodes: tree.Nodes(), Decisions: plan.Decisions}
}

// pictures draws the hostile texts and the random ones, each in every
// place a text can go.
func pictures(t testing.TB) []Picture {
	var out []Picture
	for i, s := range append(append([]string(nil), hostile...), hostileRand(100)...) {
		out = append(out, picture(t, s, s, s, s))
		next := hostile[(i+1)%len(hostile)]
		out = append(out, picture(t, next, s, next, s))
	}
	return out
}

func drawDOT(t testing.TB, p Picture) string {
	t.Helper()
	var b bytes.Buffer
	if err := p.DOT(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func drawMermaid(t testing.TB, p Picture) string {
	t.Helper()
	var b bytes.Buffer
	if err := p.Mermaid(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// dotQuoted matches a DOT quoted string as draw writes it: escapes are
// \\, \" and \n only, and no raw newline or control character.
var dotQuoted = regexp.MustCompile(`"((?:[^"\\\x00-\x1f\x7f]|\\[\\"n])*)"`)

// dotLine matches every line draw writes in DOT, with each quoted string
// replaced by Q.
var dotLine = regexp.MustCompile(`^(digraph Q \{|  rankdir=TB;|  node \[shape=box, style=Q, fontname=Q, fillcolor=Q\];|` +
	`  edge \[fontname=Q, fontsize=10\];|  n\d+ \[label=Q(, fillcolor=Q)?(, penwidth=3)?\];|` +
	`  n\d+ -> n\d+( \[(label=Q)?(, )?(penwidth=3)?\])?;|\})$`)

// checkDOT checks the escaping of DOT written for p: every quoted string
// is well formed, nothing else in the output comes from the tree, and
// each label reads back as the visible text of what it shows.
func checkDOT(t testing.TB, p Picture, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8 in\n%s", out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if want := 5 + 2*len(p.Nodes) - 1; len(p.Nodes) > 0 && len(lines) != want {
		t.Errorf("%d lines, want %d: a newline escaped its quotes\n%s", len(lines), want, out)
	}
	var labels []string
	for _, line := range lines {
		bare := dotQuoted.ReplaceAllString(line, "Q")
		if !dotLine.MatchString(bare) {
			t.Fatalf("malformed line %q (as %q)", line, bare)
		}
		for _, m := range dotQuoted.FindAllStringSubmatch(line, -1) {
			if strings.Contains(strings.ReplaceAll(m[1], "&amp;", ""), "&") {
				t.Errorf("an unescaped & in %s", m[0])
			}
			labels = append(labels, unDOT(m[1]))
		}
	}
	// What the labels say, in order: the title, the four node attributes'
	// strings, then each node's label and verdict colour, then each edge's
	// verdict.
	a := p.annotate()
	want := []string{shownInDOT(p.title()), "rounded,filled", "Helvetica", "#ffffff", "Helvetica"}
	for _, n := range p.Nodes {
		want = append(want, shownInDOT(append([]string{n.Name}, n.Fields()...)...))
		if v, ok := a.verdict[n.Path]; ok {
			want = append(want, colours[v.Outcome])
		}
	}
	for _, n := range p.Nodes[min(1, len(p.Nodes)):] {
		if v, ok := a.verdict[n.Path]; ok {
			want = append(want, shownInDOT(v.String()))
		}
	}
	if diff := cmp.Diff(want, labels); diff != "" {
		t.Errorf("DOT strings read back (-want +got):\n%s\n%s", diff, out)
	}
}

// unDOT reads back what Graphviz shows for a quoted string draw wrote.
func unDOT(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && s[i+1] == 'n':
			b.WriteByte('\n')
			i++
		case s[i] == '\\':
			b.WriteByte(s[i+1])
			i++
		case strings.HasPrefix(s[i:], "&amp;"):
			b.WriteByte('&')
			i += len("&amp;") - 1
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// shownInDOT is what Graphviz shows of a DOT string of the lines: their
// visible texts, one a line, cut short with "…" where the string, escaped
// and quoted, would pass maxDOTString bytes.
func shownInDOT(lines ...string) string {
	text := strings.Join(visibleAll(lines), "\n")
	size := func(r rune) int {
		switch r {
		case '"', '\\', '\n':
			return 2
		case '&':
			return len("&amp;")
		}
		return utf8.RuneLen(r)
	}
	used := len(`"`)
	for i, r := range text {
		if used+size(r) > maxDOTString-len(`…"`) {
			return text[:i] + "…"
		}
		used += size(r)
	}
	return text
}

func visibleAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = visible(s)
	}
	return out
}

// mermaidLabel matches a label as draw writes it inside Mermaid's quotes:
// letters, digits, the safe punctuation, other printable non-ASCII runes,
// entity codes and line breaks.
var mermaidLabel = regexp.MustCompile(`^(?:[A-Za-z0-9` + regexp.QuoteMeta(mermaidPunct) + `]|[^\x00-\x7f]|#\d+;|<br/>)*$`)

// The lines draw writes in Mermaid: nodes with their two texts, edges
// with an optional label, and the rest, which holds no text from a tree.
var (
	mermaidNode  = regexp.MustCompile(`^  n\d+\["(.*)<br/><small>(.*)</small>"\]$`)
	mermaidEdge  = regexp.MustCompile(`^  n\d+ (-->|==>)(\|"(.*)"\|)? n\d+$`)
	mermaidOther = regexp.MustCompile(`^(flowchart TD|---|  class n\d+ [A-Za-z]+|  classDef [A-Za-z]+ fill:#[0-9a-f]{6}|` +
		`  style n\d+ stroke-width:3px|  linkStyle [0-9,]+ stroke-width:3px)$`)
)

// checkMermaid checks the escaping of Mermaid written for p as checkDOT
// does for DOT.
func checkMermaid(t testing.TB, p Picture, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("invalid UTF-8 in\n%s", out)
	}
	var got, want []string
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if title := p.title(); title != "" {
		if len(lines) < 3 || !strings.HasPrefix(lines[1], "title: ") {
			t.Fatalf("no title in\n%s", out)
		}
		text, err := strconv.Unquote(strings.TrimPrefix(lines[1], "title: "))
		if err != nil || text != visible(title) {
			t.Errorf("title %s reads back as %q (%v), want %q", lines[1], text, err, visible(title))
		}
		lines = append(lines[:1:1], lines[2:]...)
	}
	for _, line := range lines {
		var texts []string
		switch {
		case mermaidNode.MatchString(line):
			texts = mermaidNode.FindStringSubmatch(line)[1:]
		case mermaidEdge.MatchString(line):
			if m := mermaidEdge.FindStringSubmatch(line); m[2] != "" {
				texts = m[3:]
			}
		case mermaidOther.MatchString(line):
		default:
			t.Fatalf("malformed line %q in\n%s", line, out)
		}
		for _, s := range texts {
			if !mermaidLabel.MatchString(s) {
				t.Fatalf("unsafe label text %q", s)
			}
			got = append(got, unMermaid(s))
		}
	}
	a := p.annotate()
	for _, n := range p.Nodes {
		want = append(want, visible(n.Name), visible(strings.Join(n.Fields(), "  ")))
	}
	for _, n := range p.Nodes[min(1, len(p.Nodes)):] {
		if v, ok := a.verdict[n.Path]; ok {
			want = append(want, visible(v.String()))
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Mermaid labels read back (-want +got):\n%s\n%s", diff, out)
	}
}

var mermaidCode = regexp.MustCompile(`#\d+;|<br/>`)

// unMermaid reads back what Mermaid shows for a label draw wrote.
func unMermaid(s string) string {
	return mermaidCode.ReplaceAllStringFunc(s, func(code string) string {
		if code == "<br/>" {
			return "\n"
		}
		n, _ := strconv.Atoi(code[1 : len(code)-1])
		return string(rune(n))
	})
}

// A dot runs Graphviz's dot, if it is installed.
type dot string

// findDot returns dot, or skips the test with one line.
func findDot(t testing.TB) dot {
	path, err := exec.LookPath("dot")
	if err != nil {
		need(t, "Graphviz's dot is not installed (apt-get install graphviz)")
	}
	return dot(path)
}

// need skips a test whose tool is missing, or fails it when
// DRAW_REQUIRE_TOOLS is set, as in CI that installs them.
func need(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("DRAW_REQUIRE_TOOLS") != "" {
		t.Fatal(why)
	}
	t.Skip(why)
}

// read has dot lay out the graphs in src (one or more) as SVG, and
// returns what it said on stderr and whether it succeeded.
func (d dot) read(src string) (string, error) {
	cmd := command(string(d), "-Tsvg", "-o", os.DevNull)
	cmd.Stdin = strings.NewReader(src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := run(cmd)
	return stderr.String(), err
}

// toolTimeout is how long a tool (dot, node) may take to answer.
const toolTimeout = 2 * time.Minute

// command returns a command of a tool, for run.
func command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.WaitDelay = time.Second // a child left holding its output does not hold the test
	return cmd
}

// run runs cmd, killing it after toolTimeout, and then says which program
// did not answer.
func run(cmd *exec.Cmd) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(toolTimeout):
		cmd.Process.Kill()
		<-done
		return fmt.Errorf("%s did not answer within %v", cmd.Path, toolTimeout)
	}
}

// Graphviz reads the DOT of every hostile picture and state diagram
// without a complaint.
func TestDOTParses(t *testing.T) {
	t.Parallel()
	d := findDot(t)
	var all strings.Builder
	outs := []string{}
	for _, p := range pictures(t) {
		out := drawDOT(t, p)
		outs = append(outs, out)
		all.WriteString(out)
	}
	for _, d := range stateDiagrams() {
		out := drawStateDOT(t, d)
		outs = append(outs, out)
		all.WriteString(out)
	}
	for _, s := range searches() {
		out := drawSearch(t, s, false)
		outs = append(outs, out)
		all.WriteString(out)
	}
	// dot reads many graphs from one input; on a complaint, find the one.
	if stderr, err := d.read(all.String()); err == nil && stderr == "" {
		return
	}
	for _, out := range outs {
		if stderr, err := d.read(out); err != nil || stderr != "" {
			t.Errorf("dot: %v: %s\n%s", err, stderr, out)
		}
	}
}

// Mermaid's own parser reads every hostile picture and state diagram, if
// node and the mermaid package are installed (npm ci --prefix draw/testdata/mermaid).
func TestMermaidParses(t *testing.T) {
	t.Parallel()
	node, err := exec.LookPath("node")
	if err != nil {
		need(t, "node is not installed: the Mermaid parser runs under Node.js")
	}
	dir := filepath.Join("testdata", "mermaid")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "mermaid")); err != nil {
		need(t, "mermaid is not installed (npm ci --prefix draw/testdata/mermaid)")
	}
	var outs []any
	for _, p := range pictures(t) {
		outs = append(outs, drawMermaid(t, p))
	}
	for _, d := range stateDiagrams() {
		outs = append(outs, map[string]string{"text": drawStateMermaid(t, d), "type": "stateDiagram"})
	}
	for _, s := range searches() {
		outs = append(outs, drawSearch(t, s, true))
	}
	input, err := json.Marshal(outs)
	if err != nil {
		t.Fatal(err)
	}
	cmd := command(node, "parse.mjs")
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(input)
	var stderr, stdout bytes.Buffer
	cmd.Stderr, cmd.Stdout = &stderr, &stdout
	if err := run(cmd); err != nil {
		t.Fatalf("node parse.mjs: %v\n%s", err, stderr.Bytes())
	}
	result := stdout.Bytes()
	var errs []string
	if err := json.Unmarshal(result, &errs); err != nil || len(errs) != len(outs) {
		t.Fatalf("node parse.mjs answered %q (%v)", result, err)
	}
	for i, e := range errs {
		if e != "" {
			t.Errorf("Mermaid: %s\n%s", e, outs[i])
		}
	}
}

// The output is well formed for every hostile picture and state
// diagram, and reads back as what it shows; the tools need not be installed.
func TestHostileTexts(t *testing.T) {
	t.Parallel()
	for _, p := range pictures(t) {
		checkDOT(t, p, drawDOT(t, p))
		checkMermaid(t, p, drawMermaid(t, p))
	}
	for _, d := range stateDiagrams() {
		checkStateDOT(t, d, drawStateDOT(t, d))
		checkStateMermaid(t, d, drawStateMermaid(t, d))
	}
}

func TestVisible(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"plain é 日本 👨‍👩‍👧", "plain é 日本 👨‍👩‍👧"},
		{"two\nlines", "two\nlines"},
		{"\x00\x01\t\r\x1f\x7f", "␀␁␉␍␟␡"},
		{"\xff\xc3 \xe2\x82", "\ufffd\ufffd \ufffd\ufffd"}, // one for each invalid byte, as range does
		{"\u0080\u009f\ufffe\uffff", "\ufffd\ufffd\ufffd\ufffd"},
		{"\u2028\u200d\ufeff", "\u2028\u200d\ufeff"},
	} {
		if got := visible(tt.in); got != tt.want {
			t.Errorf("visible(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func fuzzSeeds(f *testing.F) {
	for i, s := range hostile {
		f.Add(s, hostile[(i+1)%len(hostile)], hostile[(i+2)%len(hostile)], hostile[(i+3)%len(hostile)])
	}
}

// FuzzDOT draws small trees with fuzzed names, constraint descriptions
// and reasons, and small searches with them as names, outcomes and
// reasons (Search), checks that every quoted string is well formed and
// reads back as what it shows, and, when dot is installed, that dot
// reads it.
func FuzzDOT(f *testing.F) {
	fuzzSeeds(f)
	path, missing := exec.LookPath("dot")
	d := dot(path)
	f.Fuzz(func(t *testing.T, title, name, constraint, reason string) {
		p := picture(t, title, name, constraint, reason)
		out := drawDOT(t, p)
		checkDOT(t, p, out)
		s := search(title, name, constraint, reason)
		searchOut := drawSearch(t, s, false)
		checkSearchDOT(t, s, searchOut)
		if missing != nil {
			return
		}
		if stderr, err := d.read(out + searchOut); err != nil || stderr != "" {
			t.Errorf("dot: %v: %s\n%s%s", err, stderr, out, searchOut)
		}
	})
}

// FuzzMermaid draws small trees with fuzzed names, constraint
// descriptions and reasons, and small searches with them, and checks that every label holds only what
// Mermaid reads as text and reads back as what it shows. (Mermaid's own
// parser is too slow to start per input; TestMermaidParses runs it over
// this target's seeds and more.)
func FuzzMermaid(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, title, name, constraint, reason string) {
		p := picture(t, title, name, constraint, reason)
		checkMermaid(t, p, drawMermaid(t, p))
		s := search(title, name, constraint, reason)
		checkSearchMermaid(t, s, drawSearch(t, s, true))
	})
}
