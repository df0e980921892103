package btjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
)

// file is a node as a file holds it; the order of the fields is the order
// Marshal writes them in.
type file struct {
	Kind                 bt.NodeKind `json:"kind"`
	Name                 string      `json:"name"`
	Action               string      `json:"action,omitempty"`
	Test                 string      `json:"test,omitempty"`
	Leaf                 string      `json:"leaf,omitempty"`
	Decorator            string      `json:"decorator,omitempty"`
	Composite            string      `json:"composite,omitempty"`
	Planner              string      `json:"planner,omitempty"`
	Loop                 bool        `json:"loop,omitempty"`
	AllowFailure         bool        `json:"allowFailure,omitempty"`
	MinOutcome           string      `json:"minOutcome,omitempty"`
	Replan               string      `json:"replan,omitempty"`
	ReplanOn             string      `json:"replanOn,omitempty"`
	AllowNegative        bool        `json:"allowNegative,omitempty"`
	PreferFirst          bool        `json:"preferFirst,omitempty"`
	Debounce             bool        `json:"debounce,omitempty"`
	SucceedOn            string      `json:"succeedOn,omitempty"`
	FailOn               string      `json:"failOn,omitempty"`
	Cosmetic             bool        `json:"cosmetic,omitempty"`
	CosmeticWhileRunning bool        `json:"cosmeticWhileRunning,omitempty"`
	Takes                string      `json:"takes,omitempty"`
	Simulate             string      `json:"simulate,omitempty"`
	Weight               *float64    `json:"weight,omitempty"`
	Constraints          []string    `json:"constraints,omitempty"`
	Children             []file      `json:"children,omitempty"`
}

// Marshal writes d as a tree file that Load reads back into an
// equal description: the same nodes, settings and values, so the same
// Tree.String() and the same decisions. Every value d holds must be
// registered: one that is not (a closure written in place, a constraint
// made for one node) is not serialisable, and Marshal reports each with
// its node's path rather than leave it out. Misuse that For noted in d
// (an option of the wrong type) is reported too, and so is a tree beyond
// the registry's Limits (an error that wraps ErrLimit), which Load would
// refuse.
func (r *Registry[M]) Marshal(d bt.Def[M]) ([]byte, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	w := &writer[M]{x: newIndex(r), catalogue: r.Catalogue, lim: r.Limits.orDefaults()}
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
	kids := f.Children
	f.Children = nil
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return err
	}
	fields := bytes.TrimSuffix(bytes.TrimSpace(line.Bytes()), []byte("}"))
	spaceOut(b, fields)
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
	catalogue *catalogue.Catalogue[M]
	lim       Limits
	nodes     int // written so far
	errs      []error
}

func (w *writer[M]) fail(path string, err error) {
	w.errs = append(w.errs, &decide.Error{Path: path, Err: err})
}

// name returns the registered name of v, a value of the role, or reports
// it not serialisable; for a nil v (nothing to name) it returns "".
func (w *writer[M]) name(path string, ro role, v any, what string) string {
	if v == nil {
		return ""
	}
	n, ok := w.x.name(ro, v)
	if !ok {
		w.fail(path, fmt.Errorf("%s is not serialisable: no %s of the registry is this value; register it under a name", what, ro))
	}
	return n
}

func (w *writer[M]) node(d *bt.Def[M], path string, depth int) file {
	if w.nodes++; w.nodes == w.lim.Nodes+1 {
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
		return w.entry(d, e, path)
	}
	s := d.Settings
	f := file{
		Kind: d.Kind, Name: d.Name,
		Loop: s.Loop, AllowFailure: s.AllowFailure,
		AllowNegative: s.AllowNegative, PreferFirst: s.PreferFirst, Debounce: s.Debounce,
		Cosmetic: s.Cosmetic, CosmeticWhileRunning: s.CosmeticWhileRunning,
	}
	f.SucceedOn = w.policy(path, "SucceedOn", s.SucceedOn)
	f.FailOn = w.policy(path, "FailOn", s.FailOn)
	f.Action = w.name(path, roleAction, d.Action, fmt.Sprintf("its action (a %T)", d.Action))
	f.Test = w.name(path, roleCondition, funcID(d.Test), "its test")
	f.ReplanOn = w.name(path, roleCondition, funcID(d.ReplanOn), "its ReplanOn test")
	f.Planner = w.name(path, rolePlanner, d.Planner, fmt.Sprintf("its planner (a %T)", d.Planner))
	f.Leaf = w.name(path, roleLeaf, d.Leaf, fmt.Sprintf("its node (a %T)", d.Leaf))
	f.Decorator = w.name(path, roleDecorator, funcID(d.Decorator), "its decorator")
	f.Composite = w.name(path, roleComposite, funcID(d.Composite), "its composite function")
	f.Simulate = w.name(path, roleSimulation, funcID(d.Simulate), "its simulation (SimulateWith)")
	if s.MinOutcome != 0 {
		f.MinOutcome = s.MinOutcome.String()
		if !s.MinOutcome.Valid() {
			w.fail(path, fmt.Errorf("MinOutcome: invalid outcome %v", s.MinOutcome))
		}
	}
	if s.Takes != 0 {
		f.Takes = s.Takes.String()
	}
	switch {
	case s.Replan && s.Interval >= 0:
		f.Replan = s.Interval.String()
	case s.Replan || s.Interval != 0:
		w.fail(path, fmt.Errorf("Settings.Interval %v with Settings.Replan %v has no form in a file", s.Interval, s.Replan))
	}
	if d.Weighted {
		weight := d.Weight
		f.Weight = &weight
		if math.IsNaN(weight) || math.IsInf(weight, 0) {
			w.fail(path, fmt.Errorf("weight %v is not finite", weight))
			f.Weight = nil
		}
	} else if d.Weight != 0 {
		w.fail(path, errors.New("a weight without Weighted has no form in a file"))
	}
	f.Constraints = w.constraints(path, d.Constraints, 0)
	for j := range d.Children {
		k := &d.Children[j]
		f.Children = append(f.Children, w.node(k, path+"/"+label(k.Name, j), depth+1))
	}
	return f
}

// constraints names cs, the constraints of the node at path from the
// (from+1)th on.
func (w *writer[M]) constraints(path string, cs []bt.Constraint[M], from int) []string {
	var names []string
	for i, c := range cs {
		if c == nil {
			w.fail(path, fmt.Errorf("constraint %d is nil", from+i+1))
			continue
		}
		names = append(names, w.name(path, roleConstraint, c, fmt.Sprintf("constraint %d (%s)", from+i+1, describeValue(c))))
	}
	return names
}

// entry writes a node made from catalogue entry e as an action node that
// names the entry: its constraints after the entry's preconditions, and
// what it sets that the entry does not. A node whose constraints do not
// begin with the entry's preconditions was changed after it was made, and
// is refused.
func (w *writer[M]) entry(d *bt.Def[M], e catalogue.Entry[M], path string) file {
	f := file{Kind: bt.KindAction, Name: d.Name, Action: e.Name}
	n := len(e.Pre)
	if len(d.Constraints) < n || !sameConstraints(d.Constraints[:n], e.Pre) {
		w.fail(path, fmt.Errorf("its constraints do not begin with catalogue entry %q's preconditions: it has no form in a file", e.Name))
		return f
	}
	f.Constraints = w.constraints(path, d.Constraints[n:], n)
	if e.Behaviour != nil {
		return f
	}
	s := d.Settings
	f.Cosmetic, f.CosmeticWhileRunning = s.Cosmetic, s.CosmeticWhileRunning
	f.Simulate = w.name(path, roleSimulation, funcID(d.Simulate), "its simulation (SimulateWith)")
	if s.Takes != e.Takes {
		f.Takes = s.Takes.String()
	}
	if d.Weighted {
		weight := d.Weight
		f.Weight = &weight
	}
	return f
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

// sameValue reports whether a and b are the same value; values that
// cannot be compared are not.
func sameValue(a, b any) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// policy writes a parallel's policy; zero is the default, left out.
func (w *writer[M]) policy(path, what string, p bt.Policy) string {
	switch p {
	case 0:
		return ""
	case bt.RequireOne, bt.RequireAll:
		return p.String()
	}
	w.fail(path, fmt.Errorf("%s: invalid policy %d", what, p))
	return ""
}

// describeValue names a value for an error: its String if it has one.
func describeValue(v any) string {
	if s, ok := v.(fmt.Stringer); ok {
		return strings.TrimSpace(s.String())
	}
	return fmt.Sprintf("a %T", v)
}
