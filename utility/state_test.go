package utility_test

import (
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/utility"
)

// A tree edited while the game runs keeps the option the node runs, by
// name, wherever the edit moved it; a tree that no longer has it drops
// the run, saying why.
func TestSelectReloads(t *testing.T) {
	lasting := bt.Lasting(func(*Pet, time.Duration) bt.Status { return bt.Running }, nil)
	nap := utility.Consider(pets.Do("nap", lasting), sleepy.Over(0, 10, utility.Linear(1, 0)))
	play := utility.Consider(pets.Do("play", lasting), bored.Over(0, 10, utility.Linear(1, 0)))
	eat := utility.Consider(pets.Do("eat", lasting), hunger.Over(0, 10, utility.Linear(1, 0)))
	every := bt.Replan(0)
	a, _ := build(t, utility.Select("pet", utility.Selector[Pet]{}, nap, play).With(every)).NewAgent(1)
	var began []string
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventBegin {
			began = append(began, e.Path)
		}
	}))
	m := Pet{Sleepy: 6, Bored: 3}
	if _, err := a.Tick(&m, time.Second); err != nil {
		t.Fatal(err)
	}
	edited := build(t, utility.Select("pet", utility.Selector[Pet]{Bonus: 0.5}, eat, play.Weighted(0.5), nap).With(every))
	dropped, err := a.Reload(edited, &m)
	if err != nil || len(dropped) > 0 {
		t.Fatalf("Reload: %v, dropped %v", err, dropped)
	}
	m.Hunger = 6 // eat is worth 0.6, the nap 0.6 + the bonus: the nap goes on
	if _, err := a.Tick(&m, time.Second); err != nil {
		t.Fatal(err)
	}
	if want := []string{"pet", "pet/nap"}; strings.Join(began, " ") != strings.Join(want, " ") {
		t.Fatalf("began %v, want %v", began, want)
	}
	dropped, err = a.Reload(build(t, utility.Select("pet", utility.Selector[Pet]{}, eat, play).With(every)), &m)
	if err != nil || len(dropped) == 0 || !strings.Contains(strings.Join(dropped, "; "), `no option "nap"`) {
		t.Fatalf("Reload without the nap: %v, dropped %v", err, dropped)
	}
}
