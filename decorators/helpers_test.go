package decorators_test

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

type (
	mem      = treetest.Mem
	recorder = treetest.Recorder
)

var (
	mustBuild = treetest.MustBuild[mem]
	mustAgent = treetest.MustAgent[mem]
	tickN     = treetest.TickN[mem]
	goal      = treetest.Goal
	act       = treetest.Act
	hitFoe    = treetest.HitFoe
	hurt      = treetest.Hurt
	shine     = treetest.Shine
)

const (
	R = bt.Running
	S = bt.Success
	F = bt.Failure
)

// flaky fails its first failures begins, then succeeds.
type flaky struct {
	failures, begun int
	rec             *recorder
}

func (f *flaky) Begin(*mem) bt.Status {
	f.begun++
	f.rec.Add("flaky.begin")
	if f.begun <= f.failures {
		return bt.Failure
	}
	return bt.Success
}
func (f *flaky) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (f *flaky) End(*mem, bt.Status)                  {}
func (f *flaky) Simulate(*bt.Sim[mem], *mem)          {}
