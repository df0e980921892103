package treetest

import "testing"

// The stretch is deterministic and keeps the input as its beginning.
func TestStretch(t *testing.T) {
	a, b := stretch([]byte("seed")), stretch([]byte("seed"))
	if string(a) != string(b) || string(a[:4]) != "seed" || len(a) != stretchTo {
		t.Error("stretch is not a deterministic extension of its input")
	}
	if string(stretch([]byte("other"))[8:64]) == string(a[8:64]) {
		t.Error("different inputs stretch alike")
	}
}
