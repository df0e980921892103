package bt

import (
	"fmt"
	"time"
)

// The stock leaves are the small actions every tree needs now and then:
// a pause, a branch that always succeeds or always fails. They are
// actions like any other (a catalogue may declare them, a planner plan
// them), with what the tree knows of them built in.

// Wait returns an action that runs for d on the agent's clock, then
// succeeds; it changes nothing in the memory. It declares d as the time
// it takes (see Action), so a prediction that chains it moves its clock on by
// d, and by what remains of it once it has begun. A Wait of 0 succeeds
// at once. Build refuses a negative d, and a Takes that differs from d.
//
// Its time is the node's: every agent of a tree, and every node that
// runs the same Wait, waits on its own clock.
func Wait[M any](d time.Duration) Action[M] { return &waitAction[M]{d: d} }

type waitAction[M any] struct{ d time.Duration }

// Begin, Update and End are what the action does outside a tree's engine
// (which counts its time itself): it waits no time there.
func (w *waitAction[M]) Begin(*M) Status                 { return Success }
func (w *waitAction[M]) Update(*M, time.Duration) Status { return Success }
func (w *waitAction[M]) End(*M, Status)                  {}

// Simulate changes nothing: the time the wait takes is declared
// (Duration), and predictions move their clock on by it.
func (w *waitAction[M]) Simulate(*Sim[M], *M) {}

// Duration returns how long the wait lasts.
func (w *waitAction[M]) Duration() time.Duration { return w.d }

// Validate refuses a negative duration.
func (w *waitAction[M]) Validate() error {
	if w.d < 0 {
		return fmt.Errorf("Wait: negative duration %v", w.d)
	}
	return nil
}

// String describes the wait in tree dumps: "wait 2s".
func (w *waitAction[M]) String() string { return "wait " + w.d.String() }

// alwaysSucceed returns an action that succeeds at once and changes
// nothing.
func alwaysSucceed[M any]() Action[M] { return Instant(func(*M) bool { return true }, nil) }

// alwaysFail returns an action that fails at once and changes nothing.
func alwaysFail[M any]() Action[M] { return Instant(func(*M) bool { return false }, nil) }

// Wait describes an action leaf that waits d (see the function Wait).
func (b Builder[M]) Wait(name string, d time.Duration, opts ...Option) Def[M] {
	return b.Do(name, Wait[M](d), opts...)
}

// Succeed describes an action leaf that succeeds at once and changes
// nothing: the last branch of a priority that lets it succeed when
// nothing before it applies, or a placeholder while a tree is designed.
func (b Builder[M]) Succeed(name string) Def[M] { return b.Do(name, alwaysSucceed[M]()) }

// Fail describes an action leaf that fails at once and changes nothing.
func (b Builder[M]) Fail(name string) Def[M] { return b.Do(name, alwaysFail[M]()) }

// waited reports how wait node i stands: Success once its time has
// passed since it began, Running before.
func (s *scratch[M]) waited(i int32) Status {
	if s.clock.Now()-s.st[i].decidedAt >= s.nodes[i].takes {
		return Success
	}
	return Running
}
