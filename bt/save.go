package bt

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"slices"
	"strconv"
	"time"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
	"github.com/foresight-bt/foresight/internal/engine/jsonstr"
)

// An agent's state is saved in one of two forms. The binary form is
// compact, for saving every frame (rollback, networking, rewind), and is
// restored into the same tree only. The JSON form is for people and for
// save files: it names every node by its path, so it can be restored
// into a tree edited since (see Agent.Restore). Both carry the tree's
// fingerprint, a version and a checksum, and restore exactly: an agent
// restored from a save, ticked with the memory saved beside it, goes on
// as the agent that was saved would have.
//
// The binary form:
//
//	"fsag" | version (uvarint) | fingerprint (8 bytes) | clock (varint) |
//	ticks (uvarint) | seed (uvarint) | status (byte) |
//	schedule: a mask of what it holds (uvarint), then those fields |
//	nodes (uvarint) |
//	each node: a mask of what it holds (byte), then those fields |
//	each decider with a ReplanOnChange key: the key it last saw (uvarint) |
//	each custom node: its state's length (uvarint), then its state |
//	CRC-32 of all before (4 bytes)
const (
	stateMagic   = "fsag"
	stateVersion = 1
	jsonFormat   = "foresight-agent"
)

// The bits of a node's mask in the binary form: its flags, then which of
// its fields differ from a fresh node's.
const (
	maskRunning uint8 = 1 << iota
	maskHasRun
	maskQuarantined
	maskDecidedAt
	maskCurrent
	maskLastEnded
	maskEnded
	maskResult
)

// ErrState is wrapped by every error of a save that cannot be restored:
// one truncated or changed on the way, of another version or another
// tree, or with more in it than a tree can hold.
var ErrState = errors.New("bt: a state that cannot be restored")

// AppendBinary appends the agent's state in the binary form to b and
// returns the extended slice: which nodes run and where each composite
// stands, every node's timers and the end its constraints judge by
// (cooldowns), quarantines, the clock, tick count and seed, and the state
// of every custom node (a decorator's counter, a planner's running plan, a
// machine's state). It allocates nothing when b has room. The memory is
// not in it: it is the game's, saved beside it (see the package doc). A
// tree with a custom node that cannot save its state (see StateWriter)
// is refused with the node's path, and b is returned as it was.
func (a *Agent[M]) AppendBinary(b []byte) ([]byte, error) {
	if a == nil || a.st == nil {
		return b, errNoAgent
	}
	if a.run != nil {
		return b, ErrReentrant
	}
	start := len(b)
	t := a.tree
	b = binsave.Begin(b, stateMagic, stateVersion)
	b = binary.LittleEndian.AppendUint64(b, t.fingerprint)
	b = binary.AppendVarint(b, int64(a.clock))
	b = binary.AppendUvarint(b, a.ticks)
	b = binary.AppendUvarint(b, a.seed)
	b = append(b, byte(a.status))
	b = appendSchedule(b, &a.sched)
	b = binary.AppendUvarint(b, uint64(len(a.st)))
	for i := range a.st {
		b = appendNode(b, &a.st[i])
	}
	for _, k := range a.keys {
		b = binary.AppendUvarint(b, k)
	}
	for i := range t.nodes {
		n := &t.nodes[i]
		if n.kind != kindCustom {
			continue
		}
		var err error
		if b, err = a.appendCustom(b, int32(i), false); err != nil {
			return b[:start], err
		}
	}
	return binsave.End(b, start), nil
}

// MarshalBinary returns the agent's state in the binary form (see
// AppendBinary), so that an agent goes into encoding/gob beside its
// memory.
func (a *Agent[M]) MarshalBinary() ([]byte, error) { return a.AppendBinary(nil) }

// UnmarshalBinary restores a state of the binary form into the agent,
// which must be of the same tree as the agent saved (the fingerprints
// say): the agent then goes on as the one that was saved. A state that
// cannot be restored is an error that wraps ErrState and says what and
// where, and leaves the agent as it was.
func (a *Agent[M]) UnmarshalBinary(data []byte) error {
	if err := a.restorable(); err != nil {
		return err
	}
	s, err := a.tree.readBinary(data)
	if err != nil {
		return err
	}
	return a.apply(s, true)
}

// MarshalJSON returns the agent's state in the JSON form: what the
// binary form holds, each node that holds anything named by its path, so
// that people can read and compare saves, and a save restores into a tree
// edited since (see Restore).
func (a *Agent[M]) MarshalJSON() ([]byte, error) {
	if a == nil || a.st == nil {
		return nil, errNoAgent
	}
	if a.run != nil {
		return nil, ErrReentrant
	}
	t := a.tree
	b := []byte(`{"format":"` + jsonFormat + `","version":` + strconv.Itoa(stateVersion))
	b = fmt.Appendf(b, `,"tree":"%016x","clock":%q,"ticks":%d,"seed":%d,"status":%q`,
		t.fingerprint, time.Duration(a.clock).String(), a.ticks, a.seed, statusName(a.status))
	b = appendScheduleJSON(b, &a.sched)
	b = append(b, `,"nodes":[`...)
	first := true
	for i := range a.st {
		n := &t.nodes[i]
		st := &a.st[i]
		if *st == freshNode && n.kind != kindCustom && (n.watch == nil || a.keys[n.seen] == 0) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, `{"path":`...)
		b = jsonstr.Append(b, t.pathOf(int32(i)))
		b = append(b, `,"kind":`...)
		b = jsonstr.Append(b, string(n.kindName))
		b = appendNodeJSON(b, t, int32(i), st)
		if n.watch != nil && a.keys[n.seen] != 0 {
			b = fmt.Appendf(b, `,"seen":%d`, a.keys[n.seen])
		}
		if n.kind == kindCustom {
			var err error
			b = append(b, `,"state":{`...)
			if b, err = a.appendCustom(b, int32(i), true); err != nil {
				return nil, err
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	return fmt.Appendf(b, `,"checksum":"%08x"}`, crc32.ChecksumIEEE(b)), nil
}

// UnmarshalJSON restores a state of the JSON form into the agent, whose
// tree must hold every node the state names, of the same kind: nothing is
// dropped (Restore keeps what still applies to an edited tree). A state
// that cannot be restored is an error that wraps ErrState and says what
// and where, and leaves the agent as it was.
func (a *Agent[M]) UnmarshalJSON(data []byte) error {
	if err := a.restorable(); err != nil {
		return err
	}
	s, err := a.tree.readJSON(data)
	if err != nil {
		return err
	}
	return a.apply(s, true)
}

// Restore restores a state of either form into the agent, keeping what
// still applies to its tree: the state of each node the tree still has at
// the same path, of the same kind and options; what is new starts fresh.
// It returns the paths of the saved nodes whose state it dropped (gone,
// of another kind, a composite whose running child is gone, a custom
// node that refused its state), each with why. When a node that was
// running is dropped, nothing runs: the agent begins its tree afresh at
// its next tick, keeping the rest (cooldowns, quarantines, the custom
// nodes' state); a node whose run is dropped so is not ended, its End
// being owed to the run that was saved. A binary state restores only
// into the tree it was saved from; into another, Restore says so. A state
// that cannot be read is an error that wraps ErrState, and leaves the
// agent as it was.
func (a *Agent[M]) Restore(state []byte) (dropped []string, err error) {
	if err := a.restorable(); err != nil {
		return nil, err
	}
	var s *saved
	if len(state) > 0 && state[0] == '{' {
		s, err = a.tree.readJSON(state)
	} else {
		s, err = a.tree.readBinary(state)
	}
	if err != nil {
		return nil, err
	}
	dropped, err = a.applyKeeping(s)
	return dropped, err
}

// restorable says why the agent cannot take a state, if it cannot.
func (a *Agent[M]) restorable() error {
	switch {
	case a == nil || a.st == nil:
		return errNoAgent
	case a.run != nil:
		return ErrReentrant
	}
	return nil
}

// freshNode is a node's state in a new agent.
var freshNode = nodeState{current: -1, lastEnded: -1}

// appendNode appends node state st in the binary form.
func appendNode(b []byte, st *nodeState) []byte {
	mask := st.flags & (stRunning | stHasRun | stQuarantined)
	if st.decidedAt != 0 {
		mask |= maskDecidedAt
	}
	if st.current != -1 {
		mask |= maskCurrent
	}
	if st.lastEnded != -1 {
		mask |= maskLastEnded
	}
	if st.ended != 0 {
		mask |= maskEnded
	}
	if st.result != 0 {
		mask |= maskResult
	}
	b = append(b, mask)
	if mask&maskHasRun != 0 {
		b = binary.AppendVarint(b, int64(st.lastEnd))
	}
	if mask&maskDecidedAt != 0 {
		b = binary.AppendVarint(b, int64(st.decidedAt))
	}
	if mask&maskCurrent != 0 {
		b = binary.AppendVarint(b, int64(st.current))
	}
	if mask&maskLastEnded != 0 {
		b = binary.AppendVarint(b, int64(st.lastEnded))
	}
	if mask&maskEnded != 0 {
		b = append(b, byte(st.ended))
	}
	if mask&maskResult != 0 {
		b = append(b, byte(st.result))
	}
	return b
}

// appendNodeJSON appends the fields of node i's state that differ from a
// fresh node's, as JSON members; children are named, not numbered, so
// that they are found again in an edited tree.
func appendNodeJSON[M any](b []byte, t *Tree[M], i int32, st *nodeState) []byte {
	kid := func(k int32) string { return t.nodes[t.nodes[i].kids[k]].name }
	if st.flags&stRunning != 0 {
		b = append(b, `,"running":true`...)
	}
	if st.flags&stQuarantined != 0 {
		b = append(b, `,"quarantined":true`...)
	}
	if st.flags&stHasRun != 0 {
		b = fmt.Appendf(b, `,"lastEnd":%q`, st.lastEnd.String())
	}
	if st.decidedAt != 0 {
		b = fmt.Appendf(b, `,"decidedAt":%q`, st.decidedAt.String())
	}
	switch c := int(st.current); {
	case c >= 0 && c < len(t.nodes[i].kids):
		b = jsonstr.Append(append(b, `,"current":`...), kid(st.current))
	case c >= 0:
		b = append(b, `,"pastLast":true`...) // a sequence that ran its last child
	}
	if st.lastEnded >= 0 && int(st.lastEnded) < len(t.nodes[i].kids) {
		b = jsonstr.Append(append(b, `,"lastEnded":`...), kid(st.lastEnded))
	}
	if st.ended != 0 {
		b = fmt.Appendf(b, `,"ended":%q`, statusName(st.ended))
	}
	if st.result != 0 {
		b = fmt.Appendf(b, `,"result":%q`, statusName(st.result))
	}
	return b
}

// statusName names a status in the JSON form, "" for none.
func statusName(s Status) string {
	if s == 0 {
		return ""
	}
	return s.String()
}

// A stateSaver is a custom node that saves its own state.
type stateSaver interface {
	SaveState(w *StateWriter)
	RestoreState(r *StateReader) error
}

// appendCustom appends the state of custom node i: length-prefixed in the
// binary form, as the members of an object in the JSON form.
func (a *Agent[M]) appendCustom(b []byte, i int32, asJSON bool) ([]byte, error) {
	n := &a.tree.nodes[i]
	saver, ok := a.custom[n.custom].(stateSaver)
	if !ok {
		return b, fmt.Errorf("bt: %s: a %T cannot save its state: give it SaveState and RestoreState (see StateWriter)",
			a.tree.pathOf(i), a.custom[n.custom])
	}
	// The writer goes to the node's method, so it escapes: the agent's
	// own keeps a save from allocating (an agent is saved on one
	// goroutine at a time, and a node saves only its own state).
	w := &a.writer
	*w = StateWriter{b: b, json: asJSON}
	defer func() { w.b = nil }() // the agent keeps no caller's buffer
	lenAt := len(b)
	if !asJSON {
		w.b = append(w.b, 0, 0, 0, 0, 0) // room for the length, a uvarint of at most 5 bytes
	}
	if err := saveCustom(saver, w); err != nil {
		return b, fmt.Errorf("bt: %s: saving its state: %w", a.tree.pathOf(i), err)
	}
	if asJSON {
		return w.b, nil
	}
	size := len(w.b) - lenAt - 5
	if size > 1<<32-1 {
		return b, fmt.Errorf("bt: %s: a state of %d bytes", a.tree.pathOf(i), size)
	}
	// Put the length in front of the state, and close the gap.
	var l [binary.MaxVarintLen64]byte
	k := binary.PutUvarint(l[:], uint64(size))
	copy(w.b[lenAt:], l[:k])
	copy(w.b[lenAt+k:], w.b[lenAt+5:])
	return w.b[:len(w.b)-(5-k)], nil
}

// saveCustom calls a node's SaveState, taking a panic for an error.
func saveCustom(s stateSaver, w *StateWriter) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("SaveState panicked: %v", r)
		}
	}()
	s.SaveState(w)
	return w.err
}

// restoreCustom calls a node's RestoreState, taking a panic for an error,
// and checks that it read the whole state.
func restoreCustom(s stateSaver, r *StateReader) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("RestoreState panicked: %v", p)
		}
	}()
	if err := s.RestoreState(r); err != nil {
		return err
	}
	return r.done()
}

// saved is a state read from either form, before it is put in an agent.
type saved struct {
	binary      bool // positional: node i of the state is node i of the tree
	clock       time.Duration
	ticks, seed uint64
	status      Status
	sched       schedule
	nodes       []savedNode
}

// A savedNode is one node's state as saved.
type savedNode struct {
	path, kind         string // by path: the node's; empty when positional
	st                 nodeState
	current, lastEnded string      // by path: the children, by name
	pastLast           bool        // by path: current is past the last child
	seen               uint64      // a decider's ReplanOnChange key, as it last saw it
	custom             []byte      // a custom node's state in the binary form
	fields             []jsonField // a custom node's state in the JSON form
	hasCustom          bool
	jsonCustom         bool // the custom state is fields, not custom

	// A reload's own: the node's options, and what a leaf runs, so that a
	// run goes on only on a node that runs the same; and why a custom
	// node's state could not be kept, when it could not.
	detail string
	value  any
	lost   string
}

// fingerprintOf hashes what makes a tree's shape: each node's parent,
// name, kind and options, in order (which is its path, without making
// every path: a deep tree's paths are long). An agent's binary state
// restores only into a tree of the same fingerprint.
func fingerprintOf[M any](t *Tree[M]) uint64 {
	h := fnv.New64a()
	var b []byte
	for i := range t.nodes {
		n := &t.nodes[i]
		b = binary.AppendVarint(b[:0], int64(n.parent))
		b = binary.AppendUvarint(b, uint64(len(n.kids)))
		for _, s := range []string{n.name, string(n.kindName), n.detail} {
			b = binary.AppendUvarint(b, uint64(len(s)))
			b = append(b, s...)
		}
		h.Write(b)
	}
	return h.Sum64()
}

// readBinary reads a state of the binary form for tree t.
func (t *Tree[M]) readBinary(data []byte) (*saved, error) {
	bad := func(format string, args ...any) (*saved, error) {
		return nil, fmt.Errorf("%w: %s", ErrState, fmt.Sprintf(format, args...))
	}
	switch {
	case len(data) < len(stateMagic)+4 || string(data[:len(stateMagic)]) != stateMagic:
		return bad("not a saved agent (it does not begin %q)", stateMagic)
	case crc32.ChecksumIEEE(data[:len(data)-4]) != binary.LittleEndian.Uint32(data[len(data)-4:]):
		return bad("its checksum does not match: the save was truncated or changed")
	}
	r := &byteReader{b: data[len(stateMagic) : len(data)-4]}
	if v := r.uvarint("version"); r.err == nil && v != stateVersion {
		return bad("version %d, not %d", v, stateVersion)
	}
	if fp := r.uint64("fingerprint"); r.err == nil && fp != t.fingerprint {
		return bad("a save of another tree (fingerprint %016x, not this tree's %016x): restore its JSON form, which names nodes by path", fp, t.fingerprint)
	}
	s := &saved{binary: true, clock: time.Duration(r.varint("clock")), ticks: r.uvarint("ticks"),
		seed: r.uvarint("seed"), status: Status(r.byte("status"))}
	s.sched = r.schedule()
	switch {
	case r.err != nil:
		return nil, r.err
	case s.clock < 0:
		return bad("clock %v: not a duration of 0 or more", s.clock) // as the JSON form refuses it
	case !validStatus(s.status):
		return bad("status %d: not a status", s.status)
	}
	if count := r.uvarint("nodes"); r.err == nil && count != uint64(len(t.nodes)) {
		return bad("%d nodes, where the tree has %d", count, len(t.nodes))
	}
	if r.err != nil {
		return nil, r.err
	}
	s.nodes = make([]savedNode, len(t.nodes))
	for i := range s.nodes {
		s.nodes[i].st = r.node()
	}
	for i := range t.nodes {
		if t.nodes[i].watch != nil {
			s.nodes[i].seen = r.uvarint("a decider's key")
		}
	}
	for i := range t.nodes {
		if t.nodes[i].kind == kindCustom {
			s.nodes[i].custom, s.nodes[i].hasCustom = r.bytes(t.pathOf(int32(i))), true
		}
	}
	if r.err == nil && len(r.b) > 0 {
		return bad("%d bytes after the last node", len(r.b))
	}
	return s, r.err
}

// A byteReader reads the binary form, its first error sticky.
type byteReader struct {
	b   []byte
	err error
}

func (r *byteReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s: the save ends too soon", ErrState, what)
	}
}

func (r *byteReader) uvarint(what string) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binsave.Uvarint(r.b)
	if n <= 0 {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *byteReader) varint(what string) int64 {
	if r.err != nil {
		return 0
	}
	v, n := binsave.Varint(r.b)
	if n <= 0 {
		r.fail(what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *byteReader) uint64(what string) uint64 {
	if r.err != nil || len(r.b) < 8 {
		r.fail(what)
		return 0
	}
	v := binary.LittleEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v
}

func (r *byteReader) byte(what string) byte {
	if r.err != nil || len(r.b) < 1 {
		r.fail(what)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *byteReader) bytes(what string) []byte {
	n := r.uvarint(what)
	if r.err != nil || n > uint64(len(r.b)) {
		r.fail(what)
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

// node reads one node's state.
func (r *byteReader) node() nodeState {
	st := freshNode
	mask := r.byte("a node")
	st.flags = mask & (stRunning | stHasRun | stQuarantined)
	if mask&maskHasRun != 0 {
		st.lastEnd = time.Duration(r.varint("a node's last end"))
	}
	if mask&maskDecidedAt != 0 {
		st.decidedAt = time.Duration(r.varint("a node's decision"))
	}
	if mask&maskCurrent != 0 {
		st.current = int32(clampIndex(r.varint("a node's child")))
	}
	if mask&maskLastEnded != 0 {
		st.lastEnded = int32(clampIndex(r.varint("a node's child")))
	}
	if mask&maskEnded != 0 {
		st.ended = Status(r.byte("a node's end"))
	}
	if mask&maskResult != 0 {
		st.result = Status(r.byte("a node's result"))
	}
	// A save marks only the fields that differ from a fresh node's: one
	// marked at a fresh node's value would save otherwise.
	if r.err == nil && (mask&maskDecidedAt != 0 && st.decidedAt == 0 || mask&maskCurrent != 0 && st.current == -1 ||
		mask&maskLastEnded != 0 && st.lastEnded == -1 || mask&maskEnded != 0 && st.ended == 0 ||
		mask&maskResult != 0 && st.result == 0) {
		r.err = fmt.Errorf("%w: a node marks a field as held at a fresh node's value (mask %#x)", ErrState, mask)
	}
	return st
}

// clampIndex keeps a child's index in int32's range, where the checks of
// apply find it out of the node's.
func clampIndex(v int64) int64 { return min(max(v, -2), 1<<31-1) }

// A jsonState is the JSON form, as read.
type jsonState struct {
	Format   string        `json:"format"`
	Version  int           `json:"version"`
	Tree     string        `json:"tree"`
	Clock    string        `json:"clock"`
	Ticks    uint64        `json:"ticks"`
	Seed     uint64        `json:"seed"`
	Status   string        `json:"status"`
	Schedule *jsonSchedule `json:"schedule"`
	Nodes    []jsonNode    `json:"nodes"`
	Checksum string        `json:"checksum"`
}

type jsonNode struct {
	Path        string          `json:"path"`
	Kind        string          `json:"kind"`
	Running     bool            `json:"running"`
	Quarantined bool            `json:"quarantined"`
	LastEnd     *string         `json:"lastEnd"`
	DecidedAt   string          `json:"decidedAt"`
	Current     string          `json:"current"`
	PastLast    bool            `json:"pastLast"`
	LastEnded   string          `json:"lastEnded"`
	Ended       string          `json:"ended"`
	Result      string          `json:"result"`
	Seen        uint64          `json:"seen"`
	State       json.RawMessage `json:"state"`
}

// maxSavedNodes bounds the JSON form a tree reads: more than this many
// nodes of state are not a save of any tree.
const maxSavedNodes = 1 << 20

// readJSON reads a state of the JSON form.
func (t *Tree[M]) readJSON(data []byte) (*saved, error) {
	bad := func(format string, args ...any) (*saved, error) {
		return nil, fmt.Errorf("%w: %s", ErrState, fmt.Sprintf(format, args...))
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return bad("not JSON: %v", err)
	}
	c := compact.Bytes()
	const tail = len(`,"checksum":"00000000"}`)
	if len(c) < tail || !bytes.HasPrefix(c[len(c)-tail:], []byte(`,"checksum":"`)) {
		return bad("no checksum at its end: the save was truncated or changed")
	}
	sum, err := strconv.ParseUint(string(c[len(c)-tail+len(`,"checksum":"`):len(c)-2]), 16, 32)
	if err != nil || uint32(sum) != crc32.ChecksumIEEE(c[:len(c)-tail]) {
		return bad("its checksum does not match: the save was truncated or changed")
	}
	var js jsonState
	dec := json.NewDecoder(bytes.NewReader(c))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&js); err != nil {
		return bad("%v", err)
	}
	switch {
	case js.Format != jsonFormat:
		return bad("format %q, not %q", js.Format, jsonFormat)
	case js.Version != stateVersion:
		return bad("version %d, not %d", js.Version, stateVersion)
	case len(js.Nodes) > maxSavedNodes:
		return bad("%d nodes", len(js.Nodes))
	}
	clock, err := time.ParseDuration(js.Clock)
	if err != nil || clock < 0 {
		return bad("clock %q: not a duration of 0 or more", js.Clock)
	}
	s := &saved{clock: clock, ticks: js.Ticks, seed: js.Seed, nodes: make([]savedNode, len(js.Nodes))}
	if s.status, err = parseStatus(js.Status); err != nil {
		return bad("status: %v", err)
	}
	if js.Schedule != nil {
		if s.sched, err = js.Schedule.read(); err != nil {
			return bad("schedule: %v", err)
		}
	}
	for k, jn := range js.Nodes {
		sn, err := jn.read()
		if err != nil {
			return bad("node %d (%q): %v", k+1, jn.Path, err)
		}
		s.nodes[k] = sn
	}
	return s, nil
}

// read reads one node of the JSON form.
func (jn *jsonNode) read() (savedNode, error) {
	sn := savedNode{path: jn.Path, kind: jn.Kind, st: freshNode, current: jn.Current, pastLast: jn.PastLast, lastEnded: jn.LastEnded,
		seen: jn.Seen}
	if jn.Running {
		sn.st.flags |= stRunning
	}
	if jn.Quarantined {
		sn.st.flags |= stQuarantined
	}
	var err error
	duration := func(what, s string) time.Duration {
		d, e := time.ParseDuration(s)
		if e != nil && err == nil {
			err = fmt.Errorf("%s %q: not a duration", what, s)
		}
		return d
	}
	if jn.LastEnd != nil {
		sn.st.flags |= stHasRun
		sn.st.lastEnd = duration("lastEnd", *jn.LastEnd)
	}
	if jn.DecidedAt != "" {
		sn.st.decidedAt = duration("decidedAt", jn.DecidedAt)
	}
	if sn.st.ended, err = parseStatusOr(err, jn.Ended); err != nil {
		return sn, err
	}
	if sn.st.result, err = parseStatusOr(err, jn.Result); err != nil {
		return sn, err
	}
	if jn.State != nil {
		sn.hasCustom, sn.jsonCustom = true, true
		if sn.fields, err = readFields(jn.State); err != nil {
			return sn, fmt.Errorf("state: %v", err)
		}
	}
	return sn, err
}

// parseStatusOr parses a status unless err is already set.
func parseStatusOr(err error, s string) (Status, error) {
	if err != nil {
		return 0, err
	}
	return parseStatus(s)
}

// parseStatus parses a status's name, "" for none.
func parseStatus(s string) (Status, error) {
	for _, st := range []Status{Running, Success, Failure} {
		if s == st.String() {
			return st, nil
		}
	}
	if s == "" {
		return 0, nil
	}
	return 0, fmt.Errorf("%q is not a status", s)
}

// readFields reads a custom node's state, a JSON object, as its fields in
// order.
func readFields(raw json.RawMessage) ([]jsonField, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not an object")
	}
	var fields []jsonField
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		fields = append(fields, jsonField{name: tok.(string), value: v})
	}
	return fields, nil
}

// apply puts state s into the agent, all or nothing: strict refuses a
// state that would drop anything.
func (a *Agent[M]) apply(s *saved, strict bool) error {
	f, dropped, err := a.tree.rebuild(s, strict)
	switch {
	case err != nil:
		return err
	case strict && len(dropped) > 0:
		return fmt.Errorf("%w: the tree lacks what the save holds: %s (Restore keeps what applies)", ErrState, dropped[0])
	}
	a.take(f)
	return nil
}

// applyKeeping puts state s into the agent, keeping what applies.
func (a *Agent[M]) applyKeeping(s *saved) ([]string, error) {
	f, dropped, err := a.tree.rebuild(s, false)
	if err == nil {
		a.take(f)
	}
	return dropped, err
}

// rebuild makes an agent of t from state s, and returns it with what it
// dropped of s. A positional state (the binary form) drops nothing: what
// it cannot put is an error, as is, with strict, a run it cannot go on
// with. Otherwise a run that cannot go on is dropped, and nothing runs.
func (t *Tree[M]) rebuild(s *saved, strict bool) (*Agent[M], []string, error) {
	f, dropped, _, err := t.rebuildRun(s, strict)
	return f, dropped, err
}

// rebuildRun is rebuild, also reporting whether a run was dropped.
func (t *Tree[M]) rebuildRun(s *saved, strict bool) (f *Agent[M], dropped []string, lostRun bool, err error) {
	if f, err = t.NewAgent(s.seed); err != nil {
		return nil, nil, false, err
	}
	f.clock, f.ticks, f.status, f.sched = s.clock, s.ticks, s.status, s.sched
	if why := s.sched.check(); why != "" {
		return nil, nil, false, fmt.Errorf("%w: its schedule: %s", ErrState, why)
	}
	drop := func(path, why string) { dropped = append(dropped, path+": "+why) }
	for k := range s.nodes {
		sn := &s.nodes[k]
		i := int32(k)
		ran := sn.st.flags&stRunning != 0
		if !s.binary {
			if i = t.find(sn.path); i < 0 {
				drop(sn.path, "no such node in the tree")
				lostRun = lostRun || ran
				continue
			}
			if string(t.nodes[i].kindName) != sn.kind {
				drop(sn.path, fmt.Sprintf("a %s, saved as a %s", t.nodes[i].kindName, sn.kind))
				lostRun = lostRun || ran
				continue
			}
		}
		if sn.lost != "" {
			drop(t.pathOf(i), sn.lost)
			lostRun = lostRun || ran
		}
		if why := f.putNode(i, sn, s.binary); why != "" {
			if s.binary {
				return nil, nil, false, fmt.Errorf("%w: %s: %s", ErrState, t.pathOf(i), why)
			}
			drop(t.pathOf(i), why)
			lostRun = lostRun || ran
		}
	}
	why := f.checkRunning()
	if why == "" && lostRun {
		why = "a node that ran is dropped"
	}
	if why != "" {
		switch {
		case strict && len(dropped) > 0:
			return nil, nil, false, fmt.Errorf("%w: %s", ErrState, dropped[0]) // the cause, before what it led to
		case s.binary || strict:
			return nil, nil, false, fmt.Errorf("%w: %s", ErrState, why)
		}
		drop(t.pathOf(0), why+": the tree begins afresh")
		f.stopAll()
		lostRun = true
	}
	return f, dropped, lostRun, nil
}

// snapshot returns the agent's state as a restore into another tree maps
// it: each node by path, with its options and what it runs, each custom
// node's state in the binary form.
func (a *Agent[M]) snapshot() (*saved, error) {
	t := a.tree
	s := &saved{clock: a.clock, ticks: a.ticks, seed: a.seed, status: a.status, sched: a.sched}
	for i := range a.st {
		n := &t.nodes[i]
		st := a.st[i]
		sn := savedNode{path: t.pathOf(int32(i)), kind: string(n.kindName), st: st, detail: n.detail, value: n.action}
		if n.watch != nil {
			sn.seen = a.keys[n.seen]
		}
		if c := st.current; c >= 0 && int(c) < len(n.kids) {
			sn.current = t.nodes[n.kids[c]].name
		} else if c >= 0 {
			sn.pastLast = true
		}
		if c := st.lastEnded; c >= 0 && int(c) < len(n.kids) {
			sn.lastEnded = t.nodes[n.kids[c]].name
		}
		if n.kind == kindCustom {
			if _, ok := a.custom[n.custom].(stateSaver); !ok {
				sn.lost = fmt.Sprintf("a %T cannot save its state: it starts afresh", a.custom[n.custom])
			} else {
				b, err := a.appendCustom(nil, int32(i), false)
				if err != nil {
					return nil, err
				}
				r := byteReader{b: b}
				sn.custom, sn.hasCustom = r.bytes("its state"), true
			}
		}
		s.nodes = append(s.nodes, sn)
	}
	return s, nil
}

// putNode puts saved node sn into node i of agent f (fresh), and says why
// it could not, if it could not.
func (f *Agent[M]) putNode(i int32, sn *savedNode, positional bool) string {
	t := f.tree
	n := &t.nodes[i]
	st := sn.st
	if !positional {
		st.current, st.lastEnded = -1, -1
		for j, k := range n.kids {
			if t.nodes[k].name == sn.current && sn.current != "" {
				st.current = int32(j)
			}
			if t.nodes[k].name == sn.lastEnded && sn.lastEnded != "" {
				st.lastEnded = int32(j)
			}
		}
		if sn.current != "" && st.current < 0 {
			return fmt.Sprintf("its child %q is gone", sn.current)
		}
		if sn.pastLast {
			st.current = int32(len(n.kids))
		}
		// A run goes on on a node that runs the same: the same options,
		// the same action. A custom node's RestoreState judges its own
		// state (its description, a machine's count of states, is not
		// what it runs).
		if st.flags&stRunning != 0 && sn.detail != "" && n.kind != kindCustom &&
			(sn.detail != n.detail || !sameValue(sn.value, n.action)) {
			return "it ran, and now runs something else"
		}
	}
	if st.current < -1 || int(st.current) > len(n.kids) || st.lastEnded < -1 || int(st.lastEnded) >= len(n.kids) {
		return "a child it has not"
	}
	if !validStatus(st.ended) || !validStatus(st.result) || st.decidedAt < 0 || st.lastEnd < 0 {
		return "a status or a time it cannot hold"
	}
	if n.kind == kindCustom && sn.hasCustom {
		saver, ok := f.custom[n.custom].(stateSaver)
		if !ok {
			return fmt.Sprintf("a %T cannot restore its state", f.custom[n.custom])
		}
		r := StateReader{b: sn.custom, fields: sn.fields, json: sn.jsonCustom, running: st.flags&stRunning != 0}
		if err := restoreCustom(saver, &r); err != nil {
			f.remake(i) // the node may have taken part of it: a fresh one
			return "its state: " + err.Error()
		}
	}
	f.st[i] = st
	if n.watch != nil {
		f.keys[n.seen] = sn.seen // (one saved of a node that has none now is not kept)
	}
	if st.flags&stQuarantined != 0 {
		f.quarantines++
	}
	return ""
}

// sameValue reports whether a leaf's old value is its new one, as far as
// can be told: a value that == cannot compare is taken to differ.
func sameValue(old, now any) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return old == now
}

// validStatus reports whether s is a status a node may hold: none, or a
// valid one.
func validStatus(s Status) bool { return s == 0 || s.valid() }

// remake makes custom node i's instance afresh.
func (f *Agent[M]) remake(i int32) {
	n := &f.tree.nodes[i]
	kids := make([]*Child[M], len(n.kids))
	for j := range n.kids {
		kids[j] = &f.handles[int(n.handle)+j]
	}
	node, err := makeNode(n.make, kids)
	if err != nil {
		return // it was made once: NewAgent would have failed
	}
	f.custom[n.custom] = node
	if b, ok := node.(binder[M]); ok {
		b.Bind(&f.selves[n.custom])
	}
}

// checkRunning reports what makes the running nodes of agent f
// inconsistent: a running node whose parent does not run, which no run
// leaves. (A running composite may run no child: a sequence whose child
// ended goes on to the next at the next tick.)
func (f *Agent[M]) checkRunning() string {
	t := f.tree
	for i := range f.st {
		if p := t.nodes[i].parent; f.st[i].flags&stRunning != 0 && p >= 0 && f.st[p].flags&stRunning == 0 {
			return t.pathOf(int32(i)) + " runs under a parent that does not"
		}
	}
	return ""
}

// stopAll leaves nothing of agent f running, as if it had been halted
// with no End called: what a lost run leaves.
func (f *Agent[M]) stopAll() {
	for i := range f.st {
		f.st[i].flags &^= stRunning
		f.st[i].current = -1
		f.st[i].result = 0
	}
	f.status = 0
}

// take makes the agent the restored agent f: its tree's state, clock and
// seed, keeping the agent's own tracer and heuristic.
func (a *Agent[M]) take(f *Agent[M]) {
	discard(a.custom, f.custom)
	a.st, a.custom, a.handles, a.selves, a.keys = f.st, f.custom, f.handles, f.selves, f.keys
	for i := range a.handles {
		a.handles[i].agent = a
	}
	for i := range a.selves {
		a.selves[i].agent = a
	}
	a.clock, a.ticks, a.seed, a.status, a.quarantines, a.sched = f.clock, f.ticks, f.seed, f.status, f.quarantines, f.sched
	a.heuristicGen++ // a scratch that judged for the agent judges afresh
}

// discard tells each instance of old that is not in now (see Node's
// Discard) to let go of what it holds. A node every agent shares (a Leaf
// without NewInstance) is in both, and not replaced.
func discard[M any](old, now []Node[M]) {
	for _, n := range old {
		d, ok := n.(discarder)
		if ok && !slices.ContainsFunc(now, func(k Node[M]) bool { return sameValue(n, k) }) {
			discardOne(d)
		}
	}
}

// discardOne calls d's Discard, dropping a panic: the restore it is part
// of has been decided, and the instance is done with.
func discardOne(d discarder) {
	defer func() { _ = recover() }()
	d.Discard()
}
