package goap_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/goap"
)

// Vars is the memory of the random domains: four small counters, 256
// states in all, few enough to search exhaustively.
type Vars [4]uint8

// rule is a random action: where it applies, what it does, what it costs.
type rule struct {
	needVar, needVal int // precondition: v[needVar] == needVal (needVar < 0: none)
	setVar, setVal   int // effect: v[setVar] = setVal, or +1 mod 4 when setVal < 0
	cost             int // 1..5
}

func (r rule) applies(v *Vars) bool { return r.needVar < 0 || int(v[r.needVar]) == r.needVal }
func (r rule) apply(v *Vars) {
	if r.setVal < 0 {
		v[r.setVar] = (v[r.setVar] + 1) % 4
		return
	}
	v[r.setVar] = uint8(r.setVal)
}

type problem struct {
	rules      []rule
	goalVar    int
	goalVal    uint8
	start      Vars
	admissible bool // give the goal an admissible estimate
}

func drawProblem(t *rapid.T) problem {
	n := rapid.IntRange(1, 6).Draw(t, "actions")
	p := problem{rules: make([]rule, n)}
	for i := range p.rules {
		p.rules[i] = rule{
			needVar: rapid.IntRange(-1, 3).Draw(t, "needVar"), needVal: rapid.IntRange(0, 3).Draw(t, "needVal"),
			setVar: rapid.IntRange(0, 3).Draw(t, "setVar"), setVal: rapid.IntRange(-1, 3).Draw(t, "setVal"),
			cost: rapid.IntRange(1, 5).Draw(t, "cost"),
		}
	}
	p.goalVar = rapid.IntRange(0, 3).Draw(t, "goalVar")
	p.goalVal = uint8(rapid.IntRange(0, 3).Draw(t, "goalVal"))
	for i := range p.start {
		p.start[i] = uint8(rapid.IntRange(0, 3).Draw(t, "start"))
	}
	p.admissible = rapid.Bool().Draw(t, "admissible")
	return p
}

func (p problem) goal(v *Vars) bool { return v[p.goalVar] == p.goalVal }

func (p problem) minCost() int {
	m := p.rules[0].cost
	for _, r := range p.rules {
		m = min(m, r.cost)
	}
	return m
}

// fields are the counters of Vars, as fields, for preconditions the
// search indexes actions by.
var fields = [4]*constraints.Field[Vars]{
	constraints.NewField("v0", func(v *Vars) int { return int(v[0]) }),
	constraints.NewField("v1", func(v *Vars) int { return int(v[1]) }),
	constraints.NewField("v2", func(v *Vars) int { return int(v[2]) }),
	constraints.NewField("v3", func(v *Vars) int { return int(v[3]) }),
}

// domain is the problem's domain: its actions come from a catalogue
// without preconditions or costs, and the domain adds its own.
func (p problem) domain(t *rapid.T, budget int) *goap.Domain[Vars, Vars] {
	return p.domainOf(t, budget, false)
}

// domainOf is domain, its preconditions tests of fields when indexed.
func (p problem) domainOf(t *rapid.T, budget int, indexed bool) *goap.Domain[Vars, Vars] {
	var cb catalogue.Builder[Vars]
	for i, r := range p.rules {
		cb.Action("a"+itoa(i), bt.Instant(func(*Vars) bool { return true }, r.apply))
	}
	actions, err := cb.Build()
	if err != nil {
		t.Fatal(err)
	}
	b := goap.New(actions, func(v *Vars) Vars { return *v })
	for i, r := range p.rules {
		var pre []bt.Constraint[Vars]
		switch {
		case r.needVar >= 0 && indexed:
			pre = append(pre, fields[r.needVar].Is(r.needVal))
		case r.needVar >= 0:
			pre = append(pre, constraints.Func("need", r.applies))
		}
		b.Do("a"+itoa(i), pre...)
		cost := float64(r.cost)
		b.Cost(func(_, _ *Vars) float64 { return cost })
	}
	b.Goal("g", 1, p.goal)
	if p.admissible {
		least := float64(p.minCost())
		b.Estimate(func(v *Vars) float64 {
			if p.goal(v) {
				return 0
			}
			return least
		})
	}
	d, err := b.Budget(decide.Budget{Tries: budget}).Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// dijkstra returns the cheapest cost from the start to the goal, whether
// the goal can be reached, and how many states can be reached.
func (p problem) dijkstra() (cost int, ok bool, reachable int) {
	const inf = 1 << 30
	var dist [256]int
	var done [256]bool
	idx := func(v Vars) int { return int(v[0]) | int(v[1])<<2 | int(v[2])<<4 | int(v[3])<<6 }
	state := func(i int) Vars { return Vars{uint8(i & 3), uint8(i >> 2 & 3), uint8(i >> 4 & 3), uint8(i >> 6 & 3)} }
	for i := range dist {
		dist[i] = inf
	}
	dist[idx(p.start)] = 0
	best := inf
	for {
		u := -1
		for i := range dist {
			if !done[i] && dist[i] < inf && (u < 0 || dist[i] < dist[u]) {
				u = i
			}
		}
		if u < 0 {
			break
		}
		done[u] = true
		reachable++
		v := state(u)
		if p.goal(&v) {
			best = min(best, dist[u])
		}
		for _, r := range p.rules {
			if !r.applies(&v) {
				continue
			}
			w := v
			r.apply(&w)
			if d := dist[u] + r.cost; d < dist[idx(w)] {
				dist[idx(w)] = d
			}
		}
	}
	return best, best < inf, reachable
}

// replay checks a plan against the rules: every step applies, the costs
// add up, and the goal holds at the end.
func (p problem) replay(t *rapid.T, plan decide.Plan) {
	v := p.start
	cost := 0
	for i, s := range plan.Steps {
		var k int
		for k = range p.rules {
			if "a"+itoa(k) == s {
				break
			}
		}
		r := p.rules[k]
		if !r.applies(&v) {
			t.Fatalf("step %d (%s) does not apply from %v", i, s, v)
		}
		r.apply(&v)
		cost += r.cost
	}
	if !p.goal(&v) {
		t.Fatalf("plan %v ends in %v, which is not the goal", plan.Steps, v)
	}
	if float64(cost) != plan.Cost {
		t.Fatalf("plan %v costs %d, reported %v", plan.Steps, cost, plan.Cost)
	}
}

// On random small domains, a plan replays to the goal through the actions'
// preconditions and effects, costs what Dijkstra's algorithm finds
// cheapest, and exists exactly when the goal can be reached.
func TestPlansAreCheapestAndReplay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		if p.goal(&p.start) {
			p.start[p.goalVar] = (p.goalVal + 1) % 4
		}
		want, reachable, _ := p.dijkstra()
		plan, err := p.domain(t, 1000).NewSession().Plan(&p.start)
		switch {
		case !reachable:
			if !errors.Is(err, decide.ErrNoPlan) {
				t.Fatalf("the goal cannot be reached, yet: %+v, %v", plan, err)
			}
		case err != nil:
			t.Fatalf("the goal can be reached at cost %d, yet: %v", want, err)
		default:
			p.replay(t, plan)
			if plan.Cost != float64(want) {
				t.Fatalf("plan %v costs %v; the cheapest costs %d", plan.Steps, plan.Cost, want)
			}
		}
	})
}

// A domain whose preconditions are fields, which the search indexes its
// actions by, plans exactly as one whose preconditions are functions:
// the same plan, cost and answer, and the same nodes expanded.
func TestIndexedPlansAlike(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		budget := rapid.IntRange(1, 300).Draw(t, "budget")
		plain, err1 := p.domainOf(t, budget, false).NewSession().Plan(&p.start)
		indexed, err2 := p.domainOf(t, budget, true).NewSession().Plan(&p.start)
		if fmt.Sprint(err1) != fmt.Sprint(err2) || !slices.Equal(plain.Steps, indexed.Steps) ||
			plain.Cost != indexed.Cost || plain.Expanded != indexed.Expanded {
			t.Fatalf("plain %v %v %d, %v; indexed %v %v %d, %v", plain.Steps, plain.Cost, plain.Expanded, err1,
				indexed.Steps, indexed.Cost, indexed.Expanded, err2)
		}
	})
}

// Whatever the budget, the planner answers as it does unbounded when the
// budget holds the nodes that answer took, and runs out otherwise; it
// never reports running out when the whole reachable space fits in the
// budget, never returns a plan when none exists, and every plan it
// returns is a cheapest one; and planning is deterministic.
func TestBudgetIsHonest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := drawProblem(t)
		if p.goal(&p.start) {
			p.start[p.goalVar] = (p.goalVal + 1) % 4
		}
		budget := rapid.IntRange(1, 60).Draw(t, "budget")
		want, reachable, states := p.dijkstra()
		// Unbounded, the search needs some number of nodes to find its plan
		// or prove there is none: with that many it must answer the same,
		// with fewer it must run out.
		full, fullErr := p.domain(t, 1<<20).NewSession().Plan(&p.start)
		d := p.domain(t, budget)
		plan, err := d.NewSession().Plan(&p.start)
		again, err2 := d.NewSession().Plan(&p.start)
		if !errors.Is(err2, err) || again.Cost != plan.Cost || !slices.Equal(again.Steps, plan.Steps) {
			t.Fatalf("planned twice: %+v, %v and %+v, %v", plan, err, again, err2)
		}
		if budget >= full.Expanded {
			if !errors.Is(err, fullErr) || !slices.Equal(plan.Steps, full.Steps) {
				t.Fatalf("budget %d, and %d nodes suffice: got %v, %v; unbounded %v, %v",
					budget, full.Expanded, plan.Steps, err, full.Steps, fullErr)
			}
		} else if !errors.Is(err, decide.ErrOutOfBudget) {
			t.Fatalf("budget %d, and %d nodes are needed: got %v, %v", budget, full.Expanded, plan.Steps, err)
		}
		switch {
		case errors.Is(err, decide.ErrOutOfBudget):
			if states <= budget {
				t.Fatalf("out of budget %d with only %d reachable states", budget, states)
			}
			if plan.Steps != nil || plan.Expanded != budget {
				t.Fatalf("out of budget, yet %+v", plan)
			}
		case errors.Is(err, decide.ErrNoPlan):
			if reachable {
				t.Fatalf("no plan, yet the goal can be reached at cost %d", want)
			}
		case err != nil:
			t.Fatal(err)
		default:
			if !reachable {
				t.Fatalf("a plan %v to a goal that cannot be reached", plan.Steps)
			}
			p.replay(t, plan)
			if plan.Cost != float64(want) {
				t.Fatalf("plan %v costs %v; the cheapest costs %d", plan.Steps, plan.Cost, want)
			}
		}
	})
}
