package bt_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
	"github.com/foresight-bt/foresight/trace"
)

func TestDump(t *testing.T) {
	tree := mustBuild(t, treetest.DuelConfig(), treetest.Duel())
	want := `duel  selector replan=tick
├─ attack  sequence  [in reach]
│  ├─ lunge  action
│  └─ riposte  action
├─ flourish  random selector replan=300ms
│  ├─ twirl  action  weight 2
│  └─ bow  action
└─ hold  force success
   └─ guard  action
`
	if diff := cmp.Diff(want, tree.Tree().String()); diff != "" {
		t.Errorf("dump (-want +got):\n%s", diff)
	}
}

// Each kind of event is reported exactly when the semantics say, and no
// other time.
func TestEventsAreEmittedWhenTheSemanticsSay(t *testing.T) {
	fail := fn(func(s bt.Situation, _ *mem) (bt.Check, string) { return bt.Fail, "no" })
	failRunning := fn(func(s bt.Situation, _ *mem) (bt.Check, string) {
		if s.Running {
			return bt.Fail, "stopped"
		}
		return bt.Pass, ""
	})
	n := bt.New[mem]()
	tests := []struct {
		name  string
		build func() (bt.Config[mem], bt.Def[mem])
		ticks int
		want  []string
	}{{
		name:  "an action that succeeds at once: begin and end",
		build: func() (bt.Config[mem], bt.Def[mem]) { return bt.Config[mem]{}, n.Do("a", act(nil, "a", nil, S)) },
		ticks: 1,
		want:  []string{"begin a", "end a Success"},
	}, {
		name:  "a running action: no events while it runs",
		build: func() (bt.Config[mem], bt.Def[mem]) { return bt.Config[mem]{}, n.Do("a", act(nil, "a", nil, R, R, F)) },
		ticks: 3,
		want:  []string{"begin a", "end a Failure"},
	}, {
		name: "a constraint that fails at Begin: a constraint event and nothing else",
		build: func() (bt.Config[mem], bt.Def[mem]) {
			return bt.Config[mem]{}, n.Do("a", act(nil, "a", nil, S)).Constrain(fail)
		},
		ticks: 1,
		want:  []string{"constraint a Fail no (at Begin)"},
	}, {
		name: "a constraint that fails while running: the event, then the interruption",
		build: func() (bt.Config[mem], bt.Def[mem]) {
			return bt.Config[mem]{}, n.Do("a", act(nil, "a", nil, R)).Constrain(failRunning)
		},
		ticks: 2,
		want:  []string{"begin a", "constraint a Fail stopped", "end a Running"},
	}, {
		name: "a condition a reactive sequence passed fails: the sequence is stopped, not the condition refused",
		build: func() (bt.Config[mem], bt.Def[mem]) {
			return bt.Config[mem]{}, n.ReactiveSequence("q",
				n.Condition("c", func(m *mem) bool { return m.Live == 0 }),
				n.Do("a", act(nil, "a", nil, R, R)),
			)
		},
		ticks: 2,
		want: []string{"begin q", "begin q/c", "end q/c Success", "begin q/a", "constraint q/c Fail c: false", "end q/a Running",
			"end q Failure"},
	}, {
		name: "a selector decides when it begins and when it re-selects, not in between",
		build: func() (bt.Config[mem], bt.Def[mem]) {
			return bt.Config[mem]{Heuristic: goal}, n.Selector("s", bt.Replan(150*time.Millisecond),
				n.Do("a", act(nil, "a", shine, R)),
			)
		},
		ticks: 3,
		want: []string{"begin s", "decision s → a (best outcome) [a: Cosmetic (shine)]", "begin s/a",
			"decision s → a (best outcome) [a: Cosmetic (shine)]"},
	}, {
		name: "simulation makes no events: a sequence under nothing",
		build: func() (bt.Config[mem], bt.Def[mem]) {
			return bt.Config[mem]{Heuristic: goal}, n.Sequence("q",
				n.Do("a", act(nil, "a", shine, S)),
			)
		},
		ticks: 1,
		want:  []string{"begin q", "begin q/a", "end q/a Success", "end q Success"},
	}, {
		name: "a fault: the event, then the cleanup",
		build: func() (bt.Config[mem], bt.Def[mem]) {
			return bt.Config[mem]{}, n.Sequence("q",
				n.Do("bad", &panicky{where: "Begin"}),
			)
		},
		ticks: 1,
		want:  []string{"begin q", "begin q/bad", "fault q/bad q/bad: panic in Begin: boom", "end q/bad Failure", "end q Running"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tl := &traceLog{}
			cfg, root := tt.build()
			tree := mustBuild(t, cfg, root)
			tree.SetTracer(tl)
			m := mem{}
			for i := 0; i < tt.ticks; i++ {
				tree.Tick(&m, 100*time.Millisecond)
			}
			if diff := cmp.Diff(tt.want, tl.Lines); diff != "" {
				t.Errorf("events (-want +got):\n%s", diff)
			}
		})
	}
}

// Tracing costs nothing when there is no tracer, and allocates nothing
// when there is one: compare the two.
func BenchmarkTrace(b *testing.B) {
	for _, bench := range []struct {
		name   string
		tracer bt.Tracer
	}{
		{"none", nil},
		{"discard", bt.TracerFunc(func(*bt.Event) {})},
		{"recorder", &trace.Recorder{}},
	} {
		b.Run(bench.name, func(b *testing.B) {
			root, nodes := deepTree()
			tree := mustBuild(b, bigConfig, root)
			tree.SetTracer(bench.tracer)
			m := big{Foe: 1 << 40}
			tree.Tick(&m, time.Millisecond)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if r, ok := bench.tracer.(*trace.Recorder); ok && i%64 == 0 {
					r.Events = r.Events[:0]
				}
				tree.Tick(&m, time.Millisecond)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
		})
	}
}
