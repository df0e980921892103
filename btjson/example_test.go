package btjson_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
)

// Yard is the memory of a guard in a yard.
type Yard struct{ Guard, Intruder, IntruderHP int }

func sees(y *Yard) bool { return y.Intruder >= 0 }

func near(y *Yard) bool { return sees(y) && abs(y.Intruder-y.Guard) <= 1 }

func abs(n int) int { return max(n, -n) }

// registry names the guard's actions and constraints for tree files.
func registry() *btjson.Registry[Yard] {
	return &btjson.Registry[Yard]{
		Actions: map[string]bt.Action[Yard]{
			"strike": bt.Instant(func(y *Yard) bool { y.IntruderHP--; return true }, func(y *Yard) { y.IntruderHP-- }),
			"chase": bt.Instant(func(y *Yard) bool { y.Guard += sign(y.Intruder - y.Guard); return true },
				func(y *Yard) { y.Guard += sign(y.Intruder - y.Guard) }),
			"patrol": bt.Instant(func(y *Yard) bool { y.Guard = (y.Guard + 1) % 10; return true }, nil),
		},
		Constraints: map[string]bt.Constraint[Yard]{
			"in reach":  constraints.Func("in reach", near),
			"in sight":  constraints.Func("in sight", sees),
			"rested 1s": constraints.Cooldown[Yard](time.Second),
		},
	}
}

func sign(n int) int { return min(max(n, -1), 1) }

func yardGoal() heuristic.Heuristic[Yard] {
	return heuristic.Func[Yard](func(b, a *Yard) heuristic.Outcome {
		switch {
		case a.IntruderHP < b.IntruderHP:
			return heuristic.Safe
		case abs(a.Intruder-a.Guard) < abs(b.Intruder-b.Guard):
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
}

// A tree read from a file, ticked, and written back.
func Example() {
	file := []byte(`{
  "kind": "selector", "name": "guard", "replan": "0s",
  "children": [
    {"kind": "action", "name": "attack", "action": "strike", "constraints": ["in reach", "rested 1s"]},
    {"kind": "action", "name": "chase", "action": "chase", "constraints": ["in sight"]},
    {"kind": "action", "name": "patrol", "action": "patrol", "cosmetic": true}
  ]
}`)
	reg := registry()
	tree, err := reg.Build(bt.Config[Yard]{Heuristic: yardGoal()}, file)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(tree)
	guard, _ := tree.NewAgent(1)
	y := Yard{Guard: 0, Intruder: 3, IntruderHP: 2}
	for range 4 {
		guard.Tick(&y, 500*time.Millisecond)
		fmt.Printf("guard at %d, intruder hp %d\n", y.Guard, y.IntruderHP)
	}
	def, _ := reg.Load(file)
	out, _ := reg.Marshal(def)
	fmt.Printf("%s", out)
	// Output:
	// guard  selector replan=tick
	// ├─ attack  action  [in reach; cooldown 1s]
	// ├─ chase  action  [in sight]
	// └─ patrol  action
	// guard at 1, intruder hp 2
	// guard at 2, intruder hp 2
	// guard at 2, intruder hp 1
	// guard at 3, intruder hp 1
	// {"kind": "selector", "name": "guard", "replan": "0s", "children": [
	//   {"kind": "action", "name": "attack", "action": "strike", "constraints": ["in reach", "rested 1s"]},
	//   {"kind": "action", "name": "chase", "action": "chase", "constraints": ["in sight"]},
	//   {"kind": "action", "name": "patrol", "action": "patrol", "cosmetic": true}
	// ]}
}

// Errors name the place in the file: its JSON path, line and column; an
// unknown name, the names the file may give, and the nearest of them.
func ExampleRegistry_Load() {
	file := []byte(`{
  "kind": "selector", "name": "guard",
  "children": [
    {"kind": "action", "name": "attack", "action": "stirke"},
    {"kind": "action", "name": "wait", "cosmetic": "yes"}
  ]
}`)
	_, err := registry().Load(file)
	fmt.Println(err)
	// Output:
	// 4:52: $.children[0].action: unknown action "stirke": did you mean "strike"? (want one of "chase", "patrol", "strike")
	// 5:52: $.children[1].cosmetic: want true or false, not a string
	// 5:5: $.children[1]: an action needs "action"
}
