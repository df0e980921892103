package bt

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/heuristic"
)

// simState is a memory with a slice: it needs a copy function.
type simState struct {
	HP   int
	Path []int
}

func copySimState(dst, src *simState) {
	dst.HP = src.HP
	dst.Path = append(dst.Path[:0], src.Path...)
}

func TestPushCopiesAndReuses(t *testing.T) {
	s := NewSim(Config[simState]{Copy: copySimState})
	live := simState{HP: 5, Path: []int{1, 2}}
	m := s.Push(&live)
	m.HP, m.Path[0] = 1, 9
	if live.HP != 5 || live.Path[0] != 1 {
		t.Fatalf("scratch copy shares storage with live memory: %+v", live)
	}
	s.Pop()
	if again := s.Push(&live); again != m {
		t.Error("the scratch memory was not reused")
	}
	s.Pop()
	if s.depthNow() != 0 {
		t.Errorf("depth = %d after balanced push/pop", s.depthNow())
	}
	allocs := testing.AllocsPerRun(100, func() {
		a := s.Push(&live)
		b := s.Push(a)
		b.HP++
		s.Pop()
		s.Pop()
	})
	if allocs != 0 {
		t.Errorf("warm push/pop allocated %v times", allocs)
	}
}

func TestSwapKeepsTheCandidate(t *testing.T) {
	t.Parallel()
	s := NewSim(Config[simState]{Copy: copySimState})
	base := simState{HP: 10}
	keep := s.reserve()
	try := s.Push(&base)
	try.HP = 42
	s.swap()
	s.Pop()
	next := s.Push(&base)
	if next == try || next != keep {
		t.Error("swap did not move the candidate below the top")
	}
	s.Pop()
	if kept := s.Push(&base); kept.HP != 10 {
		t.Errorf("top slot holds %d, want a fresh copy", kept.HP)
	}
	s.unwind(0)
	if s.depthNow() != 0 {
		t.Errorf("unwind left depth %d", s.depthNow())
	}
	s.Pop() // popping an empty stack is harmless
	if s.depthNow() != 0 {
		t.Errorf("depth %d after popping an empty stack", s.depthNow())
	}
}

func TestJudgeExplainsWhenItCan(t *testing.T) {
	t.Parallel()
	s := NewSim(Config[simState]{})
	if v := s.Judge(&simState{}, &simState{}); v.Outcome != heuristic.Irrelevant || v.Reason != "no heuristic" {
		t.Errorf("no heuristic: %v", v)
	}
	s.setHeuristic(heuristic.Func[simState](func(b, a *simState) heuristic.Outcome { return heuristic.Safe }))
	if v := s.Judge(&simState{}, &simState{}); v != (heuristic.Verdict{Outcome: heuristic.Safe}) {
		t.Errorf("plain heuristic: %v", v)
	}
	rules, err := heuristic.NewRules[simState](heuristic.Cosmetic)
	if err != nil {
		t.Fatal(err)
	}
	s.setHeuristic(rules)
	if v := s.Judge(&simState{}, &simState{}); v.Reason != "otherwise" {
		t.Errorf("explaining heuristic: %v", v)
	}
}

// A subtree's goal is in force until it is popped, whatever the tree's own
// heuristic becomes meanwhile; Reset ends every subtree goal.
func TestSubtreeGoals(t *testing.T) {
	t.Parallel()
	judge := func(o heuristic.Outcome) heuristic.Heuristic[simState] {
		return heuristic.Func[simState](func(b, a *simState) heuristic.Outcome { return o })
	}
	s := NewSim(Config[simState]{Heuristic: judge(heuristic.Safe)})
	outcome := func() heuristic.Outcome { return s.Judge(&simState{}, &simState{}).Outcome }
	steps := []struct {
		do   func()
		want heuristic.Outcome
	}{
		{func() {}, heuristic.Safe},
		{func() { s.pushHeuristic(judge(heuristic.Harmful)) }, heuristic.Harmful},
		{func() { s.pushHeuristic(judge(heuristic.Urgent)) }, heuristic.Urgent},
		{func() { s.setHeuristic(judge(heuristic.Cosmetic)) }, heuristic.Urgent},
		{func() { s.popHeuristic() }, heuristic.Harmful},
		{func() { s.popHeuristic() }, heuristic.Cosmetic},
		{func() { s.popHeuristic() }, heuristic.Cosmetic}, // popping nothing is harmless
		{func() { s.pushHeuristic(judge(heuristic.Deadly)); s.Push(&simState{}); s.Reset() }, heuristic.Cosmetic},
	}
	for i, st := range steps {
		st.do()
		if got := outcome(); got != st.want {
			t.Errorf("step %d: judged %v, want %v", i, got, st.want)
		}
	}
	if s.depthNow() != 0 {
		t.Errorf("Reset left %d scratch memories", s.depthNow())
	}
}

// calls names the callback under way, so a panic in it can be blamed on
// it; outside one it is noCallback.
func TestCalling(t *testing.T) {
	t.Parallel()
	var seen []callback
	var s *Sim[simState]
	record := func() { seen = append(seen, s.calls()) }
	s = NewSim(Config[simState]{
		Heuristic: heuristic.Func[simState](func(b, a *simState) heuristic.Outcome { record(); return heuristic.Safe }),
		Copy:      func(dst, src *simState) { record(); *dst = *src },
		Model:     func(*simState, time.Duration) { record() },
		Terminal:  func(*simState) bool { record(); return false },
	})
	m := simState{}
	s.Judge(&m, &m)
	s.Pop()
	s.Push(&m)
	s.Advance(&m, time.Second)
	s.terminalAt(&m)
	want := []callback{callHeuristic, callCopy, callModel, callTerminal}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("callbacks seen (-want +got):\n%s", diff)
	}
	if s.calls() != noCallback {
		t.Errorf("calls after the callbacks = %v", s.calls())
	}
	if got := callHeuristic.String(); got != "heuristic" {
		t.Errorf("callHeuristic.String() = %q", got)
	}
}

func TestAdvanceTerminalClockRand(t *testing.T) {
	t.Parallel()
	clk := &clock{}
	src := rand.New(rand.NewPCG(1, 2))
	s := newSim(Config[simState]{
		Model:    func(m *simState, dt time.Duration) { m.HP -= int(dt / time.Second) },
		Terminal: func(m *simState) bool { return m.HP <= 0 },
	}, clk, src)
	m := simState{HP: 3}
	s.Advance(&m, 2*time.Second)
	s.Advance(&m, -time.Second) // time never runs backwards
	if m.HP != 1 || s.terminalAt(&m) || s.Elapsed() != 2*time.Second {
		t.Errorf("after 2s: %+v, terminal %v, elapsed %v", m, s.terminalAt(&m), s.Elapsed())
	}
	s.Advance(&m, time.Second)
	if !s.terminalAt(&m) {
		t.Error("HP 0 is not terminal")
	}
	clk.Advance(5 * time.Second)
	if s.now() != 5*time.Second || s.Rand() != src {
		t.Errorf("now = %v, Rand %p want %p", s.now(), s.Rand(), src)
	}
	plain := NewSim(Config[simState]{})
	plain.Advance(&m, time.Hour)
	if plain.terminalAt(&m) || plain.Rand() == nil || plain.now() != 0 {
		t.Error("a Sim without model, terminal test, clock or source misbehaves")
	}
}

// TestLaterRoundsUpWithoutOverflow: a situation later by d is on the tick
// that sees d pass, and a d near the largest duration neither wraps the
// clock nor takes the tick back.
func TestLaterRoundsUpWithoutOverflow(t *testing.T) {
	const step = 100 * time.Millisecond
	tests := []struct {
		name     string
		d        time.Duration
		wantNow  time.Duration
		wantTick uint64
	}{
		{"none", 0, time.Second, 5},
		{"within a step", time.Millisecond, time.Second + time.Millisecond, 6},
		{"a whole step", step, time.Second + step, 6},
		{"past a step", step + 1, time.Second + step + 1, 7},
		{"the largest", math.MaxInt64, math.MaxInt64, 5 + uint64((math.MaxInt64-1)/step+1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Situation{Now: time.Second, step: step, tick: 5}.Later(tt.d)
			if s.Now != tt.wantNow || s.tick != tt.wantTick {
				t.Errorf("Later(%v): now %v, tick %d; want %v, %d", tt.d, s.Now, s.tick, tt.wantNow, tt.wantTick)
			}
		})
	}
	var c clock
	c.step = step
	if got := c.whole(math.MaxInt64); got != math.MaxInt64 {
		t.Errorf("whole(the largest) = %v, want it saturated", got)
	}
}
