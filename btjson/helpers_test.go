package btjson_test

import (
	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

type mem = treetest.Mem

var goal = treetest.Goal

// testRegistry names a few values of the shared test memory.
func testRegistry() *btjson.Registry[mem] {
	rec := &treetest.Recorder{}
	return &btjson.Registry[mem]{
		Actions:     map[string]bt.Action[mem]{"chase": treetest.Act(rec, "chase", treetest.HitFoe(1))},
		Conditions:  map[string]func(*mem) bool{"hp even": func(m *mem) bool { return m.HP%2 == 0 }},
		Constraints: map[string]bt.Constraint[mem]{"in sight": constraints.Func("in sight", func(m *mem) bool { return m.Foe > 0 })},
		Decorators:  map[string]bt.Decorator[mem]{"invert": decorators.Invert[mem]()},
	}
}
