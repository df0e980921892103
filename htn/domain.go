package htn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/nilness"
)

// A Budget bounds one planning call. A call that would pass a bound stops
// and reports bt.PlanOutOfBudget: never a plan cut short.
type Budget struct {
	// Record bounds how many compound tasks one plan decomposes: the
	// length of its record (default 64).
	Record int
	// Steps bounds how many primitive tasks one plan holds (default 256).
	Steps int
	// Tries bounds the methods tried over the whole call, backtracking
	// included (default 10,000).
	Tries int
}

// DefaultBudget is the budget of a domain that sets none.
var DefaultBudget = Budget{Record: 64, Steps: 256, Tries: 10_000}

// A DomainError is a misuse of the domain builder. Path says where: a
// task ("AttackEnemy"), or a task without a usable name by its place
// among those declared ("task 3"); a method ("AttackEnemy/slam", or
// "AttackEnemy/1" by its place); a step of a method, by its place
// ("AttackEnemy/slam/2"); "root" (Build's root); "domain" (a call before
// any task); or the call at fault ("budget", "ReplanWhen", "Copy").
type DomainError struct {
	Path string
	Err  error
}

func (e *DomainError) Error() string { return "htn: " + e.Path + ": " + e.Err.Error() }

func (e *DomainError) Unwrap() error { return e.Err }

// A Builder describes a domain: primitive tasks (the shared actions) and
// compound tasks, whose methods are tried in the order written. Each call
// adds to what the one before opened, the way bt's Builder reads:
//
//	d := htn.New[World]()
//	d.Primitive("swing", swing, inReach)
//	d.Primitive("approach", approach).Expect(func(w *World) { w.InReach = true })
//	d.Compound("fight").
//		Method("strike", inReach).Do("swing").
//		Method("close in").Do("approach", "swing")
//	domain, err := d.Build("fight")
//
// Build reports every misuse at once, each with its path.
type Builder[M any] struct {
	tasks  []taskSpec[M]
	byName map[string]int
	errs   []error
	budget Budget
	replan func(m *M) bool
	copy   func(dst, src *M)
	// last is the task the calls that follow add to: an index, none, or
	// refused (a task whose declaration failed: what follows it is
	// taken into discard, its error reported once).
	last     int
	declared int // calls to Primitive and Compound, to name a nameless task
	discard  taskSpec[M]
}

const (
	none    = -1
	refused = -2
)

type taskSpec[M any] struct {
	name      string
	primitive bool
	action    bt.Action[M]
	pre       []bt.Constraint[M]
	expect    func(m *M)
	methods   []methodSpec[M]
}

type methodSpec[M any] struct {
	name  string
	conds []bt.Constraint[M]
	steps []stepSpec
}

type stepSpec struct {
	task  string // empty for a pause
	pause bool
}

// New returns a builder for a domain over memory M.
func New[M any]() *Builder[M] {
	return &Builder[M]{byName: map[string]int{}, budget: DefaultBudget, last: none}
}

// usable reports whether b was made by New. The methods of a nil or zero
// Builder do nothing, and its Build says why.
func (b *Builder[M]) usable() bool { return b != nil && b.byName != nil }

// fail records a misuse at path.
func (b *Builder[M]) fail(path string, format string, args ...any) {
	b.errs = append(b.errs, &DomainError{Path: path, Err: fmt.Errorf(format, args...)})
}

// taskPath names the task about to be added: its name, or its place
// among the tasks declared ("task 3").
func (b *Builder[M]) taskPath(name string) string {
	if name == "" || strings.Contains(name, "/") {
		return "task " + strconv.Itoa(b.declared)
	}
	return name
}

// declare adds a task named name, or reports a second one.
func (b *Builder[M]) declare(name string, t taskSpec[M]) {
	path := b.taskPath(name)
	b.declared++
	b.last = refused
	b.discard = taskSpec[M]{name: path, primitive: t.primitive}
	switch _, dup := b.byName[name]; {
	case name == "":
		b.fail(path, "a task needs a name")
		return
	case strings.Contains(name, "/"):
		b.fail(path, "name %q contains '/', which separates path elements", name)
		return
	case dup:
		b.fail(name, "a second task of this name")
		return
	}
	t.name = name
	b.byName[name] = len(b.tasks)
	b.last = len(b.tasks)
	b.tasks = append(b.tasks, t)
}

// Primitive adds a primitive task: action, run by the plan runner as a
// leaf of the tree, with its preconditions, which planning checks on the
// predicted memory and the tree checks live, as it checks any leaf's
// constraints. The action's Simulate is the task's effect on the plan.
func (b *Builder[M]) Primitive(name string, action bt.Action[M], preconditions ...bt.Constraint[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	switch path := b.taskPath(name); {
	case nilness.Of(action):
		b.fail(path, "nil action")
	case nilnessAny(preconditions):
		b.fail(path, "nil precondition")
	}
	b.declare(name, taskSpec[M]{primitive: true, action: action, pre: preconditions})
	return b
}

// Expect gives the primitive just added an expected effect: a change the
// planner assumes the task brings about beyond what its Simulate
// predicts, applied while planning and validating plans, never to the
// live memory. A task that walks to where the enemy was last seen expects
// to see it there, so that a task needing sight can follow it in a plan.
func (b *Builder[M]) Expect(effect func(m *M)) *Builder[M] {
	if !b.usable() {
		return b
	}
	t := b.current()
	switch {
	case t == nil || !t.primitive:
		b.fail(b.lastPath(), "Expect must follow a Primitive")
	case effect == nil:
		b.fail(t.name, "nil expected effect")
	case t.expect != nil:
		b.fail(t.name, "a second expected effect")
	default:
		t.expect = effect
	}
	return b
}

// Compound adds a compound task, whose methods the calls to Method that
// follow add.
func (b *Builder[M]) Compound(name string) *Builder[M] {
	if b.usable() {
		b.declare(name, taskSpec[M]{})
	}
	return b
}

// Method adds a method to the compound task just added: a way to do it,
// tried when the methods before it cannot be, whose conditions must all
// pass on the memory the planner has when it reaches the task. A
// condition is any constraint; Fail rejects the method, Pass and Done
// accept it. The calls to Do and Pause that follow give its subtasks.
func (b *Builder[M]) Method(name string, conditions ...bt.Constraint[M]) *Builder[M] {
	if !b.usable() {
		return b
	}
	c := b.compound("Method")
	if c == nil {
		return b
	}
	path := c.name + "/" + name
	if name == "" || strings.Contains(name, "/") {
		bad := name
		name = strconv.Itoa(len(c.methods)) // its place names it in paths
		path = c.name + "/" + name
		if bad == "" {
			b.fail(path, "a method needs a name")
		} else {
			b.fail(path, "name %q contains '/', which separates path elements", bad)
		}
	}
	if nilnessAny(conditions) {
		b.fail(path, "nil condition")
	}
	for _, m := range c.methods {
		if m.name == name {
			b.fail(path, "a second method of this name")
		}
	}
	c.methods = append(c.methods, methodSpec[M]{name: name, conds: conditions})
	return b
}

// Do appends subtasks, by name, to the method just added. Names may refer
// to tasks added later, and to the compound itself: recursion is allowed,
// as long as some method ends it.
func (b *Builder[M]) Do(tasks ...string) *Builder[M] {
	if !b.usable() {
		return b
	}
	if m := b.method("Do"); m != nil {
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

// Budget replaces the default budget of every planning call. A zero
// field keeps its default.
func (b *Builder[M]) Budget(budget Budget) *Builder[M] {
	if !b.usable() {
		return b
	}
	if budget.Record < 0 || budget.Steps < 0 || budget.Tries < 0 {
		b.fail("budget", "negative bound %+v", budget)
		return b
	}
	if budget.Record > 0 {
		b.budget.Record = budget.Record
	}
	if budget.Steps > 0 {
		b.budget.Steps = budget.Steps
	}
	if budget.Tries > 0 {
		b.budget.Tries = budget.Tries
	}
	return b
}

// ReplanWhen gives the runner its sensor test: while a plan runs, the
// runner plans again only on ticks when changed reports that the world
// has changed in a way that matters, and otherwise only when a task fails,
// the plan turns out invalid, or it is done. Without it, the runner plans
// again every tick, which is the most responsive and the most costly.
func (b *Builder[M]) ReplanWhen(changed func(m *M) bool) *Builder[M] {
	if !b.usable() {
		return b
	}
	if changed == nil {
		b.fail("ReplanWhen", "nil test")
	}
	b.replan = changed
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
	if c == nil || c.primitive {
		b.fail(b.lastPath(), "%s must follow a Compound", call)
		return nil
	}
	return c
}

// method returns the method that call adds to, or reports why there is
// none.
func (b *Builder[M]) method(call string) *methodSpec[M] {
	c := b.current()
	if c == nil || c.primitive || len(c.methods) == 0 {
		b.fail(b.lastPath(), "%s must follow a Method", call)
		return nil
	}
	return &c.methods[len(c.methods)-1]
}

// lastPath names the task the last call added to, for errors.
func (b *Builder[M]) lastPath() string {
	if t := b.current(); t != nil {
		return t.name
	}
	return "domain"
}

// Copy gives the domain the copy function that Domain.Plan copies
// memories with, for a memory type that plain assignment cannot copy
// safely (with pointers, slices or maps), as bt.Config.Copy does for a
// tree. A runner copies with its tree's.
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

func nilnessAny[T any](xs []T) bool {
	for _, x := range xs {
		if nilness.Of(x) {
			return true
		}
	}
	return false
}

// Build checks the domain and compiles it, with root as the task every
// plan decomposes (a compound task, or a primitive: a plan of one task).
// It reports every misuse at once: unknown task names, compound tasks
// with no method and methods with no subtask, pauses that separate
// nothing, tasks that no plan from root can reach (a builder describes
// one domain, with one root), and compound tasks whose every method
// recurses without end. A Domain is immutable: share it between any
// number of trees and agents. Build may be called again, after more
// calls, for a domain with them.
func (b *Builder[M]) Build(root string) (*Domain[M], error) {
	if !b.usable() {
		return nil, errors.New("htn: Build on a nil or zero Builder; use htn.New")
	}
	errs := append([]error(nil), b.errs...)
	d := &Domain[M]{budget: b.budget, replan: b.replan, copy: b.copy, root: -1}
	d.tasks = make([]task[M], len(b.tasks))
	for i, t := range b.tasks {
		d.tasks[i] = task[M]{name: t.name, child: -1, action: t.action, pre: t.pre, expect: t.expect}
		if t.primitive {
			d.tasks[i].child = int32(len(d.prims))
			d.prims = append(d.prims, int32(i))
		}
	}
	for i, t := range b.tasks {
		if t.primitive {
			continue
		}
		if len(t.methods) == 0 {
			errs = append(errs, &DomainError{Path: t.name, Err: errors.New("a compound task with no method")})
		}
		for _, m := range t.methods {
			cm, err := b.compile(t.name, m)
			errs = append(errs, err...)
			d.tasks[i].methods = append(d.tasks[i].methods, cm)
		}
	}
	if r, ok := b.byName[root]; ok {
		d.root = int32(r)
		d.rootAgenda = []step{{task: d.root}}
	} else {
		errs = append(errs, &DomainError{Path: "root", Err: fmt.Errorf("unknown task %q", root)})
	}
	if d.root >= 0 { // names left unknown are left out: what they leave behind is unreachable
		errs = append(errs, d.checkReach()...)
	}
	if len(errs) == 0 { // a method missing a subtask it names would seem finite
		errs = append(errs, d.checkGrounded()...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return d, nil
}

// compile resolves the names of a method's subtasks.
func (b *Builder[M]) compile(owner string, m methodSpec[M]) (method[M], []error) {
	path := owner + "/" + m.name
	cm := method[M]{name: m.name, path: path, conds: m.conds}
	var errs []error
	if len(m.steps) == 0 {
		errs = append(errs, &DomainError{Path: path, Err: errors.New("a method with no subtask")})
	}
	for k, s := range m.steps {
		at := path + "/" + strconv.Itoa(k)
		if s.pause {
			if k == 0 || k == len(m.steps)-1 || m.steps[k-1].pause {
				errs = append(errs, &DomainError{Path: at, Err: errors.New("a pause must come between two subtasks")})
			}
			cm.steps = append(cm.steps, step{task: -1})
			continue
		}
		i, ok := b.byName[s.task]
		if !ok {
			errs = append(errs, &DomainError{Path: at, Err: fmt.Errorf("unknown task %q", s.task)})
			continue
		}
		cm.steps = append(cm.steps, step{task: int32(i)})
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
		if !ok {
			errs = append(errs, &DomainError{Path: d.tasks[i].name, Err: errors.New("unreachable from the root task")})
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
			errs = append(errs, &DomainError{Path: d.tasks[i].name,
				Err: errors.New("every method recurses without end: no decomposition of this task is finite")})
		}
	}
	return errs
}

func (d *Domain[M]) groundedNow(i int32, grounded []bool) bool {
	t := &d.tasks[i]
	if t.child >= 0 {
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
