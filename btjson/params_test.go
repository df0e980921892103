package btjson_test

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
)

// factoryRegistry is testRegistry with a factory of each kind.
func factoryRegistry() *btjson.Registry[mem] {
	r := testRegistry()
	r.ConstraintFactories = map[string]btjson.Factory[bt.Constraint[mem]]{
		"cooldown": {Params: []btjson.Param{{Name: "for", Type: btjson.Duration}},
			Make: func(a btjson.Args) (bt.Constraint[mem], error) {
				return constraints.Cooldown[mem](a.Duration("for")), nil
			}},
		"chance": {Params: []btjson.Param{{Name: "p", Type: btjson.Number, Default: 0.5}},
			Make: func(a btjson.Args) (bt.Constraint[mem], error) {
				if p := a.Number("p"); p < 0 || p > 1 {
					return nil, errors.New("a chance is from 0 to 1")
				}
				return constraints.Chance[mem](a.Number("p")), nil
			}},
	}
	r.DecoratorFactories = map[string]btjson.Factory[bt.Decorator[mem]]{
		"retry": {Params: []btjson.Param{{Name: "times", Type: btjson.Integer}},
			Make: func(a btjson.Args) (bt.Decorator[mem], error) { return decorators.Retry[mem](a.Int("times")), nil }},
	}
	r.ActionFactories = map[string]btjson.Factory[bt.Action[mem]]{
		"wait": {Params: []btjson.Param{{Name: "for", Type: btjson.Duration}, {Name: "why", Type: btjson.Text, Default: ""}},
			Make: func(a btjson.Args) (bt.Action[mem], error) { return bt.Wait[mem](a.Duration("for")), nil }},
	}
	return r
}

// A factory's arguments are checked like every other field, and each
// problem is placed in the file.
func TestArgumentErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		want       []string
	}{
		{"a required argument left out", `{"kind": "action", "name": "w", "action": "wait"}`,
			[]string{`1:43: $.action: "wait" needs the argument "for" (duration)`}},
		{"the wrong type", `{"kind": "decorator", "name": "r", "decorator": "retry", "args": {"times": 1.5}, "children": [{"kind": "action", "name": "c", "action": "chase"}]}`,
			[]string{`$.args.times: want a whole number, not 1.5`}},
		{"a negative duration", `{"kind": "action", "name": "w", "action": "wait", "args": {"for": "-1s"}}`,
			[]string{`$.args.for: negative duration "-1s"`}},
		{"an argument no parameter takes", `{"kind": "action", "name": "w", "action": "wait", "args": {"for": "1s", "fro": "2s"}}`,
			[]string{`$.args.fro: "wait" takes no argument "fro": did you mean "for"? (it takes "for" (duration), "why" (text))`}},
		{"an argument that is not a scalar", `{"kind": "action", "name": "w", "action": "wait", "args": {"for": ["1s"]}}`,
			[]string{`$.args.for: want a duration, number, text or true or false, not an array`}},
		{"args for a value no factory makes", `{"kind": "action", "name": "c", "action": "chase", "args": {"for": "1s"}}`,
			[]string{`$.args: "args" belong to a node whose action or decorator a factory makes`}},
		{"the factory refuses", `{"kind": "action", "name": "c", "action": "chase", "constraints": [{"name": "chance", "args": {"p": 2}}]}`,
			[]string{`$.constraints[0].args: constraint "chance": a chance is from 0 to 1`}},
		{"an unknown constraint factory", `{"kind": "action", "name": "c", "action": "chase", "constraints": [{"name": "cooldwon", "args": {}}]}`,
			[]string{`$.constraints[0].name: unknown constraint factory "cooldwon": did you mean "cooldown"? (want one of "chance", "cooldown")`}},
		{"a constraint object without a name", `{"kind": "action", "name": "c", "action": "chase", "constraints": [{"args": {"for": "1s"}}]}`,
			[]string{`$.constraints[0]: a constraint made by a factory needs a "name"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := factoryRegistry().Load([]byte(tc.file))
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\nlacks %q", err, w)
				}
			}
		})
	}
}

// A tree written in Go with values made by the registry's factories is
// written with their arguments, and reads back into the same tree; a
// value a factory of the game made outside the registry cannot be.
func TestFactoriesRoundTrip(t *testing.T) {
	t.Parallel()
	r := factoryRegistry()
	cool, err := r.MakeConstraint("cooldown", map[string]any{"for": 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	chance, err := r.MakeConstraint("chance", nil) // the default
	if err != nil {
		t.Fatal(err)
	}
	retry, err := r.MakeDecorator("retry", map[string]any{"times": 2})
	if err != nil {
		t.Fatal(err)
	}
	wait, err := r.MakeAction("wait", map[string]any{"for": time.Second})
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[mem]()
	def := n.Sequence("root",
		n.Decorate("again", retry, n.Do("chase", r.Actions["chase"]).Constrain(cool, chance)),
		n.Do("rest", wait))
	file, err := r.Marshal(def)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"kind": "sequence", "name": "root", "children": [
  {"kind": "decorator", "name": "again", "decorator": "retry", "args": {"times": 2}, "children": [
    {"kind": "action", "name": "chase", "action": "chase", "constraints": [{"name": "cooldown", "args": {"for": "3s"}}, {"name": "chance", "args": {"p": 0.5}}]}
  ]},
  {"kind": "action", "name": "rest", "action": "wait", "args": {"for": "1s", "why": ""}}
]}
`
	if string(file) != want {
		t.Errorf("written:\n%s\nwant:\n%s", file, want)
	}
	loaded, err := r.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	a, errA := bt.Build(bt.Config[mem]{Heuristic: goal}, def)
	b, errB := bt.Build(bt.Config[mem]{Heuristic: goal}, loaded)
	if errA != nil || errB != nil || a.String() != b.String() {
		t.Errorf("from Go (%v):\n%s\nread back (%v):\n%s", errA, a, errB, b)
	}
	again, err := r.Marshal(loaded)
	if err != nil || string(again) != string(file) {
		t.Errorf("written again (%v):\n%s", err, again)
	}

	if _, err := r.MakeConstraint("cooldown", map[string]any{"for": "3s"}); err == nil {
		t.Error("MakeConstraint with a string for a duration: no error")
	}
	if _, err := r.MakeAction("wait", nil); err == nil || !strings.Contains(err.Error(), `needs the argument "for"`) {
		t.Errorf("MakeAction without a required argument: %v", err)
	}
	stray := n.Do("c", r.Actions["chase"]).Constrain(constraints.Cooldown[mem](time.Second))
	if _, err := r.Marshal(stray); err == nil || !strings.Contains(err.Error(), "not serialisable") {
		t.Errorf("a cooldown made outside the registry: %v", err)
	}
}

// A registry's factories are checked: named once, with a Make, and
// parameters of known types whose defaults are of their type.
func TestFactoriesChecked(t *testing.T) {
	t.Parallel()
	r := factoryRegistry()
	r.Constraints["cooldown"] = r.Constraints["in sight"]
	r.DecoratorFactories["broken"] = btjson.Factory[bt.Decorator[mem]]{Params: []btjson.Param{
		{Name: "n", Type: btjson.Integer, Default: 1.5}, {Name: "n", Type: btjson.Integer}, {Name: "x", Type: 9}}}
	_, err := r.Load([]byte(`{"kind": "action", "name": "c", "action": "chase"}`))
	for _, want := range []string{
		`constraint "cooldown" is both registered and a factory`,
		`decorator factory "broken" has no Make`,
		`parameter "n": a default of type float64 for a integer`,
		`parameter "n" declared twice`,
		`parameter "x": unknown type ParamType(9)`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error\n%v\nlacks %q", err, want)
		}
	}
}

// The schema describes each factory's arguments.
func TestSchemaDescribesArguments(t *testing.T) {
	t.Parallel()
	out, err := factoryRegistry().Schema()
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Node struct {
				AllOf []struct {
					If struct {
						Properties map[string]struct {
							Const string `json:"const"`
						} `json:"properties"`
					} `json:"if"`
					Then struct {
						Properties map[string]struct {
							Required   []string                   `json:"required"`
							Properties map[string]json.RawMessage `json:"properties"`
						} `json:"properties"`
					} `json:"then"`
				} `json:"allOf"`
				Properties map[string]struct {
					Items struct {
						AnyOf []json.RawMessage `json:"anyOf"`
					} `json:"items"`
				} `json:"properties"`
			} `json:"node"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(out, &s); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range s.Defs.Node.AllOf {
		if c.If.Properties["action"].Const == "wait" {
			args := c.Then.Properties["args"]
			found = len(args.Required) == 1 && args.Required[0] == "for" && len(args.Properties) == 2
		}
	}
	if !found {
		t.Errorf("the schema does not describe the arguments of wait:\n%s", out)
	}
	if n := len(s.Defs.Node.Properties["constraints"].Items.AnyOf); n != 3 {
		t.Errorf("constraints: %d forms, want a name or either factory's object", n)
	}
}

// A factory whose Make panics makes the file naming it refused at the
// node, the panic returned as a *bt.PanicError, from a file and from Go.
func TestFactoryPanics(t *testing.T) {
	t.Parallel()
	r := factoryRegistry()
	r.ActionFactories["boom"] = btjson.Factory[bt.Action[mem]]{Make: func(btjson.Args) (bt.Action[mem], error) { panic("boom") }}
	_, err := r.Load([]byte(`{"kind": "sequence", "name": "s", "children": [{"kind": "action", "name": "a", "action": "boom"}]}`))
	var fe *btjson.Error
	var pe *bt.PanicError
	if !errors.As(err, &fe) || fe.Path != "$.children[0].action" || !errors.As(err, &pe) || pe.Value != "boom" || pe.Method != "Make" {
		t.Errorf("Load: %v; want a panic in Make at $.children[0].action", err)
	}
	if _, err := r.MakeAction("boom", nil); !errors.As(err, &pe) {
		t.Errorf("MakeAction: %v; want a *bt.PanicError", err)
	}
}

// Arguments given in Go, and defaults, are those a file can hold, so that
// what Marshal writes Load reads back: no negative duration, no number
// that is not finite, no text that is not UTF-8.
func TestArgumentsAFileCanHold(t *testing.T) {
	t.Parallel()
	r := factoryRegistry()
	for _, c := range []struct {
		make func() error
		want string
	}{
		{func() error { _, err := r.MakeAction("wait", map[string]any{"for": -3 * time.Second}); return err }, `argument "for": a negative duration, -3s`},
		{func() error {
			_, err := r.MakeConstraint("chance", map[string]any{"p": math.NaN()})
			return err
		}, `argument "p": NaN, not a finite number`},
		{func() error {
			_, err := r.MakeAction("wait", map[string]any{"for": time.Second, "why": "\xff"})
			return err
		}, `argument "why": text that is not UTF-8`},
	} {
		if err := c.make(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v; want an error with %q", err, c.want)
		}
	}
	r.ActionFactories["late"] = btjson.Factory[bt.Action[mem]]{Params: []btjson.Param{{Name: "by", Type: btjson.Duration, Default: -time.Second}},
		Make: func(a btjson.Args) (bt.Action[mem], error) { return bt.Wait[mem](a.Duration("by")), nil }}
	_, err := r.Load([]byte(`{"kind": "action", "name": "c", "action": "chase"}`))
	if want := `parameter "by": a default of a negative duration, -1s`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Load: %v; want an error with %q", err, want)
	}
}
