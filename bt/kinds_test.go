package bt

import (
	"slices"
	"testing"
)

// Kinds lists every kind Build knows, once each.
func TestKindsAreBuildsKinds(t *testing.T) {
	kinds := Kinds()
	if len(kinds) != len(kindShape) {
		t.Errorf("Kinds has %d kinds, Build knows %d", len(kinds), len(kindShape))
	}
	for i, k := range kinds {
		if _, ok := kindShape[k]; !ok || slices.Index(kinds, k) != i {
			t.Errorf("kind %q: known to Build %v, first at %d, not %d", k, ok, slices.Index(kinds, k), i)
		}
	}
}

// Takes answers as Build does: the fields of the table by kind, children
// by the kind's shape, the rest for every kind, nothing for an unknown one.
func TestTakes(t *testing.T) {
	for _, tt := range []struct {
		kind  NodeKind
		field string
		want  bool
	}{
		{KindSequence, "Loop", true},
		{KindSelector, "Loop", false},
		{KindSelector, "PreferFirst", true},
		{KindRandom, "PreferFirst", false},
		{KindPlanner, "Replan", true},
		{KindParallel, "Replan", false},
		{KindAction, "Takes", true},
		{KindCondition, "Takes", false},
		{KindDecorator, "Children", true},
		{KindPlanner, "Children", false},
		{KindAction, "Children", false},
		{KindLeaf, "Name", true},
		{"bush", "Name", false},
	} {
		if got := tt.kind.Takes(tt.field); got != tt.want {
			t.Errorf("%s.Takes(%q) = %v, want %v", tt.kind, tt.field, got, tt.want)
		}
	}
}
