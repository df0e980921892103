package bt_test

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// Short names for the shared test fixtures.
type (
	mem      = treetest.Mem
	recorder = treetest.Recorder
	traceLog = treetest.TraceLog
	fn       = treetest.Check
)

var (
	goal    = treetest.Goal
	act     = treetest.Act
	hitFoe  = treetest.HitFoe
	hurt    = treetest.Hurt
	heal    = treetest.Heal
	shine   = treetest.Shine
	nothing = treetest.Nothing
	joined  = treetest.Joined
)

func mustBuild[M any](t treetest.T, cfg bt.Config[M], root bt.Def[M]) *bt.Agent[M] {
	t.Helper()
	return treetest.MustBuild(t, cfg, root)
}

func mustAgent[M any](t treetest.T, cfg bt.Config[M], root bt.Def[M], seed uint64, tr bt.Tracer) *bt.Agent[M] {
	t.Helper()
	return treetest.MustAgent(t, cfg, root, seed, tr)
}

func tickN[M any](t treetest.T, tree *bt.Agent[M], m *M, n int) []bt.Status {
	t.Helper()
	return treetest.TickN(t, tree, m, n)
}

// Shorthands for scripts.
const (
	R = bt.Running
	S = bt.Success
	F = bt.Failure
)

// noop is an action that does nothing, to embed in odd test actions.
type noop struct{}

func (noop) Begin(*mem) bt.Status                 { return bt.Success }
func (noop) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (noop) End(*mem, bt.Status)                  {}
func (noop) Simulate(*bt.Sim[mem], *mem)          {}

// leafOf returns the node a preview says the tick would run: the last of
// its path.
func leafOf(p bt.Preview) string {
	if len(p.Path) == 0 {
		return ""
	}
	return p.Path[len(p.Path)-1]
}
