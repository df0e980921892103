package bt_test

import (
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// A preview of a priority whose running child its guard now stops says of
// that child what the tick's decision says: it failed as it ran (the
// preview repeated what its pick ticks ago said, and TestPropertyLifeCycle
// found the two decisions apart, once in some fifty runs).
func TestPreviewSaysARunningChildFailed(t *testing.T) {
	running := []bt.Status{bt.Running}
	for _, tt := range []struct {
		name  string
		shape *treetest.Shape
		steps []treetest.Step
	}{
		{"its guard fails", &treetest.Shape{Kind: "priority", Children: []*treetest.Shape{
			{Kind: "action", Guards: []int{1}, Script: running}, // foe divisible by 3
			{Kind: "action", Guards: []int{0}, Script: running}, // foe not divisible by 3
		}}, []treetest.Step{{Preview: true, Foe: 0, HP: 1}, {Preview: true, Foe: 1, HP: 1}}},
		{"its guard fails, a child after it", &treetest.Shape{Kind: "priority", Children: []*treetest.Shape{
			{Kind: "action", Guards: []int{0}, Script: running},
			{Kind: "action", Guards: []int{0}, Script: running},
			{Kind: "action", Script: running},
		}}, []treetest.Step{{Preview: true, Foe: 1, HP: 1}, {Preview: true, Foe: 0, HP: 2}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			nodes, trace, log := treetest.Run(t, tt.shape, 0, tt.steps)
			treetest.CheckLifeCycle(t, nodes, trace, log)
		})
	}
}
