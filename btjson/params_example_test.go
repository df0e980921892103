package btjson_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/decorators"
)

// Factories take arguments from the file: one "cooldown" for every
// duration, one "timeout" and one "wait", checked and placed like any
// other error, and written back with their arguments.
func ExampleFactory() {
	reg := registry()
	reg.ConstraintFactories = map[string]btjson.Factory[bt.Constraint[Yard]]{
		"cooldown": {
			Params: []btjson.Param{{Name: "for", Type: btjson.Duration, About: "how long after the node last ended"}},
			Make: func(a btjson.Args) (bt.Constraint[Yard], error) {
				return constraints.Cooldown[Yard](a.Duration("for")), nil
			},
		},
	}
	reg.DecoratorFactories = map[string]btjson.Factory[bt.Decorator[Yard]]{
		"timeout": {
			Params: []btjson.Param{{Name: "after", Type: btjson.Duration, Default: 2 * time.Second}},
			Make: func(a btjson.Args) (bt.Decorator[Yard], error) {
				return decorators.Timeout[Yard](a.Duration("after")), nil
			},
		},
	}
	reg.ActionFactories = map[string]btjson.Factory[bt.Action[Yard]]{
		"wait": {
			Params: []btjson.Param{{Name: "for", Type: btjson.Duration}},
			Make: func(a btjson.Args) (bt.Action[Yard], error) {
				return bt.Wait[Yard](a.Duration("for")), nil
			},
		},
	}
	file := []byte(`{"kind": "sequence", "name": "guard", "children": [
  {"kind": "action", "name": "attack", "action": "strike", "constraints": [{"name": "cooldown", "args": {"for": "1.5s"}}]},
  {"kind": "action", "name": "breathe", "action": "wait", "args": {"for": "500ms"}},
  {"kind": "decorator", "name": "hurry", "decorator": "timeout", "children": [
    {"kind": "action", "name": "chase", "action": "chase"}
  ]}
]}`)
	def, err := reg.Load(file)
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := bt.Build(bt.Config[Yard]{}, def)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(tree)
	out, err := reg.Marshal(def)
	fmt.Printf("%s%v\n", out, err)

	_, err = reg.Load([]byte(`{"kind": "action", "name": "nap", "action": "wait", "args": {"for": 3, "until": "dawn"}}`))
	fmt.Println(err)
	// Output:
	// guard  sequence
	// ├─ attack  action  [cooldown 1.5s]
	// ├─ breathe  wait 500ms
	// └─ hurry  timeout 2s
	//    └─ chase  action
	// {"kind": "sequence", "name": "guard", "children": [
	//   {"kind": "action", "name": "attack", "action": "strike", "constraints": [{"name": "cooldown", "args": {"for": "1.5s"}}]},
	//   {"kind": "action", "name": "breathe", "action": "wait", "args": {"for": "500ms"}},
	//   {"kind": "decorator", "name": "hurry", "decorator": "timeout", "args": {"after": "2s"}, "children": [
	//     {"kind": "action", "name": "chase", "action": "chase"}
	//   ]}
	// ]}
	// <nil>
	// 1:69: $.args.for: want a duration, not a number
	// 1:81: $.args.until: "wait" takes no argument "until" (it takes "for" (duration))
}
