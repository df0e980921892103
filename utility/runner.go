package utility

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/internal/engine/randkey"
)

// Runner makes an agent's runner of the selector over children, the
// handles on the utility node's children: the node the tree makes for
// each agent (see Select), which Build calls once to check.
//
// When it begins, the runner scores every child on the live memory
// (each option's measure; with Foresee, each child's prediction too),
// leaves out a child its constraints refuse now, and begins the best (see
// Selector). While the child runs, it updates it; when replan says (the
// node's Replan, ReplanOn and ReplanOnChange options), it scores again first, with the
// running option's Bonus and Margin, and halts the running child for a
// better one, or fails when none is good enough. The node ends as its
// child ends.
//
// Each choice is reported to the tree's tracer as a bt.EventPlan:
// decide.Made when the node begins, decide.Kept or decide.Replaced when
// it scores again, decide.None when nothing is good enough; Goal names
// the option chosen, Utility is its score, and Scores hold every
// option's score, in order, with a decide.Term for each consideration
// (what it read, normalised, and answered). Agent.Preview reports what
// the tick will report, and follows the runner into the child it will
// run.
//
// Under a simulated selector, the runner predicts what it would do: the
// child it would choose, predicted on the memory given, or what remains
// of the running child when it would not score again.
func (s *Selector[M]) Runner(children []*bt.Child[M], replan bt.Replanning[M]) (bt.Node[M], error) {
	if len(children) != len(s.Options) {
		return nil, fmt.Errorf("utility: %d measures for %d children: describe the node with utility.Select", len(s.Options), len(children))
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	n := len(children)
	r := &runner[M]{s: s, kids: children, replan: replan, cur: -1,
		scores: make([]float64, n), verdicts: make([]heuristic.Verdict, n), open: make([]bool, n),
		slots: make([]*M, n), moments: make([]bt.Moment, n), names: make([]string, n), terms: make([][]decide.Term, n)}
	r.report.Scores = make([]decide.Score, n)
	for i, k := range children {
		p := k.Path()
		r.names[i] = p[strings.LastIndexByte(p, '/')+1:]
		terms := s.Options[i].Terms()
		if s.Foresee != nil {
			terms = append(terms, s.Foresee.Terms()...)
		}
		r.terms[i] = terms
		r.report.Scores[i] = decide.Score{Name: r.names[i], Terms: terms}
	}
	return r, nil
}

// runner is one agent's run of a utility node.
type runner[M any] struct {
	s      *Selector[M]
	kids   []*bt.Child[M]
	self   *bt.Child[M]
	names  []string
	replan bt.Replanning[M]

	cur     int           // the option running, or -1
	decided time.Duration // when it last chose, for Replan

	// What a choice works on: each option's score, its prediction's
	// outcome (Foresee), whether it may be chosen, and (Foresee) the
	// scratch memory its prediction lies in and the moment it reached.
	scores   []float64
	terms    [][]decide.Term // each option's terms: its own considerations', then Foresee's
	verdicts []heuristic.Verdict
	open     []bool
	slots    []*M
	moments  []bt.Moment

	tracing bool
	report  decide.Report
	step    [1]string
}

// A mode is what a choice is for: the tick, a preview of it, or a
// prediction.
type mode uint8

const (
	acting mode = iota
	previewing
	predicting
)

// Bind keeps the runner's own handle, for its reports, clock and rolls.
func (r *runner[M]) Bind(self *bt.Child[M]) { r.self = self }

// Describe says what the node does, for dumps and pictures.
func (r *runner[M]) Describe() string {
	s := r.s
	d := "utility"
	if s.Random {
		d += " random"
		if s.Within > 0 {
			d += " within=" + num(s.Within)
		}
	}
	if r.replan.Periodic {
		if r.replan.Interval == 0 {
			d += " replan=tick"
		} else {
			d += " replan=" + r.replan.Interval.String()
		}
	}
	if r.replan.On != nil {
		d += " replan-on"
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"bonus", s.Bonus}, {"margin", s.Margin}, {"minimum", s.Minimum}} {
		if f.v != 0 {
			d += " " + f.name + "=" + num(f.v)
		}
	}
	if s.Foresee != nil {
		d += " foresee"
		if s.ByOutcome {
			d += " by-outcome"
		}
	}
	return d
}

// Begin chooses an option on the live memory and begins it.
func (r *runner[M]) Begin(m *M) bt.Status {
	r.live()
	defer r.hush()
	r.cur = -1
	r.decided = r.self.Now()
	choice := r.choose(r.self.Context(), m, acting)
	r.tell(decide.Made, choice)
	if choice < 0 {
		return bt.Failure
	}
	r.cur = choice
	return r.run(m, 0)
}

// Update scores again when replan says so, then runs the option chosen.
func (r *runner[M]) Update(m *M, dt time.Duration) bt.Status {
	if r.cur < 0 {
		return r.Begin(m)
	}
	r.live()
	defer r.hush()
	if r.due(m) {
		r.decided = r.self.Now()
		choice := r.choose(r.self.Context(), m, acting)
		switch {
		case choice < 0:
			r.kids[r.cur].Halt(m)
			r.cur = -1
			r.tell(decide.None, choice)
			return bt.Failure
		case choice != r.cur:
			r.kids[r.cur].Halt(m)
			r.cur = choice
			r.tell(decide.Replaced, choice)
			return r.run(m, 0)
		}
		r.tell(decide.Kept, choice)
	}
	return r.run(m, dt)
}

// run ticks the option chosen; the node ends as it ends.
func (r *runner[M]) run(m *M, dt time.Duration) bt.Status {
	st := r.kids[r.cur].Tick(m, dt)
	if st != bt.Running {
		r.cur = -1
	}
	return st
}

// End forgets the option: the node chooses afresh when it begins again.
func (r *runner[M]) End(*M, bt.Status) { r.cur = -1 }

// Route says which child the tick would run, for Agent.Preview,
// reporting what the tick would report.
func (r *runner[M]) Route(m *M) int {
	r.live()
	defer r.hush()
	switch {
	case !r.standing():
		choice := r.choose(r.self.Context(), m, previewing)
		r.tell(decide.Made, choice)
		return choice
	case !r.due(m):
		return r.cur
	}
	choice := r.choose(r.self.Context(), m, previewing)
	switch {
	case choice < 0:
		r.tell(decide.None, choice)
	case choice != r.cur:
		r.tell(decide.Replaced, choice)
	default:
		r.tell(decide.Kept, choice)
	}
	return choice
}

// Simulate predicts the node's run: what remains of the running option
// when the tick would not score again, or else the option it would
// choose on m, predicted on m.
func (r *runner[M]) Simulate(ctx *bt.Sim[M], m *M) heuristic.Verdict {
	if r.standing() && !r.due(m) {
		return r.kids[r.cur].Simulate(ctx, m)
	}
	choice := r.choose(ctx, m, predicting)
	switch {
	case choice < 0:
		return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: r.nothingReason()}
	case r.s.Foresee != nil:
		return r.verdicts[choice]
	}
	return r.kids[choice].Simulate(ctx, m)
}

// standing reports whether the runner runs an option.
func (r *runner[M]) standing() bool { return r.cur >= 0 && r.self.Running() }

// due reports whether the tick scores again beside the running option.
func (r *runner[M]) due(m *M) bool {
	p := &r.replan
	return p.Periodic && r.self.Now()-r.decided >= p.Interval || p.On != nil && p.On(m)
}

// live starts a live call (Begin, Update, Route): it reports if traced.
func (r *runner[M]) live() { r.tracing = r.self.Tracing() }

// hush ends a live call: predictions between calls do not report.
func (r *runner[M]) hush() { r.tracing = false }

// choose scores every option on m and returns the one to run, or -1. In
// a prediction with Foresee, the prediction of the option chosen is left
// in m, and the prediction's moment where it ends.
func (r *runner[M]) choose(ctx *bt.Sim[M], m *M, md mode) int {
	s := r.s
	cur := -1
	if r.standing() {
		cur = r.cur
	}
	noting := r.tracing && md != predicting
	var start bt.Moment
	pushed := 0
	if s.Foresee != nil {
		if md != predicting {
			ctx.Return(bt.Moment{}) // a live choice predicts from now
		}
		start = ctx.Moment()
	}
	for i, k := range r.kids {
		sc := &r.report.Scores[i]
		own := len(s.Options[i].Considerations)
		sc.Terms = r.terms[i][:own]
		score := s.Options[i].score(m, sc.Terms)
		r.open[i], r.verdicts[i], r.slots[i] = true, heuristic.Verdict{Outcome: heuristic.Irrelevant}, nil
		refused := ""
		if check, why := k.Check(m); check == bt.Fail {
			r.open[i], refused = false, why
		} else if s.Foresee != nil {
			ctx.Return(start)
			try := ctx.Push(m)
			pushed++
			v := k.Simulate(ctx, try)
			r.slots[i], r.moments[i], r.verdicts[i] = try, ctx.Moment(), v
			if v.Outcome == heuristic.Impossible {
				r.open[i] = false
			} else {
				sc.Terms = r.terms[i]
				score *= s.Foresee.score(try, sc.Terms[own:])
			}
		}
		if !r.open[i] {
			score = 0 // not weighed: its terms say what it read of the world now
		}
		if i == cur {
			score += s.Bonus
		}
		r.scores[i], sc.Utility = score, score
		if noting {
			sc.Note = r.note(i, cur, refused)
		}
	}
	best := r.best(cur)
	if best >= 0 && s.Random {
		best = r.draw(best, cur, md)
	}
	if s.Foresee != nil {
		if best >= 0 && md == predicting {
			ctx.Copy(m, r.slots[best])
		}
		for range pushed {
			ctx.Pop()
		}
		if best >= 0 && md == predicting {
			ctx.Return(r.moments[best])
		} else {
			ctx.Return(start)
		}
	}
	return best
}

// eligible reports whether option i may be chosen: its constraints and
// prediction allow it, and it scores above 0 and at least the minimum.
func (r *runner[M]) eligible(i int) bool {
	return r.open[i] && r.scores[i] > 0 && r.scores[i] >= r.s.Minimum
}

// best returns the eligible option that ranks highest (by outcome first,
// with ByOutcome; then by score, the running option's raised by the
// margin), ties to the running option and then to the first written; or
// -1.
func (r *runner[M]) best(cur int) int {
	best := -1
	var bestRank float64
	for i := range r.scores {
		if !r.eligible(i) {
			continue
		}
		rank := r.scores[i]
		if i == cur {
			rank += r.s.Margin
		}
		switch {
		case best < 0,
			r.s.ByOutcome && r.verdicts[i].Outcome > r.verdicts[best].Outcome,
			(!r.s.ByOutcome || r.verdicts[i].Outcome == r.verdicts[best].Outcome) && (rank > bestRank || rank == bestRank && i == cur):
			best, bestRank = i, rank
		}
	}
	return best
}

// draw returns the option drawn among the best, those within Within of
// best's score (and of its outcome, ByOutcome), in proportion to their
// scores: the running option when it is among them, which keeps it.
func (r *runner[M]) draw(best, cur int, md mode) int {
	floor := r.scores[best] * (1 - r.s.Within)
	among := func(i int) bool {
		return r.eligible(i) && r.scores[i] >= floor && (!r.s.ByOutcome || r.verdicts[i].Outcome == r.verdicts[best].Outcome)
	}
	if cur >= 0 && among(cur) {
		return cur
	}
	total := 0.0
	for i := range r.scores {
		if among(i) {
			total += r.scores[i]
		}
	}
	scale := 1.0
	if math.IsInf(total, 1) {
		// Scores near the largest float64 add up past it: draw in
		// proportion to them as fractions of the best.
		scale, total = r.scores[best], 0
		for i := range r.scores {
			if among(i) {
				total += r.scores[i] / scale
			}
		}
	}
	x := r.roll(md) * total
	last := best
	for i := range r.scores {
		if !among(i) {
			continue
		}
		if s := r.scores[i] / scale; x < s {
			return i
		} else {
			x -= s
		}
		last = i
	}
	return last // rounding
}

// pick is the key of the draw's number, apart from the node's own roll
// (which its constraints may read: a Chance).
var pick = randkey.Hash("utility pick")

// roll returns the draw's number in [0, 1): keyed by the agent's seed,
// the tick and the node, so that a preview, a prediction and the tick
// all draw the same.
func (r *runner[M]) roll(md mode) float64 {
	sit := r.self.Situation(md == predicting)
	return randkey.Unit(randkey.Mix(uint64(sit.Roll()*(1<<53)) ^ pick))
}

// note says what counted for option i beside its measure, while tracing:
// refused is why its constraints refuse it, if they do. With Foresee, it
// begins with the verdict on the option's prediction, which ByOutcome
// ranks by.
func (r *runner[M]) note(i, cur int, refused string) string {
	var why string
	switch {
	case refused != "":
		return "refused: " + refused
	case r.verdicts[i].Outcome == heuristic.Impossible:
		return "impossible: " + r.verdicts[i].Reason
	case r.scores[i] > 0 && r.scores[i] < r.s.Minimum:
		why = "below the minimum " + num(r.s.Minimum)
	case i == cur && (r.s.Bonus != 0 || r.s.Margin != 0):
		why = "running" + commitment(r.s.Bonus, r.s.Margin)
	case i == cur:
		why = "running"
	}
	if r.s.Foresee == nil {
		return why
	}
	if why != "" {
		why = "; " + why
	}
	return r.verdicts[i].String() + why
}

// commitment describes what the running option is given.
func commitment(bonus, margin float64) string {
	d := ""
	if bonus != 0 {
		d += " +" + num(bonus)
	}
	if margin != 0 {
		d += ", margin " + num(margin)
	}
	return d
}

// nothingReason says why nothing was chosen.
func (r *runner[M]) nothingReason() string {
	if r.s.Minimum > 0 {
		return "nothing scores the minimum"
	}
	return "nothing scores above 0"
}

// tell reports the choice to the tree's tracer.
func (r *runner[M]) tell(change decide.Change, choice int) {
	if !r.tracing {
		return
	}
	rep := &r.report
	rep.Change, rep.Goal, rep.Utility, rep.Steps = change, "", 0, nil
	switch {
	case choice < 0:
		rep.Change, rep.Reason = decide.None, r.nothingReason()
	case change == decide.Kept:
		rep.Reason = "still the best"
	case r.s.Random:
		rep.Reason = "drawn among the best"
	default:
		rep.Reason = "highest score"
	}
	if choice >= 0 {
		rep.Goal, rep.Utility = r.names[choice], r.scores[choice]
		r.step[0] = r.names[choice]
		rep.Steps = r.step[:]
	}
	r.self.Report(rep)
}
