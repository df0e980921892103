package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/bt/bttest"
	"github.com/foresight-bt/foresight/constraints"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/jobs"
)

// world is a colonist's memory: where it stands and goes, the path its
// pathfinder found (its length), and what it has done.
type world struct {
	At, Goal int
	Path     int // steps of the path found and not yet walked
	Found    int // paths delivered
	Threat   bool
	Fled     int
	Walked   int
}

// trip is a pathfinding job's request: copied from the memory, so the
// work owns it.
type trip struct{ From, To int }

// A pathfinder's answers: the length of the path, or why there is none.
func route(ctx context.Context, t trip) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if t.To < 0 {
		return 0, fmt.Errorf("no way to %d", t.To)
	}
	return max(t.To-t.From, t.From-t.To), nil
}

func request(w *world) (trip, error) {
	if w.At == w.Goal {
		return trip{}, errors.New("already there")
	}
	return trip{w.At, w.Goal}, nil
}

func deliver(w *world, steps int) bool {
	w.Path = steps
	w.Found++
	return true
}

// follow walks the path delivered, a step a tick.
var follow = bt.Lasting(func(w *world, _ time.Duration) bt.Status {
	if w.Path == 0 {
		return bt.Success
	}
	w.Path--
	w.Walked++
	if w.At < w.Goal {
		w.At++
	} else {
		w.At--
	}
	return bt.Running
}, func(w *world) { w.At, w.Path = w.Goal, 0 })

var (
	threatened = constraints.Func("threatened", func(w *world) bool { return w.Threat })
	flee       = bt.Instant(func(w *world) bool { w.Fled++; return true }, func(w *world) { w.Fled++ })
)

// colonist is the tree the tests run: flee when threatened, which halts
// the walk (the pathfinding under way too), else find a path and walk
// it.
func colonist(t testing.TB, find bt.Node[world]) *bt.Tree[world] {
	t.Helper()
	b := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{},
		b.ReactivePriority("life",
			b.Do("flee", flee).Constrain(threatened),
			b.Sequence("walk", b.Leaf("find path", find), b.Do("follow", follow)),
		))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// sense is what the game writes into colonist i's memory before frame f:
// threats now and then, and a new goal once the last is reached (one
// colonist in five is sent where there is no way).
func sense(f, i int, w *world) {
	w.Threat = (f+i)%7 == 0
	if w.At == w.Goal && w.Path == 0 {
		w.Goal = (w.At + 3 + i%5) % 20
		if (f+i)%5 == 0 {
			w.Goal = -1
		}
	}
	if w.Goal < 0 && f%3 == 0 {
		w.Goal = i % 20
	}
}

// events keeps what each agent's tracer saw, a line an event.
type events struct{ lines [][]string }

func (e *events) tracer(i int) bt.Tracer {
	return bt.TracerFunc(func(ev *bt.Event) {
		if ev.Kind == bt.EventBegin || ev.Kind == bt.EventEnd {
			e.lines[i] = append(e.lines[i], fmt.Sprintf("%d %v %s %v %s", ev.Tick, ev.Kind, ev.Path, ev.Status, ev.Reason))
		}
	})
}

// run plays frames of n colonists on a crowd of workers, each colonist's
// pathfinding on system (between frames, between is called, if set), and
// returns a digest of every memory after each frame and the events.
func run(t *testing.T, find bt.Node[world], n, workers, frames int, between func(frame int)) (string, [][]string) {
	t.Helper()
	tree := colonist(t, find)
	agents := make([]*bt.Agent[world], n)
	ev := &events{lines: make([][]string, n)}
	for i := range agents {
		agents[i], _ = tree.NewAgent(uint64(i))
		agents[i].SetTracer(ev.tracer(i))
	}
	memories := make([]world, n)
	crowd := bt.NewCrowd(tree, workers)
	h := fnv.New64a()
	for f := range frames {
		for i := range memories {
			sense(f, i, &memories[i])
		}
		if err := crowd.Tick(agents, memories, time.Second/10); err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(h, memories)
		if between != nil {
			between(f)
		}
	}
	for i, a := range agents {
		if err := a.Halt(&memories[i]); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf("%x", h.Sum64()), ev.lines
}

// jittery is route after a pause of random length, so that the jobs of a
// crowd finish in another order at every run.
func jittery(ctx context.Context, t trip) (int, error) {
	time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
	return route(ctx, t)
}

// Answers reach the memory at the tick After says, whatever the work's
// timing and whoever ticks: jobs on goroutines that finish in a random
// order, with one worker and with two, and jobs on a Queue the test runs
// between frames in another order each time (or leaves for the tick that
// needs them to run), all give the same memories and events, frame for
// frame.
func TestDeliveryDeterministic(t *testing.T) {
	var g jobs.Goroutines
	defer checkNoLeak(t, runtime.NumGoroutine())
	defer g.Wait()
	const n, frames = 40, 60
	want, wantEvents := run(t, jobs.New(request, jittery, deliver).After(2).On(&g), n, 1, frames, nil)
	var delivered, failed int
	for _, lines := range wantEvents {
		for _, l := range lines {
			delivered += strings.Count(l, "find path Success")
			failed += strings.Count(l, "find path Failure no way")
		}
	}
	if delivered < n || failed == 0 {
		t.Fatalf("the colonists found %d paths and failed to find %d: the test tests little", delivered, failed)
	}
	for _, tt := range []struct {
		name    string
		workers int
		system  func() (jobs.System, func(int))
	}{
		{"goroutines, 2 workers", 2, func() (jobs.System, func(int)) { return &g, nil }},
		{"goroutines, 1 worker", 1, func() (jobs.System, func(int)) { return &g, nil }},
		{"a queue run backwards, 2 workers", 2, func() (jobs.System, func(int)) {
			q := &jobs.Queue{}
			return q, func(int) {
				for k := q.Len() - 1; k >= 0; k-- {
					q.Run(k)
				}
			}
		}},
		{"a queue left to the ticks, 1 worker", 1, func() (jobs.System, func(int)) {
			q := &jobs.Queue{}
			return q, func(f int) {
				if f%2 == 0 {
					q.Run(0) // the oldest; the rest are run by the ticks that need them
				}
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sys, between := tt.system()
			got, events := run(t, jobs.New(request, jittery, deliver).After(2).On(sys), n, tt.workers, frames, between)
			if got != want {
				t.Errorf("digest %s, want %s", got, want)
			}
			for i := range events {
				if !slices.Equal(events[i], wantEvents[i]) {
					t.Errorf("agent %d's events differ:\n%s\nwant\n%s", i, strings.Join(events[i], "\n"), strings.Join(wantEvents[i], "\n"))
					break
				}
			}
		})
	}
}

// Every Begin of the leaf has its End, however it stops: a threat that
// takes over, a halt of the agent, a failure, an answer. And every job
// that a halt catches is cancelled: with WhenDone, the work here for half
// the trips returns only when its context is, so Wait would never return
// otherwise.
func TestEndOncePerBeginUnderHalts(t *testing.T) {
	var g jobs.Goroutines
	defer checkNoLeak(t, runtime.NumGoroutine())
	blocking := func(ctx context.Context, tr trip) (int, error) {
		if tr.To%2 == 0 {
			<-ctx.Done()
			return 0, ctx.Err()
		}
		return route(ctx, tr)
	}
	for _, find := range []*jobs.Leaf[world, trip, int]{
		jobs.New(request, jittery, deliver).After(3).On(&g),
		jobs.New(request, blocking, deliver).WhenDone().On(&g),
		jobs.New(request, blocking, deliver).WhenDone().On(&g).AwaitStop(),
	} {
		_, events := run(t, find, 30, 2, 40, nil)
		g.Wait() // returns once every job blocked on its context was cancelled
		var begins, ends, halted int
		for _, lines := range events {
			open := 0
			for _, l := range lines {
				switch {
				case !strings.Contains(l, "find path"):
				case strings.Contains(l, " begin "):
					begins++
					open++
				case strings.Contains(l, " end "):
					ends++
					open--
					if strings.Contains(l, "Running") {
						halted++
					}
				}
				if open < 0 || open > 1 {
					t.Fatalf("the leaf's begins and ends do not alternate:\n%s", strings.Join(lines, "\n"))
				}
			}
		}
		if begins != ends || halted == 0 {
			t.Errorf("%s: %d begins, %d ends, %d of them halts", find.Describe(), begins, ends, halted)
		}
	}
}

// A halt with AwaitStop returns only once the work has stopped; a job
// that has not begun is dropped by a halt and never runs.
func TestStopping(t *testing.T) {
	begun, stopped := make(chan struct{}), make(chan struct{})
	slow := func(ctx context.Context, tr trip) (int, error) {
		close(begun)
		<-ctx.Done()
		time.Sleep(time.Millisecond) // a job that takes time to stop
		close(stopped)
		return 0, ctx.Err()
	}
	var g jobs.Goroutines
	defer g.Wait()
	a, _ := colonist(t, jobs.New(request, slow, deliver).After(5).On(&g).AwaitStop()).NewAgent(1)
	w := world{Goal: 3}
	tick(t, a, &w)
	<-begun // a job not begun is dropped, and never runs
	if err := a.Halt(&w); err != nil {
		t.Fatal(err)
	}
	select {
	case <-stopped:
	default:
		t.Error("Halt returned before the job stopped")
	}

	var q jobs.Queue
	ran := 0
	counted := func(ctx context.Context, tr trip) (int, error) { ran++; return route(ctx, tr) }
	a, _ = colonist(t, jobs.New(request, counted, deliver).After(5).On(&q)).NewAgent(1)
	w = world{Goal: 3}
	tick(t, a, &w)
	if q.Len() != 1 {
		t.Fatalf("%d jobs waiting, want 1", q.Len())
	}
	w.Threat = true // fleeing halts the walk
	tick(t, a, &w)
	if q.Len() != 0 || q.RunAll() != 0 || ran != 0 {
		t.Errorf("after the halt: %d jobs waiting, the work ran %d times; want none", q.Len(), ran)
	}
}

// After(0) delivers in the tick that began the leaf; WhenDone at the
// first tick that finds the job done, which on a Queue is the first after
// the test runs it.
func TestWhenDelivered(t *testing.T) {
	var q jobs.Queue
	for _, tt := range []struct {
		find *jobs.Leaf[world, trip, int]
		run  int   // the tick before which the test runs the queue
		want []int // the paths found after each tick
	}{
		{jobs.New(request, route, deliver).After(0).On(&q), 99, []int{1, 1, 1, 1}},
		{jobs.New(request, route, deliver).After(2).On(&q), 99, []int{0, 0, 1, 1}},
		{jobs.New(request, route, deliver).WhenDone().On(&q), 3, []int{0, 0, 0, 1}},
	} {
		a, _ := colonist(t, tt.find).NewAgent(1)
		w := world{Goal: 9}
		var got []int
		for k := range 4 {
			if k == tt.run {
				q.RunAll()
			}
			tick(t, a, &w)
			got = append(got, w.Found)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: paths found %v, want %v", tt.find.Describe(), got, tt.want)
		}
		q.RunAll()
	}
}

// The work's error fails the leaf with its text as the reason; its panic
// reaches the tick that delivers, which reports it in a *bt.PanicError
// and quarantines the leaf.
func TestErrorsAndPanics(t *testing.T) {
	var q jobs.Queue
	a, _ := colonist(t, jobs.New(request, route, deliver).On(&q)).NewAgent(1)
	var reasons []string
	a.SetTracer(bt.TracerFunc(func(e *bt.Event) {
		if e.Kind == bt.EventEnd && e.Reason != "" {
			reasons = append(reasons, e.Path+": "+e.Reason)
		}
	}))
	w := world{Goal: -4}
	tick(t, a, &w)
	tick(t, a, &w)
	if want := []string{"life/walk/find path: no way to -4"}; !slices.Equal(reasons, want) {
		t.Errorf("reasons %q, want %q", reasons, want)
	}

	boom := func(context.Context, trip) (int, error) { panic("the map is torn") }
	a, _ = colonist(t, jobs.New(request, boom, deliver).On(&q)).NewAgent(1)
	w = world{Goal: 4}
	tick(t, a, &w)
	q.RunAll() // the panic happens here, on the test's goroutine, and is kept
	_, err := a.Tick(&w, time.Second)
	var p *jobs.PanicError
	if !errors.As(err, &p) || p.Value != "the map is torn" || len(p.Stack) == 0 {
		t.Fatalf("the tick's error %v; want the job's panic", err)
	}
	if got := a.Quarantined(); !slices.Equal(got, []string{"life/walk/find path"}) {
		t.Errorf("quarantined %q", got)
	}
}

// A job's request is saved with its agent; restored, the run submits it
// again at its next tick and delivers at the tick the saved run would
// have, the same answer: the restored game goes on as the one saved. The
// instance the restore replaced has its job dropped, and its answer
// never reaches the memory.
func TestSaveWithJobUnderWay(t *testing.T) {
	var q jobs.Queue
	find := jobs.New(request, route, deliver).After(3).On(&q)
	tree := colonist(t, find)
	play := func(a *bt.Agent[world], w *world, ticks int) []int {
		var found []int
		for range ticks {
			tick(t, a, w)
			found = append(found, w.Found, w.Path)
		}
		return found
	}
	never, _ := tree.NewAgent(1)
	w0 := world{Goal: 6}
	play(never, &w0, 2)
	want := play(never, &w0, 6)
	q.RunAll()

	for _, asJSON := range []bool{false, true} {
		a, _ := tree.NewAgent(1)
		w := world{Goal: 6}
		play(a, &w, 2) // the job is submitted, and waits in the queue
		save, restore := a.MarshalBinary, a.UnmarshalBinary
		if asJSON {
			save, restore = a.MarshalJSON, a.UnmarshalJSON
		}
		data, err := save()
		if err != nil {
			t.Fatal(err)
		}
		if asJSON && !strings.Contains(string(data), `"request":{"From":0,"To":6}`) {
			t.Errorf("the JSON save lacks the request:\n%s", data)
		}
		if err := restore(data); err != nil { // into the agent saved: its instance is replaced
			t.Fatal(err)
		}
		if q.Len() != 0 {
			t.Errorf("the replaced instance's job still waits")
		}
		if got := play(a, &w, 6); !slices.Equal(got, want) {
			t.Errorf("restored (JSON %v): found and path %v, want %v", asJSON, got, want)
		}
		q.RunAll()
	}
}

// The leaf keeps the contract of every node (bttest), saved and restored
// after every step included, on goroutines and on a queue.
func TestContract(t *testing.T) {
	var g jobs.Goroutines
	defer g.Wait()
	var q jobs.Queue
	cfg := bttest.Config[world]{
		Memories: []world{{Goal: 5}, {Goal: -1}, {At: 3, Goal: 3}},
		Sense: func(step int, w *world) {
			if w.At == w.Goal {
				w.Goal = (w.Goal + 4) % 10
			}
		},
	}
	for _, find := range []*jobs.Leaf[world, trip, int]{
		jobs.New(request, route, deliver).On(&g).Takes(time.Second).Effect(func(w *world) { w.Found++ }),
		jobs.New(request, route, deliver).After(0).On(&g),
		jobs.New(request, route, deliver).After(3).On(&q).AwaitStop(),
		jobs.New(request, route, deliver).WhenDone().On(&q),
	} {
		if err := bttest.TestLeaf[world](find, cfg); err != nil {
			t.Errorf("%s: %v", find.Describe(), err)
		}
	}
}

// Build reports a leaf made without its functions, or set up wrong, with
// its path.
func TestValidate(t *testing.T) {
	b := bt.New[world]()
	_, err := bt.Build(bt.Config[world]{}, b.Sequence("s",
		b.Leaf("none", jobs.New[world, trip, int](nil, nil, nil)),
		b.Leaf("bad", jobs.New(request, route, deliver).After(-1).Takes(-time.Second).On(nil)),
	))
	for _, want := range []string{
		"s/none: nil request, work, deliver: give New the leaf's three functions",
		"s/bad: After: -1 ticks: want 0 or more; Takes: negative duration -1s; On: a nil system",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
}

// A prediction of the leaf applies its effect and moves the clock on by
// the time it is expected to take, and by what remains of it once it has
// begun: a selector that plans every tick sees 2s, then 1.5s, then 1s
// (the model counts milliseconds into Walked).
func TestPrediction(t *testing.T) {
	var q jobs.Queue
	defer q.RunAll()
	find := jobs.New(request, route, deliver).On(&q).After(5).Takes(2 * time.Second).
		Effect(func(w *world) { w.Found++ })
	var predicted []string
	probe := heuristic.Func[world](func(b, a *world) heuristic.Outcome {
		predicted = append(predicted, fmt.Sprintf("found %d in %dms", a.Found-b.Found, a.Walked-b.Walked))
		return heuristic.Beneficial
	})
	b := bt.New[world]()
	tree, err := bt.Build(bt.Config[world]{Heuristic: probe, Model: func(w *world, dt time.Duration) { w.Walked += int(dt / time.Millisecond) }},
		b.Selector("pick", bt.Replan(0), b.Leaf("find path", find)))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	w := world{Goal: 4}
	for range 3 {
		if _, err := a.Tick(&w, 500*time.Millisecond); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"found 1 in 2000ms", "found 1 in 1500ms", "found 1 in 1000ms"}; !slices.Equal(predicted, want) {
		t.Errorf("predicted %q, want %q", predicted, want)
	}
}

func tick(t *testing.T, a *bt.Agent[world], w *world) {
	t.Helper()
	if _, err := a.Tick(w, time.Second); err != nil {
		t.Fatal(err)
	}
}

// checkNoLeak fails t when more goroutines run than before, once those
// on their way out have had time to end.
func checkNoLeak(t *testing.T, before int) {
	t.Helper()
	for range 500 {
		if runtime.NumGoroutine() <= before {
			return
		}
		runtime.GC() // a crowd no longer reachable ends its workers
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	t.Errorf("%d goroutines left behind:\n%s", runtime.NumGoroutine()-before, buf[:runtime.Stack(buf, true)])
}

// A request of an interface type goes through a binary save whole, its
// concrete type and all: it was written as the value it held, which gob
// then could not read back into the interface, and the save loaded
// nowhere.
func TestSaveInterfaceRequest(t *testing.T) {
	var q jobs.Queue
	var got []any
	find := jobs.New(
		func(w *world) (any, error) { return w.Goal, nil },
		func(_ context.Context, req any) (int, error) { got = append(got, req); return 1, nil },
		func(w *world, n int) bool { w.Path = n; return true },
	).After(3).On(&q)
	tree := colonist(t, find)
	a, _ := tree.NewAgent(1)
	w := world{Goal: 6}
	tick(t, a, &w) // the job is submitted, and waits in the queue
	data, err := a.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := a.UnmarshalBinary(data); err != nil {
		t.Fatalf("restoring a run whose request is an any: %v", err)
	}
	for range 3 { // the restored run submits its request again, and delivers
		tick(t, a, &w)
	}
	q.RunAll()
	if len(got) != 1 || got[0] != any(6) {
		t.Errorf("the restored run's work was given %#v; want [6]", got)
	}
}

// A request that neither form can carry (a struct of unexported fields)
// is refused by both, where the JSON form wrote {} and its restore
// submitted an empty request.
func TestSaveRequestNeitherFormCarries(t *testing.T) {
	type hidden struct{ goal int }
	var q jobs.Queue
	find := jobs.New(
		func(w *world) (hidden, error) { return hidden{w.Goal}, nil },
		func(_ context.Context, req hidden) (int, error) { return req.goal, nil },
		func(w *world, n int) bool { w.Path = n; return true },
	).After(3).On(&q)
	tree := colonist(t, find)
	a, _ := tree.NewAgent(1)
	w := world{Goal: 6}
	tick(t, a, &w) // the job is submitted, and waits in the queue
	if _, err := a.MarshalBinary(); err == nil || !strings.Contains(err.Error(), "no exported fields") {
		t.Errorf("the binary save: %v; want gob's refusal", err)
	}
	if data, err := a.MarshalJSON(); err == nil || !strings.Contains(err.Error(), "no exported fields") {
		t.Errorf("the JSON save: %v (%s); want it refused as the binary one is", err, data)
	}
}

// A nil or zero Job, which no leaf made, runs as nothing on every system:
// Goroutines.Submit(nil) panicked on a goroutine of its own, where nothing
// could recover, and a Queue's RunAll panicked on it.
func TestJobsNoLeafMade(t *testing.T) {
	var g jobs.Goroutines
	g.Submit(nil)
	g.Submit(&jobs.Job{})
	g.Wait()
	var q jobs.Queue
	q.Submit(nil)
	q.Submit(&jobs.Job{})
	q.RunAll()
	if q.Len() != 0 {
		t.Errorf("%d jobs wait in the queue", q.Len())
	}
	if !(*jobs.Job)(nil).Started() || !(&jobs.Job{}).Started() {
		t.Error("a job no leaf made waits to begin")
	}
}
