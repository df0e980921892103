package inspect_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/scene"
)

// yard is a guard's memory: where the guard and the intruder stand.
type yard struct{ Guard, Intruder int }

var goal, _ = heuristic.NewRules(heuristic.Irrelevant,
	heuristic.When("caught up", heuristic.Beneficial, func(b, a *yard) bool {
		return a.Guard == a.Intruder && b.Guard != b.Intruder
	}),
	heuristic.When("on the round", heuristic.Cosmetic, func(b, a *yard) bool { return a.Guard != b.Guard }),
)

// guard builds a guard that chases an intruder it sees, and otherwise
// walks its round.
func guard() (*bt.Tree[yard], *bt.Agent[yard]) {
	step := func(m *yard) { m.Guard++ }
	catch := func(m *yard) { m.Guard = m.Intruder }
	n := bt.New[yard]()
	tree, err := bt.Build(bt.Config[yard]{Heuristic: goal},
		n.Selector("guard", bt.Replan(0),
			n.Do("chase", bt.Instant(func(m *yard) bool { catch(m); return true }, catch)).Constrain(constraints.Func("intruder seen", func(m *yard) bool { return m.Intruder != 0 })),
			n.Do("patrol", bt.Instant(func(m *yard) bool { step(m); return true }, step)),
		))
	if err != nil {
		panic(err)
	}
	agent, err := tree.NewAgent(1)
	if err != nil {
		panic(err)
	}
	return tree, agent
}

// picture pictures the yard: the guard and the intruder on a line.
func picture(m *yard, at time.Duration) *scene.Scene {
	return &scene.Scene{Time: at, Entities: []scene.Entity{
		{Label: "guard", X: float64(m.Guard), Radius: 0.5, Colour: "#1f77b4", Health: 8, MaxHealth: 10},
		{Label: "intruder", X: float64(m.Intruder), Radius: 0.5, Colour: "#d62728"},
	}}
}

// A Writer records a run in the recorded format: the header, then the
// tree's events and the scenes, a JSON object a line. NewPage writes the
// same recording inside a replay page.
func ExampleWriter() {
	tree, agent := guard()
	var out bytes.Buffer
	rec, err := inspect.NewWriter(&out, inspect.Header{Title: "the yard", Nodes: tree.Nodes()})
	if err != nil {
		panic(err)
	}
	agent.SetTracer(rec)
	m := yard{Intruder: 3}
	for tick := 1; tick <= 2; tick++ {
		if _, err := agent.Tick(&m, time.Second); err != nil {
			panic(err)
		}
		if err := rec.Scene(picture(&m, time.Duration(tick)*time.Second)); err != nil {
			panic(err)
		}
	}
	if err := rec.Close(); err != nil {
		panic(err)
	}
	for _, line := range strings.SplitAfter(out.String(), "\n")[:6] {
		fmt.Print(line)
	}
	// Output:
	// {"format":"foresight-inspect","version":3,"title":"the yard","nodes":[{"name":"guard","kind":"selector","detail":"selector replan=tick","parent":-1},{"name":"chase","kind":"action","detail":"action","parent":0,"constraints":["intruder seen"]},{"name":"patrol","kind":"action","detail":"action","parent":0}]}
	// {"tick":1,"t":1,"kind":"begin","path":"guard"}
	// {"tick":1,"t":1,"kind":"decision","path":"guard","decision":{"chosen":"chase","why":"best outcome","candidates":[{"name":"chase","outcome":"Beneficial","reason":"caught up"},{"name":"patrol","outcome":"Cosmetic","reason":"on the round"}]}}
	// {"tick":1,"t":1,"kind":"begin","path":"guard/chase"}
	// {"tick":1,"t":1,"kind":"end","path":"guard/chase","status":"Success"}
	// {"tick":1,"t":1,"kind":"end","path":"guard","status":"Success"}
}

// A Live serves the page to browsers while the game runs. Mount it,
// attach the agents it shows, ask it before each frame whether the page
// has paused the game, and hand it a scene each frame someone watches.
func ExampleLive() {
	tree, agent := guard()
	live, err := inspect.NewLive(inspect.Header{Title: "the yard", Nodes: tree.Nodes()})
	if err != nil {
		panic(err)
	}
	live.Attach(agent) // the agent traces only while someone watches
	http.Handle("/inspect/", http.StripPrefix("/inspect", live))
	// go http.ListenAndServe(":8080", nil), then open http://localhost:8080/inspect/

	m := yard{Intruder: 3}
	for frame := 1; frame <= 3; frame++ {
		if !live.Proceed() {
			continue // paused by a watcher
		}
		if _, err := agent.Tick(&m, time.Second/60); err != nil {
			panic(err)
		}
		if live.Watched() { // no one watches: no scene to build
			live.Scene(picture(&m, time.Duration(frame)*time.Second/60))
		}
	}
	fmt.Fprintln(os.Stdout, "watched:", live.Watched())
	// Output:
	// watched: false
}
