package jedi

import (
	"math"
	"strings"
	"testing"
	"time"
)

// NewFight refuses a step or a duration out of its documented range, and
// says which and why.
func TestFightConfigBounds(t *testing.T) {
	for _, tt := range []struct {
		name     string
		duration time.Duration
		step     time.Duration
		want     string // in the error; "" for none
	}{
		{"defaults", 0, 0, ""},
		{"shortest step", time.Second, MinStep, ""},
		{"longest step", time.Second, MaxStep, ""},
		{"longest fight", MaxDuration, 0, ""},
		{"a nanosecond step", 0, time.Nanosecond, "jedi: step 1ns is out of range: give 1ms to 1s (0 is 1/60 s)"},
		{"just under a millisecond", 0, MinStep - 1, "jedi: step 999.999µs is out of range"},
		{"just over a second", 0, MaxStep + 1, "jedi: step 1.000000001s is out of range"},
		{"negative step", 0, -time.Second, "jedi: step -1s is out of range"},
		{"a step that would wrap the clock", 0, math.MaxInt64 / 2, "jedi: step 1281023h"},
		{"negative duration", -time.Second, 0, "jedi: duration -1s is out of range: give more than 0 and at most 24h0m0s (0 is two minutes)"},
		{"over a day", MaxDuration + 1, 0, "jedi: duration 24h0m0.000000001s is out of range"},
		{"the longest duration there is", math.MaxInt64, 0, "jedi: duration 2562047h47m16.854775807s is out of range"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewFight(FightConfig{Seed: 1, Skill: 0.5, Enemies: []EnemyType{Droid}, Duration: tt.duration, Step: tt.step})
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("NewFight: %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("NewFight: %v, want an error about %q", err, tt.want)
			}
		})
	}
}

// The longest step runs a short fight to its end in a few ticks.
func TestLongestStep(t *testing.T) {
	f, err := NewFight(FightConfig{Seed: 1, Skill: 0.5, Enemies: []EnemyType{Droid}, Duration: 5 * time.Second, Step: MaxStep})
	if err != nil {
		t.Fatal(err)
	}
	ticks := 0
	for over := false; !over; ticks++ {
		if over, err = f.Step(); err != nil {
			t.Fatal(err)
		}
	}
	if s := f.Summary(); ticks > 5 || s.Duration > 5*time.Second {
		t.Errorf("%d ticks, %v of fight; want at most 5 ticks of 1s", ticks, s.Duration)
	}
}
