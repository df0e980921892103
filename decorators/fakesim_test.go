package decorators_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decorators"
	"github.com/foresight-bt/foresight/heuristic"
)

// swing hits the victim live only when its shield is down, and predicts
// the same.
type swing struct{ rec *recorder }

func (s swing) Begin(m *mem) bt.Status {
	s.rec.Add("swing")
	if m.Shield == 0 {
		m.Foe -= 25
	}
	return bt.Success
}
func (swing) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (swing) End(*mem, bt.Status)                  {}
func (swing) Simulate(_ *bt.Sim[mem], m *mem) {
	if m.Shield == 0 {
		m.Foe -= 25
	}
}

func lowerShield(m *mem) { m.Shield = 0 }

// The story of the original: the victim's raised shield makes a swing
// pointless, so the Jedi waits; a FakeSim that pretends the shield is down
// makes it swing at the shield, visibly, while the shield stays up.
func TestFakeSimMakesAVisibleMistake(t *testing.T) {
	t.Parallel()
	for _, mistake := range []bool{false, true} {
		rec := &recorder{}
		n := bt.New[mem]()
		swingAt := n.Do("swing at victim", swing{rec})
		if mistake {
			swingAt = n.Decorate("mistake", decorators.FakeSim(decorators.Fake[mem]{Edit: lowerShield}), swingAt)
		}
		tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
			n.Selector("jedi",
				swingAt,
				n.Do("wait", act(rec, "wait", nil), bt.Cosmetic()),
			))

		m := mem{HP: 100, Foe: 100, Shield: 1}
		tickN(t, tree, &m, 1)
		got := rec.Take()[0]
		want := "wait.begin"
		if mistake {
			want = "swing"
		}
		if got != want {
			t.Errorf("mistake %v: the Jedi chose %q, want %q", mistake, got, want)
		}
		if m.Shield != 1 || m.Foe != 100 {
			t.Errorf("mistake %v: live memory %+v: the shield must still be up and the victim unhurt", mistake, m)
		}
	}
}

func TestFakeSimOptions(t *testing.T) {
	t.Parallel()
	v := func(o heuristic.Outcome, reason string) heuristic.Verdict {
		return heuristic.Verdict{Outcome: o, Reason: reason}
	}
	wounding := bt.Config[mem]{Model: func(m *mem, dt time.Duration) { m.HP -= int(dt / (100 * time.Millisecond)) }}
	closed := treetestCheck(bt.Fail, "closed")
	tests := []struct {
		name    string
		cfg     bt.Config[mem]
		fake    decorators.Fake[mem]
		effect  func(*mem)
		blocked bool
		want    heuristic.Verdict
	}{
		{"the edit comes before the child", bt.Config[mem]{}, decorators.Fake[mem]{Edit: lowerShield}, hitFoe(5), false,
			v(heuristic.Beneficial, "hit foe")},
		{"after: the child sees the truth", bt.Config[mem]{}, decorators.Fake[mem]{Edit: lowerShield, After: true}, hitFoe(5), false,
			v(heuristic.Beneficial, "shield broken")},
		{"duration lets the world move on", wounding, decorators.Fake[mem]{Edit: lowerShield, Duration: 200 * time.Millisecond}, hitFoe(5), false,
			v(heuristic.Harmful, "hurt")},
		{"restore ignores own damage", bt.Config[mem]{}, decorators.Fake[mem]{Edit: lowerShield, Restore: func(b, a *mem) { a.HP = b.HP }},
			func(m *mem) { hurt(3)(m); hitFoe(5)(m) }, false, v(heuristic.Beneficial, "hit foe")},
		{"without restore the damage counts", bt.Config[mem]{}, decorators.Fake[mem]{Edit: lowerShield},
			func(m *mem) { hurt(3)(m); hitFoe(5)(m) }, false, v(heuristic.Harmful, "hurt")},
		{"a closed gate fakes nothing", bt.Config[mem]{}, decorators.Fake[mem]{Edit: lowerShield, Gate: closed}, hitFoe(5), false,
			v(heuristic.Irrelevant, "otherwise")},
		{"a floor raises the result", bt.Config[mem]{}, decorators.Fake[mem]{Edit: func(*mem) {}, Floor: heuristic.Beneficial}, hitFoe(5), false,
			v(heuristic.Beneficial, "FakeSim raised to Beneficial by design")},
		{"an impossible child stays impossible", bt.Config[mem]{}, decorators.Fake[mem]{Edit: lowerShield, Floor: heuristic.Urgent}, hitFoe(5), true,
			v(heuristic.Impossible, "blocked")},
		{"nothing changes: Irrelevant", bt.Config[mem]{},
			decorators.Fake[mem]{Edit: func(*mem) {}, After: true}, func(m *mem) { m.Shine++; m.Shine-- }, false,
			v(heuristic.Irrelevant, "otherwise")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := verdict(t, tt.cfg, decorators.FakeSim(tt.fake), tt.effect, tt.blocked, mem{HP: 10, Foe: 10, Shield: 1})
			if got != tt.want {
				t.Errorf("verdict = %v, want %v", got, tt.want)
			}
		})
	}
}

// When the fake itself looks like nothing but the child predicted better,
// the child's verdict stands.
func TestFakeSimKeepsTheChildsBetterVerdict(t *testing.T) {
	t.Parallel()
	n := bt.New[mem]()
	tree := mustBuild(t, bt.Config[mem]{Heuristic: goal},
		n.Decorate("pretend", decorators.FakeSim(decorators.Fake[mem]{Edit: func(m *mem) { m.Shine-- }}),
			n.Do("pose", act(&recorder{}, "pose", shine), bt.Cosmetic()),
		))
	p, err := tree.Preview(&mem{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := (heuristic.Verdict{Outcome: heuristic.Cosmetic, Reason: "shine"}); p.Verdict != want {
		t.Errorf("verdict = %v, want %v", p.Verdict, want)
	}
}
