package bt_test

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

func TestHaltEndsDeepestFirst(t *testing.T) {
	rec, trace := &recorder{}, &traceLog{}
	n := bt.New[mem]()
	tree := mustAgent(t, bt.Config[mem]{Heuristic: goal},
		n.Sequence("root",
			n.Parallel("both",
				n.Do("a", act(rec, "a", nil, R)),
				n.Sequence("inner",
					n.Do("b", act(rec, "b", shine, R)),
				),
			),
		), 0, trace)
	m := mem{}
	tickN(t, tree, &m, 1)
	trace.Lines = nil
	if err := tree.Halt(&m); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"end root/both/a Running",
		"end root/both/inner/b Running",
		"end root/both/inner Running",
		"end root/both Running",
		"end root Running",
	}
	if diff := cmp.Diff(want, trace.Lines); diff != "" {
		t.Errorf("halt order (-want +got):\n%s", diff)
	}
	if tree.Running() {
		t.Error("tree still running after Halt")
	}
	trace.Lines = nil
	if err := tree.Halt(&m); err != nil || len(trace.Lines) != 0 {
		t.Errorf("second Halt: err %v, events %v; want nothing", err, trace.Lines)
	}
	rec.Take()
	tickN(t, tree, &m, 1)
	if got := rec.Take(); !cmp.Equal(got, []string{"a.begin", "b.begin"}) {
		t.Errorf("after Halt the tree should begin afresh, log %v", got)
	}
}

func TestConstraintsLive(t *testing.T) {
	tests := []struct {
		name   string
		check  func(s bt.Situation) bt.Check
		script []bt.Status
		ticks  int
		want   []bt.Status
		log    []string
		trace  []string
	}{{
		name:   "Fail at Begin: the node never begins",
		check:  func(bt.Situation) bt.Check { return bt.Fail },
		script: []bt.Status{S},
		ticks:  1,
		want:   []bt.Status{F},
		trace:  []string{"constraint x Fail why (at Begin)"},
	}, {
		name:   "Done at Begin: success without running",
		check:  func(bt.Situation) bt.Check { return bt.Done },
		script: []bt.Status{S},
		ticks:  1,
		want:   []bt.Status{S},
		trace:  []string{"constraint x Done why (at Begin)"},
	}, {
		name: "Fail while running interrupts the node, and its parent sees Failure",
		check: func(s bt.Situation) bt.Check {
			if s.Running {
				return bt.Fail
			}
			return bt.Pass
		},
		script: []bt.Status{R},
		ticks:  2,
		want:   []bt.Status{R, F},
		log:    []string{"x.begin", "x.end(Running)"},
		trace:  []string{"begin x", "constraint x Fail why", "end x Running"},
	}, {
		name: "Done while running interrupts the node, and its parent sees Success",
		check: func(s bt.Situation) bt.Check {
			if s.Running {
				return bt.Done
			}
			return bt.Pass
		},
		script: []bt.Status{R},
		ticks:  2,
		want:   []bt.Status{R, S},
		log:    []string{"x.begin", "x.end(Running)"},
		trace:  []string{"begin x", "constraint x Done why", "end x Running"},
	}}
	n := bt.New[mem]()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, trace := &recorder{}, &traceLog{}
			c := fn(func(s bt.Situation, _ *mem) (bt.Check, string) { return tt.check(s), "why" })
			tree := mustAgent(t, bt.Config[mem]{}, n.Do("x", act(rec, "x", nil, tt.script...)).Constrain(c), 0, trace)
			got := tickN(t, tree, &mem{}, tt.ticks)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("statuses (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.log, rec.Take()); diff != "" {
				t.Errorf("log (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.trace, trace.Lines); diff != "" {
				t.Errorf("trace (-want +got):\n%s", diff)
			}
		})
	}
}

// Fail wins over Done, whatever the order the constraints were attached in.
func TestConstraintFailBeatsDone(t *testing.T) {
	done := fn(func(bt.Situation, *mem) (bt.Check, string) { return bt.Done, "done" })
	fail := fn(func(bt.Situation, *mem) (bt.Check, string) { return bt.Fail, "fail" })
	rec := &recorder{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{}, n.Do("x", act(rec, "x", nil)).Constrain(done, fail))
	if got := tickN(t, tree, &mem{}, 1)[0]; got != F {
		t.Errorf("status = %v, want Failure", got)
	}
}

func TestConstraintsSimulate(t *testing.T) {
	n := bt.New[mem]()
	for _, tt := range []struct {
		check bt.Check
		want  heuristic.Verdict
	}{
		{bt.Pass, heuristic.Verdict{Outcome: heuristic.Beneficial, Reason: "hit foe"}},
		{bt.Done, heuristic.Verdict{Outcome: heuristic.Irrelevant, Reason: "otherwise"}},
		{bt.Fail, heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "why"}},
	} {
		var saw bt.Situation
		c := fn(func(s bt.Situation, _ *mem) (bt.Check, string) { saw = s; return tt.check, "why" })
		tree := mustBuild(t, bt.Config[mem]{Heuristic: goal}, n.Do("x", act(&recorder{}, "x", hitFoe(1))).Constrain(c))
		p, err := tree.Preview(&mem{Foe: 5}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Verdict != tt.want {
			t.Errorf("%v: verdict = %v, want %v", tt.check, p.Verdict, tt.want)
		}
		if roll := saw.Roll(); !saw.Simulating || saw.Running || roll <= 0 || roll >= 1 {
			t.Errorf("%v: situation = %+v, roll %v; want simulating, not running, with a roll of the agent's numbers", tt.check, saw, roll)
		}
	}
}

// The situation tells a constraint when its node last ran, on the tree
// clock, which is what cooldowns are made of.
func TestSituationTracksRuns(t *testing.T) {
	var seen []bt.Situation
	c := fn(func(s bt.Situation, _ *mem) (bt.Check, string) { seen = append(seen, s); return bt.Pass, "" })
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{}, n.Do("x", act(&recorder{}, "x", nil, R, S)).Constrain(c))
	tickN(t, tree, &mem{}, 3) // begin, update→success, begin again
	if len(seen) != 3 {
		t.Fatalf("constraint checked %d times, want 3", len(seen))
	}
	if _, ran := seen[0].SinceLastRun(); ran || seen[0].Running {
		t.Errorf("first check: %+v, want never run, not running", seen[0])
	}
	if !seen[1].Running {
		t.Errorf("second check: %+v, want running", seen[1])
	}
	since, ok := seen[2].SinceLastRun()
	if lastEnd := seen[2].Now - since; !ok || since != 100*time.Millisecond || lastEnd != 200*time.Millisecond {
		t.Errorf("third check: since %v (%v), last end %v; want 100ms after it ended at 200ms", since, ok, lastEnd)
	}
}

// panicky panics in the method named by where.
type panicky struct {
	where string
	ends  int
}

func (p *panicky) Begin(*mem) bt.Status {
	if p.where == "Begin" {
		panic("boom")
	}
	return bt.Running
}

func (p *panicky) Update(*mem, time.Duration) bt.Status {
	if p.where == "Update" {
		panic("boom")
	}
	return bt.Running
}

func (p *panicky) End(*mem, bt.Status) {
	p.ends++
	if p.where == "End" {
		panic("boom")
	}
}

func (p *panicky) Simulate(*bt.Sim[mem], *mem) {
	if p.where == "Simulate" {
		panic("boom")
	}
}

// A panic abandons the tick: the node that panicked is ended with Failure
// and quarantined, the rest is halted, and from the next tick the agent
// works around the broken node.
func TestPanicQuarantinesTheNode(t *testing.T) {
	n := bt.New[mem]()
	for _, where := range []string{"Begin", "Update", "End", "Simulate"} {
		t.Run(where, func(t *testing.T) {
			rec, trace := &recorder{}, &traceLog{}
			p := &panicky{where: where}
			tree := mustAgent(t, bt.Config[mem]{Heuristic: goal},
				n.Selector("root", bt.Replan(0),
					n.Do("bad", p, bt.Cosmetic()),
					n.Do("good", act(rec, "good", nil, R), bt.Cosmetic()),
				), 0, trace)
			m := mem{}
			var errs []error
			var statuses []bt.Status
			for i := 0; i < 4; i++ {
				s, err := tree.Tick(&m, time.Millisecond)
				statuses = append(statuses, s)
				if err != nil {
					errs = append(errs, err)
				}
				if i == 1 { // lets End run for the End case
					if err := tree.Halt(&m); err != nil {
						errs = append(errs, err)
					}
				}
			}
			if len(errs) != 1 {
				t.Fatalf("errors = %v, want exactly one", errs)
			}
			var pe *bt.PanicError
			if !errors.As(errs[0], &pe) || pe.Path != "root/bad" || pe.Method != where || pe.Value != "boom" {
				t.Fatalf("error = %#v, want a *PanicError for root/bad in %s", errs[0], where)
			}
			if !strings.Contains(pe.Error(), "root/bad: panic in "+where+": boom") {
				t.Errorf("message %q", pe.Error())
			}
			if where != "End" && p.ends != 1 && where != "Simulate" {
				t.Errorf("bad was ended %d times, want once", p.ends)
			}
			log := rec.Take()
			if len(log) == 0 || log[len(log)-1] != "good.update" {
				t.Errorf("the agent did not work around the broken node: %v (statuses %v)", log, statuses)
			}
			plan, err := tree.Preview(&m, 0)
			if err != nil {
				t.Fatal(err)
			}
			if got := plan.Decisions[0].Candidates[0].Verdict.Reason; got != "quarantined after a panic" {
				t.Errorf("bad now simulates as %q", got)
			}
			if !strings.Contains(joined(trace.Lines), "fault root/bad root/bad: panic in "+where) {
				t.Errorf("no fault event in trace:\n%s", joined(trace.Lines))
			}
		})
	}
}

// A Begin that panics still gets its End, keeping the pairing.
func TestPanicInBeginStillEnds(t *testing.T) {
	p := &panicky{where: "Begin"}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{}, n.Do("bad", p))
	s, err := tree.Tick(&mem{}, 0)
	if s != bt.Failure || err == nil {
		t.Errorf("Tick = %v, %v; want Failure and an error", s, err)
	}
	if p.ends != 1 {
		t.Errorf("End called %d times, want 1", p.ends)
	}
}

// prompt is an action that finishes at once, and may panic in Begin or
// End.
type prompt struct {
	where        string
	begins, ends int
	status       bt.Status
	endedWith    bt.Status
}

func (q *prompt) Begin(*mem) bt.Status {
	q.begins++
	if q.where == "Begin" {
		panic("boom")
	}
	return q.status
}
func (q *prompt) Update(*mem, time.Duration) bt.Status { return q.status }
func (q *prompt) End(_ *mem, r bt.Status) {
	q.ends++
	q.endedWith = r
	if q.where == "End" {
		panic("boom")
	}
}
func (q *prompt) Simulate(*bt.Sim[mem], *mem) {}

// Actions that finish at once, which the engine begins and ends in place
// inside a sequence, keep the life cycle and the blame of a panic: End
// once per Begin, with the status Begin returned, and a panic pinned on
// the node and the method.
func TestActionsInPlace(t *testing.T) {
	n := bt.New[mem]()
	for _, where := range []string{"", "Begin", "End"} {
		for _, status := range []bt.Status{bt.Success, bt.Failure} {
			first, bad, last := &prompt{status: bt.Success}, &prompt{where: where, status: status}, &prompt{status: bt.Success}
			tree := mustBuild(t, bt.Config[mem]{},
				n.Sequence("root",
					n.Do("first", first),
					n.Sequence("inner",
						n.Do("bad", bad),
					),
					n.Do("last", last),
				))
			s, err := tree.Tick(&mem{}, 0)
			var pe *bt.PanicError
			switch {
			case where == "":
				if s != status || err != nil {
					t.Errorf("Tick = %v, %v; want %v", s, err, status)
				}
			case s != bt.Failure || !errors.As(err, &pe) || pe.Path != "root/inner/bad" || pe.Method != where:
				t.Errorf("panic in %s: Tick = %v, %v; want Failure and a panic of root/inner/bad in %s", where, s, err, where)
			default: // quarantined: the next tick fails it without beginning it
				if s, err := tree.Tick(&mem{}, 0); s != bt.Failure || err != nil || bad.begins != 1 {
					t.Errorf("quarantined: Tick = %v, %v, bad began %d times; want Failure, once", s, err, bad.begins)
				}
			}
			name := fmt.Sprintf("%s, %v", where, status)
			if first.begins != first.ends || bad.begins != bad.ends || last.begins != last.ends {
				t.Errorf("%s: begins and ends: first %d/%d, bad %d/%d, last %d/%d", name,
					first.begins, first.ends, bad.begins, bad.ends, last.begins, last.ends)
			}
			wantEnd := status
			if where == "Begin" {
				wantEnd = bt.Failure
			}
			if bad.endedWith != wantEnd {
				t.Errorf("%s: bad ended with %v, want %v", name, bad.endedWith, wantEnd)
			}
			if wantLast := where == "" && status == bt.Success; (last.begins > 0) != wantLast {
				t.Errorf("%s: last began %d times", name, last.begins)
			}
		}
	}
}

type badStatus struct{ noop }

func (b *badStatus) Begin(*mem) bt.Status { return 0 }

func TestInvalidStatusIsAFault(t *testing.T) {
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{},
		n.Sequence("s",
			n.Do("bad", &badStatus{}),
		))
	s, err := tree.Tick(&mem{}, 0)
	var ne *decide.Error
	if s != bt.Failure || !errors.As(err, &ne) || ne.Path != "s/bad" {
		t.Errorf("Tick = %v, %v; want Failure and a decide.Error for s/bad", s, err)
	}
	// A tracer changes nothing the agent does, the fault's words included.
	traced := mustBuild(t, bt.Config[mem]{},
		n.Sequence("s",
			n.Do("bad", &badStatus{}),
		))
	traced.SetTracer(bt.TracerFunc(func(*bt.Event) {}))
	if _, terr := traced.Tick(&mem{}, 0); terr == nil || err == nil || terr.Error() != err.Error() {
		t.Errorf("with a tracer: %v; without: %v", terr, err)
	}
}

func TestTickRefusesBadInput(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{}, n.Do("x", act(rec, "x", nil, R)))
	if _, err := tree.Tick(nil, 0); !errors.Is(err, bt.ErrNilMemory) {
		t.Errorf("nil memory: %v", err)
	}
	if _, err := tree.Tick(&mem{}, -time.Second); !errors.Is(err, bt.ErrNegativeStep) {
		t.Errorf("negative step: %v", err)
	}
	if tree.Now() != 0 || tree.Ticks() != 0 || len(rec.Log) != 0 {
		t.Errorf("refused ticks changed the tree: now %v, ticks %d, log %v", tree.Now(), tree.Ticks(), rec.Log)
	}
}

// reentrant ticks its own tree from inside Begin.
type reentrant struct {
	noop
	tree *bt.Agent[mem]
	err  error
}

func (r *reentrant) Begin(m *mem) bt.Status {
	_, r.err = r.tree.Tick(m, 0)
	return bt.Success
}

func TestReentrantTickIsRefused(t *testing.T) {
	r := &reentrant{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{}, n.Do("x", r))
	r.tree = tree
	if _, err := tree.Tick(&mem{}, 0); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(r.err, bt.ErrReentrant) {
		t.Errorf("inner tick: %v, want ErrReentrant", r.err)
	}
}

func TestSetHeuristicTakesEffectAtNextSimulation(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Selector("root",
			n.Do("strike", act(rec, "strike", hitFoe(1))),
			n.Do("pose", act(rec, "pose", shine)),
		))
	m := mem{Foe: 10}
	tickN(t, tree, &m, 1)
	vain := heuristic.Func[mem](func(b, a *mem) heuristic.Outcome {
		if a.Shine > b.Shine {
			return heuristic.Urgent
		}
		return heuristic.Cosmetic
	})
	tree.SetHeuristic(vain)
	tickN(t, tree, &m, 1)
	want := []string{"strike.begin", "strike.end(Success)", "pose.begin", "pose.end(Success)"}
	if diff := cmp.Diff(want, rec.Take()); diff != "" {
		t.Errorf("log (-want +got):\n%s", diff)
	}
}

// Previewing between ticks never changes what the ticks decide, even with
// random selectors drawing from the tree's source.
func TestPreviewDoesNotDisturbDecisions(t *testing.T) {
	run := func(preview bool) []string {
		trace := &traceLog{}
		b := bt.New[mem]()
		var kids []bt.Part
		for _, n := range []string{"a", "b", "c", "d"} {
			kids = append(kids, b.Do(n, act(&recorder{}, n, shine)))
		}
		tree := mustAgent(t, bt.Config[mem]{Heuristic: goal}, b.RandomSelector("pick", kids...), 7, trace)
		m := mem{}
		for i := 0; i < 20; i++ {
			if preview {
				if _, err := tree.Preview(&m, 0); err != nil {
					t.Fatal(err)
				}
			}
			tickN(t, tree, &m, 1)
		}
		return trace.Lines
	}
	if diff := cmp.Diff(run(false), run(true)); diff != "" {
		t.Errorf("previews changed the decisions (-without +with):\n%s", diff)
	}
}

func TestPreviewReportsPathAndDecisions(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Selector("root",
			n.Sequence("fight",
				n.Condition("foe?", func(m *mem) bool { return m.Foe > 0 }),
				n.Selector("how",
					n.Do("kick", act(rec, "kick", hitFoe(1))),
					n.Do("wave", act(rec, "wave", shine)),
				),
			),
			n.Do("idle", act(rec, "idle", shine)),
		))
	m := mem{Foe: 3}
	p, err := tree.Preview(&m, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Path, []string{"root", "root/fight", "root/fight/foe?"}; !cmp.Equal(got, want) {
		t.Errorf("path = %v, want %v", got, want)
	}
	var got []string
	for _, d := range p.Decisions {
		got = append(got, d.String())
	}
	// The tick decides at the root, on the path; the selector "how" is not
	// on it, since the path stops at the condition the tick runs first.
	want := []string{"root → fight (best outcome) [fight: Beneficial (hit foe), idle: Cosmetic (shine)]"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("decisions (-want +got):\n%s", diff)
	}
	if len(rec.Log) != 0 || m != (mem{Foe: 3}) {
		t.Errorf("Preview acted: log %v, memory %+v", rec.Log, m)
	}
}

func TestClockCannotOverflow(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{}, n.Do("x", act(rec, "x", nil, R)))
	m := mem{}
	if _, err := tree.Tick(&m, math.MaxInt64-time.Second); err != nil {
		t.Fatalf("a huge step: %v", err)
	}
	if _, err := tree.Tick(&m, 2*time.Second); !errors.Is(err, bt.ErrClockOverflow) {
		t.Errorf("an overflowing step: %v, want ErrClockOverflow", err)
	}
	if tree.Now() != math.MaxInt64-time.Second || tree.Ticks() != 1 {
		t.Errorf("the refused step changed the tree: now %v, ticks %d", tree.Now(), tree.Ticks())
	}
	if _, err := tree.Tick(&m, 0); err != nil {
		t.Errorf("a zero step: %v", err)
	}
}

// A Def changed after Build changes nothing in the tree built from it:
// not its children, their constraints or their options.
func TestDefAfterBuildChangesNothing(t *testing.T) {
	rec := &recorder{}
	n := bt.New[mem]()
	root := n.RandomSelector("r",
		n.Do("a", act(rec, "a", shine)).Constrain(foeVisible),
	)
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal}, root)
	before := tree.Tree().String()
	root.Children[0].Constraints[0] = fn(func(bt.Situation, *mem) (bt.Check, string) { return bt.Fail, "swapped" })
	root.Children[0] = root.Children[0].Constrain(foeVisible).With(bt.Weight(7))
	root.Children = append(root.Children, n.Do("late", act(rec, "late", nil)))
	if after := tree.Tree().String(); after != before {
		t.Errorf("the built tree changed:\n%s\nwas\n%s", after, before)
	}
	if n := tree.Tree().Nodes()[1]; len(n.Constraints) != 1 || n.Weight != 1 {
		t.Errorf("r/a: constraints %v, weight %v", n.Constraints, n.Weight)
	}
	if s := tickN(t, tree, &mem{Foe: 1}, 1)[0]; s != bt.Success || !cmp.Equal(rec.Take(), []string{"a.begin", "a.end(Success)"}) {
		t.Errorf("the built tree ran %v, not r/a under its own constraint", s)
	}
}
