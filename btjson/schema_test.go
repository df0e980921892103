package btjson_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/sim"
)

// The schema is JSON, lists the registered names of each role and the
// fields the loader reads, and is the same bytes every time.
func TestSchema(t *testing.T) {
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
		"succeedOn": {"one", "all"},
	} {
		if got := node.Properties[field].Enum; !slices.Equal(got, want) {
			t.Errorf("%s: enum %q, want %q", field, got, want)
		}
	}
	if got := node.Properties["constraints"].Items.Enum; !slices.Equal(got, []string{"in sight"}) {
		t.Errorf("constraints: enum %q", got)
	}
	if got := node.Properties["kind"].Enum; len(got) != 14 || !slices.Contains(got, string(bt.KindPlanner)) {
		t.Errorf("kinds: %q", got)
	}
	if !slices.Equal(node.Required, []string{"kind", "name"}) || node.AdditionalProperties {
		t.Errorf("required %q, additionalProperties %v", node.Required, node.AdditionalProperties)
	}
	// Every field a file may hold is in the schema, and no other.
	fields := []string{"$schema", "kind", "name", "action", "test", "leaf", "decorator", "composite", "planner",
		"loop", "allowFailure", "minOutcome", "replan", "replanOn", "allowNegative", "preferFirst", "debounce",
		"succeedOn", "failOn", "cosmetic", "cosmeticWhileRunning", "takes", "simulate", "weight", "constraints", "children"}
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
func (sliced) Simulate(*sim.Context[mem], *mem)     {}
