package heldtest_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/internal/testkit/heldtest"
)

type mem struct{}

func Example() {
	var c heldtest.Counter
	reg := btjson.Registry[mem]{
		Actions:             map[string]bt.Action[mem]{"chase": bt.Instant(func(*mem) bool { return true }, nil)},
		ConstraintFactories: map[string]btjson.Factory[bt.Constraint[mem]]{"heavy": heldtest.Factory[mem](&c)},
	}
	if _, err := reg.Build(bt.Config[mem]{}, []byte(heldtest.File(3))); err != nil {
		fmt.Println(err)
	}
	fmt.Println("made", c.Made(), "held", c.Held())
	// Output: made 3 held 0
}
