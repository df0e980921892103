package bt

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/kinds"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/paths"
	"github.com/foresight-bt/foresight/internal/engine/traits"
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
	t.fingerprint = fingerprintOf(t)
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
	// options are the errors a utility node found in its options' measures,
	// each at a child's path, reported after the node's own.
	options []error
}

// engineKind says how the engine runs a node of each kind.
var engineKind = map[NodeKind]kind{
	KindSequence: kindSequence, KindReactiveSequence: kindSequence,
	KindSelector: kindSelector, KindRandom: kindSelector,
	KindParallel: kindParallel, KindPriority: kindPriority, KindReactivePriority: kindPriority,
	KindIfElse: kindIfElse, KindDecorator: kindCustom, KindComposite: kindCustom,
	KindAction: kindAction, KindCondition: kindCondition, KindLeaf: kindCustom, KindPlanner: kindCustom,
	KindUtility: kindCustom,
}

// node appends d and its descendants to the tree's records and returns
// the index of d. parentKind is "" for the root.
func (c *compiler[M]) node(d *Def[M], parent int32, at *where, parentKind NodeKind) int32 {
	t := c.t
	fail := func(err error) { c.errs = append(c.errs, &decide.Error{Path: at.path(), Err: err}) }
	for _, err := range d.errs {
		fail(err)
	}
	if err := paths.CheckName("a node", d.Name); err != nil {
		fail(err)
	}
	least, most, known := kinds.Children(string(d.Kind))
	if !known {
		fail(fmt.Errorf("unknown kind %q", d.Kind))
		least, most = 0, -1
	}
	switch n := len(d.Children); {
	case most == 0 && n > 0:
		fail(fmt.Errorf("%s takes no children, has %d", withArticle(d.Kind), n))
	case most == 1 && n != 1:
		fail(fmt.Errorf("a %s needs exactly one child, has %d", d.Kind, n))
	case n < least:
		fail(fmt.Errorf("empty %s: give it children or remove it", d.Kind))
	case most >= 0 && n > most:
		fail(fmt.Errorf("takes at most %d children, has %d", most, n))
	}
	rec := node[M]{kind: engineKind[d.Kind], parent: parent, name: d.Name, kindName: d.Kind, weight: 1}
	opts, errs := readOptions(d)
	for _, err := range errs {
		fail(err)
	}
	for _, err := range c.fill(&rec, d, &opts, at) {
		fail(err)
	}
	c.errs, c.options = append(c.errs, c.options...), c.options[:0]
	if err := weightError(&opts, &rec, parentKind); err != nil {
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
			if !traits.IsTimeless(k) {
				rec.flags &^= flagTimeless
			}
		}
	}
	children := d.Children
	if d.Kind == KindPlanner && rec.make != nil {
		var err error
		p, _ := d.Value.(Planner[M]) // plannerFill checked it
		if children, err = plannerSteps(p); err != nil {
			fail(err)
		}
	}
	if parent < 0 {
		rec.key = pathKey(0, rec.name)
	} else {
		rec.key = pathKey(t.nodes[parent].key, rec.name)
	}
	if rec.watch != nil {
		rec.seen = int32(t.watches)
		t.watches++
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
func (c *compiler[M]) fill(rec *node[M], d *Def[M], s *settings, at *where) []error {
	var errs []error
	when, err := replanTest[M](s)
	if err != nil {
		errs = append(errs, err)
	}
	watch, err := replanKey[M](s)
	if err != nil {
		errs = append(errs, err)
	}
	rec.watch = watch
	// Every built-in composite but IfElse runs no value of its own, nor
	// does a kind Build does not know.
	if k, known := engineKind[d.Kind]; d.Value != nil &&
		(!known || k == kindSequence || k == kindSelector || k == kindParallel || k == kindPriority) {
		errs = append(errs, fmt.Errorf("%s runs no value of its own: its Value is a %T", withArticle(d.Kind), d.Value))
	}
	switch d.Kind {
	case KindSequence, KindReactiveSequence:
		rec.seq = sequenceConfig{loop: s.loop, allowFailure: s.allowFailure, min: s.minOutcome}
		reactive := d.Kind == KindReactiveSequence
		if reactive {
			rec.flags |= flagReactive
		}
		rec.detail = rec.seq.describe(reactive)
	case KindSelector, KindRandom:
		random := d.Kind == KindRandom
		rec.sel = selectorConfig{interval: -1, allowNegative: s.allowNegative, preferCurrent: !s.preferFirst,
			debounce: s.debounce, replanOn: when != nil, replanOnChange: watch != nil}
		if s.replan {
			rec.sel.interval = s.interval
		}
		if random {
			rec.flags |= flagRandom
		} else if c.simulated == "" {
			c.simulated = at.path()
		}
		rec.when = when
		rec.detail = rec.sel.describe(random)
	case KindParallel:
		rec.par = parallelConfig{succeed: requireIf(s.succeedOnOne), fail: requireIf(s.failOnOne)}
		rec.detail = rec.par.describe()
	case KindPriority:
		rec.detail = "priority"
	case KindReactivePriority:
		rec.flags |= flagReactive
		rec.detail = string(KindReactivePriority)
	case KindIfElse:
		test, err := valueOf[M, func(*M) bool](d, "a test of the memory, func(*M) bool")
		switch {
		case err != nil:
			errs = append(errs, err)
		case test == nil:
			errs = append(errs, errors.New("nil condition: IfElse needs the function that picks the branch"))
		}
		rec.cond, rec.whenFalse, rec.detail = test, d.Name+": false", "if/else"
	case KindDecorator:
		dec, err := decoratorOf(d)
		switch {
		case err != nil:
			errs = append(errs, err)
		case nilness.Of(dec):
			errs = append(errs, errors.New("nil decorator"))
		default:
			rec.make = func(kids []*Child[M]) (Node[M], error) { return dec(kids[0]) }
		}
	case KindComposite:
		f, err := compositeOf(d)
		switch {
		case err != nil:
			errs = append(errs, err)
		case nilness.Of(f):
			errs = append(errs, errors.New("nil composite function"))
		default:
			rec.make = func(kids []*Child[M]) (Node[M], error) { return f(kids) }
		}
	case KindPlanner:
		replan := Replanning[M]{Periodic: s.replan, Interval: s.interval, On: when}
		errs = append(errs, plannerFill(rec, d, replan, watch != nil)...)
	case KindUtility:
		replan := Replanning[M]{Periodic: s.replan, Interval: s.interval, On: when}
		errs = append(errs, utilityFill(rec, d, replan, watch != nil, at, &c.options)...)
	case KindLeaf:
		n, err := valueOf[M, Node[M]](d, "a Node")
		switch {
		case err != nil:
			errs = append(errs, err)
		case nilness.Of(n):
			errs = append(errs, nilError("node", n))
		default:
			if err := validate(n); err != nil {
				errs = append(errs, err)
			}
		}
		rec.make = func([]*Child[M]) (Node[M], error) { return n, nil }
		if inst, ok := n.(instancer[M]); ok && !nilness.Of(n) {
			rec.make = func([]*Child[M]) (Node[M], error) { return inst.NewInstance() }
		}
	case KindAction:
		a, err := valueOf[M, Action[M]](d, "an Action")
		if err != nil {
			errs = append(errs, err)
		}
		errs = append(errs, c.fillAction(rec, a, s)...)
		errs = append(errs, leafSettings(rec, s)...)
	case KindCondition:
		test, err := valueOf[M, func(*M) bool](d, "a test of the memory, func(*M) bool")
		switch {
		case err != nil:
			errs = append(errs, err)
		case test == nil:
			errs = append(errs, errors.New("nil condition function"))
		}
		rec.test, rec.whenTrue, rec.whenFalse = test, d.Name, d.Name+": false"
		errs = append(errs, leafSettings(rec, s)...)
	}
	return errs
}

// fillAction sets what an action node runs: a, declared to take what
// its options say.
func (c *compiler[M]) fillAction(rec *node[M], a Action[M], s *settings) []error {
	var errs []error
	rec.action, rec.takes = a, s.takes
	if t, ok := a.(traits.Timed); ok && !nilness.Of(a) {
		switch own := t.Duration(); {
		case !s.takesGiven:
			rec.takes = own
		case s.takes != own:
			errs = append(errs, fmt.Errorf("Takes %v: the action says it takes %v", s.takes, own))
		}
	}
	if rec.takes > 0 {
		rec.detail = "action takes=" + rec.takes.String()
	}
	switch a := a.(type) {
	case *instant[M]:
		if a != nil {
			rec.kind, rec.run, rec.effect = kindInstant, a.run, a.effect
		}
	case *waitAction[M]:
		if a != nil {
			rec.kind, rec.detail = kindWait, "wait "+max(a.d, 0).String()
		}
	}
	if nilness.Of(a) {
		errs = append(errs, nilError("action", a))
	} else if err := validate(a); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// valueOf returns d's Value as a V, what a node of its kind runs, or an
// error that says what it is instead (want describes a V). A nil Value is
// a zero V: the kind's own check says what is missing.
func valueOf[M, V any](d *Def[M], want string) (V, error) {
	var zero V
	if d.Value == nil {
		return zero, nil
	}
	v, ok := d.Value.(V)
	if !ok {
		return zero, fmt.Errorf("%s runs %s, not a value of type %T", withArticle(d.Kind), want, d.Value)
	}
	return v, nil
}

// decoratorOf returns d's Value as a Decorator, which may be given as a
// plain function of the same signature.
func decoratorOf[M any](d *Def[M]) (Decorator[M], error) {
	if f, ok := d.Value.(func(*Child[M]) (Node[M], error)); ok {
		return f, nil
	}
	return valueOf[M, Decorator[M]](d, "a Decorator")
}

// compositeOf returns d's Value as a CompositeFunc, which may be given as
// a plain function of the same signature.
func compositeOf[M any](d *Def[M]) (CompositeFunc[M], error) {
	if f, ok := d.Value.(func([]*Child[M]) (Node[M], error)); ok {
		return f, nil
	}
	return valueOf[M, CompositeFunc[M]](d, "a CompositeFunc")
}

// replanKey returns a decider's ReplanOnChange key, or what is wrong with
// it.
func replanKey[M any](s *settings) (func(*M) uint64, error) {
	if s.replanOnChange == nil {
		return nil, nil
	}
	key, ok := s.replanOnChange.(func(*M) uint64)
	switch {
	case !ok:
		return nil, fmt.Errorf("ReplanOnChange: a key of %T, not of this tree's memory", s.replanOnChange)
	case key == nil:
		return nil, errors.New("ReplanOnChange: a nil key")
	}
	return key, nil
}

// replanTest returns a decider's ReplanOn test, or what is wrong with it.
func replanTest[M any](s *settings) (func(*M) bool, error) {
	if s.replanOn == nil {
		return nil, nil
	}
	when, ok := s.replanOn.(func(*M) bool)
	switch {
	case !ok:
		return nil, fmt.Errorf("ReplanOn: a test of %T, not of this tree's memory", s.replanOn)
	case when == nil:
		return nil, errors.New("ReplanOn(nil): give it the test of when to plan again")
	}
	return when, nil
}

// leafSettings applies the settings of an action or a condition.
func leafSettings[M any](rec *node[M], s *settings) []error {
	switch {
	case s.cosmetic && s.cosmeticWhileRunning:
		return []error{errors.New("Cosmetic and CosmeticWhileRunning: choose one")}
	case s.cosmetic:
		rec.lift = liftAlways
	case s.cosmeticWhileRunning:
		rec.lift = liftWhileRunning
	}
	if s.simulate != nil {
		fn, ok := s.simulate.(func(*Sim[M], *M) heuristic.Verdict)
		switch {
		case !ok:
			return []error{fmt.Errorf("SimulateWith: a function of %T, not of this tree's memory", s.simulate)}
		case fn == nil:
			return []error{errors.New("SimulateWith(nil): give it the function that predicts")}
		}
		rec.simulate = fn
	}
	return nil
}

// requireIf is requireOne if one, else the default, requireAll.
func requireIf(one bool) policy {
	if one {
		return requireOne
	}
	return requireAll
}

// weightError sets the record's weight from its options and says what is
// wrong with it.
func weightError[M any](s *settings, rec *node[M], parentKind NodeKind) error {
	switch {
	case !s.weighted:
	case parentKind != KindRandom:
		return errors.New("Weight: only children of a RandomSelector have weights")
	default:
		rec.weight = s.weight
	}
	return nil
}

// validate returns the error of a value that can check its settings.
func validate(v any) error {
	if v, ok := v.(traits.Validator); ok {
		return v.Validate()
	}
	return nil
}

// nilError describes a nil value where the node needs one.
func nilError(what string, v any) error {
	if v == nil {
		return errors.New("nil " + what)
	}
	return fmt.Errorf("nil %s (a nil %T)", what, v)
}

// withArticle puts "a" or "an" before a kind.
func withArticle(k NodeKind) string {
	if k != "" && strings.IndexByte("aeiou", k[0]) >= 0 {
		return "an " + string(k)
	}
	return "a " + string(k)
}

// compile lays out what the engine reads on every visit: the hot records
// and the children, each node's together.
func (t *Tree[M]) compile() {
	t.hot = make([]hot[M], len(t.nodes))
	for i := range t.nodes {
		n := &t.nodes[i]
		h := &t.hot[i]
		// A node is run in place when nothing needs its state but whether it
		// runs: it has no constraints, and its parent (if any) is built in.
		// An action that declares how long it takes keeps when it began.
		custody := n.parent >= 0 && t.nodes[n.parent].kind == kindCustom
		inPlace := !n.is(flagGuarded) && !custody && n.takes == 0
		if n.is(flagGuarded) && !n.is(flagTimeless) || custody {
			n.flags |= flagWatched
		}
		reactiveParent := n.parent >= 0 && t.nodes[n.parent].is(flagReactive)
		switch {
		case !inPlace:
		case n.kind == kindInstant, n.kind == kindCondition && !reactiveParent:
			if n.parent >= 0 {
				n.flags |= flagQuiet
			}
		case n.kind == kindAction, n.kind == kindSequence, n.kind == kindPriority, n.kind == kindParallel:
			n.flags |= flagPlain
			if n.kind == kindSequence && !n.is(flagReactive) {
				n.flags |= flagResumable
			}
		}
		if n.seq.loop {
			n.flags |= flagLoop
		}
		if n.seq.allowFailure {
			n.flags |= flagAllowFailure
		}
		h.kind, h.flags, h.action = n.kind, n.flags, n.action
		if n.parent >= 0 && t.nodes[n.parent].kind == kindPriority {
			n.passed = t.guardText(int32(i))
		}
	}
	first := make([]int, len(t.nodes))
	for i := range t.nodes { // each node's children, together in t.slots
		first[i] = len(t.slots)
		for _, k := range t.nodes[i].kids {
			t.slots = append(t.slots, t.slotOf(k))
		}
	}
	t.root = t.slotOf(0)
	for i := range t.nodes {
		n := len(t.nodes[i].kids)
		t.hot[i].kids = t.slots[first[i] : first[i]+n : first[i]+n]
	}
}

// slotOf returns node k as its parent runs it.
func (t *Tree[M]) slotOf(k int32) slot[M] {
	kn := &t.nodes[k]
	o := slot[M]{node: k, begin: loc(k, opBegin), flags: kn.flags}
	switch kn.kind {
	case kindInstant:
		o.run = kn.run
	case kindCondition:
		o.run = kn.test
	case kindAction:
		if kn.is(flagPlain) {
			o.action = kn.action
		}
	}
	return o
}

// learn reads from the custom nodes made for a prototype agent what the
// tree needs to know of them: their settings' errors, their goals, whether
// they route previews, their descriptions.
func (t *Tree[M]) learn(proto *Agent[M], errs *[]error) {
	for i := range t.nodes {
		n := &t.nodes[i]
		if n.kind != kindCustom {
			continue
		}
		fail := func(err error) { *errs = append(*errs, &decide.Error{Path: t.pathOf(int32(i)), Err: err}) }
		made := proto.custom[n.custom]
		if v, ok := made.(traits.Validator); ok && len(n.kids) > 0 { // leaves were checked by fill
			if err := v.Validate(); err != nil {
				fail(err)
			}
		}
		if g, ok := made.(goalNode[M]); ok {
			if n.goal = g.Goal(); nilness.Of(n.goal) {
				fail(errors.New("a nil goal: give the subtree a heuristic"))
			}
			n.flags |= flagGoal
		}
		if _, ok := made.(router[M]); ok {
			n.flags |= flagRouter
		}
		if d, ok := made.(describer); ok {
			n.detail = d.Describe()
		}
		if n.watch != nil { // a planner's: its runner does not know of it
			n.detail += " replan-on-change"
		}
	}
}
