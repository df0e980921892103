// Package binsave writes and reads compact binary saves: those of the
// samples' worlds (a Jedi arena and a Jedi's memory, a troll's world),
// what a game keeps beside its agents' saves (bt.Agent.AppendBinary) to
// save, rewind or roll back a whole frame; and the frame and integers of
// bt's own saves and of fsm.Inbox's, which read their varints here
// (Uvarint, Varint) so that every save has one form.
//
// A save is framed as the agents' are: a magic of four bytes, a version
// (uvarint), the fields, and the CRC-32 of all before (4 bytes). Integers
// are varints, numbers the 8 bytes of their IEEE 754 bits, truth values a
// byte. Each value has one form only: a varint written longer than it
// need be is refused, so that a save restored and saved again gives the
// bytes it was restored from. Writing allocates nothing when the buffer has room; reading
// checks every value it is asked for against what may be there, so that
// a save cut short, changed or made up is an error, never a panic.
//
// It is an engine helper (internal/engine): it imports nothing of the
// project, and any package may import it.
package binsave

import (
	"encoding"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"time"
)

// Begin appends the start of a save: its magic and version.
func Begin(b []byte, magic string, version uint64) []byte {
	b = append(b, magic...)
	return binary.AppendUvarint(b, version)
}

// End appends the checksum of the save that begins at b[start:].
func End(b []byte, start int) []byte {
	return binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
}

// Int appends an integer.
func Int(b []byte, v int) []byte { return binary.AppendVarint(b, int64(v)) }

// Uint appends an unsigned integer.
func Uint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

// Duration appends a duration.
func Duration(b []byte, d time.Duration) []byte { return binary.AppendVarint(b, int64(d)) }

// Float appends a number, any float64.
func Float(b []byte, v float64) []byte {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
}

// Bool appends a truth value.
func Bool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// Uvarint decodes an unsigned integer from the start of b as
// binary.Uvarint does, and returns it with the bytes it took. It
// refuses (n <= 0) what binary.Uvarint refuses, and also a varint
// written in more bytes than its value needs (its last byte zero):
// binary.Uvarint reads both 0x05 and 0x85 0x00 as 5, and a save that
// takes either would not save again to the bytes it was read from.
func Uvarint(b []byte) (v uint64, n int) {
	v, n = binary.Uvarint(b)
	if n > 1 && b[n-1] == 0 {
		return 0, -n
	}
	return v, n
}

// Varint decodes a signed integer as binary.Varint does, refusing
// what Uvarint refuses.
func Varint(b []byte) (int64, int) {
	u, n := Uvarint(b)
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return v, n
}

// ErrSave is wrapped by every error of a save that cannot be read.
var ErrSave = errors.New("a save that cannot be restored")

// A Reader reads the fields of a save in the order they were written.
// The first value that is missing or out of range is its error (Err):
// every read after it returns zero.
type Reader struct {
	what string // what is read, for errors: "jedi: an arena's save"
	b    []byte
	n    int // the length of the fields, for the offsets errors give
	err  error
}

// Open checks the frame of a save of what (its magic, version and
// checksum) and returns a Reader of its fields.
func Open(what string, data []byte, magic string, version uint64) (Reader, error) {
	r := Reader{what: what}
	if len(data) < len(magic)+1+4 || string(data[:len(magic)]) != magic {
		return r, fmt.Errorf("%s: %w: not one (it does not begin with %q)", what, ErrSave, magic)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return r, fmt.Errorf("%s: %w: its checksum does not match (cut short or changed)", what, ErrSave)
	}
	v, n := Uvarint(body[len(magic):])
	if n <= 0 || v != version {
		return r, fmt.Errorf("%s: %w: version %d, where this program reads %d", what, ErrSave, v, version)
	}
	r.b = body[len(magic)+n:]
	r.n = len(r.b)
	return r, nil
}

// Err returns the first value that could not be read, or nil.
func (r *Reader) Err() error { return r.err }

// Close returns Err, or an error if bytes are left over.
func (r *Reader) Close() error {
	if r.err == nil && len(r.b) > 0 {
		r.fail("%d bytes left over", len(r.b))
	}
	return r.err
}

// Fail makes what format says the reader's error, unless it has one: for
// what a reader of the save checks beyond single values (two that do not
// agree). Every read after it returns zero.
func (r *Reader) Fail(format string, args ...any) { r.fail(format, args...) }

func (r *Reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%s: %w: at byte %d of its fields: %s", r.what, ErrSave, r.n-len(r.b), fmt.Sprintf(format, args...))
	}
	r.b = nil
}

func (r *Reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := Varint(r.b)
	if n <= 0 {
		r.fail("an integer cut short, too large or written long")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Int reads an integer, which must lie in [lo, hi].
func (r *Reader) Int(lo, hi int) int {
	v := r.varint()
	if v < int64(lo) || v > int64(hi) {
		r.fail("%d out of range (%d to %d)", v, lo, hi)
		return 0
	}
	return int(v)
}

// Count reads how many of something follow, each written in at least
// least bytes: at most what is left of the save can hold, so that a made
// up count cannot make the reader allocate more than the save's size.
func (r *Reader) Count(least int) int { return r.Int(0, len(r.b)/max(least, 1)) }

// Uint reads an unsigned integer, which must be at most hi.
func (r *Reader) Uint(hi uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := Uvarint(r.b)
	switch {
	case n <= 0:
		r.fail("an integer cut short, too large or written long")
		return 0
	case v > hi:
		r.fail("%d out of range (at most %d)", v, hi)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Duration reads a duration, which must lie in [lo, hi].
func (r *Reader) Duration(lo, hi time.Duration) time.Duration {
	v := r.varint()
	if v < int64(lo) || v > int64(hi) {
		r.fail("%v out of range (%v to %v)", time.Duration(v), lo, hi)
		return 0
	}
	return time.Duration(v)
}

// Float reads a number.
func (r *Reader) Float() float64 {
	if r.err != nil {
		return 0
	}
	if len(r.b) < 8 {
		r.fail("a number cut short")
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

// Bool reads a truth value.
func (r *Reader) Bool() bool {
	if r.err != nil {
		return false
	}
	if len(r.b) < 1 || r.b[0] > 1 {
		r.fail("not a truth value")
		return false
	}
	v := r.b[0] == 1
	r.b = r.b[1:]
	return v
}

// Part appends v's binary form after its length (4 bytes): a value
// saved in a form of its own, such as a random source's.
func Part(b []byte, v encoding.BinaryAppender) ([]byte, error) {
	at := len(b)
	b = append(b, 0, 0, 0, 0)
	b, err := v.AppendBinary(b)
	if err != nil {
		return b[:at], err
	}
	binary.LittleEndian.PutUint32(b[at:], uint32(len(b)-at-4))
	return b, nil
}

// Part reads what Part wrote, and returns it in the save's memory, not a
// copy.
func (r *Reader) Part() []byte {
	if r.err != nil {
		return nil
	}
	if len(r.b) < 4 {
		r.fail("a part cut short")
		return nil
	}
	n := binary.LittleEndian.Uint32(r.b)
	if uint64(n) > uint64(len(r.b)-4) {
		r.fail("a part of %d bytes, where %d are left", n, len(r.b)-4)
		return nil
	}
	v := r.b[4 : 4+n : 4+n]
	r.b = r.b[4+n:]
	return v
}

// PartInto reads what Part wrote into v, through its UnmarshalBinary;
// what v refuses fails the reader, as "what: " and v's error.
func (r *Reader) PartInto(what string, v encoding.BinaryUnmarshaler) {
	if p := r.Part(); r.err == nil {
		if err := v.UnmarshalBinary(p); err != nil {
			r.fail("%s: %v", what, err)
		}
	}
}
