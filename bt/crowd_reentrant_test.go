package bt_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/foresight-bt/foresight/bt"
)

// An action that calls its own crowd from inside a frame (Tick, Run,
// Save, Load, RunFrame or SetBudget) gets ErrReentrant: the frame under way goes on, every agent is
// ticked once, and every agent, the one that called included, goes on
// ticking afterwards, with any number of workers (race-free under -race).
func TestCrowdReentered(t *testing.T) {
	const agentsN, caller, frames = 200, 7, 3
	for _, workers := range []int{1, 2, 4} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			var (
				crowd  *bt.Crowd[mem]
				agents = make([]*bt.Agent[mem], agentsN)
				ms     = make([]mem, agentsN)
				inner  []error // only the caller's action writes it
				saved  []byte
			)
			reenter := func() {
				inner = append(inner, crowd.Tick(agents, ms, frame))
				inner = append(inner, crowd.Run(agentsN, func(*bt.Worker[mem], int) error { return nil }))
				_, err := crowd.Save(nil, agents)
				inner = append(inner, err)
				inner = append(inner, crowd.Load(agents, saved))
				inner = append(inner, crowd.RunFrame(agents, frame, func(*bt.Worker[mem], int, bool) error { return nil }))
				inner = append(inner, crowd.SetBudget(bt.Budget{Work: 1}))
			}
			n := bt.New[mem]()
			tree, err := bt.Build(bt.Config[mem]{}, n.Do("act", bt.Instant(func(m *mem) bool {
				m.Live++
				if m.HP == 1 {
					reenter()
				}
				return true
			}, nothing)))
			if err != nil {
				t.Fatal(err)
			}
			for i := range agents {
				agents[i] = mustAgentOf(t, tree, uint64(i))
			}
			ms[caller].HP = 1
			crowd = bt.NewCrowd(tree, workers)
			if saved, err = crowd.Save(nil, agents); err != nil {
				t.Fatal(err)
			}
			for f := range frames {
				if err := crowd.Tick(agents, ms, frame); err != nil {
					t.Fatalf("frame %d: %v", f, err)
				}
			}
			if want := 6 * frames; len(inner) != want {
				t.Fatalf("the action called the crowd %d times; want %d", len(inner), want)
			}
			for k, err := range inner {
				if !errors.Is(err, bt.ErrReentrant) {
					t.Errorf("inner call %d = %v; want ErrReentrant", k, err)
				}
			}
			for i := range ms {
				if ms[i].Live != frames {
					t.Errorf("agent %d acted %d times in %d frames", i, ms[i].Live, frames)
				}
			}
			// Every agent goes on: on its own, on a fresh crowd and on this one.
			ms[caller].HP = 0
			if _, err := agents[caller].Tick(&ms[caller], frame); err != nil {
				t.Errorf("the caller's own Tick after the frames: %v", err)
			}
			if err := bt.NewCrowd(tree, workers).Tick(agents, ms, frame); err != nil {
				t.Errorf("a fresh crowd's Tick: %v", err)
			}
			if err := crowd.Tick(agents, ms, frame); err != nil {
				t.Errorf("the crowd's Tick after the frames: %v", err)
			}
			if _, err := crowd.Save(nil, agents); err != nil {
				t.Errorf("the crowd's Save after the frames: %v", err)
			}
		})
	}
}

// A function given to Run that calls Run, Tick, Save or Load of its own
// crowd gets ErrReentrant, and Run goes on over every index.
func TestCrowdRunReentered(t *testing.T) {
	tree := crowdTree(t)
	agents := []*bt.Agent[mem]{mustAgentOf(t, tree, 1), mustAgentOf(t, tree, 2)}
	ms := make([]mem, len(agents))
	for _, workers := range []int{1, 2} {
		crowd := bt.NewCrowd(tree, workers)
		ran := make([]int, 64)
		err := crowd.Run(len(ran), func(w *bt.Worker[mem], i int) error {
			ran[i]++
			if i != 40 {
				return nil
			}
			_, saveErr := crowd.Save(nil, agents)
			return errors.Join(
				crowd.Run(1, func(*bt.Worker[mem], int) error { return nil }),
				crowd.Tick(agents, ms, frame),
				saveErr,
				crowd.Load(agents, nil),
			)
		})
		var ae *bt.AgentError
		if !errors.As(err, &ae) || ae.Index != 40 || !errors.Is(err, bt.ErrReentrant) {
			t.Errorf("%d workers: Run = %v; want index 40's ErrReentrant", workers, err)
		}
		for i, k := range ran {
			if k != 1 {
				t.Errorf("%d workers: index %d ran %d times", workers, i, k)
			}
		}
	}
}
