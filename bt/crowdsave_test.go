package bt_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
)

// A crowd saved after any frame, with any number of workers, and loaded
// into fresh agents by a crowd of any number of workers, goes on as the
// agents never saved: every agent's memory and running state after every
// frame is the same. Saving the loaded agents gives the same bytes.
func TestCrowdSaveAndLoad(t *testing.T) {
	tree := crowdTree(t)
	const agents, frames = 37, 60
	alone := crowdRun(t, tree, agents, frames, func(agents []*bt.Agent[mem], ms []mem, dt time.Duration) error {
		for i, a := range agents {
			if _, err := a.Tick(&ms[i], dt); err != nil {
				return err
			}
		}
		return nil
	})
	for _, c := range []struct{ at, saving, loading int }{{0, 1, 1}, {13, 1, 4}, {29, 3, 1}, {45, 8, 8}} {
		t.Run(fmt.Sprintf("frame %d, %d then %d workers", c.at, c.saving, c.loading), func(t *testing.T) {
			saving, loading := bt.NewCrowd(tree, c.saving), bt.NewCrowd(tree, c.loading)
			frame := 0
			got := crowdRun(t, tree, agents, frames, func(as []*bt.Agent[mem], ms []mem, dt time.Duration) error {
				crowd := saving
				if frame > c.at {
					crowd = loading
				}
				if err := crowd.Tick(as, ms, dt); err != nil {
					return err
				}
				if frame++; frame-1 == c.at {
					save, err := saving.Save(nil, as)
					if err != nil {
						return err
					}
					for i := range as { // the game loads its save into fresh agents
						as[i], _ = tree.NewAgent(0)
					}
					if err := loading.Load(as, save); err != nil {
						return err
					}
					if again, err := loading.Save(nil, as); err != nil || !bytes.Equal(save, again) {
						t.Errorf("saving the loaded agents: %v, the same bytes %v", err, bytes.Equal(save, again))
					}
				}
				return nil
			})
			if diff := cmp.Diff(alone, got); diff != "" {
				t.Errorf("after the load the agents decided otherwise (-never saved +loaded):\n%s", diff)
			}
		})
	}
}

// A crowd's save that cannot be loaded leaves every agent as it was, and
// says why; so does an agent the crowd cannot take.
func TestCrowdLoadRefuses(t *testing.T) {
	tree := crowdTree(t)
	crowd := bt.NewCrowd(tree, 3)
	agents := make([]*bt.Agent[mem], 10)
	ms := make([]mem, len(agents))
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i))
		ms[i].Foe = i
	}
	for range 5 {
		if err := crowd.Tick(agents, ms, 20*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	save, err := crowd.Save(nil, agents)
	if err != nil {
		t.Fatal(err)
	}
	other := crowdTree(t) // the same shape, another tree: an agent of it is not the crowd's
	stranger, _ := other.NewAgent(1)
	flipped := bytes.Clone(save)
	flipped[len(flipped)/2] ^= 0x10
	for _, c := range []struct {
		name   string
		data   []byte
		agents []*bt.Agent[mem]
		want   string
	}{
		{"empty", nil, agents, "not a saved crowd"},
		{"an agent's save", mustBinary(t, agents[0]), agents, "not a saved crowd"},
		{"truncated", save[:len(save)-9], agents, "checksum does not match"},
		{"a bit flipped", flipped, agents, "checksum does not match"},
		{"fewer agents given", save, agents[:9], "10 agents, where 9 are given"},
		{"an agent of another tree", save, append(agents[:9:9], stranger), "agent 9: bt: an agent of another tree"},
		{"a nil agent", save, append(agents[:9:9], nil), "agent 9: bt: a nil agent"},
		// It loaded, the agent taking what was saved at its last index.
		{"an agent given twice", save, append(agents[:9:9], agents[3]),
			"agent 3: bt: the agent is given more than once in the frame\nagent 9: bt: the agent is given more than once"},
	} {
		t.Run(c.name, func(t *testing.T) {
			before, _ := crowd.Save(nil, agents)
			err := crowd.Load(c.agents, c.data)
			if err == nil || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
				t.Errorf("Load: %v, want %q", err, c.want)
			}
			if after, _ := crowd.Save(nil, agents); !bytes.Equal(before, after) {
				t.Error("a refused load changed the agents")
			}
		})
	}
	if _, err := crowd.Save(nil, append(agents[:9:9], stranger)); err == nil {
		t.Error("a crowd saved an agent of another tree")
	}
	if _, err := crowd.Save(nil, append(agents[:9:9], agents[0])); !errors.Is(err, bt.ErrGivenTwice) {
		t.Errorf("a crowd's save of an agent given twice: %v", err)
	}
	var zero bt.Crowd[mem]
	if _, err := zero.Save(nil, agents); !errors.Is(err, bt.ErrNotBuilt) {
		t.Errorf("a zero crowd's Save: %v", err)
	}
}

// Once its buffers have grown, a crowd's save allocates nothing.
func TestCrowdSaveAllocatesNothing(t *testing.T) {
	tree := crowdTree(t)
	crowd := bt.NewCrowd(tree, 1)
	agents := make([]*bt.Agent[mem], 50)
	ms := make([]mem, len(agents))
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i))
		ms[i].Foe = i % 4
	}
	for range 10 {
		if err := crowd.Tick(agents, ms, 20*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	buf, err := crowd.Save(nil, agents)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { buf, _ = crowd.Save(buf[:0], agents) }); n != 0 {
		t.Errorf("a crowd's save allocates %v times", n)
	}
}

// FuzzCrowdLoad loads whatever it is given into a crowd's agents (with
// the checksum made right as well): never a panic, and a refused load
// leaves every agent as it was.
func FuzzCrowdLoad(f *testing.F) {
	tree := hostileCrowdTree()
	crowd := bt.NewCrowd(tree, 2)
	agents := func() []*bt.Agent[mem] {
		as := make([]*bt.Agent[mem], 3)
		ms := make([]mem, len(as))
		for i := range as {
			as[i], _ = tree.NewAgent(uint64(i))
			ms[i] = mem{HP: 5, Foe: 3 * i}
		}
		for range 3 {
			_ = crowd.Tick(as, ms, 300*time.Millisecond)
		}
		return as
	}
	save, _ := crowd.Save(nil, agents())
	f.Add(save)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, d := range [][]byte{data, resum(append(bytes.Clone(data), 0, 0, 0, 0))} {
			as := agents()
			before, err := crowd.Save(nil, as)
			if err != nil {
				t.Fatal(err)
			}
			if err := crowd.Load(as, d); err != nil {
				if after, _ := crowd.Save(nil, as); !bytes.Equal(before, after) {
					t.Fatalf("a refused load (%v) changed the agents", err)
				}
				continue
			}
			if after, _ := crowd.Save(nil, as); !bytes.Equal(d, after) {
				t.Fatalf("a loaded crowd saves other bytes")
			}
		}
	})
}
