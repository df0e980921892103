package sim_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/sim"
)

type state struct {
	HP   int
	Path []int // a slice: needs a copy function
}

func copyState(dst, src *state) {
	dst.HP = src.HP
	dst.Path = append(dst.Path[:0], src.Path...)
}

func TestPushCopiesAndReuses(t *testing.T) {
	ctx := sim.New(sim.Config[state]{Copy: copyState})
	live := state{HP: 5, Path: []int{1, 2}}
	s := ctx.Push(&live)
	s.HP, s.Path[0] = 1, 9
	if live.HP != 5 || live.Path[0] != 1 {
		t.Fatalf("scratch copy shares storage with live memory: %+v", live)
	}
	ctx.Pop()
	if again := ctx.Push(&live); again != s {
		t.Error("the scratch memory was not reused")
	}
	ctx.Pop()
	if ctx.Depth() != 0 {
		t.Errorf("depth = %d after balanced push/pop", ctx.Depth())
	}
	allocs := testing.AllocsPerRun(100, func() {
		a := ctx.Push(&live)
		b := ctx.Push(a)
		b.HP++
		ctx.Pop()
		ctx.Pop()
	})
	if allocs != 0 {
		t.Errorf("warm push/pop allocated %v times", allocs)
	}
}

func TestSwapKeepsTheCandidate(t *testing.T) {
	t.Parallel()
	ctx := sim.New(sim.Config[state]{Copy: copyState})
	base := state{HP: 10}
	keep := ctx.Reserve()
	try := ctx.Push(&base)
	try.HP = 42
	ctx.Swap()
	ctx.Pop()
	next := ctx.Push(&base)
	if next == try || next != keep {
		t.Error("Swap did not move the candidate below the top")
	}
	ctx.Pop()
	if kept := ctx.Push(&base); kept.HP != 10 {
		t.Errorf("top slot holds %d, want a fresh copy", kept.HP)
	}
	ctx.Unwind(0)
	if ctx.Depth() != 0 {
		t.Errorf("Unwind left depth %d", ctx.Depth())
	}
	ctx.Pop() // popping an empty stack is harmless
	if ctx.Depth() != 0 {
		t.Errorf("depth %d after popping an empty stack", ctx.Depth())
	}
}

func TestJudgeExplainsWhenItCan(t *testing.T) {
	t.Parallel()
	ctx := sim.New(sim.Config[state]{})
	if v := ctx.Judge(&state{}, &state{}); v.Outcome != heuristic.Irrelevant || v.Reason != sim.NoHeuristic {
		t.Errorf("no heuristic: %v", v)
	}
	ctx.SetHeuristic(heuristic.Func[state](func(b, a *state) heuristic.Outcome { return heuristic.Safe }))
	if v := ctx.Judge(&state{}, &state{}); v != (heuristic.Verdict{Outcome: heuristic.Safe}) {
		t.Errorf("plain heuristic: %v", v)
	}
	rules, _ := heuristic.NewRules[state](heuristic.Cosmetic)
	ctx.SetHeuristic(rules)
	if v := ctx.Judge(&state{}, &state{}); v.Reason != heuristic.Otherwise {
		t.Errorf("explaining heuristic: %v", v)
	}
}

// A subtree's goal is in force until it is popped, whatever the tree's own
// heuristic becomes meanwhile; Reset ends every subtree goal.
func TestSubtreeGoals(t *testing.T) {
	t.Parallel()
	judge := func(o heuristic.Outcome) heuristic.Heuristic[state] {
		return heuristic.Func[state](func(b, a *state) heuristic.Outcome { return o })
	}
	ctx := sim.New(sim.Config[state]{Heuristic: judge(heuristic.Safe)})
	outcome := func() heuristic.Outcome { return ctx.Judge(&state{}, &state{}).Outcome }
	steps := []struct {
		do   func()
		want heuristic.Outcome
	}{
		{func() {}, heuristic.Safe},
		{func() { ctx.PushHeuristic(judge(heuristic.Harmful)) }, heuristic.Harmful},
		{func() { ctx.PushHeuristic(judge(heuristic.Urgent)) }, heuristic.Urgent},
		{func() { ctx.SetHeuristic(judge(heuristic.Cosmetic)) }, heuristic.Urgent},
		{func() { ctx.PopHeuristic() }, heuristic.Harmful},
		{func() { ctx.PopHeuristic() }, heuristic.Cosmetic},
		{func() { ctx.PopHeuristic() }, heuristic.Cosmetic}, // popping nothing is harmless
		{func() { ctx.PushHeuristic(judge(heuristic.Deadly)); ctx.Push(&state{}); ctx.Reset() }, heuristic.Cosmetic},
	}
	for i, s := range steps {
		s.do()
		if got := outcome(); got != s.want {
			t.Errorf("step %d: judged %v, want %v", i, got, s.want)
		}
	}
	if ctx.Depth() != 0 {
		t.Errorf("Reset left %d scratch memories", ctx.Depth())
	}
}

// Calling names the callback under way, so a panic in it can be blamed on
// it; outside one it is NoCallback.
func TestCalling(t *testing.T) {
	t.Parallel()
	var seen []sim.Callback
	var ctx *sim.Context[state]
	record := func() { seen = append(seen, ctx.Calling()) }
	ctx = sim.New(sim.Config[state]{
		Heuristic: heuristic.Func[state](func(b, a *state) heuristic.Outcome { record(); return heuristic.Safe }),
		Copy:      func(dst, src *state) { record(); *dst = *src },
		Model:     func(*state, time.Duration) { record() },
		Terminal:  func(*state) bool { record(); return false },
	})
	m := state{}
	ctx.Judge(&m, &m)
	ctx.Pop()
	ctx.Push(&m)
	ctx.Advance(&m, time.Second)
	ctx.Terminal(&m)
	want := []sim.Callback{sim.CallHeuristic, sim.CallCopy, sim.CallModel, sim.CallTerminal}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("callbacks seen (-want +got):\n%s", diff)
	}
	if ctx.Calling() != sim.NoCallback {
		t.Errorf("Calling after the callbacks = %v", ctx.Calling())
	}
	if got := sim.CallHeuristic.String(); got != "heuristic" {
		t.Errorf("CallHeuristic.String() = %q", got)
	}
}

func TestAdvanceTerminalClockRand(t *testing.T) {
	t.Parallel()
	clock := &sim.Clock{}
	src := rand.New(rand.NewPCG(1, 2))
	ctx := sim.New(sim.Config[state]{
		Model:    func(m *state, dt time.Duration) { m.HP -= int(dt / time.Second) },
		Terminal: func(m *state) bool { return m.HP <= 0 },
		Clock:    clock,
		Rand:     src,
	})
	m := state{HP: 3}
	ctx.Advance(&m, 2*time.Second)
	ctx.Advance(&m, -time.Second) // time never runs backwards
	if m.HP != 1 || ctx.Terminal(&m) {
		t.Errorf("after 2s: %+v, terminal %v", m, ctx.Terminal(&m))
	}
	ctx.Advance(&m, time.Second)
	if !ctx.Terminal(&m) {
		t.Error("HP 0 is not terminal")
	}
	clock.Advance(5 * time.Second)
	if ctx.Now() != 5*time.Second || ctx.Rand() != src {
		t.Errorf("Now = %v, Rand %p want %p", ctx.Now(), ctx.Rand(), src)
	}
	plain := sim.New(sim.Config[state]{})
	plain.Advance(&m, time.Hour)
	if plain.Terminal(&m) || plain.Rand() == nil || plain.Now() != 0 {
		t.Error("a context without model, terminal test, clock or source misbehaves")
	}
}
