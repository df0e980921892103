package binsave_test

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/foresight-bt/foresight/internal/engine/binsave"
)

func TestVarintsHaveOneForm(t *testing.T) {
	tests := []struct {
		name string
		b    []byte
		want int64 // as Varint reads it
		n    int   // > 0: read; <= 0: refused
	}{
		{"zero", []byte{0x00}, 0, 1},
		{"one byte", []byte{0x0a}, 5, 1},
		{"two bytes", []byte{0x80, 0x01}, 64, 2},
		{"the largest", binary.AppendVarint(nil, math.MaxInt64), math.MaxInt64, 10},
		{"the smallest", binary.AppendVarint(nil, math.MinInt64), math.MinInt64, 10},
		{"zero written long", []byte{0x80, 0x00}, 0, -2},
		{"five written long", []byte{0x8a, 0x80, 0x00}, 0, -3},
		{"ten bytes, the last zero", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00}, 0, -10},
		{"cut short", []byte{0x80}, 0, 0},
		{"empty", nil, 0, 0},
		{"too large", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}, 0, -10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, n := binsave.Varint(tt.b)
			if v != tt.want || (n > 0) != (tt.n > 0) || (n > 0 && n != tt.n) {
				t.Errorf("Varint(%x) = %d, %d; want %d, %d", tt.b, v, n, tt.want, tt.n)
			}
			if _, un := binsave.Uvarint(tt.b); (un > 0) != (tt.n > 0) {
				t.Errorf("Uvarint(%x) took %d bytes; Varint %d", tt.b, un, n)
			}
		})
	}
}

// FuzzVarint checks that what Varint and Uvarint read is what
// encoding/binary writes, byte for byte.
func FuzzVarint(f *testing.F) {
	f.Add([]byte{0x85, 0x00})
	f.Add(binary.AppendUvarint(nil, math.MaxUint64))
	f.Fuzz(func(t *testing.T, b []byte) {
		if v, n := binsave.Uvarint(b); n > 0 && string(binary.AppendUvarint(nil, v)) != string(b[:n]) {
			t.Errorf("Uvarint read %x as %d, which is written %x", b[:n], v, binary.AppendUvarint(nil, v))
		}
		if v, n := binsave.Varint(b); n > 0 && string(binary.AppendVarint(nil, v)) != string(b[:n]) {
			t.Errorf("Varint read %x as %d, which is written %x", b[:n], v, binary.AppendVarint(nil, v))
		}
	})
}

func TestReaderRefusesLongIntegers(t *testing.T) {
	save := binsave.End(append(binsave.Begin(nil, "test", 1), 0x8a, 0x00), 0)
	r, err := binsave.Open("a test", save, "test", 1)
	if err != nil {
		t.Fatal(err)
	}
	if v := r.Int(0, 10); v != 0 || !errors.Is(r.Err(), binsave.ErrSave) {
		t.Errorf("Int read %d, err %v; want 0 and ErrSave", v, r.Err())
	}
}
