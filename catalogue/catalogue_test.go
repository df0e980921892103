package catalogue_test

import (
	"errors"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/decide"
)

type mem struct{ N int }

// Every error of an entry without a name names it by its place, so that
// each carries a path, as Build promises.
func TestUnnamedEntryErrorsHavePaths(t *testing.T) {
	noop := bt.Instant(func(*mem) bool { return true }, nil)
	tests := []struct {
		name  string
		build func(b *catalogue.Builder[mem])
		path  string
	}{
		{"nil action", func(b *catalogue.Builder[mem]) { b.Action("", nil) }, "entry 1"},
		{"nil precondition", func(b *catalogue.Builder[mem]) { b.Action("", noop, nil) }, "entry 1"},
		{"negative duration", func(b *catalogue.Builder[mem]) { b.Action("", noop).Takes(-1) }, "entry 1"},
		{"nil cost", func(b *catalogue.Builder[mem]) { b.Action("", noop).Cost(nil) }, "entry 1"},
		{"nil expected effect", func(b *catalogue.Builder[mem]) { b.Action("a", noop).Action("", noop).Expect(nil) }, "entry 2"},
		{"empty behaviour", func(b *catalogue.Builder[mem]) { b.Behaviour("", bt.Def[mem]{}) }, "entry 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b catalogue.Builder[mem]
			tt.build(&b)
			_, err := b.Build()
			if err == nil {
				t.Fatal("built")
			}
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				var de *decide.Error
				if !errors.As(e, &de) || de.Path != tt.path {
					t.Errorf("%q: want the path %q", e, tt.path)
				}
			}
		})
	}
}
