package htn

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/decider"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
	"github.com/foresight-bt/foresight/internal/engine/paths"
	"github.com/foresight-bt/foresight/internal/engine/traits"
	"github.com/foresight-bt/foresight/utility"
)

// A Builder describes a domain over a catalogue of actions: compound
// tasks, whose methods are tried in the order written, each a list of
// subtasks, by name: other compound tasks, or the catalogue's actions,
// which are the primitive tasks. Each call adds to what the one before
// opened, the way a bt.Builder reads:
//
//	d := htn.New(actions)
//	d.Compound("fight").
//		Method("strike", inReach).Do("swing").
//		Method("close in").Do("approach", "swing")
//	domain, err := d.Build()
//
// A primitive task is the catalogue's entry: its action, its
// preconditions, how long it takes, and what a plan may expect of it
// beyond its Simulate (catalogue.Builder.Expect). Build reports every
// misuse at once, each a *decide.Error with its path. The zero Builder is
// ready to use, but for the catalogue, which Build asks for.
type Builder[M any] struct {
	actions *catalogue.Catalogue[M]
	tasks   []taskSpec[M]
	byName  map[string]int
	errs    []error
	budget  decide.Budget
	copy    func(dst, src *M)
	// continuous: see Continuous
	continuous bool
	// last is the task the calls that follow add to: an index, none, or
	// refused (a task whose declaration failed: what follows it is
	// taken into discard, its error reported once).
	last     int
	declared int // calls to Compound, to name a nameless task
	discard  taskSpec[M]
	started  bool
}

const (
	none    = -1
	refused = -2
)

type taskSpec[M any] struct {
	name    string
	methods []methodSpec[M]
	choose  decide.Choice
	hook    func(m *M) *Domain[M] // a slot's
	slot    bool
}

type methodSpec[M any] struct {
	name    string
	conds   []bt.Constraint[M]
	steps   []stepSpec
	utility func(m *M) float64
	measure *utility.Measure[M] // Consider: the utility's considerations
	nothing bool                // Nothing: it plans no subtask
	commit  func(m *M)
}

type stepSpec struct {
	task  string // empty for a pause
	pause bool
}

// New returns a builder for a domain over the actions of a catalogue.
func New[M any](actions *catalogue.Catalogue[M]) *Builder[M] {
	b := &Builder[M]{}
	b.init()
	b.actions = actions
	if actions == nil {
		b.fail("domain", "a nil catalogue: build one with catalogue.Builder")
	}
	return b
}

// init makes a zero Builder ready.
func (b *Builder[M]) init() {
	if !b.started {
		b.started, b.byName, b.last = true, map[string]int{}, none
	}
}

// usable makes b ready and reports whether it can take calls: a nil
// Builder takes none, and its Build says why.
func (b *Builder[M]) usable() bool {
	if b == nil {
		return false
	}
	b.init()
	return true
}

// fail records a misuse at path.
func (b *Builder[M]) fail(path string, format string, args ...any) {
	b.errs = append(b.errs, decider.Errorf(path, format, args...))
}

// taskPath names the task about to be added: its name, or its place
// among the tasks declared ("task 3").
func (b *Builder[M]) taskPath(name string) string {
	if name == "" || strings.Contains(name, "/") {
		return "task " + strconv.Itoa(b.declared)
	}
	return name
}

// Compound adds a compound task, whose methods the calls to Method that
// follow add. Its name must not be the name of one of the catalogue's
// actions: a subtask's name says which it is.
func (b *Builder[M]) Compound(name string) *Builder[M] {
	if !b.usable() {
		return b
	}
	b.declare(name, taskSpec[M]{name: name})
	return b
}

// declare adds task t, named name, if the name is free, and makes it the
// task the calls that follow add to.
func (b *Builder[M]) declare(name string, t taskSpec[M]) {
	path := b.taskPath(name)
	b.declared++
	b.last = refused
	b.discard = taskSpec[M]{name: path}
	_, dup := b.byName[name]
	_, action := b.actions.Entry(name)
	switch bad := paths.CheckName("a task", name); {
	case bad != nil:
		b.errs = append(b.errs, decider.At(path, bad))
	case dup:
		b.fail(name, "a second task of this name")
	case action:
		b.fail(name, "a compound task of the name of an action of the catalogue: rename one")
	default:
		b.byName[name] = len(b.tasks)
		b.last = len(b.tasks)
		b.tasks = append(b.tasks, t)
	}
}

// Method adds a method to the compound task just added: a way to do it,
// tried when the methods before it cannot be, whose conditions must all
// pass on the memory the planner has when it reaches the task, at the
// time the plan has reached. A condition is any constraint; Fail rejects
// the method, Pass and Done accept it. The calls to Do and Pause that
// follow give its subtasks.
func (b *Builder[M]) Method(name string, conditions ...bt.Constraint[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	c := b.compound("Method")
	if c == nil {
		return b
	}
	if c.slot {
		b.fail(c.name, "Method: a slot has no methods of its own; its sub-domain's are planned")
		return b
	}
	path := c.name + "/" + name
	if bad := paths.CheckName("a method", name); bad != nil {
		name = strconv.Itoa(len(c.methods)) // its place names it in paths
		path = c.name + "/" + name
		b.errs = append(b.errs, decider.At(path, bad))
	}
	for i, cond := range conditions {
		if nilness.Of(cond) {
			b.fail(path, "condition %d is nil", i+1)
		} else if v, ok := cond.(traits.Validator); ok {
			if err := v.Validate(); err != nil {
				b.fail(path, "condition %d: %v", i+1, err)
			}
		}
	}
	for _, m := range c.methods {
		if m.name == name {
			b.fail(path, "a second method of this name")
		}
	}
	c.methods = append(c.methods, methodSpec[M]{name: name, conds: slices.Clip(conditions)})
	return b
}

// Do appends subtasks, by name, to the method just added: compound tasks
// of the domain, or actions of its catalogue. Names may refer to tasks
// added later, and to the compound itself: recursion is allowed, as long
// as some method ends it.
func (b *Builder[M]) Do(tasks ...string) *Builder[M] {
	if !b.usable() {
		return b
	}
	if m := b.method("Do"); m != nil {
		if m.nothing {
			b.fail(b.methodPath(), "Do after Nothing: a method that plans nothing has no subtask")
			return b
		}
		for _, t := range tasks {
			m.steps = append(m.steps, stepSpec{task: t})
		}
	}
	return b
}

// Pause marks a pause point in the method just added, between two of its
// subtasks: the planner plans up to it, and plans the rest of the method
// (and what follows it) when the plan runner reaches it, on the world as
// it is then. Plans of long or uncertain courses stay short.
func (b *Builder[M]) Pause() *Builder[M] {
	if !b.usable() {
		return b
	}
	if m := b.method("Pause"); m != nil {
		m.steps = append(m.steps, stepSpec{pause: true})
	}
	return b
}

// Nothing makes the method just added one that plans nothing: when its
// conditions pass, its task is done without a step, and the plan goes on
// with what follows the task. It makes a task optional: end its methods
// with one ("nothing to loot here"), and the task never keeps a plan
// from being made. Its record counts it as any method.
func (b *Builder[M]) Nothing() *Builder[M] {
	if !b.usable() {
		return b
	}
	if m := b.method("Nothing"); m != nil {
		if len(m.steps) > 0 {
			b.fail(b.methodPath(), "Nothing after Do: a method that plans nothing has no subtask")
			return b
		}
		m.nothing = true
	}
	return b
}

// Choose sets how the compound task just added orders its methods, by
// default in the order written (decide.InOrder): by their utility
// (decide.ByUtility), or at random in proportion to it (decide.AtRandom).
// A record counts the methods passed over in the order tried,
// so a plan of a task chosen by utility or at random ranks with any
// other that took the method tried first.
func (b *Builder[M]) Choose(c decide.Choice) *Builder[M] {
	if !b.usable() {
		return b
	}
	t := b.compound("Choose")
	switch {
	case t == nil:
	case t.slot:
		b.fail(t.name, "Choose: a slot's sub-domain orders its own methods")
	case c != decide.InOrder && c != decide.ByUtility && c != decide.AtRandom:
		b.fail(t.name, "Choose: an HTN task chooses its methods in order, by utility or at random, not %v", c)
	default:
		t.choose = c
	}
	return b
}

// Utility gives the method just added a utility: how much it is worth on
// the memory the planner has when it reaches its task, a number from 0
// to 1e300 (so that a task's utilities add up without overflow), for
// tasks that choose decide.ByUtility or decide.AtRandom. A utility outside that range,
// or not a number, stops the planning with an error that says so (a
// fault of the runner, in a tree).
func (b *Builder[M]) Utility(utility func(m *M) float64) *Builder[M] {
	if !b.usable() {
		return b
	}
	if m := b.method("Utility"); m != nil {
		if utility == nil {
			b.fail(b.methodPath(), "nil utility")
		}
		m.utility, m.measure = utility, nil
	}
	return b
}

// Consider gives the method just added a utility written as
// considerations (package utility): the product of what cs answer on the
// memory the planner has when it reaches its task, compensated for their
// number, as a utility node's options are scored. It is a Utility, for
// tasks that choose decide.ByUtility or decide.AtRandom, whose breakdown
// a report of the planning shows (decide.Plan's Scores: each method the
// task weighed, with each consideration's part). The last of Utility and
// Consider given is the method's.
func (b *Builder[M]) Consider(cs ...utility.Consideration[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	if m := b.method("Consider"); m != nil {
		ms := &utility.Measure[M]{Weight: 1, Considerations: slices.Clone(cs)}
		m.measure, m.utility = ms, ms.Of
	}
	return b
}

// Commit gives the method just added a permanent effect: what taking the
// method commits the agent to, such as noting when it last taunted, so
// that the next plan varies. It applies to the memory the planner plans
// on when it takes the method (the steps after see it), and to the live
// memory, once, when a runner adopts a plan that took the method: before
// the plan's first step begins, and whether or not the plan then runs to
// its end. A preview or a prediction never applies it to the live
// memory, nor does a Session, which only plans.
func (b *Builder[M]) Commit(effect func(m *M)) *Builder[M] {
	if !b.usable() {
		return b
	}
	if m := b.method("Commit"); m != nil {
		switch {
		case effect == nil:
			b.fail(b.methodPath(), "nil permanent effect")
		case m.commit != nil:
			b.fail(b.methodPath(), "a second permanent effect")
		}
		m.commit = effect
	}
	return b
}

// Slot adds a slot: a task, named in methods as any other, that a
// sub-domain fills at run time, such as the behaviour a smart object
// offers or a level's own. When the planner reaches the slot it asks
// hook, on the memory it has then, for the sub-domain to plan there; the
// sub-domain's root is decomposed in the slot's place, its methods
// counting in the record as the domain's own. A slot that hook leaves
// empty (nil), or fills with a domain over another catalogue, cannot be
// planned: the method holding it gives way to the next.
//
// A domain with a slot takes every action of its catalogue as its steps
// (Steps), so that any sub-domain over the catalogue can be hooked in.
// Hooking in and out is the memory's business: the agent's memory says
// what it is near, and hook maps it to a sub-domain built once.
func (b *Builder[M]) Slot(name string, hook func(m *M) *Domain[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	if hook == nil {
		b.fail(b.taskPath(name), "nil hook: give the slot the function that finds its sub-domain")
	}
	b.declare(name, taskSpec[M]{name: name, slot: true, hook: hook})
	return b
}

// Continuous makes the domain's runners plan their next plan in the tick
// the last one ends, and run on: a runner that is the whole of an
// agent's life loses no tick between plans (without it, a runner whose
// plan is done succeeds, and plans again only when its tree begins it
// again, at the next tick). A continuous runner never succeeds; it fails
// when no plan can be made. It makes one plan a tick this way: a plan
// done in the tick it was made waits for the next.
func (b *Builder[M]) Continuous() *Builder[M] {
	if b.usable() {
		b.continuous = true
	}
	return b
}

// Budget bounds every planning of the domain (see decide.Budget): Steps,
// the tasks one plan holds; Tries, the methods one planning tries,
// backtracking included. An HTN plans in the tick that asks: PerTick is
// refused.
func (b *Builder[M]) Budget(budget decide.Budget) *Builder[M] {
	if !b.usable() {
		return b
	}
	switch err := decider.CheckBudget(budget); {
	case err != nil:
		b.fail("budget", "%v", err)
	case budget.PerTick != 0:
		b.fail("budget", "PerTick: an HTN plans in the tick that asks; spread planning over ticks with a goap domain")
	}
	b.budget = budget
	return b
}

// current returns the task the calls that follow add to: the last one
// declared, or the discard of one refused; nil before any.
func (b *Builder[M]) current() *taskSpec[M] {
	switch b.last {
	case none:
		return nil
	case refused:
		return &b.discard
	}
	return &b.tasks[b.last]
}

// compound returns the compound task that call adds to, or reports why
// there is none.
func (b *Builder[M]) compound(call string) *taskSpec[M] {
	c := b.current()
	if c == nil {
		b.fail("domain", "%s must follow a Compound", call)
	}
	return c
}

// method returns the method that call adds to, or reports why there is
// none.
func (b *Builder[M]) method(call string) *methodSpec[M] {
	c := b.current()
	if c == nil || len(c.methods) == 0 {
		b.fail(b.lastPath(), "%s must follow a Method", call)
		return nil
	}
	return &c.methods[len(c.methods)-1]
}

// methodPath names the method the last call added to, for errors.
func (b *Builder[M]) methodPath() string {
	if t := b.current(); t != nil && len(t.methods) > 0 {
		return t.name + "/" + t.methods[len(t.methods)-1].name
	}
	return b.lastPath()
}

// lastPath names the task the last call added to, for errors.
func (b *Builder[M]) lastPath() string {
	if t := b.current(); t != nil {
		return t.name
	}
	return "domain"
}

// Copy gives the domain the copy function that planning outside a tree
// (a Session) copies memories with, for a memory type that
// plain assignment cannot copy safely (with pointers, slices or maps), as
// bt.Config.Copy does for a tree. A runner copies with its tree's.
func (b *Builder[M]) Copy(copy func(dst, src *M)) *Builder[M] {
	if !b.usable() {
		return b
	}
	if copy == nil {
		b.fail("Copy", "nil copy function")
	}
	b.copy = copy
	return b
}

// Build checks the domain and compiles it. Its root, the task every plan
// decomposes, is the first compound task declared. It reports every
// misuse at once: unknown task names, compound tasks with no method and
// methods with no subtask, pauses that separate nothing, tasks that no
// plan from the root can reach (a builder describes one domain, with one
// root), compound tasks whose every method recurses without end, and
// invalid conditions. A Domain is immutable: share it
// between any number of trees and agents. Build may be called again,
// after more calls, for a domain with them.
func (b *Builder[M]) Build() (*Domain[M], error) {
	if !b.usable() {
		return nil, errors.New("htn: Build on a nil Builder; use htn.New")
	}
	errs := slices.Clip(b.errs)
	if b.actions == nil && len(errs) == 0 {
		errs = append(errs, decider.Errorf("domain", "no catalogue: make the builder with htn.New(actions)"))
	}
	d := &Domain[M]{actions: b.actions, budget: decider.WithDefaults(b.budget), copy: b.copy, root: -1,
		continuous: b.continuous}
	for _, t := range b.tasks {
		k := compound
		if t.slot {
			k, d.slotted = slot, true
		}
		d.tasks = append(d.tasks, task[M]{name: t.name, kind: k, choose: t.choose, hook: t.hook})
	}
	prim := map[string]int32{} // the catalogue's actions the domain uses
	resolve := func(name string) (int32, bool) {
		if i, ok := b.byName[name]; ok {
			return int32(i), true
		}
		if i, ok := prim[name]; ok {
			return i, true
		}
		e, ok := b.actions.Entry(name)
		if !ok {
			return 0, false
		}
		i := int32(len(d.tasks))
		prim[name] = i
		d.tasks = append(d.tasks, task[M]{name: name, kind: primitive, pre: e.Pre, expect: e.Expect, entry: e})
		return i, true
	}
	for i, t := range b.tasks {
		if len(t.methods) == 0 && !t.slot {
			errs = append(errs, decider.Errorf(t.name, "a compound task with no method"))
		}
		for _, m := range t.methods {
			cm, err := b.compile(t.name, m, resolve)
			errs = append(errs, err...)
			d.tasks[i].methods = append(d.tasks[i].methods, cm)
			if m.utility == nil && t.choose == decide.ByUtility {
				errs = append(errs, decider.Errorf(t.name+"/"+m.name, "a method of a task chosen by utility needs a Utility"))
			}
			if m.measure != nil {
				errs = append(errs, measureErrors(t.name+"/"+m.name, m.measure)...)
			}
		}
	}
	if r := b.root(); r >= 0 {
		d.root = r
		d.rootAgenda = []step{{task: d.root}}
	} else if len(errs) == 0 {
		errs = append(errs, decider.Errorf("domain", "no compound task: declare the root, the task the domain plans for, first with Compound"))
	}
	if d.root >= 0 { // a task no plan reaches is a misuse whatever else is
		errs = append(errs, d.checkReach()...)
	}
	if len(errs) == 0 { // a method missing a subtask it names would seem finite
		errs = append(errs, d.checkGrounded()...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	d.order()
	return d, nil
}

// root returns the first compound task declared (a slot is not one), or
// -1.
func (b *Builder[M]) root() int32 {
	for i, t := range b.tasks {
		if !t.slot {
			return int32(i)
		}
	}
	return -1
}

// order numbers the steps of the domain's runner, its children: the
// primitive tasks the domain uses, in the catalogue's order, or, for a
// domain with a slot, every action of the catalogue, so that a
// sub-domain's can run too. Each primitive task learns its place among
// the catalogue's actions and among the steps.
func (d *Domain[M]) order() {
	for k, name := range d.actions.Names() {
		e, _ := d.actions.Entry(name)
		used := int32(-1)
		for i := range d.tasks {
			if t := &d.tasks[i]; t.kind == primitive && t.name == name {
				used = int32(i)
				t.cat = int32(k)
			}
		}
		if used < 0 && !d.slotted {
			continue
		}
		if used >= 0 {
			d.tasks[used].child = int32(len(d.steps))
		}
		d.steps = append(d.steps, stepInfo[M]{name: name, entry: e})
	}
}

// measureErrors reports what is wrong with a method's considerations, each
// at the method's path.
func measureErrors[M any](path string, ms *utility.Measure[M]) []error {
	return decider.AtEach(path, ms.Validate())
}

// compile resolves the names of a method's subtasks.
func (b *Builder[M]) compile(owner string, m methodSpec[M], resolve func(string) (int32, bool)) (method[M], []error) {
	path := owner + "/" + m.name
	cm := method[M]{name: m.name, path: path, conds: m.conds, utility: m.utility, measure: m.measure, commit: m.commit}
	if m.measure != nil {
		cm.terms = m.measure.Terms()
	}
	var errs []error
	if len(m.steps) == 0 && !m.nothing {
		errs = append(errs, decider.Errorf(path, "a method with no subtask (end it with Nothing to make it plan none)"))
	}
	for k, s := range m.steps {
		at := path + "/" + strconv.Itoa(k)
		if s.pause {
			if k == 0 || k == len(m.steps)-1 || m.steps[k-1].pause {
				errs = append(errs, &decide.Error{Path: at, Err: errors.New("a pause must come between two subtasks")})
			}
			cm.steps = append(cm.steps, step{task: -1})
			continue
		}
		i, ok := resolve(s.task)
		if !ok {
			errs = append(errs, decider.Errorf(at, "unknown task %q: neither a compound task nor an action of the catalogue", s.task))
			continue
		}
		cm.steps = append(cm.steps, step{task: i})
	}
	return cm, errs
}

// checkReach reports the tasks no decomposition of the root reaches: a
// misspelt name in a method, or a task left behind.
func (d *Domain[M]) checkReach() []error {
	seen := make([]bool, len(d.tasks))
	var visit func(i int32)
	visit = func(i int32) {
		if seen[i] {
			return
		}
		seen[i] = true
		for _, m := range d.tasks[i].methods {
			for _, s := range m.steps {
				if s.task >= 0 {
					visit(s.task)
				}
			}
		}
	}
	visit(d.root)
	var errs []error
	for i, ok := range seen {
		if !ok && d.tasks[i].kind != primitive {
			errs = append(errs, decider.Errorf(d.tasks[i].name, "unreachable from the root task"))
		}
	}
	return errs
}

// checkGrounded reports the compound tasks that cannot decompose into a
// finite plan whatever the conditions say: every method of theirs needs a
// task that recurses without end. A task is grounded when some method
// has only grounded subtasks; primitives are.
func (d *Domain[M]) checkGrounded() []error {
	grounded := make([]bool, len(d.tasks))
	for changed := true; changed; {
		changed = false
		for i := range d.tasks {
			if !grounded[i] && d.groundedNow(int32(i), grounded) {
				grounded[i], changed = true, true
			}
		}
	}
	var errs []error
	for i, ok := range grounded {
		if !ok {
			errs = append(errs, &decide.Error{Path: d.tasks[i].name,
				Err: errors.New("every method recurses without end: no decomposition of this task is finite")})
		}
	}
	return errs
}

func (d *Domain[M]) groundedNow(i int32, grounded []bool) bool {
	t := &d.tasks[i]
	if t.kind != compound { // an action, or a slot: whatever fills it is checked on its own
		return true
	}
	for _, m := range t.methods {
		ok := true
		for _, s := range m.steps {
			if s.task >= 0 && !grounded[s.task] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
