package jedi

import (
	"fmt"
	"math"
	"slices"
	"strings"
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
	// Utility makes the root a utility node (package utility) over the
	// same branches: it ranks them by the outcome the combat rules give
	// each one's prediction, as the root selector does, and among those
	// of the best outcome by what the world each predicts is worth
	// (health kept, threat low, the victim hurt, room from the other
	// Jedi), where the selector takes the first written.
	Utility bool
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

// NewTree builds the combat tree, the original's layout (see Design): a
// root selector that re-plans every tick (ties go to designer order)
// over giving another Jedi space, engaging the victim (a branch per enemy
// type; counter-attacks are floored at Beneficial), defending (a random
// selector with the original's odds that plans again every quarter
// second) and idling. One tree serves any number of Jedi.
func NewTree(opts Options) (*bt.Tree[Memory], error) {
	def, err := Design(opts)
	if err != nil {
		return nil, err
	}
	return bt.Build(TreeConfig(), def)
}

// TreeConfig is the configuration of the combat tree: the combat
// heuristic, and the end of predictions when the Jedi falls. A tree read
// from a file (Registry) is built with it.
func TreeConfig() bt.Config[Memory] {
	return bt.Config[Memory]{
		Heuristic: Goal(),
		Terminal:  func(m *Memory) bool { return !m.able() },
	}
}

// Design describes the combat tree shaped by opts: the whole design,
// less the branches opts leave out. Every value it names is in Registry,
// so it can be written to a file (examples/jedi/jedi.json is Design of
// the zero Options).
func Design(opts Options) (bt.Def[Memory], error) {
	for _, w := range opts.Without {
		if !slices.Contains(Branches, w) {
			return bt.Def[Memory]{}, fmt.Errorf("jedi: no branch %q to leave out (have %v)", w, Branches)
		}
	}
	if opts.Replan < 0 {
		return bt.Def[Memory]{}, fmt.Errorf("jedi: negative Replan %v", opts.Replan)
	}
	d := design().With(bt.Replan(opts.Replan))
	if opts.Replan > 0 {
		d = d.With(bt.ReplanOn(Alerted))
	}
	drop := slices.Clone(opts.Without)
	if !opts.Mistakes {
		drop = append(drop, "mistake")
	}
	if opts.Utility {
		return byUtility(without(d, drop), true), nil
	}
	return without(d, drop), nil
}

// design is the combat tree with every branch, the mistake included; it
// re-plans as Design says.
func design() bt.Def[Memory] {
	return n.Selector("combat", bt.PreferFirst(),
		n.Sequence("give space",
			n.Do("step away", giveSpace),
		).Constrain(the.tooClose),
		n.Selector("engage",
			n.Selector("vs droid",
				counter("deflect and strike", the.counterBolt,
					n.Do("deflect", deflect),
					n.Do("dash", dash),
					cleanSwing(),
				),
				dashStrike(),
				n.Sequence("leap strike",
					n.Do("jump forward", jumpForward),
					attack("swing", swing),
				).Constrain(the.leapRange, the.highSkill, the.facingVictim, the.cooldown5s),
				attack("slash", swing2),
			).Constrain(the.victimIsDroid),
			n.Selector("vs brawler",
				counter("block and counter", the.counterMelee,
					n.Do("block", block),
					attack("kick", kick),
				),
				n.Sequence("kick combo",
					attack("kick", kick),
					attack("swing", swing2),
				).Constrain(the.cooldown4s),
				loneKick(),
				attack("slash", swing),
			).Constrain(the.victimIsBrawler),
			n.Selector("vs trooper",
				n.Decorate("mistake", the.mistake,
					attack("swing at the shield", swing),
				).Constrain(the.victimShielded),
				attack("force push", push).Constrain(the.victimShielded, the.pushRange, the.cooldown6s),
				loneKick(),
				dashStrike(),
				attack("slash", swing2),
			).Constrain(the.victimIsTrooper),
			n.Selector("vs rusher",
				counter("dodge and counter", the.counterHeavy,
					n.Do("dodge", dodgeLeft),
					cleanSwing(),
				),
				dashStrike(),
				attack("slash", swing2),
			).Constrain(the.victimIsRusher),
		).Constrain(the.hasVictim),
		n.RandomSelector("defend", bt.Replan(250*time.Millisecond),
			n.Do("dodge left", dodgeLeft).With(bt.Weight(0.33)),
			n.Do("dodge right", dodgeRight).With(bt.Weight(0.33)),
			n.Do("dodge back", dodgeBack).With(bt.Weight(0.33)),
			n.Do("crouch", crouch).With(bt.Weight(1)).Constrain(the.meleeSoon, the.cooldown5s),
			n.Do("deflect", deflect).With(bt.Weight(1)).Constrain(the.boltSoon),
			n.Do("block", block).With(bt.Weight(0.75)).Constrain(the.meleeSoon),
			n.Do("jump forward", jumpForward).With(bt.Weight(0.5)).Constrain(the.hasVictim, the.jumpRange),
			n.Do("jump over", jumpOver).With(bt.Weight(0.5)).Constrain(the.cooldown5s),
		).Constrain(the.threatened),
		n.Selector("idle", bt.Debounce(),
			n.Do("close in", approach, bt.Cosmetic()).Constrain(the.farFromVictim),
			n.Do("strafe", strafe, bt.Cosmetic()).Constrain(the.hasVictim, the.cooldown2s),
			n.Do("taunt", taunt, bt.Cosmetic()).Constrain(the.facingLoosely, the.cooldown5s),
			n.Do("defensive stance", stance, bt.Cosmetic()).Constrain(the.cooldown3s),
			n.Do("wait", wait, bt.Cosmetic()),
		),
	).Constrain(the.alive)
}

// n writes the tree as nested calls.
var n = bt.New[Memory]()

// attack is an attacking action: once under way, the rest of it counts
// as Cosmetic rather than Irrelevant, as the original lifted "a swing or
// grip already in progress", so the root does not drop a recovering
// swing for an idle flourish.
func attack(name string, a bt.Action[Memory]) bt.Def[Memory] {
	return n.Do(name, a, bt.CosmeticWhileRunning())
}

// cleanSwing is a swing that waits for a moment when no bolt will land
// before it is done: counters are floored at Beneficial, so the heuristic
// alone would not hold them back.
func cleanSwing() bt.Def[Memory] { return attack("swing", swing).Constrain(the.clearOfBolts) }

// counter is a counter-attack: a sequence floored at Beneficial, begun
// when the victim attacks and carried through once begun. Its name must
// be one of counters.
func counter(name string, when bt.Constraint[Memory], steps ...bt.Part) bt.Def[Memory] {
	return n.Decorate(name, the.counterFloor, n.Sequence(name+" moves", steps...)).Constrain(when)
}

// dashStrike closes in with a dash and swings.
func dashStrike() bt.Def[Memory] {
	return n.Sequence("dash strike",
		n.Do("dash", dash),
		attack("swing", swing),
	).Constrain(the.dashRange, the.cooldown3s)
}

// loneKick breaks shields and throws enemies off balance, opening them to
// the saber.
func loneKick() bt.Def[Memory] { return attack("kick", kick).Constrain(the.cooldown3s) }

// counters are the counter-attacks: each is a Floor decorator of that
// name, so a kill made by one counts as forced (KillRecord.Forced).
var counters = []string{"deflect and strike", "block and counter", "dodge and counter"}

// without returns d less the branches named in drop: children of the
// engage selectors and of idle, where Branches lie (a "kick" elsewhere is
// a step of a sequence, not a branch).
func without(d bt.Def[Memory], drop []string) bt.Def[Memory] {
	if len(drop) == 0 || len(d.Children) == 0 {
		return d
	}
	branches := strings.HasPrefix(d.Name, "vs ") || d.Name == "idle"
	kept := make([]bt.Def[Memory], 0, len(d.Children))
	for _, k := range d.Children {
		if branches && slices.Contains(drop, k.Name) {
			continue
		}
		kept = append(kept, without(k, drop))
	}
	d.Children = kept
	return d
}

// Alerted reports whether something happened since the Jedi last sensed
// that it must answer at once: a threat it had not seen, or a hit.
func Alerted(m *Memory) bool { return m.Alert }

// act returns the action for a move.
func act(k MoveKind, count int) bt.Action[Memory] { return action{kind: k, count: count} }

// The actions the tree runs. An action is a value: two of the same move
// and count are equal, and the same action.
var (
	giveSpace   = act(MoveGiveSpace, 1)
	deflect     = act(MoveDeflect, 1)
	dash        = act(MoveDash, 1)
	swing       = act(MoveSwing, 1)
	swing2      = act(MoveSwing, 2) // two swings in a row
	jumpForward = act(MoveJumpForward, 1)
	jumpOver    = act(MoveJumpOver, 1)
	kick        = act(MoveKick, 1)
	block       = act(MoveBlock, 1)
	push        = act(MovePush, 1)
	dodgeLeft   = act(MoveDodgeLeft, 1)
	dodgeRight  = act(MoveDodgeRight, 1)
	dodgeBack   = act(MoveDodgeBack, 1)
	crouch      = act(MoveCrouch, 1)
	approach    = act(MoveApproach, 1)
	strafe      = act(MoveStrafe, 1)
	taunt       = act(MoveTaunt, 1)
	stance      = act(MoveStance, 1)
	wait        = act(MoveWait, 1)
)

// words are the constraints and decorators the tree names, made once:
// the tree and its files (Registry) share them, so a tree written in Go
// is written to a file under their names. They hold no state of their
// own, so every Jedi's tree may share them.
type words struct {
	alive, tooClose, hasVictim, threatened                                bt.Constraint[Memory]
	victimIsDroid, victimIsBrawler, victimIsTrooper, victimIsRusher       bt.Constraint[Memory]
	victimShielded, counterBolt, counterMelee, counterHeavy, clearOfBolts bt.Constraint[Memory]
	dashRange, leapRange, jumpRange, pushRange, farFromVictim             bt.Constraint[Memory]
	highSkill, facingVictim, facingLoosely, meleeSoon, boltSoon           bt.Constraint[Memory]
	cooldown2s, cooldown3s, cooldown4s, cooldown5s, cooldown6s            bt.Constraint[Memory]
	counterFloor, mistake                                                 bt.Decorator[Memory]
}

// the holds the words of the combat tree.
var the = words{
	alive:           Alive(),
	tooClose:        TooClose(),
	hasVictim:       HasVictim(),
	threatened:      Threatened(3 * time.Second),
	victimIsDroid:   VictimIs(Droid),
	victimIsBrawler: VictimIs(Brawler),
	victimIsTrooper: VictimIs(Trooper),
	victimIsRusher:  VictimIs(Rusher),
	victimShielded:  VictimShielded(),
	counterBolt:     constraints.Skipping(Countering(1500*time.Millisecond, Bolt), constraints.SkipWhileRunning()),
	counterMelee:    constraints.Skipping(Countering(800*time.Millisecond, Melee), constraints.SkipWhileRunning()),
	counterHeavy:    constraints.Skipping(Countering(1200*time.Millisecond, Heavy), constraints.SkipWhileRunning()),
	clearOfBolts:    Unthreatened(2*swingHalf+time.Second, Bolt), // a swing's length, and a second more
	dashRange:       Distance(6, 25, constraints.SkipWhileRunning()),
	leapRange:       Distance(4, leapRange, constraints.SkipWhileRunning()),
	jumpRange:       Distance(4, leapRange),
	pushRange:       Distance(0, pushRadius),
	farFromVictim:   Distance(approachRange+1, 0),
	highSkill:       SkillRange(HighSkill),
	facingVictim:    constraints.Skipping(Facing(0.9), constraints.SkipWhileRunning()),
	facingLoosely:   Facing(0.8),
	meleeSoon:       Threatened(2*time.Second, Melee),
	boltSoon:        Threatened(2*time.Second, Bolt),
	cooldown2s:      constraints.Cooldown[Memory](2 * time.Second),
	cooldown3s:      constraints.Cooldown[Memory](3 * time.Second),
	cooldown4s:      constraints.Cooldown[Memory](4 * time.Second),
	cooldown5s:      constraints.Cooldown[Memory](5 * time.Second),
	cooldown6s:      constraints.Cooldown[Memory](6 * time.Second),
	counterFloor:    decorators.Floor[Memory](heuristic.Beneficial),
	mistake:         mistake(),
}

// mistake, with Options.Mistakes, wraps a swing at a raised shield that a
// FakeSim makes the Jedi's predictions believe is down. The fake is gated
// on an untouched shield that has not yet stopped one of the Jedi's
// blows: the Jedi's first reaction to a shielded trooper is to strike the
// shield in vain, a beat the player learns from; the shield stops the
// blow, and the Jedi knows better from then on.
func mistake() bt.Decorator[Memory] {
	return decorators.FakeSim(decorators.Fake[Memory]{
		Edit: func(m *Memory) {
			if v := m.VictimEnemy(); v != nil {
				v.Shield = 0
			}
		},
		Gate: constraints.All(ShieldIntact(), Unfooled()),
	})
}
