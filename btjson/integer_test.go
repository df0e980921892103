package btjson_test

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/constraints"
)

// counting is a registry with a constraint factory "count" of one
// integer parameter, n, that takes every n.
func counting() *btjson.Registry[mem] {
	r := testRegistry()
	r.ConstraintFactories = map[string]btjson.Factory[bt.Constraint[mem]]{
		"count": {Params: []btjson.Param{{Name: "n", Type: btjson.Integer}},
			Make: func(btjson.Args) (bt.Constraint[mem], error) {
				return constraints.Func("counted", func(*mem) bool { return true }), nil
			}},
	}
	return r
}

// integerSchema returns the schema of the factory's parameter n, as
// counting's schema says it.
func integerSchema(t *testing.T) map[string]any {
	t.Helper()
	out, err := counting().Schema()
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Node struct {
				Properties struct {
					Constraints struct {
						Items struct {
							AnyOf []struct {
								Properties struct {
									Args struct {
										Properties map[string]map[string]any `json:"properties"`
									} `json:"args"`
								} `json:"properties"`
							} `json:"anyOf"`
						} `json:"items"`
					} `json:"constraints"`
				} `json:"properties"`
			} `json:"node"`
		} `json:"$defs"`
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	dec.UseNumber()
	if err := dec.Decode(&s); err != nil {
		t.Fatal(err)
	}
	for _, a := range s.Defs.Node.Properties.Constraints.Items.AnyOf {
		if n, ok := a.Properties.Args.Properties["n"]; ok {
			return n
		}
	}
	t.Fatalf("no schema of the parameter n in\n%s", out)
	return nil
}

// accepts reports whether a number, as a file writes it, passes schema s
// as JSON Schema (draft 2020-12) reads it: "integer" is a number without
// a fractional part (2.0 is one), and "minimum" and "maximum" bound it,
// all in exact arithmetic. (Only numbers of modest exponents are asked.)
func accepts(s map[string]any, number string) bool {
	v, ok := new(big.Rat).SetString(number)
	if !ok {
		return false
	}
	switch s["type"] {
	case "integer":
		if !v.IsInt() {
			return false
		}
	case "number":
	default:
		return false
	}
	if lo, ok := s["minimum"].(json.Number); ok {
		if min, _ := new(big.Rat).SetString(lo.String()); v.Cmp(min) < 0 {
			return false
		}
	}
	if hi, ok := s["maximum"].(json.Number); ok {
		if max, _ := new(big.Rat).SetString(hi.String()); v.Cmp(max) > 0 {
			return false
		}
	}
	return true
}

// The schema of an integer parameter accepts exactly the numbers Load
// takes for it: a whole number, however it is written (2.0, 1e3 and -0.0
// are whole, as JSON Schema's "integer" counts them), that an int holds
// (the schema's minimum and maximum). (The schema accepted 2.0, 1e3, 1E1
// and -0.0, which Load refused, and numbers past an int.)
func TestSchemaIntegerIsWhatLoadTakes(t *testing.T) {
	t.Parallel()
	schema := integerSchema(t)
	reg := counting()
	loads := func(number string) bool {
		_, err := reg.Load([]byte(`{"kind": "action", "name": "a", "action": "chase", "constraints": [{"name": "count", "args": {"n": ` + number + `}}]}`))
		return err == nil
	}
	check := func(t interface{ Errorf(string, ...any) }, number string) {
		if got, want := accepts(schema, number), loads(number); got != want {
			t.Errorf("%s: the schema accepts: %v; Load takes: %v", number, got, want)
		}
	}
	t.Run("table", func(t *testing.T) {
		for _, n := range []string{"0", "-0", "2", "-7", "2.0", "-0.0", "1e3", "1E1", "1e+2", "10e-1", "1.5e1", "0.5", "1.25e1", "1e-1",
			"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
			"92233720368547758070e-1", "9223372036854775807.0", "1e19", "-1e18", "1e400", "0e400", "0.0e-400", "1e-400",
			"123456789012345678901234567890e-11"} {
			check(t, n)
		}
	})
	t.Run("random", rapid.MakeCheck(func(rt *rapid.T) {
		number := rapid.StringMatching(`-?(0|[1-9][0-9]{0,21})(\.[0-9]{1,6})?([eE][+-]?[0-9]{1,2})?`).Draw(rt, "number")
		check(rt, number)
	}))
}
