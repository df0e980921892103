package btjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/foresight-bt/foresight/bt"
)

// A Factory makes a registered value from the arguments a file gives
// it, so that one name serves every setting: a file names "cooldown"
// with {"for": "2s"} rather than a name registered for each duration.
// Params declares the arguments, which Load checks and places like any
// other error, Schema describes, and Marshal writes back; Make makes the
// value from them, or says what is wrong with them.
//
// A value made by a factory is written back with its arguments by
// Marshal: the registry remembers what it made, when it loads a file and
// when a game makes a value with MakeAction, MakeDecorator or
// MakeConstraint, for as long as the registry lives (a game that loads
// a file many thousands of times makes a registry for each batch). What
// Build and Format make it does not remember: no description that comes
// out of them holds it. A value made by the same factory outside the
// registry is not serialisable, as any unregistered value.
type Factory[V any] struct {
	Params []Param
	Make   func(args Args) (V, error)
}

// A Param is a parameter of a factory: its name, its type, what it is
// for, and its default.
type Param struct {
	Name  string
	Type  ParamType
	About string
	// Default is the argument when a file gives none: a value of the
	// type's Go type (time.Duration, float64, int, string, bool); nil
	// makes the argument required.
	Default any
}

// ParamType is the type of a parameter, as a file gives it.
type ParamType uint8

// The types of parameters.
const (
	Duration ParamType = iota + 1 // a duration such as "2s" (time.Duration), not negative
	Number                        // a number (float64), finite
	Integer                       // a whole number (int)
	Text                          // a string, such as a name
	Bool                          // true or false
)

var paramTypeNames = [...]string{"", "duration", "number", "integer", "text", "bool"}

// String returns the type's name, such as "duration".
func (t ParamType) String() string {
	if int(t) < len(paramTypeNames) && t != 0 {
		return paramTypeNames[t]
	}
	return "ParamType(" + strconv.Itoa(int(t)) + ")"
}

// holds reports whether v is a value of the type's Go type.
func (t ParamType) holds(v any) bool {
	switch v.(type) {
	case time.Duration:
		return t == Duration
	case float64:
		return t == Number
	case int:
		return t == Integer
	case string:
		return t == Text
	case bool:
		return t == Bool
	}
	return false
}

// unwritable says why a file could not hold the argument v, which Load
// would refuse and Marshal could not write: a negative duration, a number
// that is not finite, text that is not UTF-8; or returns nil.
func unwritable(v any) error {
	switch v := v.(type) {
	case time.Duration:
		if v < 0 {
			return fmt.Errorf("a negative duration, %v (give 0 or more)", v)
		}
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%v, not a finite number", v)
		}
	case string:
		if !utf8.ValidString(v) {
			return fmt.Errorf("text that is not UTF-8, %q", v)
		}
	}
	return nil
}

// Args are the arguments a factory is given: every parameter's, the
// file's or its default, by name and of its type.
type Args struct{ vals map[string]any }

// Duration returns the duration argument name (0 when there is none).
func (a Args) Duration(name string) time.Duration { v, _ := a.vals[name].(time.Duration); return v }

// Number returns the number argument name.
func (a Args) Number(name string) float64 { v, _ := a.vals[name].(float64); return v }

// Int returns the integer argument name.
func (a Args) Int(name string) int { v, _ := a.vals[name].(int); return v }

// Text returns the text argument name.
func (a Args) Text(name string) string { v, _ := a.vals[name].(string); return v }

// Bool returns the boolean argument name.
func (a Args) Bool(name string) bool { v, _ := a.vals[name].(bool); return v }

// A call is how a factory made a value: its name, role, and the
// arguments.
type call struct {
	role role
	name string
	args Args
}

// argsGiven are the arguments a file gives: each value, where it lies.
type argsGiven struct {
	at   value
	vals map[string]value
}

// made is a node's registered value that a factory makes, once the
// node's arguments are read.
type made struct {
	role role
	name string
	v    value // where the file names it
}

// readArgs reads an "args" object of scalars into a.
func (l *loader[M]) readArgs(v *value, a *argsGiven, depth int) bool {
	a.at = *v
	if v.tok != json.Delim('{') {
		l.bad(v, fmt.Errorf("want an object of arguments, not %s", describe(v.tok)))
		return l.skip(v.path, v.tok, depth)
	}
	a.vals = map[string]value{}
	for l.dec.More() {
		tok, off, ok := l.token(v.path)
		if !ok {
			return false
		}
		key, _ := tok.(string)
		apath := keyPath(v.path, key)
		tok, voff, ok := l.token(apath)
		if !ok {
			return false
		}
		if _, twice := a.vals[key]; twice {
			l.fail(apath, off, fmt.Errorf("argument %q given twice", key))
		}
		switch tok.(type) {
		case json.Delim:
			l.fail(apath, voff, fmt.Errorf("want a duration, number, text or true or false, not %s", describe(tok)))
			if !l.skip(apath, tok, depth+1) {
				return false
			}
			continue
		}
		a.vals[key] = value{path: apath, tok: tok, off: voff}
	}
	_, _, ok := l.token(v.path)
	return ok
}

// arguments checks the arguments given against a factory's parameters,
// reports each problem where it lies, and returns them with the
// defaults; false when they cannot be used.
func (l *loader[M]) arguments(params []Param, given *argsGiven, at *value) (Args, bool) {
	args := Args{vals: map[string]any{}}
	ok := true
	var vals map[string]value
	if given != nil {
		vals = given.vals
	}
	for _, p := range params {
		v, there := vals[p.Name]
		if !there {
			if p.Default == nil {
				where := at
				if given != nil {
					where = &given.at
				}
				l.bad(where, fmt.Errorf("%q needs the argument %q (%s)", at.tok, p.Name, p.Type))
				ok = false
			}
			args.vals[p.Name] = p.Default
			continue
		}
		a, good := l.argument(p, &v)
		args.vals[p.Name], ok = a, ok && good
	}
	for _, key := range slices.Sorted(maps.Keys(vals)) {
		if !slices.ContainsFunc(params, func(p Param) bool { return p.Name == key }) {
			v := vals[key]
			l.bad(&v, fmt.Errorf("%q takes no argument %q%s (it takes %s)", at.tok, key, didYouMean(key, paramNames(params)), paramList(params)))
			ok = false
		}
	}
	return args, ok
}

// argument reads the argument of parameter p at v.
func (l *loader[M]) argument(p Param, v *value) (any, bool) {
	wrong := func() (any, bool) {
		l.bad(v, fmt.Errorf("want %s, not %s", withArticle(p.Type.String()), describe(v.tok)))
		return p.Default, false
	}
	switch p.Type {
	case Duration:
		s, isString := v.tok.(string)
		if !isString {
			return wrong()
		}
		good := true
		d := durationOf(s, func(err error) { l.bad(v, err); good = false })
		return d, good
	case Number, Integer:
		n, isNumber := v.tok.(json.Number)
		if !isNumber {
			return wrong()
		}
		if p.Type == Integer {
			i, err := wholeNumber(n.String())
			if err != nil {
				l.bad(v, err)
				return p.Default, false
			}
			return i, true
		}
		f, err := n.Float64()
		if err != nil || math.IsInf(f, 0) {
			l.bad(v, fmt.Errorf("%s is out of range", n))
			return p.Default, false
		}
		return f, true
	case Text:
		if s, isString := v.tok.(string); isString {
			return s, true
		}
	case Bool:
		if b, isBool := v.tok.(bool); isBool {
			return b, true
		}
	}
	return wrong()
}

// wholeNumber returns the number a JSON number writes, when it is a whole
// number that an int holds, as JSON Schema's "integer" (the schema's
// word for the parameter) counts whole numbers: "2", and "2.0", "1e3" or
// "-0.0" too. It works on the digits, so that an exponent of any size
// costs nothing.
func wholeNumber(number string) (int, error) {
	mantissa, exp, _ := strings.Cut(strings.ToLower(number), "e")
	negative := strings.HasPrefix(mantissa, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(mantissa, "-"), ".")
	digits := strings.TrimLeft(whole+frac, "0")
	if digits == "" {
		return 0, nil // zero, however written
	}
	// The number is digits × 10^shift; without digits' trailing zeros,
	// it is whole when shift is not negative.
	trimmed := strings.TrimRight(digits, "0")
	shift := int64(len(digits)-len(trimmed)) - int64(len(frac))
	if exp != "" {
		e, err := strconv.ParseInt(exp, 10, 64)
		switch {
		case err != nil && strings.HasPrefix(exp, "-"): // beyond any int64
			e = math.MinInt64 / 2
		case err != nil:
			e = math.MaxInt64 / 2
		}
		shift += e
	}
	switch {
	case shift < 0:
		return 0, fmt.Errorf("want a whole number, not %s", number)
	case int64(len(trimmed))+shift > 19: // more digits than an int64 holds
		return 0, fmt.Errorf("%s is out of range", number)
	}
	text := trimmed + strings.Repeat("0", int(shift))
	if negative {
		text = "-" + text
	}
	i, err := strconv.ParseInt(text, 10, 0)
	if err != nil {
		return 0, fmt.Errorf("%s is out of range", number)
	}
	return int(i), nil
}

// paramList lists parameters for an error: "for (duration), times (integer)".
func paramList(params []Param) string {
	if len(params) == 0 {
		return "none"
	}
	s := make([]string, len(params))
	for i, p := range params {
		s[i] = strconv.Quote(p.Name) + " (" + p.Type.String() + ")"
	}
	return strings.Join(s, ", ")
}

func paramNames(params []Param) []string {
	s := make([]string, len(params))
	for i, p := range params {
		s[i] = p.Name
	}
	return s
}

// makeNode makes the node's registered value from its factory, with
// the arguments the file gave, once the node is read; and reports
// arguments given to a node whose value no factory makes.
func (l *loader[M]) makeNode(d *bt.Def[M], n *reading) {
	if n.made == nil {
		if n.args != nil {
			l.bad(&n.args.at, errors.New(`"args" belong to a node whose action or decorator a factory makes`))
		}
		return
	}
	m := n.made
	switch m.role {
	case roleAction:
		d.Value, _ = makeWith(l, m, l.r.ActionFactories[m.name], n.args)
	case roleDecorator:
		d.Value, _ = makeWith(l, m, l.r.DecoratorFactories[m.name], n.args)
	}
}

// makeWith makes a value of the factory f, which the file names at m,
// from the arguments given, and remembers how it was made.
func makeWith[M, V any](l *loader[M], m *made, f Factory[V], given *argsGiven) (V, bool) {
	var zero V
	args, ok := l.arguments(f.Params, given, &m.v)
	if !ok {
		return zero, false
	}
	v, err := makeValue[M](l.made, m.role, m.name, f, args)
	if err != nil {
		at := &m.v
		if given != nil {
			at = &given.at
		}
		l.bad(at, fmt.Errorf("%s %q: %w", m.role, m.name, err))
		return zero, false
	}
	return v, true
}

// A madeTable remembers how factories made values, by the values'
// identity, for Marshal to write them with their arguments. A registry
// keeps one for what Load and the Make methods make, for as long as it
// lives; Build and Format, whose values no description that comes out
// holds, remember in none, or in one of their own.
type madeTable struct {
	mu    sync.Mutex
	calls map[any]call
}

// remember notes that the value with identity id was made by c. A nil
// table remembers nothing.
func (t *madeTable) remember(id any, c call) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.calls == nil {
		t.calls = map[any]call{}
	}
	_ = tryKey(func() { t.calls[id] = c })
}

// madeBy returns how the value with identity id was made, if the table
// remembers it.
func (t *madeTable) madeBy(id any) (call, bool) {
	if t == nil || id == nil {
		return call{}, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var c call
	var ok bool
	if tryKey(func() { c, ok = t.calls[id] }) != nil {
		return call{}, false
	}
	return c, ok
}

// remembered returns the table of what Load and the Make methods made:
// the registry's own, or none for a nil registry (which they refuse).
func (r *Registry[M]) remembered() *madeTable {
	if r == nil {
		return nil
	}
	return &r.made
}

// makeValue makes a value of factory f and remembers how in made, by the
// value's identity, for Marshal.
func makeValue[M, V any](made *madeTable, ro role, name string, f Factory[V], args Args) (V, error) {
	var zero V
	if f.Make == nil {
		return zero, fmt.Errorf("no %s factory %q", ro, name)
	}
	v, err := callMake(f, args)
	if err != nil {
		return zero, err
	}
	id := any(v)
	if dec, ok := id.(bt.Decorator[M]); ok {
		id = funcID(dec)
	}
	made.remember(id, call{role: ro, name: name, args: args})
	return v, nil
}

// callMake calls the factory's Make, returning a panic in it as a
// *bt.PanicError (Method "Make"), so that a file naming a factory whose
// code panics is refused at the node, like any other error.
func callMake[V any](f Factory[V], args Args) (v V, err error) {
	defer func() {
		if r := recover(); r != nil {
			var zero V
			v, err = zero, &bt.PanicError{Method: "Make", Value: r, Stack: debug.Stack()}
		}
	}()
	return f.Make(args)
}

// MakeAction makes an action with the registry's action factory name,
// from args (by parameter name, each of its type's Go type; those left
// out take their defaults), for a tree written in Go that Marshal writes
// with its arguments.
func (r *Registry[M]) MakeAction(name string, args map[string]any) (bt.Action[M], error) {
	return makeFromGo(r, roleAction, name, r.ActionFactories, args)
}

// MakeDecorator makes a decorator with the registry's decorator factory
// name, as MakeAction.
func (r *Registry[M]) MakeDecorator(name string, args map[string]any) (bt.Decorator[M], error) {
	return makeFromGo(r, roleDecorator, name, r.DecoratorFactories, args)
}

// MakeConstraint makes a constraint with the registry's constraint
// factory name, as MakeAction.
func (r *Registry[M]) MakeConstraint(name string, args map[string]any) (bt.Constraint[M], error) {
	return makeFromGo(r, roleConstraint, name, r.ConstraintFactories, args)
}

// makeFromGo makes a value of a factory of fs from arguments given in Go.
func makeFromGo[M, V any](r *Registry[M], ro role, name string, fs map[string]Factory[V], given map[string]any) (V, error) {
	var zero V
	if r == nil {
		return zero, errors.New("btjson: nil Registry")
	}
	f, ok := fs[name]
	if !ok || f.Make == nil {
		return zero, fmt.Errorf("btjson: no %s factory %q", ro, name)
	}
	args := Args{vals: map[string]any{}}
	var errs []error
	for _, p := range f.Params {
		v, there := given[p.Name]
		switch {
		case !there && p.Default == nil:
			errs = append(errs, fmt.Errorf("btjson: %s %q needs the argument %q (%s)", ro, name, p.Name, p.Type))
		case !there:
			v = p.Default
		case !p.Type.holds(v):
			errs = append(errs, fmt.Errorf("btjson: %s %q: argument %q: want %s, not %T", ro, name, p.Name, withArticle(p.Type.String()), v))
		case unwritable(v) != nil:
			errs = append(errs, fmt.Errorf("btjson: %s %q: argument %q: %v", ro, name, p.Name, unwritable(v)))
		}
		args.vals[p.Name] = v
	}
	for _, key := range slices.Sorted(maps.Keys(given)) {
		if !slices.ContainsFunc(f.Params, func(p Param) bool { return p.Name == key }) {
			errs = append(errs, fmt.Errorf("btjson: %s %q takes no argument %q%s (it takes %s)", ro, name, key,
				didYouMean(key, paramNames(f.Params)), paramList(f.Params)))
		}
	}
	if len(errs) > 0 {
		return zero, errors.Join(errs...)
	}
	v, err := makeValue[M](r.remembered(), ro, name, f, args)
	if err != nil {
		return zero, fmt.Errorf("btjson: %s %q: %w", ro, name, err)
	}
	return v, nil
}

// checkFactory reports what is wrong with a factory's declaration.
func checkFactory(ro role, name string, make bool, params []Param) []error {
	var errs []error
	if !make {
		errs = append(errs, fmt.Errorf("btjson: registry: %s factory %q has no Make", ro, name))
	}
	seen := map[string]bool{}
	for i, p := range params {
		switch {
		case !isIdent(p.Name):
			errs = append(errs, fmt.Errorf("btjson: registry: %s factory %q: parameter %d: name %q is not a plain word", ro, name, i+1, p.Name))
		case seen[p.Name]:
			errs = append(errs, fmt.Errorf("btjson: registry: %s factory %q: parameter %q declared twice", ro, name, p.Name))
		case p.Type < Duration || p.Type > Bool:
			errs = append(errs, fmt.Errorf("btjson: registry: %s factory %q: parameter %q: unknown type %v", ro, name, p.Name, p.Type))
		case p.Default != nil && !p.Type.holds(p.Default):
			errs = append(errs, fmt.Errorf("btjson: registry: %s factory %q: parameter %q: a default of type %T for a %s", ro, name, p.Name, p.Default, p.Type))
		case p.Default != nil && unwritable(p.Default) != nil:
			errs = append(errs, fmt.Errorf("btjson: registry: %s factory %q: parameter %q: a default of %v", ro, name, p.Name, unwritable(p.Default)))
		}
		seen[p.Name] = true
	}
	return errs
}

// argsJSON writes arguments as a file gives them, in the order of the
// parameters, compact.
func argsJSON(params []Param, a Args) json.RawMessage {
	var b strings.Builder
	b.WriteByte('{')
	for i, p := range params {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(p.Name)
		b.Write(key)
		b.WriteByte(':')
		var v any = a.vals[p.Name]
		if d, ok := v.(time.Duration); ok {
			v = d.String()
		}
		val, _ := json.Marshal(v)
		b.Write(val)
	}
	b.WriteByte('}')
	return json.RawMessage(b.String())
}

// paramsSchema is the schema of a factory's arguments.
func paramsSchema(params []Param) map[string]any {
	props := map[string]any{}
	required := []string{}
	for _, p := range params {
		var s map[string]any
		switch p.Type {
		case Duration:
			s = map[string]any{"type": "string", "pattern": durationPattern}
		case Number:
			s = map[string]any{"type": "number"}
		case Integer:
			// "integer" is any whole number (2.0 is one), which Load takes;
			// the bounds are an int's, which Load checks too.
			s = map[string]any{"type": "integer", "minimum": math.MinInt, "maximum": math.MaxInt}
		case Text:
			s = map[string]any{"type": "string"}
		case Bool:
			s = map[string]any{"type": "boolean"}
		}
		if p.About != "" {
			s["description"] = p.About
		}
		if p.Default != nil {
			d := p.Default
			if dur, ok := d.(time.Duration); ok {
				d = dur.String()
			}
			s["default"] = d
		} else {
			required = append(required, p.Name)
		}
		props[p.Name] = s
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}
