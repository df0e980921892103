package btjson

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPlacesOf(t *testing.T) {
	raw := `{"weight": 1, "considerations": [{"input": "hp", "curve": {"kind": "step"}}, 2], "weight": 3}`
	p := placesOf([]byte(raw), "$.c")
	want := map[string]int{
		"$.c":                              0,
		"$.c.weight":                       strings.Index(raw, "3}"), // the last, as encoding/json reads it
		"$.c.considerations":               strings.Index(raw, "[{"),
		"$.c.considerations[0]":            strings.Index(raw, `{"input"`),
		"$.c.considerations[0].input":      strings.Index(raw, `"hp"`),
		"$.c.considerations[0].curve":      strings.Index(raw, `{"kind"`),
		"$.c.considerations[0].curve.kind": strings.Index(raw, `"step"`),
		"$.c.considerations[1]":            strings.Index(raw, "2]"),
	}
	if diff := cmp.Diff(want, p.at); diff != "" {
		t.Errorf("places (-want +got):\n%s", diff)
	}
	if p.twice != "$.c.weight" || p.twiceKey != "weight" || p.twiceAt != strings.LastIndex(raw, `"weight"`) {
		t.Errorf("twice: %q %q at %d", p.twice, p.twiceKey, p.twiceAt)
	}
	if got := p.of("$.c.considerations[0].curve.points[3]"); got != want["$.c.considerations[0].curve"] {
		t.Errorf("of a path with no value: %d, want its curve's %d", got, want["$.c.considerations[0].curve"])
	}
}

// FuzzPlacesOf: over any JSON, every place is the start of a value, and
// nothing panics over what is not JSON.
func FuzzPlacesOf(f *testing.F) {
	f.Add(`{"a": [1, {"b": "c"}], "a": null}`)
	f.Add(`[{"x": {"y": [[], {}]}}, true]`)
	f.Fuzz(func(t *testing.T, s string) {
		p := placesOf([]byte(s), "$")
		if !json.Valid([]byte(s)) {
			return
		}
		for path, off := range p.at {
			if off < 0 || off >= len(s) || !strings.ContainsRune(`{["tfn-0123456789`, rune(s[off])) {
				t.Fatalf("%s at %d: not the start of a value in %q", path, off, s)
			}
		}
	})
}
