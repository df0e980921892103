package goap_test

import (
	"slices"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/goap"
)

// Dial is the memory of a dial turned to a number, then pressed.
type Dial struct{ At, Target int8 }

// A search of a domain whose preconditions read time (a cooldown) goes on
// from a state reached through a variant of an action: it marks what the
// plan ran by the action, where it took the whole step, variant and all,
// for the action's index, and panicked out of range.
func TestTimedSearchThroughAVariant(t *testing.T) {
	var c catalogue.Builder[Dial]
	turn := func(d *Dial) { d.At = d.Target }
	c.Action("turn", bt.Instant(func(d *Dial) bool { turn(d); return true }, turn))
	press := func(d *Dial) { d.At += 10 }
	c.Action("press", bt.Instant(func(d *Dial) bool { press(d); return true }, press), constraints.Cooldown[Dial](time.Second))
	actions, err := c.Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := goap.New(actions, func(d *Dial) Dial { return *d }).
		Do("turn").Variants(func(*Dial) int { return 3 }, func(d *Dial, i int) { d.Target = int8(i) }).
		Do("press").
		Goal("twelve", 1, func(d *Dial) bool { return d.At == 12 }).
		Build()
	if err != nil {
		t.Fatal(err)
	}
	plan, err := d.NewSession().Plan(&Dial{})
	if want := []string{"turn", "press"}; err != nil || !slices.Equal(plan.Steps, want) {
		t.Errorf("planned %v, %v; want %v", plan.Steps, err, want)
	}
}
