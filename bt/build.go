package bt

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
)

// Build checks the description root and makes the tree. It reports every
// misuse at once, each naming the offending node's path, as in
// "guard/attack: nil action". The tree keeps what root holds, not root
// itself: changing root afterwards changes nothing in the tree.
func Build[M any](cfg Config[M], root Def[M]) (*Tree[M], error) {
	return build(cfg, &root, configErrors(cfg))
}

// configErrors checks a tree's configuration.
func configErrors[M any](cfg Config[M]) []error {
	var errs []error
	if cfg.Heuristic != nil && nilness.Of(cfg.Heuristic) {
		errs = append(errs, fmt.Errorf("Config.Heuristic is a nil %T: give it a heuristic or leave it unset", cfg.Heuristic))
	}
	if err := checkMemory[M](); err != nil && cfg.Copy == nil {
		errs = append(errs, err)
	}
	return errs
}

// build compiles root, or reports errs (found before) and every problem
// it finds. A nil root is an empty tree.
func build[M any](cfg Config[M], root *Def[M], errs []error) (*Tree[M], error) {
	t := &Tree[M]{cfg: cfg}
	c := compiler[M]{t: t}
	switch {
	case root == nil || root.Kind == "" && root.Name == "" && root.Children == nil:
		errs = append(errs, errors.New("empty tree: add a root node"))
	default:
		c.node(root, -1, &where{label: label(root.Name, 0)}, "")
		t.paths = make([]atomic.Pointer[string], len(t.nodes))
	}
	if c.simulated != "" {
		t.needsHeuristic = c.simulated
		if nilness.Of(cfg.Heuristic) {
			errs = append(errs, &decide.Error{Path: t.needsHeuristic,
				Err: errors.New("a simulated selector needs a heuristic: set Config.Heuristic")})
		}
	}
	errs = append(errs, c.errs...)
	if len(errs) == 0 && t.customs > 0 {
		// Make the custom nodes once, for an agent no one will tick: their
		// factories check their settings, and the tree learns what they
		// are (a goal, a router, a description).
		proto, err := t.NewAgent(0)
		if err != nil {
			errs = append(errs, err)
		} else {
			t.learn(proto, &errs)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	t.compile()
	return t, nil
}

// where is a node's place in the description, for error paths: paths are
// made when an error needs one, not for every node, since a tree of depth
// d would hold d²/2 bytes of them.
type where struct {
	parent *where
	label  string // the name, or "#n" for the nth child, nameless
}

func (w *where) path() string {
	var labels []string
	for ; w != nil; w = w.parent {
		labels = append(labels, w.label)
	}
	slices.Reverse(labels)
	return strings.Join(labels, "/")
}

// label is how a path shows the node named name, the ith child (from 0).
func label(name string, i int) string {
	if name == "" {
		return fmt.Sprintf("#%d", i+1)
	}
	return name
}

// compiler lays a description out as a tree's records, depth first.
type compiler[M any] struct {
	t         *Tree[M]
	errs      []error
	simulated string // the path of the first simulated selector
}

// kindShape says how Build makes a node of each kind: how the engine runs
// it, and how many children it takes (maxKids -1: any number).
var kindShape = map[NodeKind]struct {
	kind             kind
	minKids, maxKids int
}{
	KindSequence:         {kindSequence, 1, -1},
	KindReactiveSequence: {kindSequence, 1, -1},
	KindSelector:         {kindSelector, 1, -1},
	KindRandom:           {kindSelector, 1, -1},
	KindParallel:         {kindParallel, 1, -1},
	KindPriority:         {kindPriority, 1, -1},
	KindReactivePriority: {kindPriority, 1, -1},
	KindIfElse:           {kindIfElse, 1, 2},
	KindDecorator:        {kindCustom, 1, 1},
	KindComposite:        {kindCustom, 1, -1},
	KindAction:           {kindAction, 0, 0},
	KindCondition:        {kindCondition, 0, 0},
	KindLeaf:             {kindCustom, 0, 0},
	KindPlanner:          {kindCustom, 0, 0}, // its children are its planner's steps
}

// node appends d and its descendants to the tree's records and returns
// the index of d. parentKind is "" for the root.
func (c *compiler[M]) node(d *Def[M], parent int32, at *where, parentKind NodeKind) int32 {
	t := c.t
	fail := func(err error) { c.errs = append(c.errs, &decide.Error{Path: at.path(), Err: err}) }
	for _, err := range d.errs {
		fail(err)
	}
	if err := decide.CheckName("a node", d.Name); err != nil {
		fail(err)
	}
	shape, known := kindShape[d.Kind]
	if !known {
		fail(fmt.Errorf("unknown kind %q", d.Kind))
		shape.minKids, shape.maxKids = 0, -1
	}
	switch n := len(d.Children); {
	case shape.maxKids == 0 && n > 0:
		fail(fmt.Errorf("%s takes no children, has %d", withArticle(d.Kind), n))
	case shape.maxKids == 1 && n != 1:
		fail(fmt.Errorf("a %s needs exactly one child, has %d", d.Kind, n))
	case n < shape.minKids:
		fail(fmt.Errorf("empty %s: give it children or remove it", d.Kind))
	case shape.maxKids >= 0 && n > shape.maxKids:
		fail(fmt.Errorf("takes at most %d children, has %d", shape.maxKids, n))
	}
	rec := node[M]{kind: shape.kind, parent: parent, name: d.Name, kindName: d.Kind, weight: 1}
	for _, err := range c.fill(&rec, d, at) {
		fail(err)
	}
	for _, err := range weightErrors(d, &rec, parentKind) {
		fail(err)
	}
	for i, k := range d.Constraints {
		if nilness.Of(k) {
			fail(fmt.Errorf("Constrain: constraint %d is nil", i+1))
			continue
		}
		if err := validate(k); err != nil {
			fail(err)
		}
		rec.constraints = append(rec.constraints, k)
	}
	if len(rec.constraints) > 0 {
		rec.flags |= flagGuarded | flagTimeless
		for _, k := range rec.constraints {
			if !IsTimeless(k) {
				rec.flags &^= flagTimeless
			}
		}
	}
	children := d.Children
	if d.Kind == KindPlanner && rec.make != nil {
		var err error
		if children, err = plannerSteps(d.Planner); err != nil {
			fail(err)
		}
	}
	if parent < 0 {
		rec.key = pathKey(0, rec.name)
	} else {
		rec.key = pathKey(t.nodes[parent].key, rec.name)
	}
	switch rec.kind {
	case kindSelector, kindPriority:
		rec.selector = int32(t.selectors)
		t.selectors++
		t.candidates += len(d.Children)
	case kindCustom:
		rec.custom = int32(t.customs)
		rec.handle = int32(t.handles)
		t.customs++
		t.handles += len(children)
	}
	if rec.detail == "" {
		rec.detail = string(rec.kindName)
	}
	i := int32(len(t.nodes))
	t.nodes = append(t.nodes, node[M]{key: rec.key}) // the children's keys hash their parent's
	kids := make([]int32, 0, len(children))
	var names map[string]bool // made only for two children or more
	if len(children) > 1 {
		names = make(map[string]bool, len(children))
	}
	wheres := make([]where, len(children)) // one allocation for the children's places
	for j := range children {
		k := &children[j]
		kat := &wheres[j]
		kat.parent, kat.label = at, k.Name
		if k.Name == "" {
			kat.label = label(k.Name, j)
		}
		if k.Name != "" && names[k.Name] {
			c.errs = append(c.errs, &decide.Error{Path: kat.path(),
				Err: fmt.Errorf("duplicate name %q among its siblings: paths must be unique", k.Name)})
		}
		if names != nil {
			names[k.Name] = true
		}
		kids = append(kids, c.node(k, i, kat, d.Kind))
	}
	rec.kids = kids
	if rec.is(flagRandom) {
		rec.weights = make([]float64, len(kids))
		for j, k := range kids {
			rec.weights[j] = t.nodes[k].weight
		}
	}
	t.nodes[i] = rec
	return i
}

// fill sets what the record of d runs, from its kind's field and its
// settings, and returns what is wrong with them.
func (c *compiler[M]) fill(rec *node[M], d *Def[M], at *where) []error {
	var errs []error
	s := d.Settings
	if _, known := kindShape[d.Kind]; known {
		errs = append(errs, misplaced(d)...)
	}
	switch {
	case s.Replan && s.Interval < 0:
		errs = append(errs, fmt.Errorf("Replan: negative interval %v", s.Interval))
	case !s.Replan && s.Interval != 0:
		errs = append(errs, errors.New("Settings.Interval without Replan: set Replan for the decider to plan again"))
	}
	switch d.Kind {
	case KindSequence, KindReactiveSequence:
		rec.seq = sequenceConfig{loop: s.Loop, allowFailure: s.AllowFailure, min: s.MinOutcome}
		if !s.MinOutcome.Valid() {
			errs = append(errs, errors.New("MinOutcome: invalid outcome "+s.MinOutcome.String()))
		}
		reactive := d.Kind == KindReactiveSequence
		if reactive {
			rec.flags |= flagReactive
		}
		rec.detail = rec.seq.describe(reactive)
	case KindSelector, KindRandom:
		random := d.Kind == KindRandom
		rec.sel = selectorConfig{interval: -1, allowNegative: s.AllowNegative, preferCurrent: !s.PreferFirst,
			debounce: s.Debounce, replanOn: d.ReplanOn != nil}
		if s.Replan && s.Interval >= 0 {
			rec.sel.interval = s.Interval
		}
		if random {
			rec.flags |= flagRandom
		} else if c.simulated == "" {
			c.simulated = at.path()
		}
		rec.when = d.ReplanOn
		rec.detail = rec.sel.describe(random)
	case KindParallel:
		rec.par = parallelConfig{succeed: orAll(s.SucceedOn), fail: orAll(s.FailOn)}
		if p := rec.par.succeed; p != RequireOne && p != RequireAll {
			errs = append(errs, errors.New("SucceedOn: invalid policy: use RequireOne or RequireAll"))
		}
		if p := rec.par.fail; p != RequireOne && p != RequireAll {
			errs = append(errs, errors.New("FailOn: invalid policy: use RequireOne or RequireAll"))
		}
		rec.detail = rec.par.describe()
	case KindPriority:
		rec.detail = "priority"
	case KindReactivePriority:
		rec.flags |= flagReactive
		rec.detail = string(KindReactivePriority)
	case KindIfElse:
		if d.Test == nil {
			errs = append(errs, errors.New("nil condition: IfElse needs the function that picks the branch"))
		}
		rec.cond, rec.whenFalse, rec.detail = d.Test, d.Name+": false", "if/else"
	case KindDecorator:
		if dec := d.Decorator; nilness.Of(dec) {
			errs = append(errs, errors.New("nil decorator"))
		} else {
			rec.make = func(kids []*Child[M]) (Node[M], error) { return dec(kids[0]) }
		}
	case KindComposite:
		if f := d.Composite; nilness.Of(f) {
			errs = append(errs, errors.New("nil composite function"))
		} else {
			rec.make = func(kids []*Child[M]) (Node[M], error) { return f(kids) }
		}
	case KindPlanner:
		errs = append(errs, plannerFill(rec, d)...)
	case KindLeaf:
		n := d.Leaf
		if nilness.Of(n) {
			errs = append(errs, nilError("node", n))
		} else if err := validate(n); err != nil {
			errs = append(errs, err)
		}
		rec.make = func([]*Child[M]) (Node[M], error) { return n, nil }
	case KindAction:
		rec.action, rec.takes = d.Action, s.Takes
		if t, ok := d.Action.(Timed); ok && !nilness.Of(d.Action) {
			switch own := t.Duration(); {
			case s.Takes == 0:
				rec.takes = own
			case s.Takes != own:
				errs = append(errs, fmt.Errorf("Takes %v: the action says it takes %v", s.Takes, own))
			}
		}
		switch {
		case s.Takes < 0:
			errs = append(errs, fmt.Errorf("Takes: negative duration %v", s.Takes))
		case rec.takes > 0:
			rec.detail = "action takes=" + rec.takes.String()
		}
		switch a := d.Action.(type) {
		case *instant[M]:
			if a != nil {
				rec.kind, rec.run, rec.effect = kindInstant, a.run, a.effect
			}
		case *waitAction[M]:
			if a != nil {
				rec.kind, rec.detail = kindWait, "wait "+max(a.d, 0).String()
			}
		}
		if nilness.Of(d.Action) {
			errs = append(errs, nilError("action", d.Action))
		} else if err := validate(d.Action); err != nil {
			errs = append(errs, err)
		}
		errs = append(errs, leafSettings(rec, d)...)
	case KindCondition:
		rec.test, rec.whenTrue, rec.whenFalse = d.Test, d.Name, d.Name+": false"
		if d.Test == nil {
			errs = append(errs, errors.New("nil condition function"))
		}
		errs = append(errs, leafSettings(rec, d)...)
	}
	return errs
}

// leafSettings applies the settings of an action or a condition.
func leafSettings[M any](rec *node[M], d *Def[M]) []error {
	switch s := d.Settings; {
	case s.Cosmetic && s.CosmeticWhileRunning:
		return []error{errors.New("Cosmetic and CosmeticWhileRunning: choose one")}
	case s.Cosmetic:
		rec.lift = liftAlways
	case s.CosmeticWhileRunning:
		rec.lift = liftWhileRunning
	}
	if d.Simulate != nil {
		rec.simulate = d.Simulate
	}
	return nil
}

// orAll reads a zero Policy as the default, RequireAll.
func orAll(p Policy) Policy {
	if p == 0 {
		return RequireAll
	}
	return p
}

// weightErrors sets the record's weight from d and says what is wrong
// with it.
func weightErrors[M any](d *Def[M], rec *node[M], parentKind NodeKind) []error {
	switch w := d.Weight; {
	case !d.Weighted:
		if w != 0 {
			return []error{errors.New("Weight without Weighted: set Weighted for the weight to count")}
		}
	case parentKind != KindRandom:
		return []error{errors.New("Weight: only children of a RandomSelector have weights")}
	case math.IsNaN(w) || math.IsInf(w, 0) || w < 0:
		return []error{fmt.Errorf("Weight: %v is not a finite weight >= 0", w)}
	default:
		rec.weight = w
	}
	return nil
}

var (
	sequences = []NodeKind{KindSequence, KindReactiveSequence}
	selectors = []NodeKind{KindSelector, KindRandom}
	deciders  = []NodeKind{KindSelector, KindRandom, KindPlanner}
	leaves    = []NodeKind{KindAction, KindCondition}
)

// fieldKinds lists the kinds of node that take each field of a Def that
// not every kind takes (children aside: kindShape says which take them).
// Build refuses the field on the others (misplaced), and Takes answers
// from it, for tree files and editors.
var fieldKinds = map[string][]NodeKind{
	"Action": {KindAction}, "Test": {KindCondition, KindIfElse}, "Leaf": {KindLeaf},
	"Decorator": {KindDecorator}, "Composite": {KindComposite}, "Planner": {KindPlanner},
	"Loop": sequences, "AllowFailure": sequences, "MinOutcome": sequences,
	"Replan": deciders, "Interval": deciders, "ReplanOn": deciders,
	"AllowNegative": selectors, "PreferFirst": {KindSelector}, "Debounce": selectors, // a random selector keeps its running child
	"SucceedOn": {KindParallel}, "FailOn": {KindParallel},
	"Cosmetic": leaves, "CosmeticWhileRunning": leaves, "Simulate": leaves,
	"Takes": {KindAction},
}

// Takes reports whether Build accepts a node of kind k with the field of
// Def or Settings named field, as Go spells it ("Loop", "Test",
// "Children"). Fields that every kind takes ("Name", "Constraints") are
// taken by every kind; an unknown kind takes nothing.
func (k NodeKind) Takes(field string) bool {
	shape, known := kindShape[k]
	switch kinds, some := fieldKinds[field]; {
	case !known:
		return false
	case field == "Children":
		return shape.maxKids != 0
	case some:
		return slices.Contains(kinds, k)
	}
	return true
}

// Kinds returns every kind of node, in the order they are declared.
func Kinds() []NodeKind {
	return []NodeKind{KindSequence, KindReactiveSequence, KindSelector, KindRandom, KindParallel,
		KindPriority, KindReactivePriority, KindIfElse, KindDecorator, KindComposite,
		KindAction, KindCondition, KindLeaf, KindPlanner}
}

// misplaced reports the fields of d that its kind does not take: a
// setting of another kind, or what another kind runs.
func misplaced[M any](d *Def[M]) []error {
	var errs []error
	only := func(field string, set bool) {
		if set && !d.Kind.Takes(field) {
			errs = append(errs, fmt.Errorf("%s is not for %s", field, withArticle(d.Kind)))
		}
	}
	s := &d.Settings
	only("Action", d.Action != nil)
	only("Test", d.Test != nil)
	only("Leaf", d.Leaf != nil)
	only("Decorator", d.Decorator != nil)
	only("Composite", d.Composite != nil)
	only("Planner", d.Planner != nil)
	only("Loop", s.Loop)
	only("AllowFailure", s.AllowFailure)
	only("MinOutcome", s.MinOutcome != heuristic.Impossible)
	only("Replan", s.Replan)
	only("Interval", s.Interval != 0)
	only("AllowNegative", s.AllowNegative)
	only("PreferFirst", s.PreferFirst)
	only("Debounce", s.Debounce)
	only("ReplanOn", d.ReplanOn != nil)
	only("SucceedOn", s.SucceedOn != 0)
	only("FailOn", s.FailOn != 0)
	only("Cosmetic", s.Cosmetic)
	only("CosmeticWhileRunning", s.CosmeticWhileRunning)
	only("Simulate", d.Simulate != nil)
	only("Takes", s.Takes != 0)
	return errs
}

// validate returns the error of a value that can check its settings.
func validate(v any) error {
	if v, ok := v.(Validator); ok {
		return v.Validate()
	}
	return nil
}

// withArticle puts "a" or "an" before a kind.
func withArticle(k NodeKind) string {
	if k != "" && strings.IndexByte("aeiou", k[0]) >= 0 {
		return "an " + string(k)
	}
	return "a " + string(k)
}
