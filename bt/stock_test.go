package bt_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
)

// gun is a memory whose barrel heats with each shot and cools with time.
type gun struct {
	Hits int
	Heat time.Duration
}

func cools(g *gun, dt time.Duration) { g.Heat = max(0, g.Heat-dt) }

// A prediction that chains a Wait moves its clock, and the world's model,
// on by the wait: a shot that must wait for the barrel to cool is
// predicted possible after a Wait and impossible without one.
func TestWaitIsPredictedAsTime(t *testing.T) {
	t.Parallel()
	cool := constraints.Func("cool", func(g *gun) bool { return g.Heat == 0 })
	fire := func(g *gun) { g.Hits, g.Heat = g.Hits+1, 500*time.Millisecond }
	shot := bt.Instant(func(g *gun) bool { fire(g); return true }, fire)
	hits := heuristic.Func[gun](func(before, after *gun) heuristic.Outcome {
		if after.Hits >= before.Hits+2 {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	n := bt.New[gun]()
	tree, err := bt.Build(bt.Config[gun]{Heuristic: hits, Model: cools},
		n.Selector("fight",
			n.Sequence("burst", n.Do("shot", shot).Constrain(cool), n.Do("again", shot).Constrain(cool)),
			n.Sequence("paced", n.Do("shot", shot).Constrain(cool), n.Wait("cool", 500*time.Millisecond),
				n.Do("again", shot).Constrain(cool)),
		))
	if err != nil {
		t.Fatal(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	var g gun
	p, err := agent.Preview(&g, 100*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	d := p.Decisions[0]
	if c, _ := d.Choice(); c.Name != "paced" {
		t.Fatalf("chose %+v, want paced: %v", c, d)
	}
	if v := d.Candidates[0].Verdict; v.Outcome != heuristic.Impossible || v.Reason != "not cool" {
		t.Errorf("burst predicted %v, want Impossible for the cooldown", v)
	}
	// Live, the wait lasts its half second and the second shot follows.
	var ticks int
	for ticks = 1; ticks < 20 && g.Hits < 2; ticks++ {
		cools(&g, 100*time.Millisecond)
		if _, err := agent.Tick(&g, 100*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if g.Hits != 2 || agent.Now() != 600*time.Millisecond {
		t.Errorf("after %d ticks (%v): %d hits, want 2 at 600ms", ticks, agent.Now(), g.Hits)
	}
}

func TestStockLeavesRefuseBadSettings(t *testing.T) {
	t.Parallel()
	n := bt.New[gun]()
	for _, tc := range []struct {
		name string
		def  bt.Def[gun]
		want string
	}{
		{"negative", n.Wait("w", -time.Second), "fight/w: Wait: negative duration -1s"},
		{"takes differs", n.Do("w", bt.Wait[gun](time.Second), bt.Takes(2*time.Second)), "fight/w: Takes 2s: the action says it takes 1s"},
		// An explicit zero is a duration given, not none (it was taken for none).
		{"takes zero", n.Do("w", bt.Wait[gun](time.Second), bt.Takes(0)), "fight/w: Takes 0s: the action says it takes 1s"},
	} {
		_, err := bt.Build(bt.Config[gun]{}, n.Sequence("fight", tc.def))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
	tree, err := bt.Build(bt.Config[gun]{}, n.Sequence("ok", n.Succeed("yes"), n.Wait("no time", 0), n.Fail("no")))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	if s, _ := agent.Tick(&gun{}, time.Millisecond); s != bt.Failure {
		t.Errorf("succeed, wait 0, fail: %v, want Failure in one tick", s)
	}
}
