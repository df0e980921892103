package main

import (
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
)

// The README's two forms of the guard's tree, nested calls and a tree
// file, make the same tree, which is the program's.
func TestTwoForms(t *testing.T) {
	goal, err := goal()
	if err != nil {
		t.Fatal(err)
	}
	n := bt.New[Memory]()
	nested, err := bt.Build(bt.Config[Memory]{Heuristic: goal},
		n.Selector("guard", bt.Replan(0), bt.PreferFirst(),
			n.Do("attack", attack{}).Constrain(inReach{}),
			n.Do("chase", chase{}).Constrain(seen{}),
			n.Do("patrol", patrol{}),
		),
	)
	if err != nil {
		t.Fatal(err)
	}
	data := []byte(`{"kind": "selector", "name": "guard", "replan": "0s", "preferFirst": true, "children": [
  {"kind": "action", "name": "attack", "action": "attack", "constraints": ["in reach"]},
  {"kind": "action", "name": "chase", "action": "chase", "constraints": ["in sight"]},
  {"kind": "action", "name": "patrol", "action": "patrol"}
]}
`)
	reg := &btjson.Registry[Memory]{
		Actions:     map[string]bt.Action[Memory]{"attack": attack{}, "chase": chase{}, "patrol": patrol{}},
		Constraints: map[string]bt.Constraint[Memory]{"in reach": inReach{}, "in sight": seen{}},
	}
	file, err := reg.Build(bt.Config[Memory]{Heuristic: goal}, data)
	if err != nil {
		t.Fatal(err)
	}
	if file.String() != nested.String() {
		t.Errorf("nested:\n%s\nfile:\n%s", nested, file)
	}
	program, err := newGuard(byTree, 1, nil) // and they are the program's tree
	if err != nil || program.Tree().String() != nested.String() {
		t.Errorf("the program's tree (%v):\n%s\nthe README's:\n%s", err, program.Tree(), nested)
	}
	def, err := reg.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := reg.Marshal(def); err != nil || string(out) != string(data) {
		t.Errorf("written back (%v):\n%s", err, out)
	}
}
