package btjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/utility"
)

// A utility node (package utility) is written in a file as its kind's
// settings, and each of its children with what it is worth:
//
//	{"kind": "utility", "name": "day", "replan": "0s", "bonus": 0.1, "children": [
//	  {"kind": "action", "name": "eat", "action": "eat", "consider": {"considerations": [
//	    {"input": "hunger", "min": 0, "max": 100, "curve": {"kind": "logistic", "steepness": 10, "midpoint": 0.5}}]}},
//	  {"kind": "action", "name": "work", "action": "work", "consider": {"weight": 0.3}}]}
//
// An input is named as the registry's Inputs name it, a curve as
// utility.Curve writes itself; a child without "consider" is worth 1.

// utilitySettings are the fields of a utility node, which make its
// utility.Selector, in the order Marshal writes them.
func utilitySettings[M any]() []setting[M] {
	return []setting[M]{
		utilityFlag[M]("random", "draw among the best options, in proportion to their scores, rather than take the highest",
			func(s *utility.Selector[M]) *bool { return &s.Random }),
		utilityNumber[M]("within", "with random: how far below the highest score an option is still among the best, as a fraction of it (0 to 1)",
			func(s *utility.Selector[M]) *float64 { return &s.Within }),
		utilityNumber[M]("bonus", "added to the running option's score when the node scores again",
			func(s *utility.Selector[M]) *float64 { return &s.Bonus }),
		utilityNumber[M]("margin", "how much more than the running option a rival must score to replace it",
			func(s *utility.Selector[M]) *float64 { return &s.Margin }),
		utilityNumber[M]("minimum", "the least score an option needs to be chosen",
			func(s *utility.Selector[M]) *float64 { return &s.Minimum }),
		setting[M]{key: "foresee", about: "score each child on the world its simulation predicts, by these considerations",
			schema: measureRef[M],
			read: func(l *loader[M], v *value, d *bt.Def[M], n *reading) bool {
				ms, ok := l.measure(v, n.depth)
				if s := l.selector(n, v); ms != nil {
					s.Foresee = ms
				}
				return ok
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				if s := selectorOf(d); s != nil && s.Foresee != nil {
					return w.measure(path+": Foresee", s.Foresee, true)
				}
				return nil
			}},
		utilityFlag[M]("byOutcome", "with foresee: rank the predictions by the tree's heuristic first, and by score among equals",
			func(s *utility.Selector[M]) *bool { return &s.ByOutcome }),
	}
}

// considerSetting is the field of a utility node's child that says what
// it is worth.
func considerSetting[M any]() setting[M] {
	return setting[M]{key: "consider", about: "a utility node's child: what it is worth, its weight and considerations (default: worth 1)",
		schema: measureRef[M],
		read: func(l *loader[M], v *value, d *bt.Def[M], n *reading) bool {
			ms, ok := l.measure(v, n.depth)
			if ms != nil {
				if l.measures == nil {
					l.measures = map[*spot]*utility.Measure[M]{}
				}
				l.measures[n.at] = ms
			}
			return ok
		},
		write: func(w *writer[M], _ *bt.Def[M], path string) any {
			if w.option == nil {
				return nil
			}
			return w.measure(path, w.option, false)
		}}
}

// utilityFlag is the setting of a utility node's switch.
func utilityFlag[M any](key, about string, field func(s *utility.Selector[M]) *bool) setting[M] {
	return setting[M]{key: key, about: about,
		schema: func(*Registry[M]) map[string]any { return map[string]any{"type": "boolean"} },
		read: func(l *loader[M], v *value, _ *bt.Def[M], n *reading) bool {
			b, ok := v.tok.(bool)
			if !ok {
				l.bad(v, fmt.Errorf("want true or false, not %s", describe(v.tok)))
			}
			*field(l.selector(n, v)) = b
			return true
		},
		write: func(_ *writer[M], d *bt.Def[M], _ string) any {
			if s := selectorOf(d); s != nil && *field(s) {
				return true
			}
			return nil
		}}
}

// utilityNumber is the setting of a utility node's number, 0 by default.
func utilityNumber[M any](key, about string, field func(s *utility.Selector[M]) *float64) setting[M] {
	return setting[M]{key: key, about: about,
		schema: func(*Registry[M]) map[string]any { return map[string]any{"type": "number", "minimum": 0} },
		read: func(l *loader[M], v *value, _ *bt.Def[M], n *reading) bool {
			s := l.selector(n, v)
			if f, ok := l.number(v); ok {
				*field(s) = f
			}
			return true
		},
		write: func(w *writer[M], d *bt.Def[M], path string) any {
			s := selectorOf(d)
			if s == nil || *field(s) == 0 {
				return nil
			}
			f := *field(s)
			if math.IsNaN(f) || math.IsInf(f, 0) {
				w.fail(path, fmt.Errorf("%s %v is not a finite number", key, f))
				return nil
			}
			return f
		}}
}

// number reads v as a finite number, or reports that it is not one.
func (l *loader[M]) number(v *value) (float64, bool) {
	num, ok := v.tok.(json.Number)
	if !ok {
		l.bad(v, fmt.Errorf("want a number, not %s", describe(v.tok)))
		return 0, false
	}
	f, err := num.Float64()
	if err != nil || math.IsInf(f, 0) {
		l.bad(v, fmt.Errorf("%s is out of range", num))
		return 0, false
	}
	return f, true
}

// A utilityReading is what the file gives of a node's utility settings:
// the selector they make, and where each lies, to refuse them on a node
// of another kind.
type utilityReading[M any] struct {
	s      utility.Selector[M]
	fields []value
}

// selector returns the settings of the utility node being read, made on
// first use, noting where the file gives the field v.
func (l *loader[M]) selector(n *reading, v *value) *utility.Selector[M] {
	if l.selectors == nil {
		l.selectors = map[*spot]*utilityReading[M]{}
	}
	u := l.selectors[n.at]
	if u == nil {
		u = &utilityReading[M]{}
		l.selectors[n.at] = u
	}
	u.fields = append(u.fields, *v)
	return &u.s
}

// selectorOf returns a utility node's selector, or nil.
func selectorOf[M any](d *bt.Def[M]) *utility.Selector[M] {
	s, _ := d.Value.(*utility.Selector[M])
	return s
}

// makeUtility makes a node just read, of the kind a utility node, its
// selector: its settings, and each child's measure (worth 1 without
// one). A child of another kind of node that says what it is worth is
// refused.
func (l *loader[M]) makeUtility(d *bt.Def[M], at *spot) {
	if d.Kind != bt.KindUtility {
		if u := l.selectors[at]; u != nil {
			for _, v := range u.fields {
				key := v.path[strings.LastIndexByte(v.path, '.')+1:]
				l.bad(&v, fmt.Errorf("%q is a utility node's setting, not %s's", key, withArticle(string(d.Kind))))
			}
		}
		for _, kat := range at.kids {
			if _, ok := l.measures[kat]; ok && kat != nil {
				l.fail(keyPath(kat.json, "consider"), kat.offset,
					fmt.Errorf("consider: only a child of a utility node is weighed, not a child of %s", withArticle(string(d.Kind))))
			}
		}
		return
	}
	if d.Value != nil || d.Entry != "" {
		l.fail(at.json, at.offset, errors.New("a utility node runs its children: it takes no action, test, leaf, decorator, composite or planner"))
	}
	s := utility.Selector[M]{}
	if own := l.selectors[at]; own != nil {
		s = own.s
	}
	options := make([]utility.Option[M], len(d.Children))
	for j := range d.Children {
		options[j] = utility.Option[M]{Node: d.Children[j], Measure: utility.Measure[M]{Weight: 1}}
		if j < len(at.kids) && l.measures[at.kids[j]] != nil {
			options[j].Measure = *l.measures[at.kids[j]]
		}
	}
	u := utility.Select(d.Name, s, options...)
	d.Value, d.Children = u.Value, u.Children
}

// A fileMeasure is a utility.Measure as a file gives it.
type fileMeasure struct {
	Weight         *float64            `json:"weight,omitempty"`
	Sum            bool                `json:"sum,omitempty"`
	Considerations []fileConsideration `json:"considerations,omitempty"`
}

// A fileConsideration is a utility.Consideration as a file gives it.
type fileConsideration struct {
	Input  string          `json:"input"`
	Min    *float64        `json:"min"`
	Max    *float64        `json:"max"`
	Curve  json.RawMessage `json:"curve"`
	Weight *float64        `json:"weight,omitempty"`
}

// measure reads a measure, whose first token is v's: its inputs by their
// registered names, its curves as utility.Curve reads them. It returns
// nil where the file got it wrong, and false when the file cannot be read
// further.
func (l *loader[M]) measure(v *value, depth int) (*utility.Measure[M], bool) {
	if v.tok != json.Delim('{') {
		l.bad(v, fmt.Errorf(`want an object such as {"weight": 1, "considerations": [...]}, not %s`, describe(v.tok)))
		return nil, l.skip(v.path, v.tok, depth)
	}
	if !l.skip(v.path, v.tok, depth) {
		return nil, false
	}
	raw := l.data[v.off:min(int(l.dec.InputOffset()), len(l.data))]
	where := placesOf(raw, v.path)
	if where.twice != "" {
		l.fail(where.twice, v.off+where.twiceAt, fmt.Errorf("%q given twice", where.twiceKey))
		return nil, true
	}
	var fm fileMeasure
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fm); err != nil {
		l.bad(v, fmt.Errorf("a measure is {\"weight\": ..., \"sum\": ..., \"considerations\": [{\"input\": ..., \"min\": ..., \"max\": ..., \"curve\": {...}}]}: %v",
			strippedJSONError(err)))
		return nil, true
	}
	ms := &utility.Measure[M]{Weight: 1, Sum: fm.Sum}
	if fm.Weight != nil {
		ms.Weight = *fm.Weight
	}
	ok := true
	for i, fc := range fm.Considerations {
		at := value{path: v.path + ".considerations[" + strconv.Itoa(i) + "]"}
		at.off = v.off + where.of(at.path)
		place := func(path string) int { return v.off + where.of(path) }
		c := utility.Consideration[M]{Input: utility.Input[M]{Name: fc.Input}, Weight: 1}
		if fc.Weight != nil {
			c.Weight = *fc.Weight
		}
		if fc.Min == nil || fc.Max == nil {
			l.fail(at.path, at.off, errors.New(`a consideration needs its range: "min" and "max"`))
			ok = false
		} else {
			c.Min, c.Max = *fc.Min, *fc.Max
		}
		if fc.Input == "" {
			l.fail(at.path+".input", place(at.path+".input"), errors.New("a consideration names its input"))
			ok = false
		} else {
			read := lookup(l, at.path+".input", place(at.path+".input"), roleInput, fc.Input, l.r.Inputs)
			c.Input.Read, ok = read, ok && read != nil
		}
		switch err := c.Curve.UnmarshalJSON(fc.Curve); {
		case fc.Curve == nil:
			l.fail(at.path, at.off, errors.New(`a consideration needs its "curve"`))
			ok = false
		case err != nil:
			l.fail(at.path+".curve", place(at.path+".curve"), err)
			ok = false
		}
		ms.Considerations = append(ms.Considerations, c)
	}
	if !ok {
		return nil, true
	}
	return ms, true
}

// strippedJSONError is an error of encoding/json without its "json: "
// prefix.
func strippedJSONError(err error) string {
	s := err.Error()
	if len(s) > 6 && s[:6] == "json: " {
		return s[6:]
	}
	return s
}

// measure returns a measure as a file holds it, or reports what is not
// serialisable; nil for the default (worth 1, by product, with no
// considerations) unless always.
func (w *writer[M]) measure(path string, ms *utility.Measure[M], always bool) any {
	if ms.Weight == 1 && !ms.Sum && len(ms.Considerations) == 0 && !always {
		return nil
	}
	if err := ms.Validate(); err != nil {
		w.fail(path, fmt.Errorf("consider: %w", err))
		return nil
	}
	out := fileMeasure{Sum: ms.Sum}
	if ms.Weight != 1 {
		out.Weight = &ms.Weight
	}
	for i := range ms.Considerations {
		c := &ms.Considerations[i]
		if reg, ok := w.r.Inputs[c.Input.Name]; !ok || funcID(reg) != funcID(c.Input.Read) {
			w.fail(path, fmt.Errorf("consideration %d: input %q is not serialisable: the registry's Inputs have no %q of this Read function; register it under its name",
				i+1, c.Input.Name, c.Input.Name))
			continue
		}
		curve, _ := c.Curve.MarshalJSON() // a valid curve, as Validate found it
		fc := fileConsideration{Input: c.Input.Name, Min: &c.Min, Max: &c.Max, Curve: curve}
		if c.Weight != 1 {
			fc.Weight = &c.Weight
		}
		out.Considerations = append(out.Considerations, fc)
	}
	return out
}

// measureRef is the schema of a field that holds a measure: the schema's
// definition of one (measureSchema).
func measureRef[M any](*Registry[M]) map[string]any { return map[string]any{"$ref": "#/$defs/measure"} }

// measureSchema is the schema of a measure: its weight, how it combines,
// and its considerations, each an input of the registry's, a range and a
// curve of the kinds utility.Curve reads.
func (r *Registry[M]) measureSchema() map[string]any {
	num := map[string]any{"type": "number"}
	curve := map[string]any{"type": "object", "required": []string{"kind"},
		"description": `a response curve: {"kind": "linear", "slope": 1, "intercept": 0}, "polynomial" (exponent, slope, shift, intercept), "logistic" or "logit" (steepness, midpoint), "step" (at, below, above), "points" ([[x, y], ...])`,
		"properties": map[string]any{
			"kind":  map[string]any{"enum": []string{"linear", "polynomial", "logistic", "logit", "step", "points"}},
			"slope": num, "intercept": num, "exponent": num, "shift": num, "steepness": num, "midpoint": num,
			"at": num, "below": num, "above": num,
			"points": map[string]any{"type": "array", "items": map[string]any{"type": "array", "items": num, "minItems": 2, "maxItems": 2}},
		}, "additionalProperties": false}
	consideration := map[string]any{"type": "object", "required": []string{"input", "min", "max", "curve"},
		"additionalProperties": false,
		"properties": map[string]any{
			"input":  map[string]any{"enum": nonNil(r.names(roleInput)), "description": "the input read, by name"},
			"min":    num,
			"max":    num,
			"curve":  curve,
			"weight": map[string]any{"type": "number", "minimum": 0, "description": "its share of a weighted sum (default 1)"},
		}}
	return map[string]any{"type": "object", "additionalProperties": false,
		"properties": map[string]any{
			"weight":         map[string]any{"type": "number", "minimum": 0, "description": "what the score is multiplied by (default 1)"},
			"sum":            map[string]any{"type": "boolean", "description": "combine by weighted sum rather than by product"},
			"considerations": map[string]any{"type": "array", "items": consideration},
		}}
}
