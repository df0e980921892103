package decorators_test

import (
	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// treetestCheck is a constraint that always answers check with reason why.
func treetestCheck(check bt.Check, why string) treetest.Check {
	return func(bt.Situation, *mem) (bt.Check, string) { return check, why }
}
