package docs_test

// The code of docs/07-trees-as-data.md: a sentry's tree as a file.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/trace"
)

// Post is the memory of a sentry at its post: where it and an intruder
// stand on a line of places, and the intruder's hit points.
type Post struct {
	Sentry, Intruder int // Intruder < 0: no one in sight
	IntruderHP       int
}

func postSees(p *Post) bool { return p.Intruder >= 0 }
func postNear(p *Post) bool { return postSees(p) && postGap(p) <= 1 }
func postGap(p *Post) int   { return max(p.Intruder-p.Sentry, p.Sentry-p.Intruder) }
func postStrike(p *Post)    { p.IntruderHP-- }
func postPatrol(p *Post)    { p.Sentry = (p.Sentry + 1) % 10 }
func postChase(p *Post) {
	switch {
	case p.Sentry < p.Intruder:
		p.Sentry++
	case p.Sentry > p.Intruder:
		p.Sentry--
	}
}

// postInstant makes an action that does effect at once, and predicts it.
func postInstant(effect func(p *Post)) bt.Action[Post] {
	return bt.Instant(func(p *Post) bool { effect(p); return true }, effect)
}

// snippet registry

// postRegistry names the sentry's values for tree files.
func postRegistry() *btjson.Registry[Post] {
	return &btjson.Registry[Post]{
		Actions: map[string]bt.Action[Post]{
			"strike": postInstant(postStrike),
			"chase":  postInstant(postChase),
			"patrol": postInstant(postPatrol),
		},
		Constraints: map[string]bt.Constraint[Post]{
			"in reach": constraints.Func("in reach", postNear),
			"in sight": constraints.Func("in sight", postSees),
		},
		ConstraintFactories: map[string]btjson.Factory[bt.Constraint[Post]]{
			"cooldown": {
				Params: []btjson.Param{{Name: "for", Type: btjson.Duration, About: "how long after the node last ended"}},
				Make: func(a btjson.Args) (bt.Constraint[Post], error) {
					return constraints.Cooldown[Post](a.Duration("for")), nil
				},
			},
		},
	}
}

// end snippet registry

// postGoal is the sentry's goal: hurt the intruder, else close in.
var postGoal, _ = heuristic.NewRules(heuristic.Irrelevant,
	heuristic.When("intruder hurt", heuristic.Safe, func(b, a *Post) bool { return a.IntruderHP < b.IntruderHP }),
	heuristic.When("closer to the intruder", heuristic.Beneficial, func(b, a *Post) bool { return postGap(a) < postGap(b) }),
)

// postConfig is the configuration of the sentry's trees.
func postConfig() bt.Config[Post] { return bt.Config[Post]{Heuristic: postGoal} }

// A tree read from a file and run.
func Example_treeFile() {
	// snippet load
	data, err := os.ReadFile("testdata/trees/post.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	reg := postRegistry()
	tree, err := reg.Build(postConfig(), data)
	if err != nil {
		fmt.Println(err) // every problem of the file, each at its line:col and JSON path
		return
	}
	fmt.Print(tree)
	// end snippet load

	sentry, _ := tree.NewAgent(1)
	sentry.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	p := Post{Sentry: 5, Intruder: 3, IntruderHP: 2}
	for range 4 {
		sentry.Tick(&p, 500*time.Millisecond)
	}
	// Output:
	// sentry  selector replan=tick
	// ├─ strike  action  [in reach; cooldown 1s]
	// ├─ chase  action  [in sight]
	// └─ patrol  action
	//   0.50s  chase              Beneficial (closer to the intruder)
	//                        not: patrol Cosmetic (otherwise) · strike Impossible (not in reach)
	//   1.00s  strike             Safe (intruder hurt)
	//                        not: chase Beneficial (closer to the intruder) · patrol Cosmetic (otherwise)
	//   1.50s  chase              Beneficial (closer to the intruder)
	//                        not: patrol Cosmetic (otherwise) · strike Impossible (cooling down (1s))
	//   2.00s  strike             Safe (intruder hurt)
	//                        not: patrol Cosmetic (otherwise) · chase Irrelevant (otherwise)
}

// Every problem of a file at once, each at its line, column and JSON
// path; then what bt.Build finds wrong with the tree, placed the same way.
func Example_treeFileErrors() {
	reg := postRegistry()
	// snippet errors
	_, err := reg.Build(postConfig(), []byte(`{"kind": "selector", "name": "sentry", "children": [
  {"kind": "action", "name": "strike", "action": "stirke"},
  {"kind": "action", "name": "patrol", "action": "patrol", "cosmetic": "yes"},
  {"kind": "action", "name": "rest", "action": "chase", "constraints": [{"name": "cooldown", "args": {"for": 2}}]}
]}`))
	fmt.Println(err)
	_, err = reg.Build(postConfig(), []byte(`{"kind": "selector", "name": "sentry", "children": [
  {"kind": "sequence", "name": "idle", "children": []},
  {"kind": "action", "name": "patrol", "action": "patrol", "weight": 2}
]}`))
	fmt.Println(err)
	// end snippet errors

	// snippet errors-as

	var at *btjson.Error
	if errors.As(err, &at) {
		fmt.Println(at.Line, at.Column, at.Path)
	}
	// end snippet errors-as

	// Output:
	// 2:50: $.children[0].action: unknown action "stirke": did you mean "strike"? (want one of "chase", "patrol", "strike")
	// 3:72: $.children[1].cosmetic: want true or false, not a string
	// 4:110: $.children[2].constraints[0].args.for: want a duration, not a number
	// 2:3: $.children[0]: sentry/idle: empty sequence: give it children or remove it
	// 3:3: $.children[1]: sentry/patrol: Weight: only children of a RandomSelector have weights
	// 2 3 $.children[0]
}

// A file beyond the registry's limits is refused with an error that
// wraps btjson.ErrLimit.
func Example_treeFileLimits() {
	data, _ := os.ReadFile("testdata/trees/post.json")
	// snippet limits
	reg := postRegistry()
	reg.Limits = btjson.Limits{Nodes: 3} // the other bounds keep their defaults
	_, err := reg.Load(data)
	fmt.Println(err)
	fmt.Println(errors.Is(err, btjson.ErrLimit))
	// end snippet limits

	// Output:
	// 4:3: $.children[2]: btjson: limit exceeded: more than 3 nodes
	// true
}

// A tree written in Go, written as a file, and read back.
func Example_treeFileMarshal() {
	// snippet marshal
	reg := postRegistry()
	cooldown, err := reg.MakeConstraint("cooldown", map[string]any{"for": time.Second})
	if err != nil {
		fmt.Println(err)
		return
	}
	n := bt.New[Post]()
	def := n.Selector("sentry", bt.Replan(0),
		n.Do("strike", reg.Actions["strike"]).Constrain(reg.Constraints["in reach"], cooldown),
		n.Do("chase", reg.Actions["chase"]).Constrain(reg.Constraints["in sight"]),
		n.Do("patrol", reg.Actions["patrol"], bt.Cosmetic()),
	)
	data, err := reg.Marshal(def)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s", data)

	loaded, err := reg.Load(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	inGo, _ := bt.Build(postConfig(), def)
	fromFile, _ := bt.Build(postConfig(), loaded)
	fmt.Println("the same tree:", inGo.String() == fromFile.String())
	// end snippet marshal

	file, _ := os.ReadFile("testdata/trees/post.json")
	fmt.Println("the same file:", bytes.Equal(data, file))

	// snippet unregistered
	_, err = reg.Marshal(n.Selector("sentry",
		n.Do("patrol", reg.Actions["patrol"]),
		n.Do("wander", postInstant(func(p *Post) { p.Sentry = 0 })), // a value written in place
	))
	fmt.Println(err)
	// end snippet unregistered

	// Output:
	// {"kind": "selector", "name": "sentry", "replan": "0s", "children": [
	//   {"kind": "action", "name": "strike", "action": "strike", "constraints": ["in reach", {"name": "cooldown", "args": {"for": "1s"}}]},
	//   {"kind": "action", "name": "chase", "action": "chase", "constraints": ["in sight"]},
	//   {"kind": "action", "name": "patrol", "action": "patrol", "cosmetic": true}
	// ]}
	// the same tree: true
	// the same file: true
	// sentry/wander: its action (a *bt.instant[github.com/foresight-bt/foresight/docs_test.Post]) is not serialisable: no action of the registry is this value; register it under a name
}

// The schema names what a file may give: here, the registry's actions.
func Example_treeFileSchema() {
	// snippet schema
	schema, err := postRegistry().Schema()
	if err != nil {
		fmt.Println(err)
		return
	}
	var s struct {
		Defs struct {
			Node struct {
				Properties map[string]struct{ Enum []string }
			}
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Defs.Node.Properties["action"].Enum)
	// end snippet schema

	// Output:
	// [chase patrol strike]
}

// A tree put in force while the agent runs: the old tree's running
// nodes end, and the next tick begins the new tree.
func Example_treeFileReload() {
	reg := postRegistry()
	reg.Actions["watch"] = bt.Lasting(func(*Post, time.Duration) bt.Status { return bt.Running }, nil)
	first, err := reg.Build(postConfig(), []byte(`{"kind": "sequence", "name": "post", "children": [
  {"kind": "action", "name": "watch", "action": "watch"}
]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	sentry, _ := first.NewAgent(1)
	sentry.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		switch e.Kind {
		case bt.EventBegin:
			fmt.Printf("%v begin %s\n", e.Time, e.Path)
		case bt.EventEnd:
			fmt.Printf("%v end %s %v\n", e.Time, e.Path, e.Status)
		}
	}))
	p := Post{Sentry: 5, Intruder: 3, IntruderHP: 2}
	sentry.Tick(&p, time.Second)
	sentry.Tick(&p, time.Second)

	// snippet reload
	data, _ := os.ReadFile("testdata/trees/post.json") // the file, saved again
	tree, err := reg.Build(postConfig(), data)
	if err != nil {
		fmt.Println(err) // a file that does not build: the agent keeps its tree
		return
	}
	dropped, err := sentry.Reload(tree, &p) // what it could not keep
	if err != nil {
		fmt.Println(err)
	}
	for _, d := range dropped {
		fmt.Println("dropped", d)
	}
	// end snippet reload

	fmt.Println("reloaded")
	sentry.Tick(&p, time.Second)
	fmt.Println("the agent's clock:", sentry.Now())
	// Output:
	// 1s begin post
	// 1s begin post/watch
	// 2s end post/watch Running
	// 2s end post Running
	// dropped post: no such node in the tree
	// dropped post/watch: no such node in the tree
	// dropped sentry: a node that ran is dropped: the tree begins afresh
	// reloaded
	// 3s begin sentry
	// 3s begin sentry/chase
	// 3s end sentry/chase Success
	// 3s end sentry Success
	// the agent's clock: 3s
}

// A planner in a file: an HTN domain over the catalogue's actions,
// registered by name.
func Example_treeFilePlanner() {
	inReach := constraints.Func("in reach", postNear)
	inSight := constraints.Func("in sight", postSees)
	// snippet planner

	var b catalogue.Builder[Post]
	b.Action("strike", postInstant(postStrike), inReach)
	b.Action("chase", postInstant(postChase), inSight)
	b.Action("patrol", postInstant(postPatrol))
	actions, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	d := htn.New(actions)
	d.Compound("sentry").
		Method("fight", inSight).Do("close in").
		Method("patrol").Do("patrol")
	d.Compound("close in").
		Method("strike", inReach).Do("strike").
		Method("chase").Do("chase", "close in")
	domain, err := d.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	reg := &btjson.Registry[Post]{
		Catalogue: actions,
		Planners:  map[string]bt.Planner[Post]{"sentry": domain},
	}
	tree, err := reg.Build(bt.Config[Post]{}, []byte(`{"kind": "planner", "name": "think", "planner": "sentry"}`))
	// end snippet planner

	if err != nil {
		fmt.Println(err)
		return
	}
	sentry, _ := tree.NewAgent(1)
	sentry.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
	p := Post{Sentry: 5, Intruder: 3, IntruderHP: 2}
	for range 2 {
		sentry.Tick(&p, 500*time.Millisecond)
	}
	// Output:
	// 0.50s  think              plan made [fight/chase/strike]
	//                      steps: chase → strike
	//   0.50s  chase              step 1 of 2 of plan [fight/chase/strike]
	//   0.50s  strike             step 2 of 2 of plan [fight/chase/strike]
	//   1.00s  think              plan made [fight/strike]
	//                      steps: strike
	//   1.00s  strike             step 1 of 1 of plan [fight/strike]
}
