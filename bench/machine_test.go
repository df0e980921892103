package bench

import (
	"testing"
	"time"
)

// The guard on foresight's fsm and on stateless does the same work, tick
// for tick: the same actions begun, updated and ended.
func TestMachinesDoTheSameWork(t *testing.T) {
	agent, err := GuardMachine()
	if err != nil {
		t.Fatal(err)
	}
	peer := NewStatelessGuard()
	var ours, theirs Guard
	for i := range 240 {
		Sense(i, &ours)
		Sense(i, &theirs)
		if _, err := agent.Tick(&ours, time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := peer.Tick(&theirs, time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if ours != theirs {
			t.Fatalf("tick %d: foresight %+v, stateless %+v", i, ours, theirs)
		}
	}
	if ours.Walks == 0 || ours.Steps == 0 || ours.Hits == 0 || ours.Ends < 20 {
		t.Errorf("the run did not go through every state: %+v", ours)
	}
}

// BenchmarkMachine ticks the guard's machine on foresight's fsm and on
// stateless in rotating batches (see Race), the senses moving it through
// every state, and reports each one's time per tick and the median ratio:
//
//	cd bench && go test -run '^$' -bench Machine -benchtime 300x -count 5
func BenchmarkMachine(b *testing.B) {
	agent, err := GuardMachine()
	if err != nil {
		b.Fatal(err)
	}
	peer := NewStatelessGuard()
	var ours, theirs Guard
	i, j := 0, 0
	r := Race(b, 2000, func() {
		Sense(i, &ours)
		i++
		if _, err := agent.Tick(&ours, time.Millisecond); err != nil {
			b.Fatal(err)
		}
	}, func() {
		Sense(j, &theirs)
		j++
		if err := peer.Tick(&theirs, time.Millisecond); err != nil {
			b.Fatal(err)
		}
	})
	b.ReportMetric(r.PerCall(0), "fsm-ns/tick")
	b.ReportMetric(r.PerCall(1), "stateless-ns/tick")
	b.ReportMetric(r.Ratio(0, 1), "fsm/stateless")
}

// After warm-up a tick of the guard's machine allocates nothing on
// foresight; stateless allocates on every fire (its arguments, its
// transition), which the test reports.
func TestMachineAllocations(t *testing.T) {
	agent, err := GuardMachine()
	if err != nil {
		t.Fatal(err)
	}
	peer := NewStatelessGuard()
	var ours, theirs Guard
	i, j := 0, 0
	tickOurs := func() {
		Sense(i, &ours)
		i++
		agent.Tick(&ours, time.Millisecond)
	}
	tickTheirs := func() {
		Sense(j, &theirs)
		j++
		peer.Tick(&theirs, time.Millisecond)
	}
	for range 48 {
		tickOurs()
		tickTheirs()
	}
	if n := testing.AllocsPerRun(480, tickOurs); n != 0 {
		t.Errorf("foresight's machine allocates %v times a tick", n)
	}
	t.Logf("stateless allocates %v times a tick", testing.AllocsPerRun(480, tickTheirs))
}
