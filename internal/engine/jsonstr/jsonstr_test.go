package jsonstr_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/foresight-bt/foresight/internal/engine/jsonstr"
)

func TestAppend(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"guard/attack", `"guard/attack"`},
		{`say "hi" \ bye`, `"say \"hi\" \\ bye"`},
		{"tab\tnew\nnul\x00", `"tab\u0009new\u000anul\u0000"`},
		{"épée ⚔", `"épée ⚔"`},
		{"bad \xff byte", `"bad ` + "\uFFFD" + ` byte"`},
		{"cut \xe2\x9a", `"cut ` + "\uFFFD\uFFFD" + `"`},
	}
	for _, tt := range tests {
		if got := string(jsonstr.Append(nil, tt.in)); got != tt.want {
			t.Errorf("Append(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// FuzzAppend: what Append writes is a JSON string that reads back as s
// when s is UTF-8, and as what encoding/json writes of s when it is not.
func FuzzAppend(f *testing.F) {
	f.Add("a \"b\" \\ \x00 \xff é")
	f.Fuzz(func(t *testing.T, s string) {
		var back string
		if err := json.Unmarshal(jsonstr.Append(nil, s), &back); err != nil {
			t.Fatalf("Append(%q) is not JSON: %v", s, err)
		}
		want, _ := json.Marshal(s)
		var wantBack string
		_ = json.Unmarshal(want, &wantBack)
		if back != wantBack {
			t.Errorf("Append(%q) reads back %q, encoding/json's %q", s, back, wantBack)
		}
	})
}

func TestAppendAllocatesNothing(t *testing.T) {
	b := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { b = jsonstr.Append(b[:0], "guard/\"attack\"\n") }); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

func ExampleAppend() {
	fmt.Println(string(jsonstr.Append([]byte("path: "), "guard/\"attack\"\n")))
	// Output: path: "guard/\"attack\"\u000a"
}
