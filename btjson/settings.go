package btjson

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/kinds"
)

// A setting is one field of a node in a file, described once: its key,
// the nodes that take it, how it is read into a bt.Def, how a Def writes
// it, and its schema. Load, Marshal, Schema and the errors that list the
// fields all read the one table, settings, so a field is added in one
// place.
type setting[M any] struct {
	key string
	// about describes the field in the schema; the schema adds which
	// kinds take it, from the table (takenBy).
	about string
	// need lists the kinds of node that must give the field.
	need []bt.NodeKind
	// kinds lists the kinds of node that take a field of the file's own
	// (args); a field of a Def is taken by the kinds bt.Build accepts it
	// on (kinds.Takes).
	kinds []bt.NodeKind
	// schema returns the field's schema, but for its description.
	schema func(r *Registry[M]) map[string]any
	// read reads the field's value, whose first token is v's, into d. It
	// returns false when the file cannot be read further.
	read func(l *loader[M], v *value, d *bt.Def[M], n *reading) bool
	// write returns the value d writes for the field, or nil to leave it
	// out, reporting what cannot be written (w.fail).
	write func(w *writer[M], d *bt.Def[M], path string) any
}

// A value is a field's first token, where it lies.
type value struct {
	path string
	tok  json.Token
	off  int
}

// reading is what a loader knows of the node it reads: where it is, how
// deep, and the arguments given for its registered value, which are used
// once the node is read (the value may come after them).
type reading struct {
	at    *spot
	depth int
	root  bool
	args  *argsGiven
	made  *made // the node's registered value to make from a factory, once its args are known
}

// settings returns the table of the fields a node may have, in the order
// Marshal writes them.
func settings[M any]() []setting[M] {
	return slices.Concat([]setting[M]{
		{key: "kind", about: "what sort of node",
			schema: func(*Registry[M]) map[string]any { return map[string]any{"enum": nodeKinds} },
			read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
				k, ok := l.str(v)
				if ok && !slices.Contains(nodeKinds, bt.NodeKind(k)) {
					l.bad(v, fmt.Errorf("unknown kind %q%s (want one of %s)", k, didYouMean(k, kindNames()), kindList()))
					ok = false
				}
				d.Kind, l.shapeless = bt.NodeKind(k), l.shapeless || !ok
				return true
			},
			write: func(_ *writer[M], d *bt.Def[M], _ string) any { return d.Kind }},
		{key: "name", about: "the node's name, unique among its siblings, without '/'",
			schema: func(*Registry[M]) map[string]any {
				return map[string]any{"type": "string", "minLength": 1, "pattern": "^[^/]*$"}
			},
			read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
				n, ok := l.str(v)
				d.Name, l.shapeless = n, l.shapeless || !ok
				return true
			},
			write: func(_ *writer[M], d *bt.Def[M], _ string) any { return d.Name }},
		{key: "action", about: "the action: a catalogue entry, a registered action, or an action factory's",
			need:   []bt.NodeKind{bt.KindAction},
			schema: names[M](roleAction),
			read: func(l *loader[M], v *value, d *bt.Def[M], n *reading) bool {
				if name, ok := l.str(v); ok {
					switch _, entry := l.r.Catalogue.Entry(name); {
					case entry:
						d.Entry = name // made into the entry's node once the node is read
					case l.r.ActionFactories[name].Make != nil:
						n.made = &made{role: roleAction, name: name, v: *v}
					default:
						d.Value = lookup(l, v.path, v.off, roleAction, name, l.r.Actions)
					}
				}
				return true
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				return w.name(path, roleAction, d.Value, fmt.Sprintf("its action (a %T)", d.Value))
			}},
		registered("test", "a condition's test, or an ifelse node's choice of branch", roleCondition,
			func(r *Registry[M]) map[string]func(*M) bool { return r.Conditions },
			funcID, func(func(*M) bool) string { return "its test" }, bt.KindCondition, bt.KindIfElse),
		registered("leaf", "the custom node", roleLeaf,
			func(r *Registry[M]) map[string]bt.Node[M] { return r.Leaves },
			identity, func(n bt.Node[M]) string { return fmt.Sprintf("its node (a %T)", n) }, bt.KindLeaf),
		{key: "decorator", about: "the decorator: a registered one, or a decorator factory's",
			need: []bt.NodeKind{bt.KindDecorator}, schema: names[M](roleDecorator),
			read: func(l *loader[M], v *value, d *bt.Def[M], n *reading) bool {
				if name, ok := l.str(v); ok {
					if l.r.DecoratorFactories[name].Make != nil {
						n.made = &made{role: roleDecorator, name: name, v: *v}
					} else {
						d.Value = lookup(l, v.path, v.off, roleDecorator, name, l.r.Decorators)
					}
				}
				return true
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				return w.name(path, roleDecorator, funcID(decorator(d)), "its decorator")
			}},
		registered("composite", "the custom composite", roleComposite,
			func(r *Registry[M]) map[string]bt.CompositeFunc[M] { return r.Composites },
			funcID, func(bt.CompositeFunc[M]) string { return "its composite function" }, bt.KindComposite),
		registered("planner", "the planner: an HTN or GOAP domain, or a state machine", rolePlanner,
			func(r *Registry[M]) map[string]bt.Planner[M] { return r.Planners },
			identity, func(p bt.Planner[M]) string { return fmt.Sprintf("its planner (a %T)", p) }, bt.KindPlanner),
		setting[M]{key: "args", about: "the arguments of the node's action or decorator, when a factory makes it: by parameter name",
			schema: func(*Registry[M]) map[string]any { return map[string]any{"type": "object"} },
			read: func(l *loader[M], v *value, _ *bt.Def[M], n *reading) bool {
				n.args = &argsGiven{}
				return l.readArgs(v, n.args, n.depth)
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				switch {
				case d.Kind == bt.KindAction && d.Value != nil:
					return w.args(d.Value)
				case d.Kind == bt.KindDecorator && d.Value != nil:
					return w.args(funcID(decorator(d)))
				}
				return nil
			}}.only(bt.KindAction, bt.KindDecorator),
		flag[M]("loop", "start over after the last child succeeds", bt.Loop),
		flag[M]("allowFailure", "move on past a child that fails", bt.AllowFailure),
		setting[M]{key: "minOutcome", about: "the outcome at or below which a prediction stops",
			schema: func(*Registry[M]) map[string]any { return map[string]any{"enum": outcomes()} },
			read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
				if name, ok := l.str(v); ok {
					var o heuristic.Outcome
					if err := o.UnmarshalText([]byte(name)); err != nil {
						l.bad(v, fmt.Errorf("unknown outcome %q%s (want one of %s)", name, didYouMean(name, outcomes()), strings.Join(outcomes(), ", ")))
					}
					d.Options = append(d.Options, bt.MinOutcome(o))
				}
				return true
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				v, ok := option(d, "minOutcome")
				if !ok {
					return nil
				}
				o := v.(heuristic.Outcome)
				if !o.Valid() {
					w.fail(path, fmt.Errorf("MinOutcome: invalid outcome %v", o))
				}
				return o.String()
			}},
		setting[M]{key: "replan", about: `plan again while running, every duration ("0s": every tick); leave out to commit to a choice or plan`,
			schema: durationSchema[M],
			read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
				if n, ok := l.str(v); ok {
					d.Options = append(d.Options, bt.Replan(duration(n, func(err error) { l.bad(v, err) },
						`"250ms" or "0s" (every tick)`, "leave replan out for a decider that commits to its choice")))
				}
				return true
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				if v, ok := option(d, "replan"); ok && v.(time.Duration) >= 0 {
					return v.(time.Duration).String()
				}
				return nil // a negative interval is the default: it commits
			}},
		registeredOption("replanOn", "a test of when to plan again at once", roleCondition, bt.ReplanOn[M],
			func(r *Registry[M]) map[string]func(*M) bool { return r.Conditions },
			funcID, func(func(*M) bool) string { return "its ReplanOn test" }),
		registeredOption("replanOnChange", "a key of the memory whose change plans again at once (news)", roleKey, bt.ReplanOnChange[M],
			func(r *Registry[M]) map[string]func(*M) uint64 { return r.Keys },
			funcID, func(func(*M) uint64) string { return "its ReplanOnChange key" }),
		flag[M]("allowNegative", "choose a child predicted Irrelevant or worse rather than nothing", bt.AllowNegative),
		flag[M]("preferFirst", "a tie at re-selection goes to the first child, not the running one", bt.PreferFirst),
		flag[M]("debounce", "pick the child that ended last only when it is the sole option", bt.Debounce),
	}, utilitySettings[M](), []setting[M]{
		flag[M]("succeedOnOne", "succeed as soon as one child succeeds, not once all have", bt.SucceedOnOne),
		flag[M]("failOnOne", "fail as soon as one child fails, not once all have", bt.FailOnOne),
		flag[M]("cosmetic", "an Irrelevant prediction counts as Cosmetic", bt.Cosmetic),
		flag[M]("cosmeticWhileRunning", "an Irrelevant prediction counts as Cosmetic while the node runs", bt.CosmeticWhileRunning),
		setting[M]{key: "takes", about: `how long a run takes, for predictions that chain it ("500ms")`,
			schema: durationSchema[M],
			read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
				if n, ok := l.str(v); ok {
					d.Options = append(d.Options, bt.Takes(duration(n, func(err error) { l.bad(v, err) }, `"500ms"`, "a run takes no less than nothing")))
				}
				return true
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				v, ok := option(d, "takes")
				switch {
				case !ok:
					return nil
				case v.(time.Duration) < 0:
					w.fail(path, fmt.Errorf("takes: negative duration %v", v))
				}
				return v.(time.Duration).String()
			}},
		registeredOption("simulate", "the node's own simulation, in place of its action's", roleSimulation, bt.SimulateWith[M],
			func(r *Registry[M]) map[string]func(*bt.Sim[M], *M) heuristic.Verdict { return r.Simulations },
			funcID, func(func(*bt.Sim[M], *M) heuristic.Verdict) string { return "its simulation (SimulateWith)" }),
		{key: "weight", about: "children of a random selector: the odds (default 1; 0 never)",
			schema: func(*Registry[M]) map[string]any { return map[string]any{"type": "number", "minimum": 0} },
			read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
				num, ok := v.tok.(json.Number)
				if !ok {
					l.bad(v, fmt.Errorf("want a number, not %s", describe(v.tok)))
					return true
				}
				w, err := num.Float64()
				if err != nil || math.IsInf(w, 0) {
					l.bad(v, fmt.Errorf("weight %s is out of range", num))
					return true
				}
				d.Options = append(d.Options, bt.Weight(w))
				return true
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				v, ok := option(d, "weight")
				if !ok {
					return nil
				}
				if weight := v.(float64); math.IsNaN(weight) || math.IsInf(weight, 0) {
					w.fail(path, fmt.Errorf("weight %v is not finite", weight))
					return nil
				}
				return v
			}},
		considerSetting[M](),
		{key: "constraints", about: "what guards the node: registered names, or a constraint factory's name with its arguments",
			schema: func(r *Registry[M]) map[string]any {
				return map[string]any{"type": "array", "items": r.constraintSchema()}
			},
			read: func(l *loader[M], v *value, d *bt.Def[M], n *reading) bool {
				return l.constraints(v.path, v.tok, v.off, d, n.depth)
			},
			write: func(w *writer[M], d *bt.Def[M], path string) any {
				if names := w.constraints(path, d.Constraints, 0); names != nil {
					return names
				}
				return nil
			}},
		setting[M]{key: "children", about: "the node's children, in order",
			schema: func(*Registry[M]) map[string]any {
				return map[string]any{"type": "array", "items": map[string]any{"$ref": "#/$defs/node"}}
			},
			read: func(l *loader[M], v *value, d *bt.Def[M], n *reading) bool {
				return l.children(v, d, n.at, n.depth)
			},
			// write: Marshal writes the children itself, a line each
		},
	})
}

// only returns the setting taken only by nodes of the kinds given: for
// the fields a file has that a Def does not.
func (s setting[M]) only(kinds ...bt.NodeKind) setting[M] {
	s.kinds = kinds
	return s
}

// takenBy reports whether a node of kind k takes the field: as bt.Build
// takes the Def's field or option of that name, or as only says.
func (s setting[M]) takenBy(k bt.NodeKind) bool {
	if s.kinds != nil {
		return slices.Contains(s.kinds, k)
	}
	return kinds.Takes(string(k), s.key)
}

// description is the field's description in the schema: what it is,
// and the kinds of node that take it, where not every kind does.
func (s setting[M]) description() string {
	var takers []string
	for _, k := range nodeKinds {
		if s.takenBy(k) {
			takers = append(takers, string(k))
		}
	}
	if len(takers) == len(nodeKinds) {
		return s.about
	}
	return s.about + " (on " + strings.Join(takers, ", ") + ")"
}

// registered is the setting of a field that names a registered value of
// role, from the registry's map of it (values), into the Def's field;
// a value is named by its identity (id), and described by what in
// errors.
func registered[M, V any](key, about string, ro role,
	values func(r *Registry[M]) map[string]V, id func(V) any, what func(V) string, need ...bt.NodeKind) setting[M] {
	return setting[M]{key: key, about: about, need: need, schema: names[M](ro),
		read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
			if name, ok := l.str(v); ok {
				d.Value = lookup(l, v.path, v.off, ro, name, values(l.r))
			}
			return true
		},
		write: func(w *writer[M], d *bt.Def[M], path string) any {
			val, ok := d.Value.(V)
			if !ok && d.Value != nil {
				w.fail(path, fmt.Errorf("%s: a %T, not of this registry's memory", key, d.Value))
				return nil
			}
			return w.name(path, ro, id(val), what(val))
		}}
}

// decorator returns a decorator node's value as a Decorator, which a Def
// may hold as a plain function of its signature.
func decorator[M any](d *bt.Def[M]) bt.Decorator[M] {
	if f, ok := d.Value.(func(*bt.Child[M]) (bt.Node[M], error)); ok {
		return f
	}
	dec, _ := d.Value.(bt.Decorator[M])
	return dec
}

// identity is the identity of a value that is its own: an interface
// value, compared as such.
func identity[V any](v V) any { return v }

// option returns the value of d's option of that key, if it has one.
func option[M any](d *bt.Def[M], key string) (any, bool) {
	for i := len(d.Options) - 1; i >= 0; i-- {
		if d.Options[i].Key() == key {
			return d.Options[i].Value(), true
		}
	}
	return nil, false
}

// registeredOption is the setting of an option that names a registered
// value of role, from the registry's map of it (values), made into an
// option by make; a value is named by its identity (id), and described by
// what in errors.
func registeredOption[M, V any](key, about string, ro role, make func(V) bt.Option,
	values func(r *Registry[M]) map[string]V, id func(V) any, what func(V) string) setting[M] {
	return setting[M]{key: key, about: about, schema: names[M](ro),
		read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
			if name, ok := l.str(v); ok {
				d.Options = append(d.Options, make(lookup(l, v.path, v.off, ro, name, values(l.r))))
			}
			return true
		},
		write: func(w *writer[M], d *bt.Def[M], path string) any {
			o, ok := option(d, key)
			if !ok {
				return nil
			}
			fn, ok := o.(V)
			if !ok {
				w.fail(path, fmt.Errorf("%s: a %T, not of this registry's memory", key, o))
				return nil
			}
			return w.name(path, ro, id(fn), what(fn))
		}}
}

// flag is the setting of an option that is on or off: true, or left out.
func flag[M any](key, about string, make func() bt.Option) setting[M] {
	return setting[M]{key: key, about: about,
		schema: func(*Registry[M]) map[string]any { return map[string]any{"type": "boolean"} },
		read: func(l *loader[M], v *value, d *bt.Def[M], _ *reading) bool {
			switch b, ok := v.tok.(bool); {
			case !ok:
				l.bad(v, fmt.Errorf("want true or false, not %s", describe(v.tok)))
			case b:
				d.Options = append(d.Options, make())
			}
			return true
		},
		write: func(_ *writer[M], d *bt.Def[M], _ string) any {
			if v, ok := option(d, key); ok && v == true {
				return true
			}
			return nil
		}}
}

// names is the schema of a field that names a registered value of role.
func names[M any](ro role) func(r *Registry[M]) map[string]any {
	return func(r *Registry[M]) map[string]any { return map[string]any{"enum": nonNil(r.names(ro))} }
}

// durationSchema is the schema of a duration field.
func durationSchema[M any](*Registry[M]) map[string]any {
	return map[string]any{"type": "string", "pattern": durationPattern}
}

// str reads v as a string, or reports that it is not one.
func (l *loader[M]) str(v *value) (string, bool) {
	s, ok := v.tok.(string)
	if !ok {
		l.bad(v, fmt.Errorf("want a string, not %s", describe(v.tok)))
	}
	return s, ok
}

// bad reports err about value v.
func (l *loader[M]) bad(v *value, err error) { l.fail(v.path, v.off, err) }

// fieldKeys lists the fields a node may have, for errors.
func fieldKeys[M any]() []string {
	var keys []string
	for _, s := range settings[M]() {
		keys = append(keys, s.key)
	}
	return keys
}

// durationOf is the duration of a file's text, for arguments; it
// reports the error.
func durationOf(n string, bad func(error)) time.Duration {
	return duration(n, bad, `"2s"`, "give a duration of 0 or more")
}
