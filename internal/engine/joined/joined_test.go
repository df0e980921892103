package joined_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/internal/engine/joined"
)

func TestSplit(t *testing.T) {
	a, b := errors.New("a"), errors.New("b")
	wrapped := fmt.Errorf("x: %w", a)
	tests := []struct {
		name string
		err  error
		want []error // compared as they are, with ==
	}{
		{"nil", nil, nil},
		{"one", a, []error{a}},
		{"joined", errors.Join(a, b), []error{a, b}},
		{"joined, nils dropped", errors.Join(nil, a, nil), []error{a}},
		{"wrapped once, kept whole", wrapped, []error{wrapped}},
		{"two wrapped", fmt.Errorf("%w and %w", a, b), []error{a, b}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := joined.Split(tt.err)
			if diff := cmp.Diff(tt.want, got, cmp.Comparer(func(x, y error) bool { return x == y })); diff != "" {
				t.Errorf("Split(%v) (-want +got):\n%s", tt.err, diff)
			}
		})
	}
}

func ExampleSplit() {
	err := errors.Join(errors.New("attack: no target"), errors.New("flee: no exit"))
	for _, e := range joined.Split(err) {
		fmt.Println(e)
	}
	// Output:
	// attack: no target
	// flee: no exit
}
