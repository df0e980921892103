package bt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
)

// A crowd's save is its agents' binary states in order, framed:
//
//	"fscw" | version (uvarint) | agents (uvarint) |
//	each agent: its state's length (uvarint), then its state |
//	CRC-32 of all before (4 bytes)
const crowdMagic = "fscw"

// A span is where one agent's state lies in a worker's save buffer, or,
// loading, in the save.
type span struct{ worker, off, n int }

// Save appends the states of agents, all of the crowd's tree, to dst in
// one save, and returns the extended slice: each agent's state in the
// binary form (see Agent.AppendBinary), saved across the crowd's workers.
// Once its buffers have grown, a save allocates nothing. An agent that
// cannot be saved makes the save fail, its fault an *AgentError, and dst
// is returned as it was; so does an agent given at more than one index,
// each of them an ErrGivenTwice. The memories are the game's, saved
// beside.
func (c *Crowd[M]) Save(dst []byte, agents []*Agent[M]) ([]byte, error) {
	if c == nil || len(c.workers) == 0 {
		return dst, ErrNotBuilt
	}
	if err := c.enter(); err != nil {
		return dst, err
	}
	defer c.leave()
	if err := c.givenOnce(agents); err != nil {
		return dst, err
	}
	if c.saveOne == nil {
		c.saveOne = func(w *Worker[M], i int) error {
			a := c.agents[i]
			if err := c.owns(a); err != nil {
				return err
			}
			off := len(w.saved)
			b, err := a.AppendBinary(w.saved)
			w.saved = b
			c.spans[i] = span{w.own, off, len(b) - off}
			return err
		}
	}
	for _, w := range c.workers {
		if w != nil {
			w.saved = w.saved[:0]
		}
	}
	c.agents, c.spans = agents, grow(c.spans, len(agents))
	err := c.run(len(agents), c.saveOne, true)
	c.agents = nil
	if err != nil {
		return dst, err
	}
	start := len(dst)
	dst = binsave.Begin(dst, crowdMagic, stateVersion)
	dst = binary.AppendUvarint(dst, uint64(len(agents)))
	for _, s := range c.spans {
		dst = binary.AppendUvarint(dst, uint64(s.n))
		dst = append(dst, c.workers[s.worker].saved[s.off:s.off+s.n]...)
	}
	return binsave.End(dst, start), nil
}

// Load restores a save made by Save into agents, as many as it holds, all
// of the crowd's tree (fresh ones, or those saved), across the crowd's
// workers: each agent then goes on as the one saved at its index. It is
// all or nothing: a save that cannot be restored, in whole or for one
// agent (its fault an *AgentError), is an error that wraps ErrState and
// leaves every agent as it was. An agent given at more than one index,
// which would take the state saved at the last, leaves every agent as it
// was too, each of its indices an ErrGivenTwice.
func (c *Crowd[M]) Load(agents []*Agent[M], data []byte) error {
	if c == nil || len(c.workers) == 0 {
		return ErrNotBuilt
	}
	if err := c.enter(); err != nil {
		return err
	}
	defer c.leave()
	if err := c.givenOnce(agents); err != nil {
		return err
	}
	if err := c.locate(agents, data); err != nil {
		return err
	}
	if c.loadOne == nil {
		c.loadOne = func(_ *Worker[M], i int) error {
			a := c.agents[i]
			if err := c.owns(a); err != nil {
				return err
			}
			if err := a.restorable(); err != nil {
				return err
			}
			s := c.spans[i]
			st, err := c.tree.readBinary(c.loading[s.off : s.off+s.n])
			if err != nil {
				return err
			}
			c.fresh[i], _, err = c.tree.rebuild(st, true)
			return err
		}
	}
	c.agents, c.fresh = agents, grow(c.fresh, len(agents))
	err := c.run(len(agents), c.loadOne, true)
	if err == nil {
		for i, a := range agents {
			a.take(c.fresh[i])
		}
	}
	clear(c.fresh) // held no longer than the load
	c.agents, c.loading = nil, nil
	return err
}

// locate checks a crowd's save and notes where each agent's state lies
// in it, for Load.
func (c *Crowd[M]) locate(agents []*Agent[M], data []byte) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrState, fmt.Sprintf(format, args...))
	}
	switch {
	case len(data) < len(crowdMagic)+4 || string(data[:len(crowdMagic)]) != crowdMagic:
		return bad("not a saved crowd (it does not begin %q)", crowdMagic)
	case crc32.ChecksumIEEE(data[:len(data)-4]) != binary.LittleEndian.Uint32(data[len(data)-4:]):
		return bad("its checksum does not match: the save was truncated or changed")
	}
	r := &byteReader{b: data[len(crowdMagic) : len(data)-4]}
	if v := r.uvarint("version"); r.err == nil && v != stateVersion {
		return bad("version %d, not %d", v, stateVersion)
	}
	if n := r.uvarint("agents"); r.err == nil && n != uint64(len(agents)) {
		return bad("%d agents, where %d are given", n, len(agents))
	}
	c.spans = grow(c.spans, len(agents))
	body := r.b
	for i := range agents {
		st := r.bytes(fmt.Sprintf("agent %d", i))
		if r.err != nil {
			return r.err
		}
		c.spans[i] = span{off: len(body) - len(r.b) - len(st), n: len(st)}
	}
	if len(r.b) > 0 {
		return bad("%d bytes after the last agent", len(r.b))
	}
	c.loading = body
	return nil
}

// owns says why agent a cannot be saved or loaded by the crowd, if it
// cannot: it is nil, or of another tree.
func (c *Crowd[M]) owns(a *Agent[M]) error {
	switch {
	case a == nil:
		return errNoAgent
	case a.tree != c.tree:
		return errors.New("bt: an agent of another tree than the crowd's")
	}
	return nil
}

// grow returns s with length n, reusing its storage.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// givenOnce returns an *AgentError of ErrGivenTwice for each index of an
// agent given at more than one, in index order, stamping them as a frame
// does (which worker finds an agent again depends on timing; the marks
// it leaves do not).
func (c *Crowd[M]) givenOnce(agents []*Agent[M]) error {
	c.agents, c.frame = agents, frames.Add(1)
	err := c.run(len(agents), c.stampOne, false)
	c.agents = nil
	if err == nil {
		return nil
	}
	var errs []error
	for i, a := range agents {
		if a != nil && a.twice.Load() == c.frame {
			errs = append(errs, &AgentError{Index: i, Err: ErrGivenTwice})
		}
	}
	return errors.Join(errs...)
}
