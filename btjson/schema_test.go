package btjson_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
)

// The schema is JSON, lists the registered names of each role and the
// fields the loader reads, and is the same bytes every time.
func TestSchema(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	reg.Actions["strike"] = reg.Actions["chase"]
	out, err := reg.Schema()
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Node struct {
				Required   []string `json:"required"`
				Properties map[string]struct {
					Enum  []string `json:"enum"`
					Items struct {
						Enum []string `json:"enum"`
					} `json:"items"`
				} `json:"properties"`
				AdditionalProperties bool `json:"additionalProperties"`
			} `json:"node"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	node := s.Defs.Node
	for field, want := range map[string][]string{
		"action":    {"chase", "strike"},
		"test":      {"hp even"},
		"replanOn":  {"hp even"},
		"decorator": {"invert"},
		"composite": {},
	} {
		if got := node.Properties[field].Enum; !slices.Equal(got, want) {
			t.Errorf("%s: enum %q, want %q", field, got, want)
		}
	}
	if got := node.Properties["constraints"].Items.Enum; !slices.Equal(got, []string{"in sight"}) {
		t.Errorf("constraints: enum %q", got)
	}
	if got := node.Properties["kind"].Enum; len(got) != 15 || !slices.Contains(got, string(bt.KindPlanner)) || !slices.Contains(got, string(bt.KindUtility)) {
		t.Errorf("kinds: %q", got)
	}
	if !slices.Equal(node.Required, []string{"kind", "name"}) || node.AdditionalProperties {
		t.Errorf("required %q, additionalProperties %v", node.Required, node.AdditionalProperties)
	}
	// Every field a file may hold is in the schema, and no other.
	fields := []string{"$schema", "kind", "name", "action", "test", "leaf", "decorator", "composite", "planner", "args",
		"loop", "allowFailure", "minOutcome", "replan", "replanOn", "replanOnChange", "allowNegative", "preferFirst", "debounce",
		"random", "within", "bonus", "margin", "minimum", "foresee", "byOutcome",
		"succeedOnOne", "failOnOne", "cosmetic", "cosmeticWhileRunning", "takes", "simulate", "weight", "consider", "constraints", "children"}
	if len(node.Properties) != len(fields) {
		t.Errorf("%d properties, want %d", len(node.Properties), len(fields))
	}
	for _, f := range fields {
		if _, ok := node.Properties[f]; !ok {
			t.Errorf("schema lacks %q", f)
		}
	}
}

// A registered value that cannot be told by identity (a struct holding a
// slice) loads, and a tree holding it is not serialisable; nothing panics.
func TestValueWithoutIdentity(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	odd := sliced{steps: []int{1, 2}}
	reg.Actions["odd"] = odd
	def, err := reg.Load([]byte(`{"kind": "action", "name": "x", "action": "odd"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Marshal(def); err == nil {
		t.Error("Marshal named a value it cannot tell by identity")
	}
}

// sliced is an action that is not comparable.
type sliced struct{ steps []int }

func (sliced) Begin(*mem) bt.Status                 { return bt.Success }
func (sliced) Update(*mem, time.Duration) bt.Status { return bt.Success }
func (sliced) End(*mem, bt.Status)                  {}
func (sliced) Simulate(*bt.Sim[mem], *mem)          {}

// The schema's pattern for replan (and takes: the same pattern) accepts
// exactly the durations Load accepts, so that an editor flags no file Load reads ("0", ".5s", "+1s",
// "1μs" were flagged) and passes none it refuses, but for sizes past a
// Duration's range, which only Load can tell.
func TestSchemaDurationPattern(t *testing.T) {
	t.Parallel()
	out, err := testRegistry().Schema()
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Node struct {
				Properties struct {
					Replan struct {
						Pattern string `json:"pattern"`
					} `json:"replan"`
				} `json:"properties"`
			} `json:"node"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatal(err)
	}
	pattern, err := regexp.Compile(s.Defs.Node.Properties.Replan.Pattern)
	if err != nil {
		t.Fatalf("pattern %q: %v", s.Defs.Node.Properties.Replan.Pattern, err)
	}
	reg := testRegistry()
	loads := func(d string) bool {
		q, _ := json.Marshal(d)
		_, err := reg.Load([]byte(`{"kind": "selector", "name": "s", "replan": ` + string(q) +
			`, "children": [{"kind": "action", "name": "a", "action": "chase"}]}`))
		return err == nil
	}
	check := func(t interface{ Errorf(string, ...any) }, d string) {
		if got, want := pattern.MatchString(d), loads(d); got != want {
			t.Errorf("%q: the pattern matches: %v; Load accepts: %v", d, got, want)
		}
	}
	t.Run("table", func(t *testing.T) {
		for _, d := range []string{"0", "+0", "-0", "0s", "-0s", "-0.0h", ".5s", "5.s", "+1s", "1μs", "1µs", "1us", "1ns",
			"1h2m3.5s", "250ms", "-1s", "-.1ns", "-0.0001us", ".1ns", "", ".", "s", "1", "1.5", "1x", "1 s", "--1s", "1s-", "0x1s", "1e3s", "1hh"} {
			check(t, d)
		}
	})
	t.Run("random", rapid.MakeCheck(func(rt *rapid.T) {
		var b strings.Builder
		b.WriteString(rapid.SampledFrom([]string{"", "+", "-"}).Draw(rt, "sign"))
		for range rapid.IntRange(0, 3).Draw(rt, "parts") {
			// (Numbers of at most four digits, each followed by something,
			// stay within a Duration's range.)
			b.WriteString(rapid.StringMatching(`[0-9]{0,4}(\.[0-9]{0,3})?`).Draw(rt, "number"))
			b.WriteString(rapid.SampledFrom([]string{"ns", "us", "µs", "μs", "ms", "s", "m", "h", "x", ".", " "}).Draw(rt, "unit"))
		}
		check(rt, b.String())
	}))
}
