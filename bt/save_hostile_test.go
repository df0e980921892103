package bt_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
)

// hostileTree is a tree with state of every sort: a selector's decision,
// a cooldown, a running sequence, custom nodes with counters and timers.
func hostileTree() *bt.Tree[mem] { return hostileTreeOf(act) }

// hostileCrowdTree is hostileTree with actions that agents on several
// goroutines may share: a Scripted counts its steps in itself, a race
// in a crowd of more than one worker.
func hostileCrowdTree() *bt.Tree[mem] { return hostileTreeOf(steadyAct) }

// hostileTreeOf is hostileTree with the actions act makes.
func hostileTreeOf[A bt.Action[mem]](act func(rec *recorder, name string, effect func(*mem), script ...bt.Status) A) *bt.Tree[mem] {
	n := bt.New[mem]()
	tree, err := bt.Build(bt.Config[mem]{Heuristic: goal}, n.Selector("root",
		n.Sequence("fight",
			n.Do("strike", act(nil, "strike", hitFoe(1))).Constrain(constraints.Cooldown[mem](time.Second)),
			n.Decorate("again", decorators.Repeat[mem](3), n.Do("jab", act(nil, "jab", hitFoe(1), R, S))),
		),
		n.Decorate("wait", decorators.Timeout[mem](time.Minute),
			n.Decorate("later", decorators.Delay[mem](time.Second), n.Do("shine", act(nil, "shine", shine, R)))),
	))
	if err != nil {
		panic(err)
	}
	return tree
}

// hostileAgent is an agent of hostileTree with some ticks behind it.
func hostileAgent(t testing.TB) *bt.Agent[mem] {
	a, err := hostileTree().NewAgent(5)
	if err != nil {
		t.Fatal(err)
	}
	m := mem{HP: 5, Foe: 9}
	for range 4 {
		if _, err := a.Tick(&m, 300*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

// resum puts a right checksum at the end of a binary save, so that what
// was changed in it reaches the parts past the checksum.
func resum(b []byte) []byte {
	b = bytes.Clone(b)
	binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
	return b
}

// resumJSON puts a right checksum at the end of a JSON save.
func resumJSON(s string) []byte {
	const key = `,"checksum":"`
	i := strings.LastIndex(s, key)
	if i < 0 {
		return []byte(s)
	}
	var c bytes.Buffer
	body := s[:i]
	c.WriteString(body)
	sum := crc32.ChecksumIEEE([]byte(body))
	return []byte(body + key + strings.ToLower(hex8(sum)) + `"}`)
}

func hex8(v uint32) string {
	const digits = "0123456789abcdef"
	var b [8]byte
	for i := 7; i >= 0; i-- {
		b[i] = digits[v&0xf]
		v >>= 4
	}
	return string(b[:])
}

// A save that cannot be restored, whatever is wrong with it, is an error
// that says what, never a panic, and leaves the agent as it was.
func TestHostileSaves(t *testing.T) {
	a := hostileAgent(t)
	bin, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	js, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	other, _ := cooling(&recorder{}).NewAgent(1)
	otherBin := mustBinary(t, other)
	flipped := bytes.Clone(bin)
	flipped[len(flipped)/2] ^= 0x04
	version := resum(append([]byte("fsag\x02"), bin[5:]...)) // version 1 is one byte: 2 in its place
	hugeCount := resum(binary.AppendUvarint(append([]byte("fsag\x01"), bin[5:5+8]...), 1<<62))
	// The clock, ticks and seed are varints after the fingerprint; the
	// root's status is the byte after them.
	clockAt := len("fsag\x01") + 8
	_, clockLen := binary.Varint(bin[clockAt:])
	statusAt := clockAt + clockLen
	for range 2 {
		_, n := binary.Uvarint(bin[statusAt:])
		statusAt += n
	}
	badStatus := bytes.Clone(bin)
	badStatus[statusAt] = 48
	negativeClock := resum(append(binary.AppendVarint(bytes.Clone(bin[:clockAt]), -1), bin[clockAt+clockLen:]...))
	body := strings.TrimSuffix(string(js), `"}`)
	body = body[:strings.LastIndex(body, `,"checksum":"`)]
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a saved agent"},
		{"the magic alone", []byte("fsag"), "not a saved agent"},
		{"garbage", []byte("not a save at all, just some bytes"), "not a saved agent"},
		{"truncated by a byte", bin[:len(bin)-1], "checksum does not match"},
		{"truncated by half", bin[:len(bin)/2], "checksum does not match"},
		{"a bit flipped", flipped, "checksum does not match"},
		{"another version", version, "version 2, not 1"},
		{"another tree", otherBin, "a save of another tree"},
		{"a huge count", hugeCount, "the save ends too soon"},
		{"a status it cannot hold", resum(badStatus), "status 48"},
		{"a negative clock", negativeClock, "clock -1ns"},
		{"truncated, checksum right", resum(append(bytes.Clone(bin[:len(bin)/2]), 0, 0, 0, 0)), "ends too soon"},
		{"not JSON", []byte("{not json"), "not JSON"},
		{"JSON without a checksum", []byte(body + "}"), "no checksum"},
		{"JSON changed", []byte(strings.Replace(string(js), `"seed":5`, `"seed":6`, 1)), "checksum does not match"},
		{"JSON of another format", resumJSON(strings.Replace(body, "foresight-agent", "something-else", 1) + `,"checksum":"0"}`), `format "something-else"`},
		{"JSON of another version", resumJSON(strings.Replace(body, `"version":1`, `"version":7`, 1) + `,"checksum":"0"}`), "version 7, not 1"},
		{"JSON with an unknown field", resumJSON(strings.Replace(body, `"seed":5`, `"seed":5,"extra":1`, 1) + `,"checksum":"0"}`), "unknown field"},
		{"JSON with a bad clock", resumJSON(strings.Replace(body, `"clock":"1.2s"`, `"clock":"soon"`, 1) + `,"checksum":"0"}`), `clock "soon"`},
		{"JSON with a negative clock", resumJSON(strings.Replace(body, `"clock":"1.2s"`, `"clock":"-1s"`, 1) + `,"checksum":"0"}`), `clock "-1s"`},
		{"JSON with a bad status", resumJSON(strings.Replace(body, `"status":"Running"`, `"status":"Winning"`, 1) + `,"checksum":"0"}`), `"Winning" is not a status`},
		{"JSON naming a node the tree lacks", resumJSON(strings.Replace(body, `"path":"root/fight"`, `"path":"root/flight"`, 1) + `,"checksum":"0"}`), "root/flight"},
		{"JSON with a custom state garbled", resumJSON(strings.Replace(body, `"done":`, `"undone":`, 1) + `,"checksum":"0"}`), `want the field "done"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := hostileAgent(t)
			fresh, _ := hostileTree().NewAgent(3)
			for _, a := range []*bt.Agent[mem]{b, fresh} {
				restore := a.UnmarshalBinary
				if len(tt.data) > 0 && tt.data[0] == '{' {
					restore = a.UnmarshalJSON
				}
				before := mustBinaryOf(t, a)
				err := restore(tt.data)
				switch {
				case err == nil:
					t.Errorf("restored")
				case !strings.Contains(err.Error(), tt.want):
					t.Errorf("%v, want %q", err, tt.want)
				case !errors.Is(err, bt.ErrState):
					t.Errorf("%v does not wrap ErrState", err)
				}
				if mustBinaryOf(t, a) != before {
					t.Errorf("a refused restore changed the agent")
				}
			}
		})
	}
}

func mustBinaryOf(t *testing.T, a *bt.Agent[mem]) string {
	t.Helper()
	b, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// FuzzRestore restores whatever it is given into an agent: never a
// panic; a refused restore leaves the agent as it was; a restored agent
// ticks, and saves what it restored from (binary) or what restores to
// the same (JSON).
func FuzzRestore(f *testing.F) {
	a := hostileAgent(f)
	bin, _ := a.MarshalBinary()
	js, _ := a.MarshalJSON()
	f.Add(bin)
	f.Add(js)
	fresh, _ := hostileTree().NewAgent(1)
	b, _ := fresh.MarshalBinary()
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		restoreAny(t, data)
		// And with its checksum made right, so that a change reaches the
		// parts of the save past it.
		switch {
		case len(data) > 8 && data[0] != '{':
			restoreAny(t, resum(data))
		case len(data) > 0:
			restoreAny(t, resumJSON(string(data)))
		}
	})
}

// restoreAny is FuzzRestore's check of one input.
func restoreAny(t *testing.T, data []byte) {
	agent := hostileAgent(t)
	before := mustBinaryOf(t, agent)
	dropped, err := agent.Restore(data)
	if err != nil {
		if mustBinaryOf(t, agent) != before {
			t.Fatalf("a refused restore (%v) changed the agent", err)
		}
		return
	}
	saved := mustBinaryOf(t, agent)
	if len(data) > 0 && data[0] != '{' && saved != string(data) {
		t.Fatalf("a binary save restored, then saved, gives other bytes")
	}
	again, _ := hostileTree().NewAgent(9)
	if _, err := again.Restore([]byte(saved)); err != nil {
		t.Fatalf("the restored agent's own save (dropped %q before) does not restore: %v", dropped, err)
	}
	// Either form of a save holds what the other does: a state one takes
	// the other takes too.
	js, err := agent.MarshalJSON()
	if err != nil {
		t.Fatalf("the restored agent saves no JSON: %v", err)
	}
	if err := again.UnmarshalJSON(js); err != nil {
		t.Fatalf("the restored agent's JSON save does not restore: %v", err)
	}
	m := mem{HP: 5, Foe: 9}
	for range 3 {
		if _, err := agent.Tick(&m, 250*time.Millisecond); err != nil && !errors.Is(err, bt.ErrNilMemory) {
			t.Logf("tick after a restore: %v", err)
		}
	}
}

// steady is a scripted action of at most two statuses that keeps no state:
// Begin answers the first, every Update the last, as a Scripted of such a
// script does, counting its steps.
type steady struct {
	first, then bt.Status
	effect      func(*mem)
}

// steadyAct makes a steady action of a script of one or two statuses
// (none: Success); the recorder and name are Act's, unused.
func steadyAct(_ *recorder, _ string, effect func(*mem), script ...bt.Status) steady {
	switch len(script) {
	case 0:
		return steady{bt.Success, bt.Success, effect}
	case 1, 2:
		return steady{script[0], script[len(script)-1], effect}
	}
	panic("steadyAct: a script of more than two statuses")
}

func (a steady) Begin(m *mem) bt.Status                   { m.Live++; return a.first }
func (a steady) Update(m *mem, _ time.Duration) bt.Status { m.Live++; return a.then }
func (steady) End(*mem, bt.Status)                        {}

func (a steady) Simulate(_ *bt.Sim[mem], m *mem) {
	if a.effect != nil {
		a.effect(m)
	}
}
