package troll_test

import (
	"os"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/trace"
	"github.com/foresight-bt/foresight/troll"
)

func TestSmoke(t *testing.T) {
	for _, d := range []troll.Decider{troll.HTN, troll.BT} {
		tree, err := troll.NewTree(d)
		if err != nil {
			t.Fatal(err)
		}
		g, err := troll.NewGame(tree, 1)
		if err != nil {
			t.Fatal(err)
		}
		g.Agent.SetTracer(trace.Timeline(os.Stdout, tree.Nodes(), nil))
		if err := g.Run(60 * time.Second); err != nil {
			t.Fatal(err)
		}
		t.Logf("%v: %+v", d, g.Summary())
	}
}
