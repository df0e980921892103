package decorators

import (
	"time"

	"github.com/foresight-bt/foresight/bt"
)

// through passes the live life cycle straight to the child; decorators
// that only change predictions embed it.
type through[M any] struct{ child *bt.Child[M] }

func (t *through[M]) Begin(m *M) bt.Status                    { return t.child.Tick(m, 0) }
func (t *through[M]) Update(m *M, dt time.Duration) bt.Status { return t.child.Tick(m, dt) }
func (t *through[M]) End(*M, bt.Status)                       {}

// SaveState and RestoreState save nothing: a decorator that only changes
// predictions holds no state of its own (see bt.StateWriter).
func (t *through[M]) SaveState(*bt.StateWriter)          {}
func (t *through[M]) RestoreState(*bt.StateReader) error { return nil }
