package catalogue_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
)

// Guard is a stealth guard's memory: where it and the player stand on a
// corridor, what it senses, its gun.
type Guard struct {
	Pos, Player int  // cells of the corridor
	Sees        bool // the player in sight
	Spotted     bool // sight of the player came or went this tick
	Noise       int  // where a noise was heard, or -1
	PlayerHP    int
	Ammo        int
	Aim         int           // how long it has steadied its aim since the last shot, in steadies
	Busy        time.Duration // the action under way's timer
}

// timed returns an action that takes d, then does effect; predicted, it
// does effect, and the catalogue declares how long it takes.
func timed(d time.Duration, effect func(g *Guard)) bt.Action[Guard] {
	return bt.Lasting(func(g *Guard, dt time.Duration) bt.Status {
		if g.Busy -= dt; g.Busy > 0 {
			return bt.Running
		}
		effect(g)
		return bt.Success
	}, effect).OnBegin(func(g *Guard) bt.Status { g.Busy = d; return bt.Running })
}

func step(from, to int) int {
	switch {
	case from < to:
		return from + 1
	case from > to:
		return from - 1
	}
	return from
}

// snippet stealth-preconditions

// The guard's preconditions, each written once.
var (
	sees = constraints.Func("sees the player", func(g *Guard) bool { return g.Sees },
		constraints.WhenFalse("does not see the player"))
	unseen = constraints.Not(sees) // "does not see the player"
	heard  = constraints.Func("heard a noise", func(g *Guard) bool { return g.Noise >= 0 },
		constraints.WhenFalse("heard nothing"))
	inReach   = constraints.Func("within reach", func(g *Guard) bool { return abs(g.Pos-g.Player) <= 1 })
	loaded    = constraints.Func("loaded", func(g *Guard) bool { return g.Ammo > 0 }, constraints.WhenFalse("out of ammo"))
	empty     = constraints.Not(loaded) // "out of ammo"
	far       = constraints.Not(inReach)
	rateLimit = constraints.Cooldown[Guard](500 * time.Millisecond) // the gun's rate of fire
)

// end snippet stealth-preconditions

func abs(x int) int { return max(x, -x) }

// guardActions declares each action once: what it does, its
// preconditions, how long it takes.
func guardActions() *catalogue.Catalogue[Guard] {
	// snippet stealth-catalogue

	var b catalogue.Builder[Guard]
	b.Action("patrol", timed(time.Second, func(g *Guard) { g.Pos = (g.Pos + 5) % 10 }), unseen).Takes(time.Second)
	b.Action("investigate", timed(500*time.Millisecond, func(g *Guard) { g.Pos, g.Noise = g.Noise, -1 }), heard, unseen).
		Takes(500 * time.Millisecond)
	b.Action("chase", timed(200*time.Millisecond, func(g *Guard) { g.Pos = step(g.Pos, g.Player) }), sees, far).
		Takes(200 * time.Millisecond)
	b.Action("attack", timed(200*time.Millisecond, func(g *Guard) { g.PlayerHP, g.Ammo, g.Aim = g.PlayerHP-1, g.Ammo-1, 0 }),
		sees, inReach, loaded, rateLimit).Takes(200 * time.Millisecond)
	b.Action("steady", timed(500*time.Millisecond, func(g *Guard) { g.Aim = min(g.Aim+1, 2) }), sees).
		Takes(500 * time.Millisecond)
	b.Action("reload", timed(time.Second, func(g *Guard) { g.Ammo = 2 }), empty).Takes(time.Second)
	actions, err := b.Build()
	// end snippet stealth-catalogue
	if err != nil {
		panic(err)
	}
	return actions
}

// The same actions run under a behaviour tree, an HTN domain and GOAP
// goals, each declared once in the catalogue. The gun fires once every
// half second (a cooldown from the end of a shot): the tree's selector
// predicts each child at the time it would act, and the planners plan
// the shots apart, steadying the aim between them, so every plan runs as
// planned: no step is refused.
func Example_stealthGuard() {
	actions := guardActions()
	n := bt.New[Guard]()
	hurts := heuristic.Func[Guard](func(before, after *Guard) heuristic.Outcome {
		switch {
		case after.PlayerHP < before.PlayerHP:
			return heuristic.Beneficial
		case abs(after.Pos-after.Player) < abs(before.Pos-before.Player), after.Ammo > before.Ammo:
			return heuristic.Cosmetic
		}
		return heuristic.Irrelevant
	})
	// snippet stealth-deciders
	fight, err := htn.New(actions).
		Compound("guard").
		Method("fight", sees).Do("engage").
		Method("investigate", heard).Do("investigate").
		Method("patrol").Do("patrol").
		Compound("engage").
		Method("close in", far).Do("chase", "engage").
		Method("reload", empty).Do("reload").
		Method("burst").Do("attack", "attack").
		Method("steady").Do("attack", "steady", "attack").
		Method("one shot").Do("attack").
		Build()
	if err != nil {
		panic(err)
	}
	// GOAP tells states apart by a key: steadying changes the aim, so a
	// plan that waits for the gun to cool is a state of its own.
	goals, err := goap.New(actions, func(g *Guard) [5]int { return [5]int{g.Pos, g.PlayerHP, g.Ammo, g.Noise, g.Aim} }).
		Do("chase").Do("attack").Do("steady").Do("reload").Do("investigate").Do("patrol").
		Goal("take down", 3, func(g *Guard) bool { return g.PlayerHP <= 0 }).Relevant(func(g *Guard) bool { return g.Sees }).
		Goal("investigate", 2, func(g *Guard) bool { return g.Noise < 0 }).Relevant(func(g *Guard) bool { return g.Noise >= 0 }).
		Goal("patrol", 1, func(g *Guard) bool { return g.Pos == 5 }).
		Build()
	if err != nil {
		panic(err)
	}
	// end snippet stealth-deciders
	for _, decider := range []struct {
		name string
		node bt.Def[Guard]
	}{
		// snippet stealth-nodes
		{"tree", n.Selector("guard", bt.Replan(0),
			actions.Do("attack"), actions.Do("chase"), actions.Do("reload"), actions.Do("steady", bt.Cosmetic()),
			actions.Do("investigate", bt.Cosmetic()), actions.Do("patrol", bt.Cosmetic()))},
		{"htn", n.Plan("guard", fight, bt.ReplanOn(spotted))},
		{"goap", n.Plan("guard", goals, bt.ReplanOn(spotted))},
		// end snippet stealth-nodes
	} {
		tree, err := bt.Build(bt.Config[Guard]{Heuristic: hurts}, decider.node)
		if err != nil {
			panic(err)
		}
		agent, err := tree.NewAgent(1)
		if err != nil {
			panic(err)
		}
		var did []string
		refused := 0
		agent.SetTracer(bt.TracerFunc(func(e *bt.Event) {
			switch {
			case e.Kind == bt.EventBegin && e.Path != "guard":
				did = append(did, e.Path[strings.LastIndexByte(e.Path, '/')+1:])
			case e.Kind == bt.EventConstraint: // a step its preconditions stopped
				refused++
			case e.Kind == bt.EventPlan && (strings.Contains(e.Plan.Reason, "no longer holds") ||
				strings.Contains(e.Plan.Reason, "cannot begin")): // a plan given up at a step
				refused++
			}
		}))
		g := Guard{Pos: 0, Player: 4, Noise: 3, PlayerHP: 3, Ammo: 2}
		for tick := 1; tick <= 60 && g.PlayerHP > 0; tick++ {
			sees := tick > 5 && abs(g.Pos-g.Player) <= 3 // the player steps out at 0.5s, near the noise
			g.Spotted, g.Sees = sees != g.Sees, sees
			if _, err := agent.Tick(&g, 100*time.Millisecond); err != nil {
				panic(err)
			}
		}
		fmt.Printf("%-4s %s; player hp %d, %d refused\n", decider.name, strings.Join(did, " "), g.PlayerHP, refused)
	}
	// Output:
	// tree investigate attack steady attack reload attack; player hp 0, 0 refused
	// htn  investigate attack steady attack reload attack steady; player hp 0, 0 refused
	// goap investigate attack steady attack reload attack; player hp 0, 0 refused
}

// spotted is the planners' news: sight of the player came or went.
func spotted(g *Guard) bool { return g.Spotted }
