package btjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/utility"
)

// file is a node as a file holds it: its fields, in the order of the
// table of settings, and its children.
type file struct {
	fields   []field
	children []file
}

// A field is a key and its value, as Marshal writes it.
type field struct {
	key   string
	value any
}

// Marshal writes d as a tree file that Load reads back into an
// equal description: the same nodes, settings and values, so the same
// Tree.String() and the same decisions. Every value d holds must be
// registered: one that is not (a closure written in place, a constraint
// made for one node) is not serialisable, and Marshal reports each with
// its node's path rather than leave it out. A catalogue entry's node is
// written by the entry's name, and only when it is the node the
// registry's entry of that name makes (the same action or behaviour,
// duration and preconditions): another catalogue's, or one changed after
// it was made, is reported too. Misuse noted in d as it was
// made (see bt.Def.Err) is reported too, and so is a tree beyond the
// registry's Limits (an error that wraps ErrLimit), which Load would
// refuse.
func (r *Registry[M]) Marshal(d bt.Def[M]) ([]byte, error) {
	return r.marshal(d, r.remembered())
}

// Format returns the tree file data laid out as Marshal writes files: the
// tree it holds, read (as Load) and written back, a node's fields on a
// line and each child on a line of its own under it. A file that does
// not load is an error, and so is one that holds what Marshal cannot
// write. The registry remembers none of what its factories make for it
// (see Factory), so that a program that formats file after file (an
// editor) keeps nothing of them.
func (r *Registry[M]) Format(data []byte) ([]byte, error) {
	var made madeTable
	d, _, err := r.load(data, &made)
	if err != nil {
		return nil, err
	}
	return r.marshal(d, &made)
}

// marshal writes d, finding how the factories made its values in made.
func (r *Registry[M]) marshal(d bt.Def[M], made *madeTable) ([]byte, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	w := &writer[M]{x: newIndex(r), r: r, made: made, catalogue: r.Catalogue, lim: r.Limits.orDefaults(), table: settings[M]()}
	f := w.node(&d, label(d.Name, 0), 1)
	if len(w.errs) > 0 {
		return nil, errors.Join(w.errs...)
	}
	var b bytes.Buffer
	if err := write(&b, f, 0); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	if b.Len() > w.lim.Bytes {
		return nil, fmt.Errorf("%w: the file would be larger than %d bytes", ErrLimit, w.lim.Bytes)
	}
	return b.Bytes(), nil
}

// maxIndent is how many levels deep a file's lines are indented like the
// tree; deeper lines are indented as that level, so that a line's
// indentation, and the file, stay in proportion however deep the tree.
const maxIndent = 32

// write writes a node as a file shows it: its fields on one line, and
// each child on a line of its own, indented under it (down to maxIndent
// levels), so the file reads like the tree.
func write(b *bytes.Buffer, f file, depth int) error {
	kids := f.children
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	line.WriteByte('{')
	for i, fd := range f.fields {
		if i > 0 {
			line.WriteByte(',')
		}
		if err := enc.Encode(fd.key); err != nil {
			return err
		}
		line.Truncate(line.Len() - 1) // the encoder's newline
		line.WriteByte(':')
		if err := enc.Encode(fd.value); err != nil {
			return err
		}
		line.Truncate(line.Len() - 1)
	}
	spaceOut(b, line.Bytes())
	if len(kids) > 0 {
		b.WriteString(`, "children": [` + "\n")
		for i, k := range kids {
			indent(b, depth+1)
			if err := write(b, k, depth+1); err != nil {
				return err
			}
			if i < len(kids)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		indent(b, depth)
		b.WriteString("]")
	}
	b.WriteByte('}')
	return nil
}

// indent writes the indentation of a line depth levels deep.
func indent(b *bytes.Buffer, depth int) {
	for range min(depth, maxIndent) {
		b.WriteString("  ")
	}
}

// spaceOut writes compact JSON with a space after each comma and colon
// that separate its values.
func spaceOut(b *bytes.Buffer, compact []byte) {
	inString, escaped := false, false
	for _, c := range compact {
		b.WriteByte(c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ',' || c == ':'):
			b.WriteByte(' ')
		}
	}
}

type writer[M any] struct {
	x         *index
	r         *Registry[M]
	made      *madeTable // how the factories made values
	catalogue *catalogue.Catalogue[M]
	lim       Limits
	table     []setting[M]
	nodes     int // written so far
	errs      []error
	// before is how many of the constraints of the node being written
	// are a catalogue entry's, not written, for the numbers in errors.
	before int
	// option is what the node being written is worth to its parent, a
	// utility node (its "consider"), or nil.
	option *utility.Measure[M]
}

func (w *writer[M]) fail(path string, err error) {
	w.errs = append(w.errs, &decide.Error{Path: path, Err: err})
}

// name returns the registered name of v, a value of the role (or the
// factory's that made it), or reports it not serialisable; for a nil v
// (nothing to name) it returns nil, to leave the field out.
func (w *writer[M]) name(path string, ro role, v any, what string) any {
	if v == nil {
		return nil
	}
	if c, ok := w.made.madeBy(v); ok && c.role == ro {
		return c.name
	}
	n, ok := w.x.name(ro, v)
	if !ok {
		w.fail(path, fmt.Errorf("%s is not serialisable: no %s of the registry is this value; register it under a name", what, ro))
	}
	return n
}

// args returns the arguments of the value with identity id, as a file
// gives them, when a factory of the registry made it; nil otherwise.
func (w *writer[M]) args(id any) any {
	c, ok := w.made.madeBy(id)
	if !ok {
		return nil
	}
	params, _ := w.r.factoryParams(c.role, c.name)
	if len(params) == 0 {
		return nil
	}
	return argsJSON(params, c.args)
}

// fields returns the fields d writes, by the table of settings.
func (w *writer[M]) fields(d *bt.Def[M], path string) []field {
	switch {
	case d.Kind == bt.KindUtility:
		w.utility(d, path)
	case d.Value != nil && !slices.ContainsFunc(w.table, func(s setting[M]) bool { return slices.Contains(s.need, d.Kind) }):
		w.fail(path, fmt.Errorf("%s runs no value of its own: its Value is a %T", withArticle(string(d.Kind)), d.Value))
	}
	var fs []field
	for _, s := range w.table {
		if s.write == nil || s.need != nil && !slices.Contains(s.need, d.Kind) {
			continue // a Def's one Value is written under its kind's field alone
		}
		if v := s.write(w, d, path); v != nil {
			fs = append(fs, field{s.key, v})
		}
	}
	return fs
}

func (w *writer[M]) node(d *bt.Def[M], path string, depth int) file {
	if w.nodes++; w.nodes-1 == w.lim.Nodes { // the counter moved, not the limit, which may be math.MaxInt
		w.fail(path, fmt.Errorf("%w: more than %d nodes", ErrLimit, w.lim.Nodes))
	}
	if depth > w.lim.Depth {
		w.fail(path, fmt.Errorf("%w: nodes nested more than %d deep", ErrLimit, w.lim.Depth))
		return file{} // what lies below is deeper still
	}
	if err := d.Err(); err != nil {
		w.fail(path, err)
	}
	if !utf8.ValidString(d.Name) {
		w.fail(path, fmt.Errorf("name %q is not UTF-8: a tree file holds only UTF-8 text", d.Name))
	}
	if e, ok := w.catalogue.Entry(d.Entry); ok && d.Entry != "" {
		f := w.entry(d, e, path)
		w.option = nil
		return f
	}
	f := file{fields: w.fields(d, path)}
	w.option = nil
	sel := selectorOf(d)
	for j := range d.Children {
		k := &d.Children[j]
		if sel != nil && j < len(sel.Options) {
			w.option = &sel.Options[j] // what the child is worth, written with it
		}
		f.children = append(f.children, w.node(k, path+"/"+label(k.Name, j), depth+1))
	}
	return f
}

// utility reports what a utility node holds that a file cannot: a value
// not of package utility, a measure for each child.
func (w *writer[M]) utility(d *bt.Def[M], path string) {
	s := selectorOf(d)
	switch {
	case s == nil:
		w.fail(path, fmt.Errorf("a utility node's Value is a %T, not a *utility.Selector of this memory: describe it with utility.Select", d.Value))
	case len(s.Options) != len(d.Children):
		w.fail(path, fmt.Errorf("%d measures for %d children: describe the node with utility.Select", len(s.Options), len(d.Children)))
	}
}

// constraints names cs, the constraints of the node at path after the
// first w.before: each by its registered name, or by its factory's with
// its arguments.
func (w *writer[M]) constraints(path string, cs []bt.Constraint[M], _ int) []any {
	var names []any
	for i, c := range cs {
		n := w.before + i + 1
		if c == nil {
			w.fail(path, fmt.Errorf("constraint %d is nil", n))
			continue
		}
		name := w.name(path, roleConstraint, c, fmt.Sprintf("constraint %d (%s)", n, describeValue(c)))
		if args := w.args(c); args != nil {
			key, _ := json.Marshal(name)
			name = json.RawMessage(`{"name":` + string(key) + `,"args":` + string(args.(json.RawMessage)) + `}`)
		}
		names = append(names, name)
	}
	return names
}

// entry writes a node made from catalogue entry e as an action node that
// names the entry, with what the node holds beyond it: its constraints
// after the entry's preconditions, and its options but the duration the
// entry gave it. The loader makes the entry's node of that (entryNode): a
// node that is not what it makes (another catalogue's entry of the name;
// an entry's node whose action, duration, subtree, options or
// preconditions were changed after it was made) is refused, since the
// file would load another node.
func (w *writer[M]) entry(d *bt.Def[M], e catalogue.Entry[M], path string) file {
	own := bt.Def[M]{Kind: bt.KindAction, Name: d.Name, Options: ownOptions(d, e)}
	if n := len(e.Pre); len(d.Constraints) >= n {
		own.Constraints = d.Constraints[n:]
	}
	if !sameDef(*d, entryNode(e, own.Name, own.Options, own.Constraints)) {
		w.fail(path, fmt.Errorf("it is not catalogue entry %q's node (its action, duration, subtree, options or preconditions differ "+
			"from the registry's entry): it has no form in a file", e.Name))
		return file{fields: []field{{"kind", bt.KindAction}, {"name", d.Name}, {"action", e.Name}}}
	}
	w.before = len(e.Pre)
	fs := w.fields(&own, path)
	w.before = 0
	for i := range fs {
		if fs[i].key == "name" { // the action field comes next: the entry's name
			return file{fields: slices.Insert(fs, i+1, field{"action", e.Name})}
		}
	}
	return file{fields: fs}
}

// ownOptions returns the options of d, the node of entry e, that a file
// writes: a behaviour's weight (its other options are its subtree's
// root's), or an action's options but the duration the entry gave it
// (Entry.Def puts it first, when the node gave none of its own). An
// explicit duration, zero included, is the node's own.
func ownOptions[M any](d *bt.Def[M], e catalogue.Entry[M]) []bt.Option {
	opts := d.Options
	if e.Behaviour != nil {
		var weight []bt.Option
		for _, o := range opts {
			if o.Key() == "weight" {
				weight = append(weight, o)
			}
		}
		return weight
	}
	if e.Takes != 0 && len(opts) > 0 && opts[0].Key() == "takes" && opts[0].Value() == e.Takes &&
		!slices.ContainsFunc(opts[1:], func(o bt.Option) bool { return o.Key() == "takes" }) {
		return opts[1:]
	}
	return opts
}

// entryNode returns the node that an action node naming catalogue entry
// e, with a name, options and constraints of its own, stands for: the
// entry's node (Entry.Def) with them, after its preconditions. A
// behaviour takes only its weight from the node. Load makes it, and
// Marshal writes only a node that is it.
func entryNode[M any](e catalogue.Entry[M], name string, opts []bt.Option, cs []bt.Constraint[M]) bt.Def[M] {
	if e.Behaviour == nil {
		return e.Def(name, opts...).Constrain(cs...)
	}
	return e.Def(name).Constrain(cs...).With(opts...)
}

// sameDef reports whether a and b are the same node: the same kind,
// name, entry, value, options and constraints, by identity, and the same
// children (the same slice of them, as an entry's behaviour shares).
func sameDef[M any](a, b bt.Def[M]) bool {
	if a.Kind != b.Kind || a.Name != b.Name || a.Entry != b.Entry || !sameValue(a.Value, b.Value) ||
		len(a.Options) != len(b.Options) || len(a.Constraints) != len(b.Constraints) || len(a.Children) != len(b.Children) {
		return false
	}
	for i := range a.Options {
		if a.Options[i].Key() != b.Options[i].Key() || !sameValue(a.Options[i].Value(), b.Options[i].Value()) {
			return false
		}
	}
	return sameConstraints(a.Constraints, b.Constraints) &&
		(len(a.Children) == 0 || &a.Children[0] == &b.Children[0])
}

// sameConstraints reports whether a and b hold the same constraints, by
// identity.
func sameConstraints[M any](a, b []bt.Constraint[M]) bool {
	for i := range a {
		if !sameValue(a[i], b[i]) {
			return false
		}
	}
	return true
}

// sameValue reports whether a and b are the same value: of one type, and
// one a copy of the other (the same word in the interface: the same
// pointer, function or boxed value), or equal where values of their type
// compare.
func sameValue(a, b any) (same bool) {
	if reflect.TypeOf(a) != reflect.TypeOf(b) {
		return false
	}
	if (*[2]unsafe.Pointer)(unsafe.Pointer(&a))[1] == (*[2]unsafe.Pointer)(unsafe.Pointer(&b))[1] {
		return true
	}
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// describeValue names a value for an error: its String if it has one.
func describeValue(v any) string {
	if s, ok := v.(fmt.Stringer); ok {
		return strings.TrimSpace(s.String())
	}
	return fmt.Sprintf("a %T", v)
}
