package jedi

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
)

// Options shape the Jedi's combat tree, which every Jedi in a fight
// shares: each Jedi is an agent of it, with its own memory (its skill
// among what it knows) and seed.
type Options struct {
	// Mistakes lets the Jedi swing at a raised shield now and then,
	// believing it down: a visible mistake for the player to exploit.
	Mistakes bool
	// Without names branches to leave out of the tree, such as "dash
	// strike": the rest must cope (see Branches).
	Without []string
	// Replan is how often the root plans again while an action runs: 0
	// (the original's way) every tick; otherwise every Replan, and at once
	// when something happens that the Jedi must answer (a new threat, or
	// it is hit).
	Replan time.Duration
}

// Skill levels by name.
var skills = map[string]float64{"master": 1, "knight": 0.6, "padawan": 0.2}

// ParseSkill reads a skill level: master, knight, padawan, or a number
// from 0 to 1.
func ParseSkill(s string) (float64, error) {
	if v, ok := skills[s]; ok {
		return v, nil
	}
	var v float64
	if _, err := fmt.Sscanf(s, "%g", &v); err != nil || math.IsNaN(v) || v < 0 || v > 1 {
		return 0, fmt.Errorf("skill %q: want master, knight, padawan or a number from 0 to 1", s)
	}
	return v, nil
}

// Branches lists the names of the branches Options.Without can remove.
var Branches = []string{
	"deflect and strike", "dash strike", "leap strike", "slash",
	"block and counter", "kick combo", "kick", "force push",
	"dodge and counter", "strafe", "taunt", "close in",
}

// NewTree builds the combat tree, the original's layout: a root selector
// that re-plans every tick (ties go to designer order) over giving another
// Jedi space, engaging the victim (a branch per enemy type; counter-attacks
// are floored at Beneficial), defending (a random selector with the
// original's odds that re-selects every quarter second) and idling. One
// tree serves any number of Jedi.
func NewTree(opts Options) (*bt.Tree[Memory], error) {
	for _, w := range opts.Without {
		if !slices.Contains(Branches, w) {
			return nil, fmt.Errorf("jedi: no branch %q to leave out (have %v)", w, Branches)
		}
	}
	if opts.Replan < 0 {
		return nil, fmt.Errorf("jedi: negative Replan %v", opts.Replan)
	}
	root := []bt.SelectorOption{bt.Reselect(opts.Replan), bt.PreferCurrent(false)}
	if opts.Replan > 0 {
		root = append(root, bt.ReselectOn(Alerted))
	}
	t := &plan{opts: opts}
	return bt.New(bt.Config[Memory]{
		Heuristic: Goal(),
		Terminal:  func(m *Memory) bool { return !m.able() },
	}).
		Selector("combat", root...).Constrain(Alive()).
		Sequence("give space").Constrain(TooClose()).
		Do("step away", act(MoveGiveSpace, 1)).
		End().
		Selector("engage").Constrain(HasVictim()).
		Branch(t.vsDroid).
		Branch(t.vsBrawler).
		Branch(t.vsTrooper).
		Branch(t.vsRusher).
		End().
		Branch(t.defend).
		Branch(t.idle).
		End().
		Build()
}

// The catalogues' constructors that cannot infer the memory type, bound
// to it once.
var (
	guard    = constraints.For[Memory]()
	decorate = decorators.For[Memory]()
)

// Alerted reports whether something happened since the Jedi last sensed
// that it must answer at once: a threat it had not seen, or a hit.
func Alerted(m *Memory) bool { return m.Alert }

// plan holds what the branches of the tree share.
type plan struct {
	opts Options
}

// keep reports whether the named branch stays in the tree.
func (t *plan) keep(name string) bool { return !slices.Contains(t.opts.Without, name) }

// attack adds an attacking action: once under way, the rest of it counts
// as Cosmetic rather than Irrelevant, as the original lifted "a swing or
// grip already in progress", so the root does not drop a recovering
// swing for an idle flourish.
func (t *plan) attack(b *bt.Builder[Memory], name string, k MoveKind, count int) *bt.Builder[Memory] {
	return b.Do(name, act(k, count), bt.CosmeticWhileRunning())
}

// act returns the action for a move.
func act(k MoveKind, count int) bt.Action[Memory] { return action{kind: k, count: count} }

// cleanSwing is a swing that waits for a moment when no bolt will land
// before it is done: counters are floored at Beneficial, so the heuristic
// alone would not hold them back.
func (t *plan) cleanSwing(b *bt.Builder[Memory], name string, n int) {
	t.attack(b, name, MoveSwing, n).Constrain(Unthreatened(time.Duration(n)*2*swingHalf+time.Second, Bolt))
}

// counters are the counter-attacks: each is a Floor decorator of that
// name, so a kill made by one counts as forced (KillRecord.Forced).
var counters = []string{"deflect and strike", "block and counter", "dodge and counter"}

// counter adds a counter-attack: a sequence floored at Beneficial, begun
// when the victim attacks and carried through once begun. Its name must
// be one of counters.
func (t *plan) counter(b *bt.Builder[Memory], name string, when bt.Constraint[Memory], steps func(b *bt.Builder[Memory])) {
	if !t.keep(name) {
		return
	}
	b.Decorate(name, decorate.Floor(heuristic.Beneficial)).
		Constrain(constraints.Skipping(when, constraints.SkipWhileRunning())).
		Sequence(name + " moves")
	steps(b)
	b.End().End()
}

// strike adds a sequence that closes in with move and then swings.
func (t *plan) strike(b *bt.Builder[Memory], name string, closeIn MoveKind, cs ...bt.Constraint[Memory]) {
	if !t.keep(name) {
		return
	}
	b.Sequence(name).Constrain(cs...).Do(closeIn.String(), act(closeIn, 1))
	t.attack(b, "swing", MoveSwing, 1).End()
}

// slash adds plain swings.
func (t *plan) slash(b *bt.Builder[Memory], swings int) {
	if t.keep("slash") {
		t.attack(b, "slash", MoveSwing, swings)
	}
}

// mistake adds, with Options.Mistakes, a swing at a raised shield that a
// FakeSim makes the planner believe is down. The fake is gated on an
// untouched shield that has not yet stopped one of the Jedi's blows: the
// Jedi's first reaction to a shielded trooper is to strike the shield in
// vain, a beat the player learns from; the shield stops the blow, and the
// Jedi knows better from then on.
func (t *plan) mistake(b *bt.Builder[Memory]) {
	if !t.opts.Mistakes {
		return
	}
	b.Decorate("mistake", decorators.FakeSim(decorators.Fake[Memory]{
		Edit: func(m *Memory) {
			if v := m.VictimEnemy(); v != nil {
				v.Shield = 0
			}
		},
		Gate: constraints.All(ShieldIntact(), Unfooled()),
	})).Constrain(VictimShielded())
	t.attack(b, "swing at the shield", MoveSwing, 1).End()
}

func (t *plan) vsDroid(b *bt.Builder[Memory]) {
	b.Selector("vs droid").Constrain(VictimIs(Droid))
	t.counter(b, "deflect and strike", Countering(1500*time.Millisecond, Bolt), func(b *bt.Builder[Memory]) {
		b.Do("deflect", act(MoveDeflect, 1))
		b.Do("dash", act(MoveDash, 1))
		t.cleanSwing(b, "swing", 1)
	})
	t.strike(b, "dash strike", MoveDash, Distance(6, 25, constraints.SkipWhileRunning()), guard.Cooldown(3*time.Second))
	t.strike(b, "leap strike", MoveJumpForward, Distance(4, leapRange, constraints.SkipWhileRunning()), SkillRange(HighSkill),
		constraints.Skipping(Facing(0.9), constraints.SkipWhileRunning()),
		guard.Cooldown(5*time.Second))
	t.slash(b, 2)
	b.End()
}

func (t *plan) vsBrawler(b *bt.Builder[Memory]) {
	b.Selector("vs brawler").Constrain(VictimIs(Brawler))
	t.counter(b, "block and counter", Countering(800*time.Millisecond, Melee), func(b *bt.Builder[Memory]) {
		b.Do("block", act(MoveBlock, 1))
		t.attack(b, "kick", MoveKick, 1)
	})
	if t.keep("kick combo") {
		b.Sequence("kick combo").Constrain(guard.Cooldown(4 * time.Second))
		t.attack(b, "kick", MoveKick, 1)
		t.attack(b, "swing", MoveSwing, 2).End()
	}
	t.kick(b)
	t.slash(b, 1)
	b.End()
}

// kick adds a lone kick: it breaks shields and throws enemies off
// balance, opening them to the saber.
func (t *plan) kick(b *bt.Builder[Memory]) {
	if t.keep("kick") {
		t.attack(b, "kick", MoveKick, 1).Constrain(guard.Cooldown(3 * time.Second))
	}
}

func (t *plan) vsTrooper(b *bt.Builder[Memory]) {
	b.Selector("vs trooper").Constrain(VictimIs(Trooper))
	t.mistake(b)
	if t.keep("force push") {
		t.attack(b, "force push", MovePush, 1).Constrain(VictimShielded(), Distance(0, pushRadius),
			guard.Cooldown(6*time.Second))
	}
	t.kick(b)
	t.strike(b, "dash strike", MoveDash, Distance(6, 25, constraints.SkipWhileRunning()), guard.Cooldown(3*time.Second))
	t.slash(b, 2)
	b.End()
}

func (t *plan) vsRusher(b *bt.Builder[Memory]) {
	b.Selector("vs rusher").Constrain(VictimIs(Rusher))
	t.counter(b, "dodge and counter", Countering(1200*time.Millisecond, Heavy), func(b *bt.Builder[Memory]) {
		b.Do("dodge", act(MoveDodgeLeft, 1))
		t.cleanSwing(b, "swing", 1)
	})
	t.strike(b, "dash strike", MoveDash, Distance(6, 25, constraints.SkipWhileRunning()), guard.Cooldown(3*time.Second))
	t.slash(b, 2)
	b.End()
}

// defend draws among the defences with the original's odds, choosing
// again every quarter second.
func (t *plan) defend(b *bt.Builder[Memory]) {
	b.RandomSelector("defend", bt.Reselect(250*time.Millisecond)).Constrain(Threatened(3*time.Second)).
		Do("dodge left", act(MoveDodgeLeft, 1)).Weight(0.33).
		Do("dodge right", act(MoveDodgeRight, 1)).Weight(0.33).
		Do("dodge back", act(MoveDodgeBack, 1)).Weight(0.33).
		Do("crouch", act(MoveCrouch, 1)).Weight(1).Constrain(Threatened(2*time.Second, Melee), guard.Cooldown(5*time.Second)).
		Do("deflect", act(MoveDeflect, 1)).Weight(1).Constrain(Threatened(2*time.Second, Bolt)).
		Do("block", act(MoveBlock, 1)).Weight(0.75).Constrain(Threatened(2*time.Second, Melee)).
		Do("jump forward", act(MoveJumpForward, 1)).Weight(0.5).Constrain(HasVictim(), Distance(4, leapRange)).
		Do("jump over", act(MoveJumpOver, 1)).Weight(0.5).Constrain(guard.Cooldown(5 * time.Second)).
		End()
}

// idle keeps the Jedi looking alive when nothing better is worth doing:
// close in, circle, taunt, hold a stance, or simply wait.
func (t *plan) idle(b *bt.Builder[Memory]) {
	b.Selector("idle", bt.Debounce())
	if t.keep("close in") {
		b.Do("close in", act(MoveApproach, 1), bt.Cosmetic()).Constrain(Distance(approachRange+1, 0))
	}
	if t.keep("strafe") {
		b.Do("strafe", act(MoveStrafe, 1), bt.Cosmetic()).Constrain(HasVictim(), guard.Cooldown(2*time.Second))
	}
	if t.keep("taunt") {
		b.Do("taunt", act(MoveTaunt, 1), bt.Cosmetic()).Constrain(Facing(0.8), guard.Cooldown(5*time.Second))
	}
	b.Do("defensive stance", act(MoveStance, 1), bt.Cosmetic()).Constrain(guard.Cooldown(3 * time.Second))
	b.Do("wait", act(MoveWait, 1), bt.Cosmetic())
	b.End()
}
