package goap_test

import (
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/goap"
	"github.com/foresight-bt/foresight/heuristic"
)

// before passes while the situation's clock is before t.
type before time.Duration

func (b before) Evaluate(s bt.Situation, _ *counter) (bt.Check, string) {
	if s.Now < time.Duration(b) {
		return bt.Pass, ""
	}
	return bt.Fail, "too late"
}

// A runner predicted part way into a prediction (after a step that takes a
// second, in a sequence) judges its steps' preconditions at the time the
// prediction has reached, once.
func TestPredictedRunnerJudgesAtThePredictedTime(t *testing.T) {
	acts := must(new(catalogue.Builder[counter]).
		Action("wait", bt.Instant(func(*counter) bool { return true }, nil)).Takes(time.Second).
		Action("finish", finish, before(1500*time.Millisecond)).
		Build())
	d, err := goap.New(acts, countKey).Do("finish").Goal("done", 1, done).Build()
	if err != nil {
		t.Fatal(err)
	}
	judge := heuristic.Func[counter](func(b, a *counter) heuristic.Outcome {
		if a.Done && !b.Done {
			return heuristic.Beneficial
		}
		return heuristic.Irrelevant
	})
	n := bt.New[counter]()
	tree, err := bt.Build(bt.Config[counter]{Heuristic: judge}, n.Selector("top",
		n.Sequence("later", acts.Do("wait"), n.Plan("goals", d)),
	))
	if err != nil {
		t.Fatal(err)
	}
	agent, _ := tree.NewAgent(1)
	p, err := agent.Preview(&counter{}, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	// the runner is predicted at 1s: finish is in time
	if v := p.Decisions[0].Candidates[0].Verdict; v.Outcome != heuristic.Beneficial {
		t.Errorf("the sequence predicts %v (%s); want Beneficial", v.Outcome, v.Reason)
	}
}
