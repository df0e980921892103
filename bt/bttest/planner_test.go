package bttest_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/heuristic"
)

// playbook is a planner of the simplest kind, written as a user would
// write one against bt.Planner: it knows a few plays, each a list of the
// catalogue's actions for when a test holds, and runs the first whose
// steps, predicted one after another, are all possible. Its fields that
// break it serve the tests of the kit.
type playbook struct {
	actions *catalogue.Catalogue[world]
	plays   []play
	flaw    flaw
	shared  *coach // the one coach of a playbook whose flaw is sharedRunner
}

type play struct {
	name  string
	when  func(w *world) bool
	steps []string
}

// A flaw is a way to break a playbook, each breaking one rule of the
// contract.
type flaw int

const (
	sound             flaw = iota
	lookingAhead           // no flaw: weighs its plays again before each step, keeping its own
	timeBlind              // checks each step now, live, as if no time passed in the play
	timeBlindCautious      // predicts each step from now, and again before it begins it
	phantomStep            // reports a step it does not have
	changeless             // reports a change that is none of decide's
	keptWhole              // reports the whole play as kept, not what remains
	noneWithSteps          // reports no plan with the steps it did not find
	recordless             // reports a record without its methods
	wayward                // runs its steps in another order than it reports
	routeAstray            // Route says another step than the tick runs
	silentRoute            // Route does not report what the tick will
	twoAtOnce              // begins its next step while the one before runs
	tickFromEnd            // ticks its step from End, to finish it
	sharedRunner           // one runner for every agent
	previewActs            // Route ticks the step under way
	playsForgotten         // forgets where it is when a preview asks
	nondeterministic       // picks by a count kept outside every tree
)

// outside is state outside every tree, which a nondeterministic playbook
// reads.
var outside int

// playbookOf returns a factory of playbooks with plays, broken by flaw.
func playbookOf(f flaw, opts ...bt.Option) factory {
	return func(actions *catalogue.Catalogue[world]) (bt.Def[world], error) {
		p := &playbook{actions: actions, flaw: f, plays: []play{
			{"volley", alarmed, []string{"e", "e"}},
			{"fire", alarmed, []string{"e", "b", "e"}},
			{"chores", calm, []string{"a", "c", "b"}},
			{"idle", calm, []string{"b", "d"}},
		}}
		return n.Plan("playbook", p, opts...), nil
	}
}

func alarmed(w *world) bool { return w.Alarm }
func calm(w *world) bool    { return !w.Alarm }

// alarmKey is news of the alarm: it changes when the alarm is raised or
// lowered.
func alarmKey(w *world) uint64 {
	if w.Alarm {
		return 1
	}
	return 0
}

// Steps returns the kit's actions, which every play is made of.
func (p *playbook) Steps() []bt.Def[world] {
	var steps []bt.Def[world]
	for _, name := range p.actions.Names() {
		steps = append(steps, p.actions.Do(name))
	}
	return steps
}

// Runner makes an agent's coach.
func (p *playbook) Runner(kids []*bt.Child[world], replan bt.Replanning[world]) (bt.Node[world], error) {
	c := &coach{book: p, kids: kids, replan: replan, index: map[string]int{}, play: -1}
	for i, name := range p.actions.Names() {
		c.index[name] = i
	}
	if p.flaw == sharedRunner {
		if p.shared == nil {
			p.shared = c
		}
		p.shared.kids = kids // the second agent's children replace the first's
		return p.shared, nil
	}
	return c, nil
}

// A coach runs one agent's plays.
type coach struct {
	book    *playbook
	kids    []*bt.Child[world]
	index   map[string]int
	self    *bt.Child[world]
	replan  bt.Replanning[world]
	play    int // the play under way, or -1
	at      int // its step under way
	planned time.Duration
	report  decide.Report
}

func (c *coach) Bind(self *bt.Child[world]) { c.self = self }

// SaveState saves the play under way, its step and when it last chose.
func (c *coach) SaveState(w *bt.StateWriter) {
	w.Int("play", int64(c.play))
	w.Int("at", int64(c.at))
	w.Int("planned", int64(c.planned))
}

// RestoreState restores what SaveState saved.
func (c *coach) RestoreState(r *bt.StateReader) error {
	play, at, planned := int(r.Int("play")), int(r.Int("at")), time.Duration(r.Int("planned"))
	if r.Err() == nil && (play < -1 || play >= len(c.book.plays) || at < 0 || play >= 0 && at > len(c.book.plays[play].steps)) {
		return fmt.Errorf("play %d, step %d", play, at)
	}
	c.play, c.at, c.planned = play, at, planned
	return r.Err()
}

// live starts a live call (Begin, Update, Route): its predictions start
// from the live memory, now.
func (c *coach) live() *bt.Sim[world] {
	ctx := c.self.Context()
	ctx.Return(bt.Moment{})
	return ctx
}

// choose returns the first play that holds on w and whose steps are all
// possible, each predicted at the time the ones before it end, from the
// prediction's moment; -1 for none.
func (c *coach) choose(ctx *bt.Sim[world], w *world) int {
	for i, pl := range c.book.plays {
		if pl.when(w) && c.possible(ctx, w, pl.steps) {
			return i
		}
	}
	return -1
}

func (c *coach) possible(ctx *bt.Sim[world], w *world, steps []string) bool {
	if c.book.flaw == timeBlindCautious {
		for _, s := range steps {
			if !c.possibleNow(ctx, w, c.kids[c.index[s]]) {
				return false
			}
		}
		return true
	}
	if c.book.flaw == timeBlind {
		for _, s := range steps {
			if check, _ := c.kids[c.index[s]].Check(w); check == bt.Fail {
				return false
			}
		}
		return true
	}
	at := ctx.Moment()
	scratch := ctx.Push(w)
	defer func() { ctx.Pop(); ctx.Return(at) }()
	for _, s := range steps {
		if v := c.kids[c.index[s]].Simulate(ctx, scratch); v.Outcome == heuristic.Impossible {
			return false
		}
	}
	return true
}

// possibleNow reports whether kid is possible now, predicted from the
// live memory.
func (c *coach) possibleNow(ctx *bt.Sim[world], w *world, kid *bt.Child[world]) bool {
	at := ctx.Moment()
	ctx.Return(bt.Moment{})
	scratch := ctx.Push(w)
	defer func() { ctx.Pop(); ctx.Return(at) }()
	return kid.Simulate(ctx, scratch).Outcome != heuristic.Impossible
}

// tell reports a planning, when someone reads it.
func (c *coach) tell(change decide.Change, play int, from int) {
	if !c.self.Tracing() {
		return
	}
	r := &c.report
	r.Change, r.Goal, r.Reason = change, "", ""
	r.Steps = r.Steps[:0]
	if play >= 0 {
		r.Goal = c.book.plays[play].name
		r.Steps = append(r.Steps, c.book.plays[play].steps[from:]...)
	}
	switch c.book.flaw {
	case phantomStep:
		r.Steps = append(r.Steps, "z")
	case changeless:
		r.Change = 0
	case keptWhole:
		if change == decide.Kept {
			r.Steps = append(r.Steps[:0], c.book.plays[play].steps...)
		}
	case noneWithSteps:
		if change == decide.None {
			r.Steps = append(r.Steps, "a")
		}
	case recordless:
		r.Record = decide.Record{0}
	case wayward:
		for i, j := 0, len(r.Steps)-1; i < j; i, j = i+1, j-1 {
			r.Steps[i], r.Steps[j] = r.Steps[j], r.Steps[i]
		}
	}
	c.self.Report(r)
}

func (c *coach) step(play, at int) *bt.Child[world] {
	return c.kids[c.index[c.book.plays[play].steps[at]]]
}

// Begin chooses a play and runs it.
func (c *coach) Begin(w *world) bt.Status {
	c.planned = c.self.Now()
	c.play, c.at = c.choose(c.live(), w), 0
	if outside++; c.book.flaw == nondeterministic && outside%3 == 0 {
		c.play = -1
	}
	if c.play < 0 {
		c.tell(decide.None, -1, 0)
		return bt.Failure
	}
	c.tell(decide.Made, c.play, 0)
	return c.run(w, 0)
}

// weigh chooses again beside the play under way, and returns the play to
// run: a play that outranks it (one before it in the book), or else the
// play under way while the rest of it is possible, or else the play
// chosen; -1 for none.
func (c *coach) weigh(ctx *bt.Sim[world], w *world) int {
	next := c.choose(ctx, w)
	if (next < 0 || next > c.play) && c.possible(ctx, w, c.book.plays[c.play].steps[c.at:]) {
		return c.play
	}
	return next
}

// due reports whether its node's Replan settings say to choose again
// now: the interval has passed since it last chose, or there is news.
func (c *coach) due(w *world) bool {
	r := c.replan
	return r.Periodic && c.self.Now()-c.planned >= r.Interval || r.On != nil && r.On(w)
}

// Update chooses again when its node's Replan settings say, then runs
// the play.
func (c *coach) Update(w *world, dt time.Duration) bt.Status {
	if c.due(w) {
		c.planned = c.self.Now()
		switch next := c.weigh(c.live(), w); {
		case next == c.play:
			c.tell(decide.Kept, c.play, c.at)
		case next < 0:
			c.step(c.play, c.at).Halt(w)
			c.play = -1
			c.tell(decide.None, -1, 0)
			return bt.Failure
		default:
			c.step(c.play, c.at).Halt(w)
			c.play, c.at = next, 0
			c.tell(decide.Replaced, c.play, 0)
		}
	}
	return c.run(w, dt)
}

// run runs the play from its step under way, going on to the next step
// in the same tick when one succeeds.
func (c *coach) run(w *world, dt time.Duration) bt.Status {
	steps := c.book.plays[c.play].steps
	for c.at < len(steps) {
		kid := c.kids[c.index[steps[c.at]]]
		if c.book.flaw == lookingAhead && c.at > 0 && !kid.Running() {
			c.choose(c.live(), w) // predicts the step due, with others, at other times
		}
		if c.book.flaw == timeBlindCautious && !kid.Running() && !c.possibleNow(c.live(), w, kid) {
			c.play = -1 // the play no longer holds: there is no other
			c.tell(decide.None, -1, 0)
			return bt.Failure
		}
		s := kid.Tick(w, dt)
		if s == bt.Running && c.book.flaw == twoAtOnce && c.at+1 < len(steps) {
			c.kids[c.index[steps[c.at+1]]].Tick(w, dt)
		}
		if s != bt.Success {
			return s
		}
		c.at++
	}
	return bt.Success
}

func (c *coach) End(w *world, _ bt.Status) {
	if c.book.flaw == tickFromEnd && c.play >= 0 && c.at < len(c.book.plays[c.play].steps) {
		c.step(c.play, c.at).Tick(w, 0)
	}
	c.play = -1
}

// Route says which step a tick now would run, and reports the planning
// it would report: the first of a new play, or the step under way.
func (c *coach) Route(w *world) int {
	ctx := c.live()
	if c.book.flaw == previewActs && c.play >= 0 {
		c.step(c.play, c.at).Tick(w, 0)
	}
	if c.book.flaw == playsForgotten {
		c.play = -1
	}
	play, from := c.play, c.at
	if !c.self.Running() || c.play < 0 {
		play, from = c.choose(ctx, w), 0
		if play < 0 {
			c.tellRoute(decide.None, -1, 0)
			return -1
		}
		c.tellRoute(decide.Made, play, 0)
	} else if c.due(w) {
		switch next := c.weigh(ctx, w); {
		case next == c.play:
			c.tellRoute(decide.Kept, c.play, c.at)
		case next < 0:
			c.tellRoute(decide.None, -1, 0)
			return -1
		default:
			play, from = next, 0
			c.tellRoute(decide.Replaced, play, 0)
		}
	}
	if c.book.flaw == routeAstray {
		return c.index[c.book.plays[len(c.book.plays)-1].steps[0]]
	}
	return c.index[c.book.plays[play].steps[from]]
}

func (c *coach) tellRoute(change decide.Change, play, from int) {
	if c.book.flaw != silentRoute {
		c.tell(change, play, from)
	}
}

// Simulate predicts what remains of the play under way, or the play it
// would choose.
func (c *coach) Simulate(ctx *bt.Sim[world], w *world) heuristic.Verdict {
	play, from := c.play, c.at
	if !c.self.Running() || play < 0 {
		play, from = c.choose(ctx, w), 0
		if play < 0 {
			return heuristic.Verdict{Outcome: heuristic.Impossible, Reason: "no play holds"}
		}
	}
	ch := bt.StartChain(ctx, w)
	for _, s := range c.book.plays[play].steps[from:] {
		v, terminal := ch.Step(c.kids[c.index[s]])
		if v.Outcome == heuristic.Impossible {
			return ch.Stop(v)
		}
		ch.Count(v)
		if terminal {
			break
		}
	}
	return ch.Finish()
}
