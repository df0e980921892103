package nilness_test

import (
	"testing"

	"github.com/foresight-bt/foresight/internal/engine/nilness"
)

type judge interface{ Judge() int }

type fn func() int

func (f fn) Judge() int { return f() }

type ptr struct{}

func (*ptr) Judge() int { return 0 }

func TestOf(t *testing.T) {
	t.Parallel()
	var nilJudge judge
	for _, tt := range []struct {
		name string
		v    any
		want bool
	}{
		{"nil", nil, true},
		{"nil interface", nilJudge, true},
		{"typed nil func", judge(fn(nil)), true},
		{"typed nil pointer", judge((*ptr)(nil)), true},
		{"nil map", map[int]int(nil), true},
		{"nil slice", []int(nil), true},
		{"nil chan", (chan int)(nil), true},
		{"func", judge(fn(func() int { return 1 })), false},
		{"pointer", judge(&ptr{}), false},
		{"value", 3, false},
		{"empty slice", []int{}, false},
		{"struct", struct{}{}, false},
	} {
		if got := nilness.Of(tt.v); got != tt.want {
			t.Errorf("%s: Of = %v, want %v", tt.name, got, tt.want)
		}
	}
}
