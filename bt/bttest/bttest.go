package bttest

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
)

// Config says what the kit runs a node on. The zero Config runs it on the
// zero memory, in trees with no heuristic.
type Config[M any] struct {
	// Tree configures the trees the kit builds around the node: the
	// heuristic, Copy, Model and Terminal the node needs.
	Tree bt.Config[M]
	// Memories are the live memories the runs start from, one run of the
	// schedule each; none means one run from the zero memory.
	Memories []M
	// Sense, if set, changes an agent's live memory before each step of
	// the schedule (step counts from 0), as a game writes what its agents
	// sense, so that a node whose behaviour turns on the memory is run
	// down each of its paths. It must depend only on step and m.
	Sense func(step int, m *M)
	// Equal reports whether two memories are the same; nil means
	// reflect.DeepEqual.
	Equal func(a, b *M) bool
	// Children is how many probe children a composite under test gets
	// (3 when zero). A decorator gets one; a leaf or action none.
	Children int
}

// TestAction checks an action, run as the leaf of bt.Builder.Do. An
// action is shared by every agent of a tree, so the kit runs the same a
// for every run and agent.
func TestAction[M any](a bt.Action[M], cfg Config[M]) error {
	if a == nil {
		return errors.New("bttest: nil action")
	}
	return checkNode(cfg, 0, func(b bt.Builder[M], _ []bt.Def[M]) bt.Def[M] { return b.Do(subject, a) })
}

// TestLeaf checks a custom node without children, run as the leaf of
// bt.Builder.Leaf. Like an action it is shared by every agent, unless it
// makes each agent an instance of its own (NewInstance: see bt.Node).
func TestLeaf[M any](n bt.Node[M], cfg Config[M]) error {
	if n == nil {
		return errors.New("bttest: nil node")
	}
	return checkNode(cfg, 0, func(b bt.Builder[M], _ []bt.Def[M]) bt.Def[M] { return b.Leaf(subject, n) })
}

// TestDecorator checks a decorator, given one probe child.
func TestDecorator[M any](d bt.Decorator[M], cfg Config[M]) error {
	if d == nil {
		return errors.New("bttest: nil decorator")
	}
	return checkNode(cfg, 1, func(b bt.Builder[M], children []bt.Def[M]) bt.Def[M] {
		return b.Decorate(subject, d, children[0])
	})
}

// TestComposite checks a custom composite, given Config.Children probe
// children.
func TestComposite[M any](f bt.CompositeFunc[M], cfg Config[M]) error {
	if f == nil {
		return errors.New("bttest: nil composite")
	}
	n := cfg.Children
	if n <= 0 {
		n = 3
	}
	return checkNode(cfg, n, func(b bt.Builder[M], children []bt.Def[M]) bt.Def[M] {
		return b.Composite(subject, f, children...)
	})
}

// subject is the name of the node under test, the root of every tree the
// kit builds; its probe children are named a, b, c and so on.
const subject = "subject"

// A step is one thing the schedule does to an agent: a tick with a step
// of dt, or a halt.
type step struct {
	halt bool
	dt   time.Duration
}

func (s step) String() string {
	if s.halt {
		return "Halt"
	}
	return fmt.Sprintf("Tick(%v)", s.dt)
}

// schedule is what every run does: short steps, a zero step, a halt while
// running, a begin afresh, a step in which a constraint stops the node
// (gateStep), a step of an hour (every cooldown and timeout of a sane node
// is over), a stretch of short steps in which what begins runs to its end
// (a plan of several steps, a cooldown that lapses between them), and a
// final halt that must leave nothing running.
var schedule = []step{
	{dt: 100 * time.Millisecond}, {dt: 100 * time.Millisecond}, {dt: 0}, {dt: 250 * time.Millisecond},
	{halt: true},
	{dt: 100 * time.Millisecond}, {dt: time.Second}, {dt: 100 * time.Millisecond}, {dt: 100 * time.Millisecond},
	{dt: time.Hour}, {dt: 100 * time.Millisecond}, {dt: 100 * time.Millisecond}, {dt: 100 * time.Millisecond},
	{dt: 100 * time.Millisecond}, {dt: 100 * time.Millisecond}, {dt: 100 * time.Millisecond},
	{halt: true},
}

// gateStep is the step of the schedule in which the kit's constraint on
// the node under test fails, stopping it if it runs.
const gateStep = 7

// gate is a constraint of the kit's: it fails in step shut of the
// schedule, live and in previews alike.
type gate[M any] struct {
	h    *harness[M]
	shut int
}

func (g gate[M]) Evaluate(bt.Situation, *M) (bt.Check, string) {
	if g.h.step == g.shut {
		return bt.Fail, "the kit's gate is shut"
	}
	return bt.Pass, ""
}

func (g gate[M]) String() string { return fmt.Sprintf("the kit's gate (shut in step %d)", g.shut+1) }

// checkNode checks a node under test: node describes it, with children,
// probe children, under it, one run of the schedule for every memory and
// set of probe scripts.
func checkNode[M any](cfg Config[M], children int, node func(b bt.Builder[M], children []bt.Def[M]) bt.Def[M]) error {
	sets := scriptSets
	if children == 0 {
		sets = sets[:1] // no probes: one set is enough
	}
	return check(cfg, sets, children > 0, func(h *harness[M], set scriptSet) (*bt.Tree[M], error) {
		b := bt.New[M]()
		probes := make([]bt.Def[M], children)
		for j := range probes {
			probes[j] = b.Leaf(childName(j), h.probe(j, subject+"/"+childName(j), set.script(j), nil))
		}
		tree, err := bt.Build(cfg.Tree, node(b, probes).Constrain(gate[M]{h, gateStep}))
		if err != nil {
			return nil, fmt.Errorf("bttest: the tree around the node does not build: %w", err)
		}
		return tree, nil
	})
}

// check runs every memory with every set of probe scripts, each on trees
// that build makes, and returns the violations found, each once; label
// says whether messages name the set.
func check[M any](cfg Config[M], sets []scriptSet, label bool, build func(h *harness[M], set scriptSet) (*bt.Tree[M], error)) error {
	memories := cfg.Memories
	if len(memories) == 0 {
		memories = make([]M, 1)
	}
	var v violations
	for i := range memories {
		for _, set := range sets {
			k := &kit[M]{cfg: cfg, build: build, set: set, start: &memories[i]}
			if len(memories) > 1 {
				k.where = fmt.Sprintf("memory %d, ", i)
			}
			if label {
				k.where += set.name + ", "
			}
			if err := k.run(&v); err != nil {
				return err
			}
		}
	}
	return v.err()
}

// violations collects what the runs found: each rule broken once, with
// the detail and place of its first breach and how often it was broken.
type violations struct {
	list []*violation
	seen map[string]*violation
}

type violation struct {
	rule, detail, where string
	times               int
}

// add notes that rule was broken at where; detail says how.
func (v *violations) add(where, rule, detail string) {
	if x := v.seen[rule]; x != nil {
		x.times++
		return
	}
	if v.seen == nil {
		v.seen = map[string]*violation{}
	}
	x := &violation{rule: rule, detail: detail, where: where, times: 1}
	v.seen[rule] = x
	v.list = append(v.list, x)
}

func (v *violations) err() error {
	errs := make([]error, len(v.list))
	for i, x := range v.list {
		msg := x.rule + " (at " + x.where
		if x.times > 1 {
			msg += fmt.Sprintf(", and %d more times", x.times-1)
		}
		msg += ")"
		if x.detail != "" {
			msg += ": " + x.detail
		}
		errs[i] = errors.New(msg)
	}
	return errors.Join(errs...)
}

// A kit runs one memory with one set of probe scripts.
type kit[M any] struct {
	cfg   Config[M]
	build func(h *harness[M], set scriptSet) (*bt.Tree[M], error) // a tree around the node under test, with fresh probes
	set   scriptSet
	start *M
	where string // which memory and scripts, for messages
}

// run plays the schedule four ways (alone, again on a fresh tree, with
// previews, and as one of two agents ticked in turn), checks each and
// compares them.
func (k *kit[M]) run(v *violations) error {
	alone, err := k.play(v, false)
	if err != nil {
		return err
	}
	again, _ := k.play(v, false)
	previewed, _ := k.play(v, true)
	first, second := k.playTwo(v)
	resumed := k.playResumed(v)
	k.compare(v, "agents share state: the first of two agents ticked in turn", alone, first)
	k.compare(v, "agents share state: the second of two agents ticked in turn", alone, second)
	k.compare(v, "runs are not deterministic: the same schedule on a fresh tree", alone, again)
	k.compare(v, "previews change what the tree does: with a preview before every tick", alone, previewed)
	k.compare(v, "a restored agent does not go on as the agent saved: saved and restored after every step", alone, resumed)
	return nil
}

// A record is what one agent did over the schedule.
type record[M any] struct {
	results  []string         // each step's status and error
	trace    []contract.Event // the tree's events
	calls    []call           // the probes' live calls
	memories []M              // the live memory after each step
	plans    *contract.Follower
}

// A call is one live call of a probe child.
type call struct {
	step   int
	child  string
	method string
	status bt.Status
}

func (c call) String() string {
	return fmt.Sprintf("step %d: %s.%s %v", c.step+1, c.child, c.method, c.status)
}

func childName(j int) string { return string(rune('a' + j)) }

// play runs the schedule on one agent alone, with a preview before every
// tick when previews is set.
func (k *kit[M]) play(v *violations, previews bool) (*record[M], error) {
	h := &harness[M]{v: v, where: k.where}
	tree, err := k.build(h, k.set)
	if err != nil {
		return nil, err
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		return nil, err
	}
	m := k.copyOf(k.start)
	h.live = []*M{m}
	nodes := tree.Nodes()
	rec := h.follow(agent, nodes)
	for i, st := range schedule {
		h.step = i
		k.sense(i, m)
		var plan *bt.Preview
		var running map[string]bool
		if previews && !st.halt {
			plan = k.preview(v, h, agent, m, i, st, rec)
			running = contract.Running(rec.trace)
		}
		before := len(rec.trace)
		k.do(v, h, agent, m, i, st, rec)
		if plan != nil {
			if err := contract.PlanIsAct(*plan, nodes, running, rec.trace[before:]); err != nil {
				v.add(k.where+k.at(i), "the preview planned what the tick did not", err.Error())
			}
			if err := contract.Foreseen(*plan, nodes, running, rec.trace[before:]); err != nil {
				v.add(k.where+k.at(i), "the preview foresaw other plans than the tick reported", err.Error())
			}
		}
	}
	if err := contract.LifeCycle(nodes, rec.trace); err != nil {
		v.add(k.where+"the whole run", "the life cycle is broken", err.Error())
	}
	return rec, nil
}

// playTwo runs the schedule on two agents of one tree, each step on the
// first and then on the second.
func (k *kit[M]) playTwo(v *violations) (first, second *record[M]) {
	h := &harness[M]{v: v, where: k.where}
	tree, err := k.build(h, k.set)
	if err != nil {
		return nil, nil
	}
	a1, _ := tree.NewAgent(1)
	a2, _ := tree.NewAgent(1)
	m1, m2 := k.copyOf(k.start), k.copyOf(k.start)
	h.live = []*M{m1, m2}
	nodes := tree.Nodes()
	r1, r2 := h.follow(a1, nodes), h.follow(a2, nodes)
	for i, st := range schedule {
		h.step = i
		k.sense(i, m1)
		k.do(v, h, a1, m1, i, st, r1)
		k.sense(i, m2)
		k.do(v, h, a2, m2, i, st, r2)
	}
	return r1, r2
}

// playResumed runs the schedule as play does, but after every step saves
// the agent, in the binary form and the JSON form in turn, and goes on
// with a fresh agent (of another seed) restored from the save, on a copy
// of the memory, as a game that loads a save does. Saving the restored
// agent must give the same bytes.
func (k *kit[M]) playResumed(v *violations) *record[M] {
	h := &harness[M]{v: v, where: k.where}
	tree, err := k.build(h, k.set)
	if err != nil {
		return nil
	}
	agent, _ := tree.NewAgent(1)
	m := k.copyOf(k.start)
	h.live = []*M{m}
	rec := h.follow(agent, tree.Nodes())
	for i, st := range schedule {
		h.step = i
		k.sense(i, m)
		k.do(v, h, agent, m, i, st, rec)
		restored, err := resume(tree, agent, i%2 == 1)
		if err != nil {
			v.add(k.where+k.at(i), "the agent cannot be saved and restored", err.Error())
			continue // on the agent saved: the runs are compared all the same
		}
		agent = restored
		agent.SetTracer(tracer[M]{h, rec})
		m = h.moveTo(m, k.copyOf(m))
	}
	return rec
}

// resume saves agent a, in the JSON form when asJSON is set, restores the
// save into a fresh agent of another seed, and checks that saving that
// agent gives the same bytes.
func resume[M any](tree *bt.Tree[M], a *bt.Agent[M], asJSON bool) (*bt.Agent[M], error) {
	save, restore := a.MarshalBinary, (*bt.Agent[M]).UnmarshalBinary
	if asJSON {
		save, restore = a.MarshalJSON, (*bt.Agent[M]).UnmarshalJSON
	}
	data, err := save()
	if err != nil {
		return nil, err
	}
	b, err := tree.NewAgent(2)
	if err != nil {
		return nil, err
	}
	if err := restore(b, data); err != nil {
		return nil, err
	}
	again, err := b.MarshalBinary()
	if asJSON {
		again, err = b.MarshalJSON()
	}
	if err != nil {
		return nil, fmt.Errorf("saving the restored agent: %w", err)
	}
	if !bytes.Equal(data, again) {
		return nil, fmt.Errorf("saving the restored agent gives other bytes:\n%s\nwhere the agent saved gave\n%s", again, data)
	}
	return b, nil
}

// do takes one step of the schedule on an agent and records it.
func (k *kit[M]) do(v *violations, h *harness[M], a *bt.Agent[M], m *M, i int, st step, rec *record[M]) {
	h.current, h.now = rec, a.Now()+st.dt
	var result string
	if st.halt {
		result = "halted"
		if err := a.Halt(m); err != nil {
			v.add(k.where+k.at(i), "Halt: "+err.Error(), "")
			result += ", error: " + err.Error()
		}
		h.halted(m)
	} else {
		s, err := a.Tick(m, st.dt)
		result = s.String()
		if err != nil {
			v.add(k.where+k.at(i), "Tick: "+err.Error(), "")
			result += ", error: " + err.Error()
		}
	}
	rec.results = append(rec.results, result)
	rec.memories = append(rec.memories, *k.copyOf(m))
	h.current = nil
}

// preview previews the tick to come twice and checks that it acted on
// nothing and planned the same both times.
func (k *kit[M]) preview(v *violations, h *harness[M], a *bt.Agent[M], m *M, i int, st step, rec *record[M]) *bt.Preview {
	before, now, traced, called := k.copyOf(m), a.Now(), len(rec.trace), len(rec.calls)
	h.previewing = true
	p1, err1 := a.Preview(m, st.dt)
	p2, err2 := a.Preview(m, st.dt)
	h.previewing = false
	at := k.at(i)
	for _, err := range []error{err1, err2} {
		if err != nil {
			rec.trace = rec.trace[:traced]
			v.add(k.where+at, "Preview: "+err.Error(), "")
			return nil
		}
	}
	if !k.equal(before, m) {
		v.add(k.where+at, "a preview changed the live memory", fmt.Sprintf("%+v became %+v", *before, *m))
	}
	if a.Now() != now {
		v.add(k.where+at, "a preview moved the clock", fmt.Sprintf("from %v to %v", now, a.Now()))
	}
	var events []contract.Event // what the preview traced, faults aside: a fault is reported, not done
	for _, e := range rec.trace[traced:] {
		if e.Kind != bt.EventFault {
			events = append(events, e)
		}
	}
	rec.trace = rec.trace[:traced] // the record holds what the ticks did
	if len(events) != 0 || len(rec.calls) != called {
		v.add(k.where+at, "a preview acted", acted(events, rec.calls[called:]))
	}
	if !reflect.DeepEqual(p1, p2) {
		v.add(k.where+at, "simulation is not deterministic: two previews in a row planned differently", fmt.Sprintf("%v, then %v", p1, p2))
	}
	return &p1
}

// acted describes what a preview did that it should not have.
func acted(trace []contract.Event, calls []call) string {
	if len(calls) > 0 {
		return calls[0].String()
	}
	return trace[0].String()
}

// compare reports the first difference between two records of the same
// schedule.
func (k *kit[M]) compare(v *violations, what string, want, got *record[M]) {
	if want == nil || got == nil {
		return
	}
	for i := range min(len(want.results), len(got.results)) {
		switch {
		case want.results[i] != got.results[i]:
			v.add(k.where+k.at(i), what, fmt.Sprintf("%s gave %s, alone %s", schedule[i], got.results[i], want.results[i]))
			return
		case !k.equal(&want.memories[i], &got.memories[i]):
			v.add(k.where+k.at(i), what, fmt.Sprintf("it left the memory %+v, alone %+v", got.memories[i], want.memories[i]))
			return
		}
	}
	if i, w, g, ok := firstDiff(want.trace, got.trace); ok {
		v.add(k.where+"the whole run", what, fmt.Sprintf("event %d is %q, alone %q", i+1, g, w))
		return
	}
	if i, w, g, ok := firstDiff(want.calls, got.calls); ok {
		v.add(k.where+"the whole run", what, fmt.Sprintf("child call %d is %q, alone %q", i+1, g, w))
	}
}

// firstDiff returns the first index at which a and b differ, as strings.
func firstDiff[T fmt.Stringer](a, b []T) (int, string, string, bool) {
	for i := range max(len(a), len(b)) {
		var x, y string
		if i < len(a) {
			x = a[i].String()
		}
		if i < len(b) {
			y = b[i].String()
		}
		if x != y {
			return i, x, y, true
		}
	}
	return 0, "", "", false
}

// sense lets Config.Sense change the live memory before step i.
func (k *kit[M]) sense(i int, m *M) {
	if k.cfg.Sense != nil {
		k.cfg.Sense(i, m)
	}
}

// at names step i of the schedule for messages.
func (k *kit[M]) at(i int) string { return fmt.Sprintf("step %d (%v)", i+1, schedule[i]) }

// copyOf returns a copy of m made as the tree copies memories.
func (k *kit[M]) copyOf(m *M) *M {
	c := new(M)
	if k.cfg.Tree.Copy != nil {
		k.cfg.Tree.Copy(c, m)
	} else {
		*c = *m
	}
	return c
}

func (k *kit[M]) equal(a, b *M) bool {
	if k.cfg.Equal != nil {
		return k.cfg.Equal(a, b)
	}
	return reflect.DeepEqual(a, b)
}

// A harness is what the probes of one tree share: the agents' live
// memories, the step under way, and each probe's state per agent.
type harness[M any] struct {
	v          *violations
	where      string
	live       []*M
	step       int
	now        time.Duration // the agent's clock in the step under way
	previewing bool
	current    *record[M] // the record of the agent being stepped
	probes     []*probe[M]
	states     map[*M][]probeState
	entries    map[string]string // the catalogue entry of each step of the subject, by name (TestDecider)
}

// probe returns a new probe child j, named name in messages, that plays
// script; effect, if set, is what it does to the memory when it
// succeeds.
func (h *harness[M]) probe(j int, name string, s script, effect func(m *M)) *probe[M] {
	p := &probe[M]{h: h, j: j, name: name, script: s, effect: effect}
	h.probes = append(h.probes, p)
	return p
}

// at names the step under way for messages.
func (h *harness[M]) at() string {
	return h.where + fmt.Sprintf("step %d (%v)", h.step+1, schedule[h.step])
}

// follow makes the agent's tracer write into a new record, which follows
// the plans of the node under test.
func (h *harness[M]) follow(a *bt.Agent[M], nodes []bt.NodeInfo) *record[M] {
	rec := &record[M]{plans: contract.NewFollower(nodes, subject)}
	a.SetTracer(tracer[M]{h, rec})
	return rec
}

// state returns probe j's state for the agent whose live memory is m, or
// nil when m is not a live memory.
func (h *harness[M]) state(m *M, j int) *probeState {
	for _, l := range h.live {
		if l == m {
			if h.states == nil {
				h.states = map[*M][]probeState{}
			}
			if h.states[m] == nil {
				h.states[m] = make([]probeState, len(h.probes))
			}
			return &h.states[m][j]
		}
	}
	return nil
}

// moveTo makes to the live memory in place of from, its probes' states
// going with it (a game keeps an action's state in the memory), and
// returns it.
func (h *harness[M]) moveTo(from, to *M) *M {
	for i, l := range h.live {
		if l == from {
			h.live[i] = to
		}
	}
	if st, ok := h.states[from]; ok {
		h.states[to] = st
		delete(h.states, from)
	}
	return to
}

// halted checks that a halt left no probe of the agent running.
func (h *harness[M]) halted(m *M) {
	for j, st := range h.states[m] {
		if st.running {
			h.v.add(h.at(), h.probes[j].name+" still runs after the agent was halted", "")
		}
	}
}

// tracer records a tree's events, and follows the plans of the node under
// test through those of its ticks and halts.
type tracer[M any] struct {
	h   *harness[M]
	rec *record[M]
}

func (t tracer[M]) Trace(e *bt.Event) {
	c := contract.From(e)
	t.rec.trace = append(t.rec.trace, c)
	if t.h.previewing {
		return // a preview that traces acted, which the kit reports
	}
	if b := t.rec.plans.See(c); b != nil {
		t.h.v.add(t.h.at(), b.Rule, b.Detail)
	}
}

// A script says how a probe behaves: what Begin returns, how many updates
// it then takes (-1: it runs until halted) or, if lasts is set, how long
// it runs (the steps of its updates added up), how it finishes, and the
// verdict its simulation gives.
type script struct {
	begin   bt.Status
	updates int
	lasts   time.Duration
	finish  bt.Status
	verdict heuristic.Verdict
}

// A scriptSet gives each probe child its script.
type scriptSet struct {
	name   string
	script func(j int) script
}

var (
	succeed = script{begin: bt.Success, verdict: heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: "probe succeeds"}}
	fail    = script{begin: bt.Failure, verdict: heuristic.Verdict{Outcome: heuristic.Harmful, Reason: "probe fails"}}
	slow    = script{begin: bt.Running, updates: 2, finish: bt.Success, verdict: heuristic.Verdict{Outcome: heuristic.Cosmetic, Reason: "probe takes two ticks"}}
	endless = script{begin: bt.Running, updates: -1, verdict: heuristic.Verdict{Outcome: heuristic.Safe, Reason: "probe runs on"}}
)

var scriptSets = []scriptSet{
	{"children that succeed at once", func(int) script { return succeed }},
	{"children that fail at once", func(int) script { return fail }},
	{"children that take two ticks", func(int) script { return slow }},
	{"children that run until halted", func(int) script { return endless }},
	{"children that differ", func(j int) script { return []script{slow, fail, endless, succeed}[j%4] }},
}

// A probe is a child the kit gives a decorator or composite, or an
// action of the catalogue it gives a decider: it plays its script and
// checks the life cycle it is put through.
type probe[M any] struct {
	h      *harness[M]
	j      int
	name   string // for messages
	script script
	effect func(m *M) // what it does when it succeeds; nil for nothing
}

// probeState is one probe's state in one agent.
type probeState struct {
	running        bool
	began, updated int  // the steps of the last Begin and Update
	updatedAt      bool // updated is set: the probe has been updated since it began
	updates        int  // how many updates since Begin
	ran            time.Duration
	last           bt.Status
}

// live returns the probe's state for m and records the call, or reports
// a call it should not have had.
func (p *probe[M]) live(m *M, method string) *probeState {
	h := p.h
	if h.previewing {
		h.v.add(h.at(), p.name+"."+method+" was called during a preview", "")
	}
	st := h.state(m, p.j)
	if st == nil {
		h.v.add(h.at(), p.name+"."+method+" was given a memory that is not the agent's live memory", "")
	}
	return st
}

func (p *probe[M]) record(method string, s bt.Status) {
	if rec := p.h.current; rec != nil {
		rec.calls = append(rec.calls, call{step: p.h.step, child: childName(p.j), method: method, status: s})
	}
}

func (p *probe[M]) violation(format string, args ...any) {
	h := p.h
	h.v.add(h.at(), p.name+": "+fmt.Sprintf(format, args...), "")
}

// Begin plays the script's first status.
func (p *probe[M]) Begin(m *M) bt.Status {
	st := p.live(m, "Begin")
	if st == nil {
		return bt.Failure
	}
	if st.running {
		p.violation("began again while running")
	}
	*st = probeState{running: true, began: p.h.step, last: p.script.begin}
	p.record("Begin", p.script.begin)
	p.succeeded(m, p.script.begin)
	return p.script.begin
}

// succeeded does the probe's effect on m when s is Success.
func (p *probe[M]) succeeded(m *M, s bt.Status) {
	if s == bt.Success && p.effect != nil {
		p.effect(m)
	}
}

// Update plays the script's next status.
func (p *probe[M]) Update(m *M, dt time.Duration) bt.Status {
	st := p.live(m, "Update")
	if st == nil {
		return bt.Failure
	}
	switch {
	case !st.running:
		p.violation("updated while not running")
	case st.began == p.h.step:
		p.violation("updated in the tick it began")
	case st.updatedAt && st.updated == p.h.step:
		p.violation("updated twice in one tick")
	}
	st.updated, st.updatedAt = p.h.step, true
	st.updates++
	st.ran += dt
	s := bt.Running
	if p.script.lasts > 0 && st.ran >= p.script.lasts || p.script.lasts == 0 && p.script.updates >= 0 && st.updates >= p.script.updates {
		s = p.script.finish
	}
	st.last = s
	p.record("Update", s)
	p.succeeded(m, s)
	return s
}

// End checks that it ends what began, with the status it finished with or
// Running when interrupted.
func (p *probe[M]) End(m *M, s bt.Status) {
	st := p.live(m, "End")
	if st == nil {
		return
	}
	if !st.running {
		p.violation("ended without having begun")
	} else if s != st.last {
		p.violation("ended with %v after returning %v", s, st.last)
	}
	st.running = false
	p.record("End", s)
}

// SaveState saves nothing: a probe keeps its state by live memory in the
// harness, which carries it to the memory a restored agent runs on, as a
// game keeps an action's state in the memory it saves.
func (p *probe[M]) SaveState(*bt.StateWriter) {}

// RestoreState restores nothing (see SaveState).
func (p *probe[M]) RestoreState(*bt.StateReader) error { return nil }

// Simulate predicts nothing and returns the script's verdict.
func (p *probe[M]) Simulate(*bt.Sim[M], *M) heuristic.Verdict { return p.script.verdict }
