package btjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/joined"
	"github.com/foresight-bt/foresight/internal/engine/kinds"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/utility"
)

// An Error is a problem of a tree file: where it is, as a JSON path
// ("$.children[2].action") and a line and column (from 1, the column
// counted in characters), and what it is.
type Error struct {
	Path   string
	Line   int
	Column int
	Err    error
}

// Error returns "line:column: path: message".
func (e *Error) Error() string {
	return fmt.Sprintf("%d:%d: %s: %v", e.Line, e.Column, e.Path, e.Err)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Build reads a tree file and builds its tree with cfg. Every problem is
// reported at once, each as an *Error that places it in the file: those
// of the file itself, and those bt.Build finds in the tree it describes
// (an empty selector, a weight outside a random selector), unless the
// file is too broken to tell its tree (bad JSON, a node without a kind).
//
// Build remembers none of what the registry's factories make for the
// tree (see Factory): no description of it comes out for Marshal to
// write, and the tree alone holds them.
func (r *Registry[M]) Build(cfg bt.Config[M], data []byte) (*bt.Tree[M], error) {
	def, l, err := r.load(data, nil)
	if err != nil && (l == nil || l.places == nil) {
		return nil, err
	}
	if err != nil { // check the rest of the tree, with stand-ins for what the file got wrong
		standIns(&def)
	}
	tree, berr := bt.Build(cfg, def)
	if berr == nil && err == nil {
		return tree, nil
	}
	l.add(berr)
	return nil, l.err()
}

// Load reads a tree file into the description it holds, for bt.Build.
// Every problem of the file is reported at once, each as an *Error.
func (r *Registry[M]) Load(data []byte) (bt.Def[M], error) {
	def, _, err := r.load(data, r.remembered())
	if err != nil {
		return bt.Def[M]{}, err
	}
	return def, nil
}

// Read reads a tree file from rd, at most Limits.Bytes of it and one
// byte more (a larger file is refused unread), as Load.
func (r *Registry[M]) Read(rd io.Reader) (bt.Def[M], error) {
	if err := r.check(); err != nil {
		return bt.Def[M]{}, err
	}
	if rd == nil {
		return bt.Def[M]{}, errors.New("btjson: Read of a nil reader")
	}
	lim := r.Limits.orDefaults()
	n := int64(lim.Bytes)
	if n < math.MaxInt64 { // saturating: math.MaxInt is no limit
		n++
	}
	data, err := io.ReadAll(io.LimitReader(rd, n))
	if err != nil {
		return bt.Def[M]{}, err
	}
	return r.Load(data)
}

// A place is where the file describes a node.
type place struct {
	json   string // the node's JSON path
	offset int
}

// add reports Build's errors, each about a node placed where the file
// describes the node, within the same Limits.Errors as the file's own.
// A node the file does not describe (a step of a planner node, which the
// planner makes) is placed at the nearest node above it that the file
// describes.
func (l *loader[M]) add(err error) {
	if err == nil {
		return
	}
	for _, e := range joined.Split(err) {
		var ne *decide.Error
		if errors.As(e, &ne) {
			if at, ok := l.placeOf(ne.Path); ok {
				l.fail(at.json, at.offset, e)
				continue
			}
		}
		l.report(e)
	}
}

// placeOf returns where the file describes the node at path, or the
// nearest node above it that it describes.
func (l *loader[M]) placeOf(path string) (place, bool) {
	for {
		if at, ok := l.places[path]; ok {
			return at, true
		}
		i := strings.LastIndexByte(path, '/')
		if i < 0 {
			return place{}, false
		}
		path = path[:i]
	}
}

// load reads data into a Def. With errors, it returns what it read when
// the file is whole enough for bt.Build to check the rest (its JSON
// sound, every node with a kind and a name, within the limits), and the
// loader's places then say where each node lies, so that Build's errors
// can be placed in the file. The loader is nil when the registry is
// unusable. What the factories make is remembered in made, if not nil.
func (r *Registry[M]) load(data []byte, made *madeTable) (bt.Def[M], *loader[M], error) {
	if err := r.check(); err != nil {
		return bt.Def[M]{}, nil, err
	}
	l := &loader[M]{r: r, made: made, data: data, lim: r.Limits.orDefaults(), table: settings[M]()}
	if len(data) > l.lim.Bytes {
		l.fail("$", 0, fmt.Errorf("%w: the file is larger than %d bytes", ErrLimit, l.lim.Bytes))
		return bt.Def[M]{}, l, l.err()
	}
	l.dec = json.NewDecoder(bytes.NewReader(data))
	l.dec.UseNumber()
	def, at, ok := l.node("$", 1)
	if ok {
		if off := l.skipSpace(); off < len(data) {
			l.fail("$", off, errors.New("more after the root node: a file holds one tree"))
		}
	}
	if !ok || l.shapeless {
		return bt.Def[M]{}, l, l.err()
	}
	l.places = map[string]place{}
	record(l.places, &def, at, "", 0)
	return def, l, l.err()
}

// A loader reads one file.
type loader[M any] struct {
	r     *Registry[M]
	made  *madeTable // where what the factories make is remembered, if anywhere
	data  []byte
	dec   *json.Decoder
	lim   Limits
	table []setting[M]      // the fields a node may have
	errs  []error           // as reported: the placed ones, and Build's others
	at    []*Error          // the placed ones, to place: each at its offset in offs
	offs  []int             // (until err places them)
	more  int               // errors beyond Limits.Errors, counted
	known map[role][]string // the registry's names, listed when an error first needs them
	nodes int
	// places maps the tree paths of the nodes to where the file describes
	// them, when the file is whole enough to tell its tree (else nil).
	places map[string]place
	// shapeless is set when the tree cannot be told from the file: a
	// node without a kind or a name, or a value where a node should be.
	shapeless bool
	// The settings of the utility nodes read, and what the children of
	// any node say they are worth ("consider"), by where they lie.
	selectors map[*spot]*utilityReading[M]
	measures  map[*spot]*utility.Measure[M]
}

// fail reports err at path and offset, or only counts it once
// Limits.Errors are reported.
func (l *loader[M]) fail(path string, offset int, err error) {
	if l.full() {
		l.more++
		return
	}
	e := &Error{Path: path, Err: err}
	l.errs, l.at, l.offs = append(l.errs, e), append(l.at, e), append(l.offs, offset)
}

// report reports an error that has no place in the file, or only counts
// it once Limits.Errors are reported.
func (l *loader[M]) report(err error) {
	if l.full() {
		l.more++
		return
	}
	l.errs = append(l.errs, err)
}

// full reports whether Limits.Errors errors are reported: those that
// follow are only counted, so a caller need not write them.
func (l *loader[M]) full() bool { return len(l.errs) >= l.lim.Errors }

// names returns the names a file may give for a role, sorted, for an
// error: those the schema lists (Registry.names), once a file however
// many names it lacks.
func (l *loader[M]) names(ro role) []string {
	names, ok := l.known[ro]
	if !ok {
		if l.known == nil {
			l.known = map[role][]string{}
		}
		names = l.r.names(ro)
		l.known[ro] = names
	}
	return names
}

// err returns the errors so far, placed in the file, and a count of
// those past Limits.Errors.
func (l *loader[M]) err() error {
	locate(l.data, l.at, l.offs)
	l.at, l.offs = nil, nil
	errs := slices.Clip(l.errs) // the count below is not kept
	if l.more > 0 {
		errs = append(errs, fmt.Errorf("and %d more errors", l.more))
	}
	return errors.Join(errs...)
}

// skipSpace returns the offset of the next token: past white space and
// the separators that Token consumes unseen.
func (l *loader[M]) skipSpace() int {
	off := int(l.dec.InputOffset())
	for off < len(l.data) && strings.IndexByte(" \t\r\n,:", l.data[off]) >= 0 {
		off++
	}
	return off
}

// token reads the next token, which starts at the offset returned. A
// syntax error stops the reading.
func (l *loader[M]) token(path string) (json.Token, int, bool) {
	off := l.skipSpace()
	tok, err := l.dec.Token()
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off, err = syntaxError(l.data, se)
		}
		l.fail(path, max(off, 0), fmt.Errorf("bad JSON: %v", err))
		return nil, off, false
	}
	if _, isString := tok.(string); isString {
		l.checkUTF8(path, off)
	}
	return tok, off, true
}

// checkUTF8 reports a string token, at off, that is not UTF-8: the
// decoder reads each bad byte as U+FFFD, which would load another name
// than the file's.
func (l *loader[M]) checkUTF8(path string, off int) {
	raw := l.data[off:min(max(int(l.dec.InputOffset()), off), len(l.data))]
	if utf8.Valid(raw) {
		return
	}
	for i := 0; i < len(raw); {
		r, size := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && size == 1 {
			l.fail(path, off+i, fmt.Errorf("not UTF-8: a tree file is UTF-8 text (byte %#x)", raw[i]))
			return
		}
		i += size
	}
}

// node reads the node at path, depth nodes deep.
func (l *loader[M]) node(path string, depth int) (bt.Def[M], *spot, bool) {
	var d bt.Def[M]
	tok, start, ok := l.token(path)
	if !ok {
		return d, nil, false
	}
	at := &spot{json: path, offset: start}
	if tok != json.Delim('{') {
		l.fail(path, start, fmt.Errorf("a node must be an object, not %s", describe(tok)))
		l.shapeless = true
		return d, at, l.skip(path, tok, depth)
	}
	if l.nodes++; l.nodes > l.lim.Nodes {
		l.fail(path, start, fmt.Errorf("%w: more than %d nodes", ErrLimit, l.lim.Nodes))
		return d, nil, false
	}
	if depth > l.lim.Depth {
		l.fail(path, start, fmt.Errorf("%w: nodes nested more than %d deep", ErrLimit, l.lim.Depth))
		return d, nil, false
	}
	seen := map[string]bool{}
	n := &reading{at: at, depth: depth, root: path == "$"}
	for l.dec.More() {
		tok, off, ok := l.token(path)
		if !ok {
			return d, nil, false
		}
		key, _ := tok.(string)
		fpath := keyPath(path, key)
		if seen[key] {
			l.fail(fpath, off, fmt.Errorf("%q given twice", key))
		}
		seen[key] = true
		if !l.field(fpath, key, &d, n) {
			return d, nil, false
		}
	}
	if _, _, ok := l.token(path); !ok { // the closing brace
		return d, nil, false
	}
	l.makeNode(&d, n)
	l.makeUtility(&d, at)
	if !seen["kind"] {
		l.fail(path, start, errors.New(`a node needs a "kind"`))
		l.shapeless = true
	}
	if !seen["name"] {
		l.fail(path, start, errors.New(`a node needs a "name"`))
		l.shapeless = true
	}
	l.required(path, start, &d, seen)
	if d.Entry != "" {
		d = l.fromEntry(path, start, d)
	}
	return d, at, true
}

// fromEntry makes an action node that names a catalogue entry the
// entry's node: its action (or behaviour), its preconditions before the
// node's own constraints, and its duration unless the file gave one.
func (l *loader[M]) fromEntry(path string, start int, d bt.Def[M]) bt.Def[M] {
	e, ok := l.r.Catalogue.Entry(d.Entry)
	if !ok || d.Kind != bt.KindAction {
		return d
	}
	if e.Behaviour != nil && slices.ContainsFunc(d.Options, func(o bt.Option) bool { return o.Key() != "weight" }) {
		l.fail(path, start, fmt.Errorf("catalogue entry %q is a behaviour: it takes no action settings", d.Entry))
		return d
	}
	return entryNode(e, d.Name, d.Options, d.Constraints)
}

// A spot is where a node lies in the file, and where its children do.
type spot struct {
	json   string
	offset int
	kids   []*spot
}

// record maps the tree paths of d, the ith child of the node at parent
// ("" for the root), and of its descendants to where they lie. Of nodes
// that share a path (siblings of one name, which Build refuses) the
// first is kept.
func record[M any](p map[string]place, d *bt.Def[M], at *spot, parent string, i int) {
	path := label(d.Name, i)
	if parent != "" {
		path = parent + "/" + path
	}
	if _, dup := p[path]; !dup {
		p[path] = place{json: at.json, offset: at.offset}
	}
	for j := range d.Children {
		kat := at
		if j < len(at.kids) {
			kat = at.kids[j]
		} // else a catalogue behaviour's node: its subtree lies where the file names it
		record(p, &d.Children[j], kat, path, j)
	}
}

// label is how a tree path shows a node: its name, or "#n" for the nth
// child (from 1) without one, as bt does.
func label(name string, i int) string {
	if name == "" {
		return "#" + strconv.Itoa(i+1)
	}
	return name
}

// required reports what a node of its kind lacks.
func (l *loader[M]) required(path string, start int, d *bt.Def[M], seen map[string]bool) {
	for _, s := range l.table {
		if slices.Contains(s.need, d.Kind) && !seen[s.key] {
			l.fail(path, start, fmt.Errorf("%s needs %q", withArticle(string(d.Kind)), s.key))
		}
	}
}

// children reads a node's children, whose first token is v's.
func (l *loader[M]) children(v *value, d *bt.Def[M], at *spot, depth int) bool {
	path, tok, off := v.path, v.tok, v.off
	if tok != json.Delim('[') {
		l.fail(path, off, fmt.Errorf("children must be an array of nodes, not %s", describe(tok)))
		l.shapeless = true
		return l.skip(path, tok, depth)
	}
	d.Children, at.kids = []bt.Def[M]{}, nil
	for i := 0; l.dec.More(); i++ {
		kid, kat, ok := l.node(path+"["+strconv.Itoa(i)+"]", depth+1)
		if !ok {
			return false
		}
		d.Children = append(d.Children, kid)
		at.kids = append(at.kids, kat)
	}
	_, _, ok := l.token(path)
	return ok
}

// field reads the value of a node's field key, at path, as the table of
// settings says.
func (l *loader[M]) field(path, key string, d *bt.Def[M], n *reading) bool {
	tok, off, ok := l.token(path)
	if !ok {
		return false
	}
	v := &value{path: path, tok: tok, off: off}
	if i := slices.IndexFunc(l.table, func(s setting[M]) bool { return s.key == key }); i >= 0 {
		if !l.table[i].read(l, v, d, n) {
			return false
		}
		switch key {
		case "constraints", "children", "args", "consider", "foresee": // read whole
			return true
		}
		return l.skip(path, tok, n.depth)
	}
	switch key {
	case "reselect", "reselectOn":
		l.bad(v, fmt.Errorf("%q is now %q, which every decider takes: rename it", key, "replan"+strings.TrimPrefix(key, "reselect")))
	case "$schema":
		if !n.root {
			l.bad(v, errors.New(`"$schema" belongs at the top of the file`))
		}
		l.str(v)
	default:
		keys := fieldKeys[M]()
		l.bad(v, fmt.Errorf("unknown field %q%s (want one of %s)", key, didYouMean(key, keys), strings.Join(keys, ", ")))
	}
	return l.skip(path, tok, n.depth)
}

// madeConstraint reads a constraint that a factory makes, an object of
// its name and args, and makes it; nil when the file got it wrong.
func (l *loader[M]) madeConstraint(v *value, depth int) (bt.Constraint[M], bool) {
	var name *value
	var given *argsGiven
	for l.dec.More() {
		tok, off, ok := l.token(v.path)
		if !ok {
			return nil, false
		}
		key, _ := tok.(string)
		kpath := keyPath(v.path, key)
		tok, voff, ok := l.token(kpath)
		if !ok {
			return nil, false
		}
		kv := &value{path: kpath, tok: tok, off: voff}
		switch key {
		case "name":
			name = kv
			if !l.skip(kpath, tok, depth+1) {
				return nil, false
			}
		case "args":
			given = &argsGiven{}
			if !l.readArgs(kv, given, depth+1) {
				return nil, false
			}
		default:
			l.fail(kpath, off, fmt.Errorf("unknown field %q of a constraint (want \"name\" and \"args\")", key))
			if !l.skip(kpath, tok, depth+1) {
				return nil, false
			}
		}
	}
	if _, _, ok := l.token(v.path); !ok {
		return nil, false
	}
	if name == nil {
		l.bad(v, errors.New(`a constraint made by a factory needs a "name"`))
		return nil, true
	}
	n, ok := l.str(name)
	if !ok {
		return nil, true
	}
	f, ok := l.r.ConstraintFactories[n]
	if !ok || f.Make == nil {
		var err error
		if !l.full() {
			err = unknown("constraint factory", n, l.r.factoryNames(roleConstraint))
		}
		l.bad(name, err)
		return nil, true
	}
	c, _ := makeWith(l, &made{role: roleConstraint, name: n, v: *name}, f, given)
	return c, true
}

// constraints reads a node's list of constraints: registered names, and
// objects that name a factory with its arguments.
func (l *loader[M]) constraints(path string, tok json.Token, off int, d *bt.Def[M], depth int) bool {
	if tok != json.Delim('[') {
		l.fail(path, off, fmt.Errorf("want an array of constraint names, not %s", describe(tok)))
		return l.skip(path, tok, depth)
	}
	for i := 0; l.dec.More(); i++ {
		cpath := path + "[" + strconv.Itoa(i) + "]"
		tok, off, ok := l.token(cpath)
		if !ok {
			return false
		}
		if tok == json.Delim('{') && len(l.r.ConstraintFactories) > 0 {
			c, ok := l.madeConstraint(&value{path: cpath, tok: tok, off: off}, depth)
			if !ok {
				return false
			}
			if c != nil {
				d.Constraints = append(d.Constraints, c)
			}
			continue
		}
		n, isString := tok.(string)
		if !isString {
			want := "a constraint's name"
			if len(l.r.ConstraintFactories) > 0 {
				want += ", or an object with a factory's name and args"
			}
			l.fail(cpath, off, fmt.Errorf("want %s, not %s", want, describe(tok)))
			if !l.skip(cpath, tok, depth) {
				return false
			}
			continue
		}
		if l.r.ConstraintFactories[n].Make != nil { // made with the defaults
			m := &made{role: roleConstraint, name: n, v: value{path: cpath, tok: tok, off: off}}
			if c, ok := makeWith(l, m, l.r.ConstraintFactories[n], nil); ok {
				d.Constraints = append(d.Constraints, c)
			}
			continue
		}
		if c := lookup(l, cpath, off, roleConstraint, n, l.r.Constraints); c != nil {
			d.Constraints = append(d.Constraints, c)
		}
	}
	_, _, ok := l.token(path)
	return ok
}

// skip reads past the rest of a value whose first token was tok, as deep
// as the limits allow.
func (l *loader[M]) skip(path string, tok json.Token, depth int) bool {
	open := 0
	for {
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if open++; depth+open > l.lim.values() {
				l.fail(path, int(l.dec.InputOffset()), fmt.Errorf("%w: values nested more than %d deep", ErrLimit, l.lim.values()))
				return false
			}
		case json.Delim('}'), json.Delim(']'):
			open--
		}
		if open == 0 {
			return true
		}
		var ok bool
		if tok, _, ok = l.token(path); !ok {
			return false
		}
	}
}

// duration reads a duration such as the examples show, or reports bad
// why it is not one, or negative (with what to do instead), and reads 0.
func duration(n string, bad func(error), examples, negative string) time.Duration {
	dur, err := time.ParseDuration(n)
	switch {
	case err != nil:
		bad(fmt.Errorf("want a duration such as %s, not %q", examples, n))
	case dur < 0 || strings.HasPrefix(n, "-") && strings.ContainsAny(n, "123456789"):
		// (a negative amount under a nanosecond reads as 0, yet is negative)
		bad(fmt.Errorf("negative duration %q: %s", n, negative))
	}
	return max(dur, 0)
}

// lookup returns the value registered under name for the role, or
// reports it unknown.
func lookup[M any, V any](l *loader[M], path string, off int, ro role, name string, m map[string]V) V {
	v, ok := m[name]
	if !ok {
		var err error
		if !l.full() { // past the limit it is only counted
			err = unknown(ro, name, l.names(ro))
		}
		l.fail(path, off, err)
	}
	return v
}

// unknown describes a name the registry lacks, with the nearest it has
// when one is close, and the names it has.
func unknown(ro role, name string, have []string) error {
	mean := didYouMean(name, have)
	switch {
	case len(have) == 0:
		return fmt.Errorf("unknown %s %q: the registry has none", ro, name)
	case len(have) > 20:
		return fmt.Errorf("unknown %s %q%s (the registry has %d, such as %s)", ro, name, mean, len(have), quoteList(have[:20]))
	}
	return fmt.Errorf("unknown %s %q%s (want one of %s)", ro, name, mean, quoteList(have))
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// describe names a token's JSON type, for errors.
func describe(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return "an object"
		}
		return "an array"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "true or false"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// locate fills in the line and column of each error from its byte offset
// in data. It reads data once, however many errors there are and in
// whatever order they come: a one-line file with many errors is placed in
// linear time. Lines end at '\n'; columns count characters (runes, an
// invalid byte counting as one), from 1.
func locate(data []byte, errs []*Error, offsets []int) { locateWith(data, errs, offsets) }

// locateWith is locate, returning the counter it read with.
func locateWith(data []byte, errs []*Error, offsets []int) *lineCounter {
	order := make([]int, len(errs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return offsets[a] - offsets[b] })
	c := &lineCounter{}
	for _, i := range order {
		errs[i].Line, errs[i].Column = c.advance(data, offsets[i])
	}
	return c
}

// A lineCounter reads a file forward, keeping the line and column it has
// reached.
type lineCounter struct {
	off, line, col int // the byte offset reached, and its place (from 0)
	read           int // bytes read in all: a test holds it to one pass
}

// advance reads on to offset (clamped to data), which must not be before
// the last one, and returns its line and column, from 1.
func (c *lineCounter) advance(data []byte, offset int) (line, col int) {
	offset = min(max(offset, 0), len(data))
	for c.off < offset {
		if data[c.off] == '\n' {
			c.line, c.col = c.line+1, 0
			c.off++
			c.read++
			continue
		}
		_, size := utf8.DecodeRune(data[c.off:])
		c.off, c.col = c.off+size, c.col+1
		c.read += size
	}
	return c.line + 1, c.col + 1
}

// keyPath is the JSON path of the field key of the object at path.
func keyPath(path, key string) string {
	if isIdent(key) {
		return path + "." + key
	}
	return path + "[" + strconv.Quote(key) + "]"
}

// isIdent reports whether a key can follow a dot in a JSON path.
func isIdent(key string) bool {
	if key == "" {
		return false
	}
	for i, c := range key {
		if c != '_' && c != '$' && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// nodeKinds are the kinds of node a file may name: bt's.
var nodeKinds = nodeKindsOf()

// nodeKindsOf returns every kind of node, in the order bt declares them.
func nodeKindsOf() []bt.NodeKind {
	out := make([]bt.NodeKind, len(kinds.All))
	for i, k := range kinds.All {
		out[i] = bt.NodeKind(k)
	}
	return out
}

func kindList() string { return strings.Join(kindNames(), ", ") }

func kindNames() []string {
	s := make([]string, len(nodeKinds))
	for i, k := range nodeKinds {
		s[i] = string(k)
	}
	return s
}

// outcomes returns the names of the valid outcomes, worst first.
func outcomes() []string {
	var names []string
	for o := heuristic.Impossible; o.Valid(); o++ {
		names = append(names, o.String())
	}
	return names
}

// withArticle puts "a" or "an" before a word.
func withArticle(w string) string {
	if w != "" && strings.IndexByte("aeiou", w[0]) >= 0 {
		return "an " + w
	}
	return "a " + w
}

// syntaxError returns where the syntax error the decoder met lies, and
// the error as it should read. The decoder's offset is sometimes the
// character's and sometimes past it, and its message names the first
// byte of a character as if it were one (é as 'Ã'), so the file is
// scanned again, whole, for the first invalid byte, and the message is
// given the character there.
func syntaxError(data []byte, decoded *json.SyntaxError) (int, error) {
	var raw json.RawMessage
	se, ok := json.Unmarshal(data, &raw).(*json.SyntaxError)
	if !ok {
		return min(max(int(decoded.Offset), 0), len(data)), decoded
	}
	const prefix = "invalid character "
	msg := se.Error()
	if !strings.HasPrefix(msg, prefix) {
		return min(max(int(se.Offset), 0), len(data)), se // the end of the file
	}
	off := min(max(int(se.Offset)-1, 0), len(data)) // Offset counts the bad byte
	rest := msg[len(prefix):]                       // 'c' and what the decoder was looking for
	end := strings.Index(rest[1:], "' ")
	if end < 0 || off == len(data) {
		return off, se
	}
	_, size := utf8.DecodeRune(data[off:])
	return off, errors.New(prefix + quoteChar(data[off:off+size]) + rest[end+2:])
}

// quoteChar quotes a character for a message, in single quotes as
// encoding/json does: 'é', '\x00', '"', and a single quote escaped.
func quoteChar(c []byte) string {
	switch string(c) {
	case "'":
		return `'\''`
	case `"`:
		return `'"'`
	}
	q := strconv.Quote(string(c))
	return "'" + q[1:len(q)-1] + "'"
}

// standIns fills what a node's kind runs, where the file named nothing
// the registry has, with stand-ins: bt.Build can then check the rest of
// the tree without reporting again what the loader did. A tree made with
// them is never returned.
func standIns[M any](d *bt.Def[M]) {
	switch {
	case !nilness.Of(d.Value):
	case d.Kind == bt.KindAction:
		d.Value = bt.Action[M](standIn[M]{})
	case d.Kind == bt.KindCondition, d.Kind == bt.KindIfElse:
		d.Value = func(*M) bool { return false }
	case d.Kind == bt.KindLeaf:
		d.Value = bt.Node[M](standInNode[M]{})
	case d.Kind == bt.KindDecorator:
		d.Value = bt.Decorator[M](func(*bt.Child[M]) (bt.Node[M], error) { return standInNode[M]{}, nil })
	case d.Kind == bt.KindComposite:
		d.Value = bt.CompositeFunc[M](func([]*bt.Child[M]) (bt.Node[M], error) { return standInNode[M]{}, nil })
	case d.Kind == bt.KindPlanner:
		d.Value = bt.Planner[M](standInPlanner[M]{})
	}
	for i := range d.Children {
		standIns(&d.Children[i])
	}
}

// standIn stands in for an action a file got wrong.
type standIn[M any] struct{}

func (standIn[M]) Begin(*M) bt.Status                 { return bt.Failure }
func (standIn[M]) Update(*M, time.Duration) bt.Status { return bt.Failure }
func (standIn[M]) End(*M, bt.Status)                  {}
func (standIn[M]) Simulate(*bt.Sim[M], *M)            {}

// standInNode stands in for a node a file got wrong.
type standInNode[M any] struct{}

func (standInNode[M]) Begin(*M) bt.Status                 { return bt.Failure }
func (standInNode[M]) Update(*M, time.Duration) bt.Status { return bt.Failure }
func (standInNode[M]) End(*M, bt.Status)                  {}
func (standInNode[M]) Simulate(*bt.Sim[M], *M) heuristic.Verdict {
	return heuristic.Verdict{Outcome: heuristic.Impossible}
}

// standInPlanner stands in for a planner a file got wrong.
type standInPlanner[M any] struct{}

func (standInPlanner[M]) Steps() []bt.Def[M] {
	return []bt.Def[M]{{Kind: bt.KindAction, Name: "stand-in", Value: standIn[M]{}}}
}

func (standInPlanner[M]) Runner([]*bt.Child[M], bt.Replanning[M]) (bt.Node[M], error) {
	return standInNode[M]{}, nil
}
