package tour_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
)

// The world of docs/03-behaviour-trees.md: a sentry on a wall, who
// patrols, bandages itself when hurt, and aims and fires at an enemy in
// sight.

// Sentry is the sentry's memory.
type Sentry struct {
	HP     int
	Enemy  int // how far the enemy is; 0: none in sight
	Steps  int // steps walked on the patrol
	Aimed  int // ticks spent aiming at the enemy
	Shots  int
	Posted [2]int // ticks spent watching at each post
}

// The sentry's actions, made of functions.
var (
	// walking patrols until something else takes over.
	walking = bt.Lasting(func(s *Sentry, _ time.Duration) bt.Status {
		s.Steps++
		return bt.Running
	}, func(s *Sentry) { s.Steps++ })
	// bandage takes two ticks, and heals.
	bandage = bt.Lasting(func(s *Sentry, _ time.Duration) bt.Status {
		s.HP = 10
		return bt.Success
	}, func(s *Sentry) { s.HP = 10 })
	// aim takes two ticks of aiming.
	aim = bt.Lasting(func(s *Sentry, _ time.Duration) bt.Status {
		if s.Aimed++; s.Aimed < 2 {
			return bt.Running
		}
		return bt.Success
	}, func(s *Sentry) { s.Aimed = 2 })
	fire = bt.Instant(func(s *Sentry) bool { s.Shots++; s.Aimed = 0; return true },
		func(s *Sentry) { s.Shots++ })
)

// The sentry's tests of its memory: the conditions of its tree.
func hurt(s *Sentry) bool      { return s.HP < 5 }
func enemySeen(s *Sentry) bool { return s.Enemy > 0 }

// runningLeaf follows which leaf an agent runs: the one begun last and
// not yet ended, or else the last to end.
type runningLeaf struct {
	leaves map[string]bool // the paths of the tree's actions
	now    string
}

func newRunningLeaf(tree *bt.Tree[Sentry]) *runningLeaf {
	r := &runningLeaf{leaves: map[string]bool{}}
	for _, n := range tree.Nodes() {
		if n.Kind == bt.KindAction {
			r.leaves[n.Path] = true
		}
	}
	return r
}

func (r *runningLeaf) Trace(e *bt.Event) {
	if e.Kind == bt.EventBegin && r.leaves[e.Path] {
		r.now = e.Path[strings.LastIndexByte(e.Path, '/')+1:]
	}
}

// run ticks agent n times, the sentry hurt from the third tick on, and
// says which action ran in each tick.
func (r *runningLeaf) run(agent *bt.Agent[Sentry], n int) string {
	s := Sentry{HP: 10}
	var ran []string
	for tick := 1; tick <= n; tick++ {
		if tick == 3 {
			s.HP = 2
		}
		agent.Tick(&s, time.Second)
		ran = append(ran, fmt.Sprintf("%-7s", r.now))
	}
	return strings.TrimRight(strings.Join(ran, " "), " ")
}

// A Priority sticks with the running child until it ends; a
// ReactivePriority checks the guards of the children before it every
// tick, and the first whose guard passes takes over in that tick.
func Example_sentryPriorities() {
	// snippet sentry-priorities
	n := bt.New[Sentry]()
	children := func() []bt.Def[Sentry] {
		return []bt.Def[Sentry]{
			n.Sequence("recover", n.Condition("hurt", hurt), n.Do("bandage", bandage)),
			n.Do("patrol", walking),
		}
	}
	fmt.Println("tick     1       2       3       4       5")
	for _, root := range []bt.Def[Sentry]{
		n.Priority("priority", children()...),
		n.ReactivePriority("reactive", children()...),
	} {
		tree, err := bt.Build(bt.Config[Sentry]{}, root)
		if err != nil {
			fmt.Println(err)
			return
		}
		agent, _ := tree.NewAgent(1)
		ran := newRunningLeaf(tree)
		agent.SetTracer(ran)
		fmt.Printf("%-8s %s\n", root.Name, ran.run(agent, 5)) // hurt from the third tick
	}
	// end snippet sentry-priorities

	// Output:
	// tick     1       2       3       4       5
	// priority patrol  patrol  patrol  patrol  patrol
	// reactive patrol  patrol  bandage bandage patrol
}

// A ReactiveSequence re-checks, every tick, the conditions it has passed:
// the enemy lost mid-aim stops the aiming, and the sequence fails in that
// tick.
func Example_sentryReactiveSequence() {
	n := bt.New[Sentry]()
	// snippet sentry-reactive-sequence
	tree, err := bt.Build(bt.Config[Sentry]{},
		n.ReactiveSequence("shoot", n.Condition("enemy seen", enemySeen), n.Do("aim", aim), n.Do("fire", fire)))
	if err != nil {
		fmt.Println(err)
		return
	}
	agent, _ := tree.NewAgent(1)
	s := Sentry{Enemy: 4}
	for tick := 1; tick <= 4; tick++ {
		if tick == 3 {
			s.Enemy = 0 // out of sight
		}
		status, _ := agent.Tick(&s, time.Second)
		fmt.Printf("tick %d: %v, aimed %d, shots %d\n", tick, status, s.Aimed, s.Shots)
	}
	// end snippet sentry-reactive-sequence

	// Output:
	// tick 1: Running, aimed 0, shots 0
	// tick 2: Running, aimed 1, shots 0
	// tick 3: Failure, aimed 1, shots 0
	// tick 4: Failure, aimed 1, shots 0
}

// snippet sentry-subtree

// watch is a piece of behaviour used in many trees: a function that
// returns a Def. Each call makes a subtree of its own, named as the
// caller says.
func watch(n bt.Builder[Sentry], name string, post int) bt.Def[Sentry] {
	look := bt.Instant(func(s *Sentry) bool { s.Posted[post]++; return true }, nil)
	return n.Sequence(name,
		n.Do("look out", look),
		n.Wait("stand", 2*time.Second),
	)
}

// end snippet sentry-subtree

// A subtree used twice, and the options of the nodes, as a tree prints
// itself.
func Example_sentrySubtree() {
	// snippet sentry-options
	n := bt.New[Sentry]()
	tree, err := bt.Build(bt.Config[Sentry]{Heuristic: sentryGoal()},
		n.Selector("sentry", bt.Replan(500*time.Millisecond), bt.ReplanOn(enemySeen),
			n.ReactiveSequence("shoot",
				n.Condition("enemy seen", enemySeen),
				n.Decorate("no longer than 3s", decorators.Timeout[Sentry](3*time.Second), n.Do("aim", aim)),
				n.Do("fire", fire),
			),
			n.Sequence("round", bt.Loop(),
				watch(n, "north post", 0),
				watch(n, "south post", 1),
			),
			n.RandomSelector("idle",
				n.Do("whistle", bt.Instant(func(*Sentry) bool { return true }, nil), bt.Cosmetic()).With(bt.Weight(1)),
				n.Do("stretch", bt.Instant(func(*Sentry) bool { return true }, nil), bt.Cosmetic()).With(bt.Weight(3)),
			),
		))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(tree)
	// end snippet sentry-options

	// Output:
	// sentry  selector replan=500ms replan-on
	// ├─ shoot  reactive-sequence
	// │  ├─ enemy seen  condition
	// │  ├─ no longer than 3s  timeout 3s
	// │  │  └─ aim  action
	// │  └─ fire  action
	// ├─ round  sequence loop
	// │  ├─ north post  sequence
	// │  │  ├─ look out  action
	// │  │  └─ stand  wait 2s
	// │  └─ south post  sequence
	// │     ├─ look out  action
	// │     └─ stand  wait 2s
	// └─ idle  random selector
	//    ├─ whistle  action
	//    └─ stretch  action  weight 3
}

// sentryGoal is the sentry's heuristic.
func sentryGoal() heuristic.Heuristic[Sentry] {
	goal, err := heuristic.NewRules(heuristic.Irrelevant,
		heuristic.When("shot fired", heuristic.Beneficial, func(b, a *Sentry) bool { return a.Shots > b.Shots }),
		heuristic.When("on watch", heuristic.Cosmetic, func(b, a *Sentry) bool { return a.Posted != b.Posted }),
	)
	if err != nil {
		panic(err)
	}
	return goal
}
