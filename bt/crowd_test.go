package bt_test

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
)

// frame is a 60 Hz step.
const frame = time.Second / 60

// strike is an action that keeps its progress in the memory, as an action
// shared by the agents of a tree must: it runs a blow per update until
// the foe is down.
type strike struct{}

func (strike) Begin(m *mem) bt.Status {
	if m.Foe <= 0 {
		return bt.Failure
	}
	return bt.Running
}

func (strike) Update(m *mem, _ time.Duration) bt.Status {
	m.Foe--
	m.Live++
	if m.Foe <= 0 {
		return bt.Success
	}
	return bt.Running
}

func (strike) End(*mem, bt.Status) {}

func (strike) Simulate(_ *bt.Sim[mem], m *mem) { m.Foe = 0; m.Sim++ }

// crowdTree is a tree whose agents differ by seed, memory and history: a
// root that re-plans, a random selector, cooldowns and a per-agent
// decorator (Repeat counts each agent's runs).
func crowdTree(t *testing.T) *bt.Tree[mem] {
	t.Helper()
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal},
		n.Selector("root", bt.Replan(50*time.Millisecond),
			n.Sequence("fight",
				n.Condition("foe up", func(m *mem) bool { return m.Foe > 0 }),
				n.Do("strike", strike{}),
			),
			n.RandomSelector("mend",
				n.Do("heal", bt.Instant(func(m *mem) bool { m.HP++; return true }, heal(1))).With(bt.Weight(2)),
				n.Do("heal more", bt.Instant(func(m *mem) bool { m.HP += 2; return true }, heal(1))).With(bt.Weight(1)),
			).Constrain(constraints.Cooldown[mem](200*time.Millisecond)),
			n.Decorate("flourish", decorators.Repeat[mem](2),
				n.Do("shine", bt.Instant(func(m *mem) bool { m.Shine++; return true }, shine)).
					Constrain(constraints.Cooldown[mem](300*time.Millisecond)),
			),
		))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// crowdRun ticks n agents of tree for frames frames with tick, which is a
// crowd's Tick or the agents' own, and returns every agent's memory and
// whether it runs after each frame.
func crowdRun(t *testing.T, tree *bt.Tree[mem], n, frames int, tick func(agents []*bt.Agent[mem], ms []mem, dt time.Duration) error) []string {
	t.Helper()
	agents := make([]*bt.Agent[mem], n)
	ms := make([]mem, n)
	for i := range agents {
		a, err := tree.NewAgent(uint64(i) * 7919)
		if err != nil {
			t.Fatal(err)
		}
		agents[i], ms[i] = a, mem{HP: i % 5, Foe: i % 3}
	}
	var out []string
	for f := range frames {
		for i := range ms {
			if (f+i)%17 == 0 {
				ms[i].Foe += 2 // a foe turns up
			}
			ms[i].HP -= (f + i) % 2
		}
		if err := tick(agents, ms, time.Duration(10+f%40)*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		for i := range ms {
			out = append(out, fmt.Sprintf("%d %d %+v %v", f, i, ms[i], agents[i].Running()))
		}
	}
	return out
}

// What every agent of a crowd decides is the same whatever the number of
// workers, and the same as ticking each agent on its own.
func TestCrowdSameWhateverWorkers(t *testing.T) {
	tree := crowdTree(t)
	alone := crowdRun(t, tree, 37, 60, func(agents []*bt.Agent[mem], ms []mem, dt time.Duration) error {
		for i, a := range agents {
			if _, err := a.Tick(&ms[i], dt); err != nil {
				return err
			}
		}
		return nil
	})
	for _, workers := range []int{1, 2, 3, 8, 100} {
		crowd := bt.NewCrowd(tree, workers)
		got := crowdRun(t, tree, 37, 60, crowd.Tick)
		if diff := cmp.Diff(alone, got); diff != "" {
			t.Errorf("%d workers decided otherwise than the agents alone (-alone +crowd):\n%s", workers, diff)
		}
	}
}

// A crowd reports each agent's fault with its index, in index order, and
// keeps ticking the others.
func TestCrowdFaults(t *testing.T) {
	tree, other := crowdTree(t), crowdTree(t)
	stranger, err := other.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	crowd := bt.NewCrowd(tree, 2)
	agents := make([]*bt.Agent[mem], 6)
	for i := range agents {
		if agents[i], err = tree.NewAgent(uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	agents[1], agents[4] = nil, stranger
	ms := make([]mem, len(agents))
	for i := range ms {
		ms[i].Foe = 3
	}

	err = crowd.Tick(agents, ms, frame)
	var faults []int
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var ae *bt.AgentError
		if !errors.As(e, &ae) {
			t.Fatalf("fault %v is not an *AgentError", e)
		}
		faults = append(faults, ae.Index)
	}
	if diff := cmp.Diff([]int{1, 4}, faults); diff != "" {
		t.Errorf("faulty agents (-want +got):\n%s", diff)
	}
	if !errors.Is(err, bt.ErrNotBuilt) || !strings.Contains(err.Error(), "agent 1: bt: a nil agent") ||
		!strings.Contains(err.Error(), "agent 4: bt: the agent runs another tree") {
		t.Errorf("faults = %v; want agent 1's nil agent (ErrNotBuilt) and agent 4's other tree", err)
	}
	for _, i := range []int{0, 2, 3, 5} {
		if ms[i] == (mem{Foe: 3}) {
			t.Errorf("agent %d did nothing: a fault elsewhere stopped it", i)
		}
	}

	if err := crowd.Tick(agents, ms[:2], frame); err == nil {
		t.Error("Tick with fewer memories than agents: no error")
	}
	if err := crowd.Run(0, nil); err != nil {
		t.Errorf("Run over no agents: %v", err)
	}
}

// A panic in the function a crowd runs reaches the caller once every
// worker is done, as it would with one worker.
func TestCrowdPanicReachesCaller(t *testing.T) {
	crowd := bt.NewCrowd(crowdTree(t), 3)
	done := make([]bool, 9)
	defer func() {
		if got := recover(); got != "agent 7" {
			t.Errorf("recovered %v; want the panic of agent 7", got)
		}
		for i, d := range done {
			if !d && i != 7 && i != 8 {
				t.Errorf("agent %d never ran: a worker stopped for another's panic", i)
			}
		}
	}()
	_ = crowd.Run(len(done), func(_ *bt.Worker[mem], i int) error {
		if i == 7 {
			panic("agent 7")
		}
		done[i] = true
		return nil
	})
	t.Error("Run returned; want the panic")
}

// A frame of a crowd allocates nothing, with any number of workers, on
// every goroutine (AllocsPerRun counts them all): the workers wait for the
// next frame rather than being started again.
func TestCrowdAllocatesNothing(t *testing.T) {
	tree := crowdTree(t)
	for _, workers := range []int{1, 2, 4, 16} {
		crowd := bt.NewCrowd(tree, workers)
		agents := make([]*bt.Agent[mem], 200)
		ms := make([]mem, len(agents))
		for i := range agents {
			agents[i], _ = tree.NewAgent(uint64(i))
			ms[i].Foe = 1 << 20 // a long fight: every frame strikes and re-plans
		}
		tick := func() {
			if err := crowd.Tick(agents, ms, frame); err != nil {
				t.Fatal(err)
			}
		}
		tick() // the workers start, and make their scratch memories
		if allocs := testing.AllocsPerRun(100, tick); allocs != 0 {
			t.Errorf("%d workers: a frame allocated %v times", workers, allocs)
		}
	}
}

// Run calls its function once for every index, whatever the number of
// workers and of indices, with chunks cut into blocks and blocks stolen.
func TestCrowdRunsEveryIndexOnce(t *testing.T) {
	tree := crowdTree(t)
	for _, workers := range []int{1, 2, 3, 7, 16} {
		crowd := bt.NewCrowd(tree, workers)
		for _, n := range []int{1, 2, 5, 31, 32, 33, 100, 1000, 1025} {
			calls := make([]atomic.Int32, n)
			if err := crowd.Run(n, func(_ *bt.Worker[mem], i int) error {
				calls[i].Add(1)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			for i := range calls {
				if got := calls[i].Load(); got != 1 {
					t.Errorf("%d workers, %d indices: index %d called %d times", workers, n, i, got)
				}
			}
		}
	}
}

// The same agent given twice in a frame is ticked at neither index: each
// gets ErrGivenTwice, and the others are ticked. (It was ticked twice with
// one worker, and with two on two goroutines at once, a data race.)
func TestCrowdRefusesAnAgentGivenTwice(t *testing.T) {
	tree := crowdTree(t)
	for _, workers := range []int{1, 2, 3} {
		crowd := bt.NewCrowd(tree, workers)
		agents := make([]*bt.Agent[mem], 6)
		for i := range agents {
			agents[i], _ = tree.NewAgent(uint64(i))
		}
		ms := make([]mem, len(agents))
		for i := range ms {
			ms[i].Foe = 3
		}
		if err := crowd.Tick(agents, ms, frame); err != nil { // all distinct
			t.Fatal(err)
		}
		agents[4] = agents[1] // in the same slice, as a game would slip
		for f := 1; f <= 3; f++ {
			err := crowd.Tick(agents, ms, frame)
			if !errors.Is(err, bt.ErrGivenTwice) {
				t.Fatalf("%d workers: Tick = %v; want ErrGivenTwice", workers, err)
			}
			var got []int
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				var ae *bt.AgentError
				if !errors.As(e, &ae) || !errors.Is(e, bt.ErrGivenTwice) {
					t.Fatalf("%d workers: fault %v; want an *AgentError of ErrGivenTwice", workers, e)
				}
				got = append(got, ae.Index)
			}
			if diff := cmp.Diff([]int{1, 4}, got); diff != "" {
				t.Errorf("%d workers: refused indices (-want +got):\n%s", workers, diff)
			}
			if n := agents[1].Ticks(); n != 1 {
				t.Errorf("%d workers: the agent given twice was ticked %d times since", workers, n-1)
			}
			for _, i := range []int{0, 2, 3, 5} {
				if n := agents[i].Ticks(); n != uint64(f+1) {
					t.Errorf("%d workers, frame %d: agent %d ticked %d times", workers, f, i, n)
				}
			}
		}
		// Given once again, it is ticked.
		agents[4], _ = tree.NewAgent(4)
		if err := crowd.Tick(agents, ms, frame); err != nil || agents[1].Ticks() != 2 {
			t.Errorf("%d workers: once given once: %v, ticked %d times", workers, err, agents[1].Ticks())
		}
	}
}

// A crowd costs nothing up front, whatever number of workers it is asked
// for: a worker's goroutine and scratch memories are made when a frame
// first gives it work, and a crowd has at most MaxWorkers. (A crowd of
// 1<<20 workers took 746 MB, and math.MaxInt killed the process.)
func TestCrowdCostsNothingUpFront(t *testing.T) {
	tree := crowdTree(t)
	for _, workers := range []int{1 << 20, math.MaxInt} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		crowd := bt.NewCrowd(tree, workers)
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 16<<10 {
			t.Errorf("NewCrowd(tree, %d) allocated %d bytes", workers, grew)
		}
		agents, ms := []*bt.Agent[mem]{mustAgentOf(t, tree, 1), mustAgentOf(t, tree, 2)}, make([]mem, 2)
		goroutines := settledGoroutines()
		if err := crowd.Tick(agents, ms, frame); err != nil || agents[0].Ticks() != 1 || agents[1].Ticks() != 1 {
			t.Errorf("a frame of two agents: %v", err)
		}
		if started := runtime.NumGoroutine() - goroutines; started > 1 {
			t.Errorf("a frame of two agents started %d goroutines; want one worker's", started)
		}
		var mu sync.Mutex
		seen := map[*bt.Worker[mem]]bool{}
		err := crowd.Run(4*bt.MaxWorkers, func(w *bt.Worker[mem], _ int) error {
			mu.Lock()
			defer mu.Unlock()
			seen[w] = true
			return nil
		})
		if err != nil || len(seen) > bt.MaxWorkers {
			t.Errorf("NewCrowd(tree, %d).Run: %v, with %d workers; want at most MaxWorkers", workers, err, len(seen))
		}
	}
}

// A crowd's workers wait between frames, and end once the crowd is gone.
func TestCrowdWorkersEndWithTheCrowd(t *testing.T) {
	tree := crowdTree(t)
	before := settledGoroutines()
	func() {
		crowd := bt.NewCrowd(tree, 4)
		agents, ms := make([]*bt.Agent[mem], 8), make([]mem, 8)
		for i := range agents {
			agents[i] = mustAgentOf(t, tree, uint64(i))
		}
		for range 10 {
			if err := crowd.Tick(agents, ms, frame); err != nil {
				t.Fatal(err)
			}
		}
		if got := runtime.NumGoroutine() - before; got != 3 {
			t.Errorf("after 10 frames of 4 workers, %d goroutines more; want 3", got)
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := runtime.NumGoroutine() - before; got > 0 {
		t.Errorf("the crowd is gone and %d of its goroutines remain", got)
	}
}

// settledGoroutines returns how many goroutines there are once those of
// crowds the tests before let go of have ended (their workers end when the
// collector finds the crowd unreachable, at a time of its choosing).
func settledGoroutines() int {
	n := runtime.NumGoroutine()
	for deadline, same := time.Now().Add(5*time.Second), 0; same < 5 && time.Now().Before(deadline); {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
		if m := runtime.NumGoroutine(); m == n {
			same++
		} else {
			n, same = m, 0
		}
	}
	return n
}

func mustAgentOf(t *testing.T, tree *bt.Tree[mem], seed uint64) *bt.Agent[mem] {
	t.Helper()
	a, err := tree.NewAgent(seed)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// A game ticks its agents once per frame with a crowd: one tree shared by
// all, each agent its own state and memory.
func ExampleCrowd() {
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{},
		n.Sequence("fight",
			n.Condition("foe up", func(m *mem) bool { return m.Foe > 0 }),
			n.Do("strike", strike{}),
		))
	if err != nil {
		panic(err)
	}
	agents := make([]*bt.Agent[mem], 3)
	memories := make([]mem, len(agents))
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i))
		memories[i].Foe = i + 1
	}
	crowd := bt.NewCrowd(tree, 2)
	for f := 1; f <= 3; f++ {
		if err := crowd.Tick(agents, memories, time.Second/60); err != nil {
			panic(err)
		}
		for i, a := range agents {
			fmt.Printf("frame %d: agent %d running %v, foe %d\n", f, i, a.Running(), memories[i].Foe)
		}
	}
	// Output:
	// frame 1: agent 0 running true, foe 1
	// frame 1: agent 1 running true, foe 2
	// frame 1: agent 2 running true, foe 3
	// frame 2: agent 0 running false, foe 0
	// frame 2: agent 1 running true, foe 1
	// frame 2: agent 2 running true, foe 2
	// frame 3: agent 0 running false, foe 0
	// frame 3: agent 1 running false, foe 0
	// frame 3: agent 2 running true, foe 1
}

// A crowd of no tree, a zero Crowd, a nil one and a zero Worker refuse
// with ErrNotBuilt rather than panic.
func TestCrowdNotBuilt(t *testing.T) {
	tree := crowdTree(t)
	a, err := tree.NewAgent(1)
	if err != nil {
		t.Fatal(err)
	}
	agents, ms := []*bt.Agent[mem]{a}, make([]mem, 1)
	var zero bt.Crowd[mem]
	var none *bt.Crowd[mem]
	for name, c := range map[string]*bt.Crowd[mem]{
		"nil tree": bt.NewCrowd[mem](nil, 2),
		"unbuilt":  bt.NewCrowd(&bt.Tree[mem]{}, 2),
		"zero":     &zero,
		"nil":      none,
	} {
		if err := c.Tick(agents, ms, frame); !errors.Is(err, bt.ErrNotBuilt) {
			t.Errorf("%s: Tick = %v; want ErrNotBuilt", name, err)
		}
		if err := c.Run(1, func(*bt.Worker[mem], int) error { return nil }); !errors.Is(err, bt.ErrNotBuilt) {
			t.Errorf("%s: Run = %v; want ErrNotBuilt", name, err)
		}
	}
	var w bt.Worker[mem]
	if _, err := w.Tick(a, &ms[0], frame); !errors.Is(err, bt.ErrNotBuilt) {
		t.Errorf("zero Worker: Tick = %v; want ErrNotBuilt", err)
	}
	if err := bt.NewCrowd(tree, 1).Run(1, nil); err == nil {
		t.Error("Run with a nil function: no error")
	}
}
