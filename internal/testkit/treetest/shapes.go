package treetest

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/testkit/contract"
	"github.com/foresight-bt/foresight/utility"
)

// A Shape describes a random tree that can be built any number of times,
// so two trees built alike can be compared.
type Shape struct {
	Kind     string
	Children []*Shape
	Script   []bt.Status // actions: statuses for Begin, then Updates
	Effect   int         // actions: the predicted effect; conditions: the test
	Weight   float64     // children of random selectors
	Option   int         // which option set a composite or decorator gets
	Guards   []int       // constraints attached, by kind
	Skip     int         // their skip options
}

// The kinds of node a Shape can be.
var (
	leafKinds      = []string{"action", "condition"}
	compositeKinds = []string{"sequence", "reactive-sequence", "selector", "random", "parallel", "priority", "reactive-priority", "ifelse", "utility"}
	decoratorKinds = []string{"invert", "force-success", "force-failure", "repeat", "until-failure", "retry",
		"timeout", "delay", "floor", "fakesim", "goal"}
	guardKinds = 8
)

var effects = []func(*Mem){Nothing, Shine, HitFoe(1), HitFoe(3), Hurt(1), Heal(2), dropShield}

func dropShield(m *Mem) { m.Shield = 0; m.Sim++ }

// DrawShape draws a random tree of at most the given depth.
func DrawShape(t *rapid.T, depth int) *Shape { return drawShape(t, depth, "root") }

func drawShape(t *rapid.T, depth int, label string) *Shape {
	kinds := leafKinds
	if depth > 0 {
		kinds = append(append(append([]string(nil), leafKinds...), compositeKinds...), decoratorKinds...)
	}
	s := &Shape{Kind: rapid.SampledFrom(kinds).Draw(t, label+".kind")}
	if rapid.IntRange(0, 3).Draw(t, label+".guarded") == 0 {
		s.Guards = rapid.SliceOfN(rapid.IntRange(0, guardKinds-1), 1, 2).Draw(t, label+".guards")
		s.Skip = rapid.IntRange(0, 3).Draw(t, label+".skip")
	}
	s.Option = rapid.IntRange(0, 3).Draw(t, label+".option")
	switch {
	case s.Kind == "action":
		s.Script = rapid.SliceOfN(rapid.SampledFrom([]bt.Status{bt.Running, bt.Success, bt.Failure}), 1, 4).Draw(t, label+".script")
		s.Effect = rapid.IntRange(0, len(effects)-1).Draw(t, label+".effect")
	case s.Kind == "condition":
		s.Effect = rapid.IntRange(0, 2).Draw(t, label+".test")
	default:
		n := 1
		if isComposite(s.Kind) {
			n = rapid.IntRange(1, 4).Draw(t, label+".n")
		}
		if s.Kind == "ifelse" {
			n = rapid.IntRange(1, 2).Draw(t, label+".n")
		}
		for i := 0; i < n; i++ {
			c := drawShape(t, depth-1, label+".c"+strconv.Itoa(i))
			if s.Kind == "random" {
				c.Weight = rapid.SampledFrom([]float64{0, 0.5, 1, 3}).Draw(t, label+".w"+strconv.Itoa(i))
			}
			s.Children = append(s.Children, c)
		}
	}
	return s
}

func isComposite(kind string) bool {
	for _, k := range compositeKinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Def describes the shape as a node named name; actions record under
// their path, which is unique.
func (s *Shape) Def(rec *Recorder, name, path string) bt.Def[Mem] {
	return s.DefWith(rec, name, path, nil)
}

// DefWith is Def passing each node's Def, children and all, through
// edit, if set, on its way up: a fuzzer slips misuse into a well-formed
// tree.
func (s *Shape) DefWith(rec *Recorder, name, path string, edit func(bt.Def[Mem]) bt.Def[Mem]) bt.Def[Mem] {
	var b bt.Builder[Mem]
	var d bt.Def[Mem]
	switch s.Kind {
	case "action":
		opts := [][]bt.Option{nil, {bt.Cosmetic()}, {bt.CosmeticWhileRunning()}, nil}[s.Option]
		d = b.Do(name, Act(rec, path, effects[s.Effect], s.Script...), opts...)
	case "condition":
		d = b.Condition(name, []func(*Mem) bool{
			func(*Mem) bool { return true },
			func(m *Mem) bool { return m.Foe > 5 },
			func(m *Mem) bool { return m.HP%2 == 0 },
		}[s.Effect])
	default:
		kids := make([]bt.Def[Mem], len(s.Children))
		for i, c := range s.Children {
			child := "n" + strconv.Itoa(i)
			kids[i] = c.DefWith(rec, child, path+"/"+child, edit)
			if s.Kind == "random" {
				kids[i] = kids[i].With(bt.Weight(c.Weight))
			}
		}
		if isComposite(s.Kind) {
			d = s.composite(name, kids)
		} else {
			d = b.Decorate(name, s.decorator(), kids[0])
		}
	}
	for _, g := range s.Guards {
		d = d.Constrain(guard(g, s.Skip))
	}
	if edit != nil {
		d = edit(d)
	}
	return d
}

// composite describes the shape's composite over kids.
func (s *Shape) composite(name string, kids []bt.Def[Mem]) bt.Def[Mem] {
	var b bt.Builder[Mem]
	parts := func(opts []bt.Option) []bt.Part {
		ps := make([]bt.Part, 0, len(opts)+len(kids))
		for _, o := range opts {
			ps = append(ps, o)
		}
		for _, k := range kids {
			ps = append(ps, k)
		}
		return ps
	}
	sequence := [][]bt.Option{nil, {bt.AllowFailure()}, {bt.MinOutcome(heuristic.Harmful)}, {bt.Loop()}}[s.Option]
	switch s.Kind {
	case "sequence":
		return b.Sequence(name, parts(sequence)...)
	case "reactive-sequence":
		return b.ReactiveSequence(name, parts(sequence)...)
	case "reactive-priority":
		return b.ReactivePriority(name, kids...)
	case "selector", "random":
		opts := [][]bt.Option{nil, {bt.Replan(0)}, {bt.Replan(150 * time.Millisecond), bt.Debounce()}, {bt.AllowNegative(), bt.Replan(0)}}[s.Option]
		if s.Kind == "random" {
			return b.RandomSelector(name, parts(opts)...)
		}
		if s.Option == 3 {
			opts = append(opts, bt.PreferFirst())
		}
		return b.Selector(name, parts(opts)...)
	case "parallel":
		return b.Parallel(name, parts([][]bt.Option{nil, {bt.SucceedOnOne()}, {bt.FailOnOne()},
			{bt.SucceedOnOne(), bt.FailOnOne()}}[s.Option])...)
	case "priority":
		return b.Priority(name, kids...)
	case "utility":
		return s.utility(name, kids)
	default:
		return b.IfElse(name, func(m *Mem) bool { return m.Foe%2 == 0 }, kids[0], kids[1:]...)
	}
}

// The inputs of the random utility nodes' considerations.
var (
	foeInput = utility.Input[Mem]{Name: "foe", Read: func(m *Mem) float64 { return float64(m.Foe) }}
	hpInput  = utility.Input[Mem]{Name: "hp", Read: func(m *Mem) float64 { return float64(m.HP) }}
)

// utility describes the shape's utility node over kids: each way it
// picks (by score alone, with a bonus beside the running option, drawn
// among the best with a margin, or by each child's prediction, ranked by
// outcome first), its children scored by considerations of the foe and
// of its own hit points, each child by a measure of its own.
func (s *Shape) utility(name string, kids []bt.Def[Mem]) bt.Def[Mem] {
	var sel utility.Selector[Mem]
	var opts []bt.Option
	switch s.Option {
	case 1:
		sel.Bonus, opts = 0.1, []bt.Option{bt.Replan(0)}
	case 2:
		sel.Random, sel.Within, sel.Margin, opts = true, 0.3, 0.05, []bt.Option{bt.Replan(150 * time.Millisecond)}
	case 3:
		sel.Foresee = &utility.Measure[Mem]{Weight: 1, Considerations: []utility.Consideration[Mem]{
			foeInput.Over(0, 12, utility.Linear(-1, 1))}} // a world worth more the weaker the foe
		sel.ByOutcome, sel.Minimum, opts = true, 0.05, []bt.Option{bt.Replan(0)}
	}
	options := make([]utility.Option[Mem], len(kids))
	for i, k := range kids {
		switch i % 3 {
		case 0:
			options[i] = utility.Consider(k, foeInput.Over(0, 12, utility.Logistic(8, 0.4)))
		case 1:
			options[i] = utility.Consider(k, hpInput.Over(0, 14, utility.Linear(-1, 1)),
				foeInput.Over(0, 12, utility.Step(0.3, 0.2, 1)))
		default:
			options[i] = utility.Option[Mem]{Node: k, Measure: utility.Measure[Mem]{Weight: 0.5, Sum: true,
				Considerations: []utility.Consideration[Mem]{
					hpInput.Over(0, 14, utility.Points(0, 0, 0.5, 1, 1, 0.2)),
					foeInput.Over(0, 12, utility.Polynomial(2, 1, 0, 0)).Weighted(2)}}}
		}
	}
	return utility.Select(name, sel, options...).With(opts...)
}

func (s *Shape) decorator() bt.Decorator[Mem] {
	n := s.Option + 1
	d := time.Duration(n) * 100 * time.Millisecond
	switch s.Kind {
	case "invert":
		return decorators.Invert[Mem]()
	case "force-success":
		return decorators.ForceSuccess[Mem]()
	case "force-failure":
		return decorators.ForceFailure[Mem]()
	case "repeat":
		return decorators.Repeat[Mem](n)
	case "until-failure":
		return decorators.UntilFailure[Mem]()
	case "retry":
		return decorators.Retry[Mem](n)
	case "timeout":
		return decorators.Timeout[Mem](d)
	case "delay":
		return decorators.Delay[Mem](d)
	case "floor":
		return decorators.Floor[Mem](heuristic.Outcome(3 + s.Option))
	case "fakesim":
		f := decorators.Fake[Mem]{
			Edit:  dropShield,
			After: s.Option%2 == 1,
			Floor: heuristic.Outcome(s.Option * 2),
			Restore: func(before, after *Mem) {
				if s.Option == 3 {
					after.HP = before.HP
				}
			},
		}
		switch s.Option {
		case 1:
			f.Gate = constraints.Chance[Mem](0.5)
		case 2:
			f.Gate = constraints.Func("foe odd", func(m *Mem) bool { return m.Foe%2 == 1 })
		}
		return decorators.FakeSim(f)
	}
	return decorators.Goal[Mem](heuristic.Func[Mem](func(b, a *Mem) heuristic.Outcome {
		switch {
		case a.Shine > b.Shine:
			return heuristic.Urgent
		case a.Foe < b.Foe:
			return heuristic.Harmful // this subtree's goal: spare the foe
		}
		return heuristic.Irrelevant
	}))
}

// guard returns a constraint of the given kind, which reads the memory,
// the clock or the roll.
func guard(kind, skip int) bt.Constraint[Mem] {
	opts := [][]constraints.Option{nil, {constraints.SkipWhileRunning()}, {constraints.SkipWhileSimulating()},
		{constraints.SkipWhileRunning(), constraints.SkipWhileSimulating()}}[skip]
	foeLeft := constraints.Func("foe not divisible by 3", func(m *Mem) bool { return m.Foe%3 != 0 }, opts...)
	switch kind {
	case 0:
		return foeLeft
	case 1:
		return constraints.Not(foeLeft, opts...)
	case 2:
		return constraints.All(foeLeft, constraints.Chance[Mem](0.7, opts...))
	case 3:
		return constraints.Any(constraints.Func("hp even", func(m *Mem) bool { return m.HP%2 == 0 }), foeLeft)
	case 4:
		return constraints.Cooldown[Mem](300*time.Millisecond, opts...)
	case 5:
		return constraints.Window("foe timer", func(m *Mem) time.Duration { return time.Duration(m.Foe) * 100 * time.Millisecond },
			200*time.Millisecond, 900*time.Millisecond, opts...)
	case 6:
		return constraints.Chance[Mem](0.5, opts...)
	}
	return constraints.From("healthy is done", func(_ bt.Situation, m *Mem) (bt.Check, string) {
		if m.HP > 12 {
			return bt.Done, "healthy"
		}
		return bt.Pass, ""
	}, opts...)
}

// Recover is the tests' model of time passing: the foe recovers a hit
// point every 200 ms. It marks the memory as simulated.
func Recover(m *Mem, dt time.Duration) {
	m.Foe += int(dt / (200 * time.Millisecond))
	m.Sim++
}

// A Step is one thing a run does to a tree.
type Step struct {
	Halt, Preview bool
	DT            time.Duration
	Foe, HP       int // the live memory changes, to make choices move
}

// DrawSteps draws a run. Most time steps are ordinary; some are zero,
// negative (which a tree must refuse, changing nothing) or huge.
func DrawSteps(t *rapid.T) []Step {
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) Step {
		dt := time.Duration(rapid.IntRange(0, 200).Draw(t, "dt")) * time.Millisecond
		switch rapid.IntRange(0, 19).Draw(t, "hostile") {
		case 0:
			dt = -time.Duration(rapid.IntRange(1, 1000).Draw(t, "back")) * time.Millisecond
		case 1:
			dt = time.Duration(rapid.IntRange(1, 1000).Draw(t, "hours")) * time.Hour
		case 2:
			dt = 0
		}
		return Step{
			Halt:    rapid.IntRange(0, 9).Draw(t, "halt") == 0,
			Preview: rapid.IntRange(0, 4).Draw(t, "preview") == 0,
			DT:      dt,
			Foe:     rapid.IntRange(0, 12).Draw(t, "foe"),
			HP:      rapid.IntRange(1, 14).Draw(t, "hp"),
		}
	}), 1, 30).Draw(t, "steps")
}

// T is what Run needs of a test: *testing.T and *rapid.T both have it.
type T interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Run builds the shape, plays the steps and halts, checking at every step
// that previews act on nothing, that a preview followed by a tick with the
// same memory and step plans what the tick does (see CheckPlanIsAct),
// that predictions never reach live memory, that every verdict is a valid
// outcome and that negative steps are refused. It returns the tree's
// nodes, its trace and the actions' log.
func Run(t T, s *Shape, seed uint64, steps []Step) (nodes []bt.NodeInfo, trace, log []string) {
	t.Helper()
	rec := &Recorder{}
	built, err := bt.Build(Config(), s.Def(rec, "root", "root"))
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return RunTree(t, built, rec, seed, steps)
}

// Config is the configuration of the trees Run builds.
func Config() bt.Config[Mem] { return bt.Config[Mem]{Heuristic: Goal, Model: Recover} }

// RunTree is Run for a tree built already (with Config), whose actions
// record to rec.
func RunTree(t T, built *bt.Tree[Mem], rec *Recorder, seed uint64, steps []Step) (nodes []bt.NodeInfo, trace, log []string) {
	t.Helper()
	tl := &TraceLog{}
	tree, err := built.NewAgent(seed)
	if err != nil {
		t.Fatalf("NewAgent: %v", err)
	}
	tree.SetTracer(tl)
	nodes = built.Nodes()
	m := Mem{HP: 10, Shield: 1}
	for _, st := range steps {
		m.Foe, m.HP = st.Foe, st.HP
		var plan *bt.Preview
		if st.Preview {
			plan = previewActsOnNothing(t, tree, &m, st.DT, rec, tl)
		}
		switch {
		case st.Halt:
			if err := tree.Halt(&m); err != nil {
				t.Fatalf("Halt: %v", err)
			}
		case st.DT < 0:
			tickRefused(t, tree, &m, st.DT, rec, tl)
		default:
			running, before := Running(tl.Lines), len(tl.Lines)
			if _, err := tree.Tick(&m, st.DT); err != nil {
				t.Fatalf("Tick(%v): %v", st.DT, err)
			}
			if plan != nil {
				CheckPlanIsAct(t, *plan, nodes, running, tl.Lines[before:])
			}
		}
		if m.Sim != 0 {
			t.Fatalf("a prediction reached live memory: Sim = %d (%+v)", m.Sim, m)
		}
	}
	if err := tree.Halt(&m); err != nil {
		t.Fatalf("final Halt: %v", err)
	}
	return nodes, tl.Lines, rec.Log
}

// Running returns the nodes a trace (TraceLog lines) leaves running.
func Running(trace []string) map[string]bool { return contract.Running(events(trace)) }

// events parses TraceLog lines back into the events the shared checks of
// package contract read.
func events(trace []string) []contract.Event {
	out := make([]contract.Event, 0, len(trace))
	for _, line := range trace {
		kind, rest, _ := strings.Cut(line, " ")
		switch kind {
		case "begin":
			out = append(out, contract.Event{Kind: bt.EventBegin, Path: rest})
		case "end": // "end a/b c Success": paths may hold spaces
			i := strings.LastIndex(rest, " ")
			out = append(out, contract.Event{Kind: bt.EventEnd, Path: rest[:i], Status: statusNamed[rest[i+1:]]})
		case "decision":
			out = append(out, contract.Event{Kind: bt.EventDecision, Decision: rest})
		case "constraint":
			out = append(out, contract.Event{Kind: bt.EventConstraint, Reason: rest})
		case "plan":
			out = append(out, contract.Event{Kind: bt.EventPlan, Reason: rest})
		default:
			out = append(out, contract.Event{Kind: bt.EventFault, Reason: rest})
		}
	}
	return out
}

var statusNamed = map[string]bt.Status{"Running": bt.Running, "Success": bt.Success, "Failure": bt.Failure}

// CheckPlanIsAct checks the promise of Agent.Preview against the trace of
// the tick that followed it (see contract.PlanIsAct). The memory may
// change only through actions, whose updates are not traced: the test
// memory's heuristic never reads what an Update writes.
func CheckPlanIsAct(t T, p bt.Preview, nodes []bt.NodeInfo, running map[string]bool, tick []string) {
	t.Helper()
	if err := contract.PlanIsAct(p, nodes, running, events(tick)); err != nil {
		t.Fatalf("%v", err)
	}
}

// tickRefused checks that a negative step is refused and changes nothing.
func tickRefused(t T, tree *bt.Agent[Mem], m *Mem, dt time.Duration, rec *Recorder, tl *TraceLog) {
	t.Helper()
	before, now, ticks, logged, traced := *m, tree.Now(), tree.Ticks(), len(rec.Log), len(tl.Lines)
	if s, err := tree.Tick(m, dt); s != bt.Failure || !errors.Is(err, bt.ErrNegativeStep) {
		t.Fatalf("Tick(%v) = %v, %v; want Failure and ErrNegativeStep", dt, s, err)
	}
	if *m != before || tree.Now() != now || tree.Ticks() != ticks || len(rec.Log) != logged || len(tl.Lines) != traced {
		t.Fatalf("a refused Tick(%v) changed something", dt)
	}
}

// previewActsOnNothing previews the tick to come and checks that it
// changed nothing; a negative step must be refused.
func previewActsOnNothing(t T, tree *bt.Agent[Mem], m *Mem, dt time.Duration, rec *Recorder, tl *TraceLog) *bt.Preview {
	t.Helper()
	before, logged, traced, now := *m, len(rec.Log), len(tl.Lines), tree.Now()
	p, err := tree.Preview(m, dt)
	if dt < 0 {
		if !errors.Is(err, bt.ErrNegativeStep) {
			t.Fatalf("Preview(%v): %v, want ErrNegativeStep", dt, err)
		}
		return nil
	}
	if err != nil {
		t.Fatalf("Preview: %v", err)
	}
	if tree.Now() != now {
		t.Fatalf("Preview moved the clock from %v to %v", now, tree.Now())
	}
	if diff := cmp.Diff(before, *m); diff != "" {
		t.Fatalf("Preview changed live memory (-before +after):\n%s", diff)
	}
	if len(rec.Log) != logged || len(tl.Lines) != traced {
		t.Fatalf("Preview called live methods: %v / %v", rec.Log[logged:], tl.Lines[traced:])
	}
	if !p.Verdict.Outcome.Valid() {
		t.Fatalf("Preview verdict %v is not a valid outcome", p.Verdict)
	}
	for _, d := range p.Decisions {
		for _, c := range d.Candidates {
			if !c.Verdict.Outcome.Valid() {
				t.Fatalf("%s: candidate %s has invalid outcome %v", d.Selector, c.Name, c.Verdict)
			}
		}
	}
	return &p
}

// CheckLifeCycle checks a run's trace (TraceLog lines) and the actions'
// log against the tree's nodes: every Begin is matched by exactly one End,
// a node ends only after its descendants, outside parallels a parent runs
// one child at a time, nothing is left running, and the actions' own
// records, if any, agree.
func CheckLifeCycle(t T, nodes []bt.NodeInfo, trace, log []string) {
	t.Helper()
	if err := contract.LifeCycle(nodes, events(trace)); err != nil {
		t.Fatalf("%v", err)
	}
	began := map[string]bool{}
	for _, l := range log {
		i := strings.LastIndex(l, ".")
		who, what := l[:i], l[i+1:]
		switch {
		case what == "begin":
			if began[who] {
				t.Fatalf("action %s began twice: %v", who, log)
			}
			began[who] = true
		case strings.HasPrefix(what, "end"):
			if !began[who] {
				t.Fatalf("action %s ended without Begin: %v", who, log)
			}
			began[who] = false
		case what == "update" && !began[who]:
			t.Fatalf("action %s updated while not running: %v", who, log)
		}
	}
}
