package htn_test

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// Random domains with pauses, slots, commits and methods chosen at
// random, over actions that take ticks and may fail where no plan
// foresaw it, run in a tree (alone, or under a selector that weighs it
// every tick) on a memory the world changes, with previews now and then:
// an agent saved and restored, in either form, into a fresh agent of a
// tree built afresh goes on exactly as the agent that was never saved.

// svMem is the memory of the save tests: four counters, how long the step
// under way has run, and which sub-domain the slot is filled with (none,
// or the first or second), which no action changes.
type svMem struct {
	V    [4]int8
	Busy int8
	Zone int8
}

func (m *svMem) holds(c cond) bool { return c.holds(&counters{V: m.V}) }

// An svPrim is an action: it adds Add to V[I] when it ends, after Ticks
// ticks (0: at once), and fails instead, unforeseen, when Fail holds.
type svPrim struct {
	Pre   []cond
	I     int
	Add   int8
	Ticks int
	Fail  []cond
}

// An svMethod is a method: its conditions, its subtasks by name ("" for a
// pause), and the counter its permanent effect adds one to (-1: none).
type svMethod struct {
	Conds  []cond
	Steps  []string
	Commit int
}

// An svDomain is a domain's compound tasks, named prefix and their place;
// the first is the root. Each may use only those after it.
type svDomain struct {
	Prefix    string
	Compounds [][]svMethod
	Random    []bool // the compound chooses its methods at random
}

type svSpec struct {
	Prims      []svPrim
	Main       svDomain
	Subs       []svDomain // what the slot "s" of the main domain is filled with
	Start      svMem
	Replan     int // none, every tick, on V0 >= 2, every 200ms
	Continuous bool
	// Chosen puts the planner under a simulated selector that weighs it
	// every tick against idling.
	Chosen bool
}

func drawSpec(t *rapid.T) *svSpec {
	s := &svSpec{}
	for range rapid.IntRange(1, 4).Draw(t, "prims") {
		p := svPrim{I: rapid.IntRange(0, 3).Draw(t, "i"), Add: int8(rapid.IntRange(-1, 2).Draw(t, "add")),
			Ticks: rapid.IntRange(0, 2).Draw(t, "ticks")}
		if rapid.IntRange(0, 2).Draw(t, "pre") == 0 {
			p.Pre = append(p.Pre, drawCond(t, "pre"))
		}
		if rapid.IntRange(0, 4).Draw(t, "fails") == 0 {
			p.Fail = append(p.Fail, drawCond(t, "fail"))
		}
		s.Prims = append(s.Prims, p)
	}
	subs := rapid.IntRange(0, 2).Draw(t, "subs")
	for k := range subs {
		s.Subs = append(s.Subs, drawSvDomain(t, "d"+strconv.Itoa(k)+"c", len(s.Prims), false))
	}
	s.Main = drawSvDomain(t, "c", len(s.Prims), subs > 0)
	for i := range s.Start.V {
		s.Start.V[i] = int8(rapid.IntRange(0, 2).Draw(t, "start"))
	}
	s.Start.Zone = int8(rapid.IntRange(0, subs).Draw(t, "zone"))
	s.Replan = rapid.IntRange(0, 3).Draw(t, "replan")
	s.Continuous = rapid.Bool().Draw(t, "continuous")
	s.Chosen = rapid.Bool().Draw(t, "chosen")
	return s
}

// drawSvDomain draws a domain's compounds over prims primitives, the
// slot among their subtasks when slotted.
func drawSvDomain(t *rapid.T, prefix string, prims int, slotted bool) svDomain {
	d := svDomain{Prefix: prefix}
	n := rapid.IntRange(1, 3).Draw(t, "compounds")
	for c := range n {
		var methods []svMethod
		for range rapid.IntRange(1, 3).Draw(t, "methods") {
			m := svMethod{Commit: -1}
			for range rapid.IntRange(0, 1).Draw(t, "conds") {
				m.Conds = append(m.Conds, drawCond(t, "cond"))
			}
			if rapid.IntRange(0, 3).Draw(t, "commits") == 0 {
				m.Commit = rapid.IntRange(0, 3).Draw(t, "commit")
			}
			for k := range rapid.IntRange(1, 3).Draw(t, "steps") {
				if k > 0 && rapid.IntRange(0, 2).Draw(t, "pause") == 0 {
					m.Steps = append(m.Steps, "")
				}
				if slotted && rapid.IntRange(0, 2).Draw(t, "slot") == 0 {
					m.Steps = append(m.Steps, "s")
					continue
				}
				switch i := rapid.IntRange(0, prims+n-c-2).Draw(t, "step"); {
				case i < prims:
					m.Steps = append(m.Steps, "p"+strconv.Itoa(i))
				default:
					m.Steps = append(m.Steps, prefix+strconv.Itoa(i-prims+c+1))
				}
			}
			methods = append(methods, m)
		}
		d.Compounds = append(d.Compounds, methods)
		d.Random = append(d.Random, rapid.IntRange(0, 3).Draw(t, "random") == 0)
	}
	return d
}

// act is the primitive's action, and its prediction: it adds Add when it
// ends.
func (p svPrim) act() bt.Action[svMem] {
	effect := func(m *svMem) { m.V[p.I] += p.Add }
	end := func(m *svMem) bool {
		for _, c := range p.Fail {
			if m.holds(c) {
				return false
			}
		}
		effect(m)
		return true
	}
	if p.Ticks == 0 {
		return bt.Instant(end, effect)
	}
	return bt.Lasting(func(m *svMem, _ time.Duration) bt.Status {
		if m.Busy++; int(m.Busy) < p.Ticks {
			return bt.Running
		}
		if !end(m) {
			return bt.Failure
		}
		return bt.Success
	}, effect).OnBegin(func(m *svMem) bt.Status { m.Busy = 0; return bt.Running })
}

func svConstraint(c cond) bt.Constraint[svMem] {
	return checkOn(func(m *svMem) (bt.Check, string) {
		if m.holds(c) {
			return bt.Pass, ""
		}
		return bt.Fail, "not " + c.name()
	})
}

type checkOn func(m *svMem) (bt.Check, string)

func (f checkOn) Evaluate(_ bt.Situation, m *svMem) (bt.Check, string) { return f(m) }

// tree builds the spec's tree afresh: its catalogue, sub-domains, domain.
func (s *svSpec) tree() (*bt.Tree[svMem], error) {
	var cb catalogue.Builder[svMem]
	for i, p := range s.Prims {
		var pre []bt.Constraint[svMem]
		for _, c := range p.Pre {
			pre = append(pre, svConstraint(c))
		}
		cb.Action("p"+strconv.Itoa(i), p.act(), pre...)
	}
	actions, err := cb.Build()
	if err != nil {
		return nil, err
	}
	var subs []*htn.Domain[svMem]
	for _, d := range s.Subs {
		sub, err := d.build(actions, nil).Build()
		if err != nil {
			return nil, fmt.Errorf("sub-domain %s: %w", d.Prefix, err)
		}
		subs = append(subs, sub)
	}
	b := s.Main.build(actions, func(m *svMem) *htn.Domain[svMem] {
		if z := int(m.Zone); z > 0 && z <= len(subs) {
			return subs[z-1]
		}
		return nil
	})
	if s.Continuous {
		b.Continuous()
	}
	dom, err := b.Build()
	if err != nil {
		return nil, err
	}
	var opts []bt.Option
	switch s.Replan {
	case 1:
		opts = append(opts, bt.Replan(0))
	case 2:
		opts = append(opts, bt.ReplanOn(func(m *svMem) bool { return m.V[0] >= 2 }))
	case 3:
		opts = append(opts, bt.Replan(200*time.Millisecond))
	}
	n := bt.New[svMem]()
	plan := n.Plan("run", dom, opts...)
	if !s.Chosen {
		return bt.Build(bt.Config[svMem]{}, plan)
	}
	idle := bt.Lasting(func(*svMem, time.Duration) bt.Status { return bt.Running }, nil)
	return bt.Build(bt.Config[svMem]{Heuristic: gain}, n.Selector("choose", bt.Replan(0), plan, n.Do("idle", idle)))
}

// gain judges a prediction by the counters' sum.
var gain = heuristic.Func[svMem](func(before, after *svMem) heuristic.Outcome {
	sum := func(m *svMem) int { return int(m.V[0]) + int(m.V[1]) + int(m.V[2]) + int(m.V[3]) }
	switch {
	case sum(after) > sum(before):
		return heuristic.Beneficial
	case sum(after) < sum(before):
		return heuristic.Harmful
	}
	return heuristic.Cosmetic
})

// build declares the compounds the root reaches, and the slot, filled by
// hook, if one of them holds it.
func (d svDomain) build(actions *catalogue.Catalogue[svMem], hook func(m *svMem) *htn.Domain[svMem]) *htn.Builder[svMem] {
	reach := make([]bool, len(d.Compounds))
	slotted := false
	var visit func(c int)
	visit = func(c int) {
		if reach[c] {
			return
		}
		reach[c] = true
		for _, m := range d.Compounds[c] {
			for _, name := range m.Steps {
				if k, ok := d.compound(name); ok {
					visit(k)
				}
				slotted = slotted || name == "s"
			}
		}
	}
	visit(0)
	b := htn.New(actions)
	for c, methods := range d.Compounds {
		if !reach[c] {
			continue
		}
		b.Compound(d.Prefix + strconv.Itoa(c))
		if d.Random[c] {
			b.Choose(decide.AtRandom)
		}
		for k, m := range methods {
			var cs []bt.Constraint[svMem]
			for _, c := range m.Conds {
				cs = append(cs, svConstraint(c))
			}
			b.Method("m"+strconv.Itoa(k), cs...)
			for _, name := range m.Steps {
				if name == "" {
					b.Pause()
				} else {
					b.Do(name)
				}
			}
			if i := m.Commit; i >= 0 {
				b.Commit(func(m *svMem) { m.V[i]++ })
			}
		}
	}
	if slotted {
		b.Slot("s", hook)
	}
	return b
}

// compound returns the place of the domain's compound of that name.
func (d svDomain) compound(name string) (int, bool) {
	if len(name) <= len(d.Prefix) || name[:len(d.Prefix)] != d.Prefix {
		return 0, false
	}
	k, err := strconv.Atoi(name[len(d.Prefix):])
	return k, err == nil
}

// A news is what the world changes before a tick: V[I] = To.
type news struct {
	I  int
	To int8
}

// svRun is what an agent did: each tick's status, its events and the
// memory after it.
type svRun struct {
	Ticks    []string
	Events   []string
	Memories []svMem
}

// render writes an event down whole: its plan's report with its
// rejections, trials and tallies, a decision with its candidates.
func render(e *bt.Event) string {
	s := fmt.Sprintf("%d %v %v %s %v %v %v %q", e.Tick, e.Time, e.Kind, e.Path, e.Status, e.Check, e.AtBegin, e.Reason)
	if e.Plan != nil {
		s += fmt.Sprintf(" %+v", *e.Plan)
	}
	if e.Decision != nil {
		s += fmt.Sprintf(" %+v", *e.Decision)
	}
	return s
}

// play runs the schedule on an agent of the spec's tree, from its start,
// with a preview before tick i when previews[i] is set; after tick i it
// saves the agent when saves[i] is set (in the JSON form when asJSON[i]
// is), and goes on with a fresh agent of a tree built afresh restored
// from the save, on a copy of the memory.
func (s *svSpec) play(t *rapid.T, schedule [][]news, previews, saves, asJSON []bool) svRun {
	var run svRun
	tracer := bt.TracerFunc(func(e *bt.Event) { run.Events = append(run.Events, render(e)) })
	tree, err := s.tree()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	agent.SetTracer(tracer)
	m := s.Start
	for i, ns := range schedule {
		for _, n := range ns {
			m.V[n.I] = n.To
		}
		if previews[i] {
			p, err := agent.Preview(&m, 100*time.Millisecond)
			run.Events = append(run.Events, fmt.Sprintf("preview %v %v", p.Path, err))
		}
		st, err := agent.Tick(&m, 100*time.Millisecond)
		run.Ticks = append(run.Ticks, fmt.Sprint(st, err))
		run.Memories = append(run.Memories, m)
		if !saves[i] {
			continue
		}
		agent = s.resume(t, agent, asJSON[i])
		agent.SetTracer(tracer)
	}
	return run
}

// resume saves agent a and restores the save into a fresh agent of a
// tree built afresh, checking that saving that agent gives the same
// bytes.
func (s *svSpec) resume(t *rapid.T, a *bt.Agent[svMem], asJSON bool) *bt.Agent[svMem] {
	save, restore := a.MarshalBinary, (*bt.Agent[svMem]).UnmarshalBinary
	if asJSON {
		save, restore = a.MarshalJSON, (*bt.Agent[svMem]).UnmarshalJSON
	}
	data, err := save()
	if err != nil {
		t.Fatalf("save: %v", err)
	}
	tree, err := s.tree()
	if err != nil {
		t.Fatal(err)
	}
	b, err := tree.NewAgent(2)
	if err != nil {
		t.Fatal(err)
	}
	if err := restore(b, data); err != nil {
		t.Fatalf("restore: %v\n%s", err, data)
	}
	again, err := b.MarshalBinary()
	if asJSON {
		again, err = b.MarshalJSON()
	}
	if err != nil || !bytes.Equal(again, data) {
		t.Fatalf("saving the restored agent: %v\n%s\nwhere the agent saved gave\n%s", err, again, data)
	}
	return b
}

func TestSavedAgentGoesOnAsItWould(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		spec := drawSpec(t)
		ticks := 16
		schedule := make([][]news, ticks)
		previews, saves, asJSON := make([]bool, ticks), make([]bool, ticks), make([]bool, ticks)
		for i := range ticks {
			for range rapid.IntRange(0, 1).Draw(t, "news") {
				schedule[i] = append(schedule[i], news{I: rapid.IntRange(0, 3).Draw(t, "at"),
					To: int8(rapid.IntRange(-1, 2).Draw(t, "to"))})
			}
			previews[i] = rapid.IntRange(0, 3).Draw(t, "preview") == 0
			saves[i] = rapid.IntRange(0, 2).Draw(t, "save") == 0
			asJSON[i] = rapid.Bool().Draw(t, "json")
		}
		alone := spec.play(t, schedule, previews, make([]bool, ticks), asJSON)
		resumed := spec.play(t, schedule, previews, saves, asJSON)
		if diff := cmp.Diff(alone, resumed); diff != "" {
			t.Fatalf("saved after ticks %v (JSON %v), the agent went on otherwise (-alone +resumed):\n%s",
				saves, asJSON, diff)
		}
	})
}
