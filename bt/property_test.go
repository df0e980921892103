package bt_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// shape describes a random tree that can be built any number of times,
// so determinism can be checked on two trees built alike.
type shape struct {
	kind     string // sequence, selector, random, parallel, priority, ifelse, action, condition
	children []*shape
	script   []bt.Status // actions: statuses for Begin, then Updates
	effect   int         // actions: which predicted effect
	weight   float64     // children of random selectors
	option   int         // which option set the composite gets
	gated    bool        // a constraint that reads the memory guards it
}

var effects = []func(*mem){nothing, shine, hitFoe(1), hitFoe(3), hurt(1), heal(2)}

func drawShape(t *rapid.T, depth int, label string) *shape {
	kinds := []string{"action", "condition"}
	if depth > 0 {
		kinds = append(kinds, "sequence", "selector", "random", "parallel", "priority", "ifelse")
	}
	s := &shape{kind: rapid.SampledFrom(kinds).Draw(t, label+".kind")}
	s.gated = rapid.IntRange(0, 4).Draw(t, label+".gated") == 0
	switch s.kind {
	case "action":
		s.script = rapid.SliceOfN(rapid.SampledFrom([]bt.Status{R, S, F}), 1, 4).Draw(t, label+".script")
		s.effect = rapid.IntRange(0, len(effects)-1).Draw(t, label+".effect")
	case "condition":
		s.effect = rapid.IntRange(0, 2).Draw(t, label+".cond")
	default:
		n := rapid.IntRange(1, 4).Draw(t, label+".n")
		if s.kind == "ifelse" {
			n = rapid.IntRange(1, 2).Draw(t, label+".n")
		}
		s.option = rapid.IntRange(0, 3).Draw(t, label+".option")
		for i := 0; i < n; i++ {
			c := drawShape(t, depth-1, label+"."+name("c", i))
			if s.kind == "random" {
				c.weight = rapid.SampledFrom([]float64{0, 0.5, 1, 3}).Draw(t, label+".w"+name("", i))
			}
			s.children = append(s.children, c)
		}
	}
	return s
}

// build adds the shape to b under the given name; actions log under their
// path, which is unique.
func (s *shape) build(b *bt.Builder[mem], rec *recorder, nodeName, path string) {
	switch s.kind {
	case "action":
		opts := [][]bt.LeafOption{nil, {bt.Cosmetic()}, {bt.CosmeticWhileRunning()}}[s.effect%3]
		b.Do(nodeName, act(rec, path, effects[s.effect], s.script...), opts...)
	case "condition":
		b.Condition(nodeName, []func(*mem) bool{
			func(*mem) bool { return true },
			func(m *mem) bool { return m.Foe > 5 },
			func(m *mem) bool { return m.HP%2 == 0 },
		}[s.effect])
	default:
		s.open(b)(nodeName)
		for i, c := range s.children {
			c.build(b, rec, name("n", i), path+"/"+name("n", i))
			if s.kind == "random" {
				b.Weight(c.weight)
			}
		}
		b.End()
	}
	if s.gated {
		b.Constrain(fn(func(_ bt.Situation, m *mem) (bt.Check, string) {
			if m.Foe%3 == 0 {
				return bt.Fail, "foe divisible by 3"
			}
			return bt.Pass, ""
		}))
	}
}

// open returns the builder call that opens the shape's composite.
func (s *shape) open(b *bt.Builder[mem]) func(string) {
	switch s.kind {
	case "sequence":
		opts := [][]bt.SequenceOption{nil, {bt.AllowFailure()}, {bt.MinOutcome(heuristic.Harmful)}, {bt.Loop()}}[s.option]
		return func(n string) { b.Sequence(n, opts...) }
	case "selector", "random":
		opts := [][]bt.SelectorOption{nil, {bt.Reselect(0)}, {bt.Reselect(150 * time.Millisecond), bt.Debounce()}, {bt.AllowNegative(), bt.Reselect(0)}}[s.option]
		if s.kind == "random" {
			return func(n string) { b.RandomSelector(n, opts...) }
		}
		if s.option == 3 {
			opts = append(opts, bt.PreferCurrent(false))
		}
		return func(n string) { b.Selector(n, opts...) }
	case "parallel":
		opts := [][]bt.ParallelOption{nil, {bt.SucceedOn(bt.RequireOne)}, {bt.FailOn(bt.RequireOne)}, {bt.SucceedOn(bt.RequireOne), bt.FailOn(bt.RequireOne)}}[s.option]
		return func(n string) { b.Parallel(n, opts...) }
	case "priority":
		return func(n string) { b.Priority(n) }
	}
	return func(n string) { b.IfElse(n, func(m *mem) bool { return m.Foe%2 == 0 }) }
}

// step is one thing a run does to a tree.
type step struct {
	halt, preview bool
	dt            time.Duration
	foe           int // the live memory's foe changes, to make choices move
}

func drawSteps(t *rapid.T) []step {
	return rapid.SliceOfN(rapid.Custom(func(t *rapid.T) step {
		return step{
			halt:    rapid.IntRange(0, 9).Draw(t, "halt") == 0,
			preview: rapid.IntRange(0, 4).Draw(t, "preview") == 0,
			dt:      time.Duration(rapid.IntRange(0, 200).Draw(t, "dt")) * time.Millisecond,
			foe:     rapid.IntRange(0, 12).Draw(t, "foe"),
		}
	}), 1, 30).Draw(t, "steps")
}

// run builds the shape and plays the steps, checking the invariants that
// hold at every step, and returns the trace and the action log.
func run(t *rapid.T, s *shape, seed uint64, steps []step) (trace, log []string) {
	rec, tl := &recorder{}, &traceLog{}
	b := bt.New(bt.Config[mem]{Heuristic: goal, Seed: seed, Tracer: tl})
	s.build(b, rec, "root", "root")
	tree, err := b.Build()
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	m := mem{HP: 10}
	for _, st := range steps {
		m.Foe = st.foe
		if st.preview {
			before, logged, traced := m, len(rec.log), len(tl.lines)
			if _, err := tree.Preview(&m); err != nil {
				t.Fatalf("Preview: %v", err)
			}
			if diff := cmp.Diff(before, m); diff != "" {
				t.Fatalf("Preview changed live memory (-before +after):\n%s", diff)
			}
			if len(rec.log) != logged || len(tl.lines) != traced {
				t.Fatalf("Preview called live methods: %v / %v", rec.log[logged:], tl.lines[traced:])
			}
		}
		if st.halt {
			if err := tree.Halt(&m); err != nil {
				t.Fatalf("Halt: %v", err)
			}
		} else if _, err := tree.Tick(&m, st.dt); err != nil {
			t.Fatalf("Tick: %v", err)
		}
		if m.Sim != 0 {
			t.Fatalf("a simulated effect reached live memory: Sim = %d", m.Sim)
		}
	}
	if err := tree.Halt(&m); err != nil {
		t.Fatalf("final Halt: %v", err)
	}
	return tl.lines, rec.log
}

// Every Begin is matched by exactly one End, a node ends only after its
// descendants, and outside parallels a parent runs one child at a time.
func TestPropertyLifeCycle(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawShape(t, 3, "root")
		trace, log := run(t, s, rapid.Uint64().Draw(t, "seed"), drawSteps(t))
		open := map[string]bool{}
		for _, line := range trace {
			kind, rest, _ := strings.Cut(line, " ")
			path, _, _ := strings.Cut(rest, " ")
			switch kind {
			case "begin":
				if open[path] {
					t.Fatalf("%s began twice without ending:\n%s", path, joined(trace))
				}
				parent := path[:max(0, strings.LastIndex(path, "/"))]
				for p := range open {
					if parent != "" && strings.HasPrefix(p, parent+"/") && !strings.Contains(p[len(parent)+1:], "/") &&
						!strings.Contains(parentKind(s, parent), "parallel") {
						t.Fatalf("%s began while its sibling %s runs:\n%s", path, p, joined(trace))
					}
				}
				open[path] = true
			case "end":
				if !open[path] {
					t.Fatalf("%s ended without having begun:\n%s", path, joined(trace))
				}
				for p := range open {
					if strings.HasPrefix(p, path+"/") {
						t.Fatalf("%s ended before its descendant %s:\n%s", path, p, joined(trace))
					}
				}
				delete(open, path)
			}
		}
		if len(open) != 0 {
			t.Fatalf("still open after Halt: %v", open)
		}
		// The actions' own view agrees: begin and end alternate.
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
			case what == "update":
				if !began[who] {
					t.Fatalf("action %s updated while not running: %v", who, log)
				}
			}
		}
	})
}

// parentKind returns the kind of the shape at path ("root/n0/n1").
func parentKind(s *shape, path string) string {
	parts := strings.Split(path, "/")[1:]
	for _, p := range parts {
		var i int
		for _, r := range p[1:] {
			i = i*10 + int(r-'0')
		}
		s = s.children[i]
	}
	return s.kind
}

// The same tree, seed and inputs give the same events, byte for byte.
func TestPropertyDeterminism(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawShape(t, 3, "root")
		seed := rapid.Uint64().Draw(t, "seed")
		steps := drawSteps(t)
		trace1, log1 := run(t, s, seed, steps)
		trace2, log2 := run(t, s, seed, steps)
		if diff := cmp.Diff(trace1, trace2); diff != "" {
			t.Fatalf("traces differ (-first +second):\n%s", diff)
		}
		if diff := cmp.Diff(log1, log2); diff != "" {
			t.Fatalf("logs differ (-first +second):\n%s", diff)
		}
	})
}
