package troll_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/troll"
)

// The troll's models agree with its world: whenever a step of a plan
// (HTN or GOAP) is refused live, the refusal comes from what the world
// did, never from what the planner's own model of the troll had
// predicted away. The plan is replayed in the model from the memory it
// was made on up to the refused step; what the troll cannot foresee (the
// intruder's moves and blows, sight, trees growing again, the clock) is
// then taken from the live memory; the step's preconditions must fail
// there too. If they pass, the model's prediction of the troll's own
// doing (where it walked, what it holds) was wrong.
func TestModelsAgreeWithTheWorld(t *testing.T) {
	t.Parallel()
	for _, d := range []troll.Decider{troll.HTN, troll.GOAP} {
		pre := preconditions(t, d)
		refusals := 0
		forSeeds(t, d, func(t *testing.T, seed uint64, ticks []tick) {
			var plan []string
			var planned troll.Memory
			next := 0 // the plan's step not yet begun
			for _, tk := range ticks {
				for _, e := range tk.events {
					switch {
					case e.Kind == bt.EventBegin && next < len(plan) && leaf(e.Path) == plan[next]:
						next++
					case e.Kind == bt.EventPlan:
						step, why, refused := refusal(e.Plan)
						if refused && next < len(plan) && plan[next] == step {
							refusals++
							if at, ok := predictedAway(plan[:next], planned, e.mem, pre[step]); ok {
								t.Errorf("%v seed %d at %v: %s refused (%s), though the model of the troll, "+
									"with the world as it is, predicts it can begin: %s", d, seed, e.Time, step, why, at)
							}
						}
						if e.Plan.Change == decide.Made || e.Plan.Change == decide.Replaced {
							plan, planned, next = append(plan[:0], e.Plan.Steps...), e.mem, 0
						}
					}
				}
			}
		})
		t.Logf("%v: %d refusals", d, refusals)
		if refusals == 0 {
			t.Errorf("%v: no step was refused in %d games: the claim was not exercised", d, seeds())
		}
	}
}

// preconditions returns the preconditions of each step of decider d's
// plans, as its runner checks them.
func preconditions(t *testing.T, d troll.Decider) map[string][]bt.Constraint[troll.Memory] {
	var p bt.Planner[troll.Memory]
	var err error
	if d == troll.HTN {
		p, err = troll.Domain()
	} else {
		p, err = troll.GoalDomain()
	}
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]bt.Constraint[troll.Memory]{}
	for _, s := range p.Steps() {
		out[s.Name] = s.Constraints
	}
	return out
}

// refusal reads a planner's report of a step refused live: the step, and
// why.
func refusal(p *decide.Report) (step, why string, ok bool) {
	const htn, goap = "the running plan no longer holds at ", " cannot begin: "
	r := p.Reason
	if i := strings.Index(r, htn); i >= 0 {
		r = r[i+len(htn):]
		if j := strings.Index(r, ": "); j >= 0 {
			return r[:j], r[j+2:], true
		}
	}
	if i := strings.Index(r, goap); i >= 0 {
		why := r[i+len(goap):]
		if j := strings.Index(why, "; "); j >= 0 {
			why = why[:j]
		}
		return r[:i], why, true
	}
	return "", "", false
}

// predictedAway replays done from planned in the troll's model, takes
// what the troll cannot foresee from live, and reports whether the
// preconditions pre all pass there, with the memory that passed them.
func predictedAway(done []string, planned, live troll.Memory, pre []bt.Constraint[troll.Memory]) (string, bool) {
	m := planned
	ctx := bt.NewSim(bt.Config[troll.Memory]{})
	for _, name := range done {
		e, _ := troll.Actions.Entry(name)
		e.Action.Simulate(ctx, &m)
		if e.Expect != nil {
			e.Expect(&m)
		}
	}
	m.Now, m.HP, m.Dead = live.Now, live.HP, live.Dead
	m.Standing, m.FelledAt = live.Standing, live.FelledAt
	m.CanSee, m.HasSeen, m.LastSeen, m.SeenAt = live.CanSee, live.HasSeen, live.LastSeen, live.SeenAt
	m.Enemy, m.EnemyHP, m.SawChange = live.Enemy, live.EnemyHP, live.SawChange
	for _, c := range pre {
		if got, _ := c.Evaluate(bt.Situation{Now: live.Now, Simulating: true}, &m); got != bt.Pass {
			return "", false
		}
	}
	return fmt.Sprintf("predicted at %v, live at %v, the intruder at %v", m.Pos, live.Pos, live.Enemy), true
}
