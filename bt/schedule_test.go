package bt_test

import (
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// camp is a settler's memory for the crowd's schedules: whether it is
// alerted, the ticks it had and when, and what its plans got.
type camp struct {
	Alert  bool
	Ticks  int
	Gained int
}

// options is how many options an alerted settler weighs each tick: a tick
// of it is that much work, where a calm one is a few.
const options = 20

var gain = heuristic.Func[camp](func(b, a *camp) heuristic.Outcome {
	if a.Gained > b.Gained {
		return heuristic.Beneficial
	}
	return heuristic.Irrelevant
})

// campTree idles cheaply while calm, and, alerted, plans every tick among
// its options.
func campTree(t testing.TB) *bt.Tree[camp] {
	t.Helper()
	b := bt.New[camp]()
	parts := []bt.Part{bt.Replan(0)}
	for j := range options {
		parts = append(parts, b.Do(fmt.Sprintf("option %d", j), bt.Lasting(func(c *camp, _ time.Duration) bt.Status {
			c.Ticks++
			c.Gained += j
			return bt.Running
		}, func(c *camp) { c.Gained += j }).OnBegin(func(c *camp) bt.Status { c.Ticks++; return bt.Running })))
	}
	tree, err := bt.Build(bt.Config[camp]{Heuristic: gain},
		b.ReactivePriority("settler",
			b.Sequence("calm", b.Condition("calm", func(c *camp) bool { return !c.Alert }),
				b.Do("idle", bt.Instant(func(c *camp) bool { c.Ticks++; return true }, nil))),
			b.Selector("plan", parts...),
		))
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

func campAgents(t testing.TB, tree *bt.Tree[camp], n int) ([]*bt.Agent[camp], []camp) {
	t.Helper()
	agents := make([]*bt.Agent[camp], n)
	for i := range agents {
		var err error
		if agents[i], err = tree.NewAgent(uint64(i) + 1); err != nil {
			t.Fatal(err)
		}
	}
	return agents, make([]camp, n)
}

// An agent at a rate of 4 is ticked every fourth frame, each time with the
// time of the frames since its last tick: its clock is the game's. The
// agents of a rate spread over its frames.
func TestRates(t *testing.T) {
	tree := campTree(t)
	agents, camps := campAgents(t, tree, 12)
	for _, a := range agents {
		if err := a.SetRate(4); err != nil {
			t.Fatal(err)
		}
	}
	crowd := bt.NewCrowd(tree, 2)
	perFrame := make([]int, 16)
	for f := range perFrame {
		before := make([]int, len(camps))
		for i := range camps {
			before[i] = camps[i].Ticks
		}
		if err := crowd.Tick(agents, camps, time.Second); err != nil {
			t.Fatal(err)
		}
		for i, a := range agents {
			if camps[i].Ticks != before[i] {
				perFrame[f]++
				if want := time.Duration(f+1) * time.Second; a.Now() != want {
					t.Fatalf("frame %d: agent %d ticked at %v, want %v", f, i, a.Now(), want)
				}
			}
		}
		if r := crowd.Report(); r.Due != perFrame[f] || r.Ticked != perFrame[f] || r.Agents != 12 {
			t.Errorf("frame %d: report %+v, with %d ticked", f, *r, perFrame[f])
		}
	}
	for i := range camps {
		if camps[i].Ticks != 4 {
			t.Errorf("agent %d ticked %d times in 16 frames, want 4", i, camps[i].Ticks)
		}
	}
	if slices.Max(perFrame) == 12 {
		t.Errorf("every agent ticked in the same frame: %v", perFrame)
	}
	for _, bad := range []int{0, -1, 1<<20 + 1} {
		if err := agents[0].SetRate(bad); err == nil {
			t.Errorf("SetRate(%d) accepted", bad)
		}
	}
}

// A sleeping agent is not ticked until Wake, or until its timer rings; it
// then takes the time it slept. Wake has an agent at a slow rate ticked at
// the next frame.
func TestSleepAndWake(t *testing.T) {
	tree := campTree(t)
	agents, camps := campAgents(t, tree, 3)
	agents[0].Sleep(0)
	agents[1].Sleep(2500 * time.Millisecond)
	if err := agents[2].SetRate(10); err != nil {
		t.Fatal(err)
	}
	crowd := bt.NewCrowd(tree, 1)
	var ticked [][]int
	var woken time.Duration
	for f := range 6 {
		switch f {
		case 4:
			agents[0].Wake()
		case 2:
			agents[2].Wake()
		}
		before := []int{camps[0].Ticks, camps[1].Ticks, camps[2].Ticks}
		if err := crowd.Tick(agents, camps, time.Second); err != nil {
			t.Fatal(err)
		}
		var now []int
		for i := range camps {
			if camps[i].Ticks != before[i] {
				now = append(now, i)
			}
		}
		ticked = append(ticked, now)
		if f == 4 {
			woken = agents[0].Now()
		}
		if f == 0 && crowd.Report().Asleep != 2 {
			t.Errorf("frame 0: %d asleep, want 2", crowd.Report().Asleep)
		}
	}
	want := [][]int{nil, nil, {1, 2}, {1}, {0, 1}, {0, 1}}
	if rate2 := agents[2].Rate(); rate2 != 10 {
		t.Errorf("rate %d", rate2)
	}
	// agent 2's own frame of its rate may fall in these six too
	for f := range ticked {
		ticked[f] = slices.DeleteFunc(ticked[f], func(i int) bool { return i == 2 && f != 2 })
	}
	if fmt.Sprint(ticked) != fmt.Sprint(want) {
		t.Errorf("ticked by frame %v, want %v", ticked, want)
	}
	if woken != 5*time.Second || agents[0].Asleep() || agents[1].Asleep() {
		t.Errorf("the woken agent's clock %v (want 5s); asleep %v, %v", woken, agents[0].Asleep(), agents[1].Asleep())
	}
}

// budgetRun plays frames of n settlers on a crowd of workers with a budget:
// rates, sleepers with timers, news, alarms that come and go and a spike
// in which every settler is alerted at once. It returns each frame's
// report and the memories' digest, and the agents' saves at the end.
func budgetRun(t *testing.T, workers, n, frames int, budget bt.Budget, restoreAt int) ([]string, []byte) {
	t.Helper()
	tree := campTree(t)
	agents, camps := campAgents(t, tree, n)
	crowd := bt.NewCrowd(tree, workers)
	if err := crowd.SetBudget(budget); err != nil {
		t.Fatal(err)
	}
	for i, a := range agents {
		if i%5 == 0 {
			if err := a.SetRate(3); err != nil {
				t.Fatal(err)
			}
		}
		if i%7 == 0 {
			a.Sleep(time.Duration(i%4+1) * time.Second)
		}
	}
	var lines []string
	h := fnv.New64a()
	for f := range frames {
		if f == restoreAt {
			save, err := crowd.Save(nil, agents)
			if err != nil {
				t.Fatal(err)
			}
			agents, _ = campAgents(t, tree, n)
			crowd = bt.NewCrowd(tree, workers)
			if err := crowd.SetBudget(budget); err != nil {
				t.Fatal(err)
			}
			if err := crowd.Load(agents, save); err != nil {
				t.Fatal(err)
			}
		}
		for i := range camps {
			camps[i].Alert = f >= 10 && f < 14 || f >= 30 && (i+f)%3 == 0 || f >= 24 && f < 28
			if f == 20 && i%4 == 0 {
				agents[i].Wake()
			}
		}
		if err := crowd.Tick(agents, camps, time.Second/10); err != nil {
			t.Fatal(err)
		}
		r := crowd.Report()
		lines = append(lines, fmt.Sprintf("frame %d: asleep %d due %d ticked %d forced %d work %d waves %d deferred %v",
			f, r.Asleep, r.Due, r.Ticked, r.Forced, r.Work, r.Waves, r.Deferred))
		fmt.Fprint(h, camps)
	}
	lines = append(lines, fmt.Sprintf("digest %x", h.Sum64()))
	save, err := crowd.Save(nil, agents)
	if err != nil {
		t.Fatal(err)
	}
	return lines, save
}

// A budget decides the same whatever the number of workers, and a crowd
// loaded from a save mid-game decides as the one saved: the same reports,
// frame for frame, the same memories, the same agents' states at the end.
func TestBudgetSameWhateverWorkers(t *testing.T) {
	budget := bt.Budget{Work: 300, MaxDelay: 3, Priority: func(i int) float64 { return float64(i % 11) }}
	want, wantSave := budgetRun(t, 1, 60, 40, budget, -1)
	deferred := false
	for _, l := range want {
		deferred = deferred || !strings.HasSuffix(l, "deferred []")
	}
	if !deferred {
		t.Fatalf("the budget deferred nothing: the test tests little\n%s", strings.Join(want, "\n"))
	}
	for _, tt := range []struct {
		workers, restoreAt int
	}{{2, -1}, {4, -1}, {1, 12}, {3, 26}} {
		got, save := budgetRun(t, tt.workers, 60, 40, budget, tt.restoreAt)
		for f := range want {
			if got[f] != want[f] {
				t.Errorf("%d workers, restored at %d: %s\nwant %s", tt.workers, tt.restoreAt, got[f], want[f])
				break
			}
		}
		if string(save) != string(wantSave) {
			t.Errorf("%d workers, restored at %d: the agents end in other states", tt.workers, tt.restoreAt)
		}
	}
}

// Under a budget no agent due waits more than MaxDelay frames; the agents
// of lower priority go first; and each frame's work keeps to the budget
// but for its first wave's first agent and the agents forced.
func TestBudgetFair(t *testing.T) {
	tree := campTree(t)
	agents, camps := campAgents(t, tree, 30)
	for i := range camps {
		camps[i].Alert = true
	}
	crowd := bt.NewCrowd(tree, 2)
	warm := func() {
		if err := crowd.Tick(agents, camps, time.Second/10); err != nil {
			t.Fatal(err)
		}
	}
	warm() // every agent plans once: its work is known
	perTick := agents[0].Work()
	budget := bt.Budget{Work: 8 * perTick, MaxDelay: 2, Priority: func(i int) float64 { return -float64(i) }}
	if err := crowd.SetBudget(budget); err != nil {
		t.Fatal(err)
	}
	last := make([]int, len(agents))
	for f := 1; f <= 20; f++ {
		before := make([]int, len(camps))
		for i := range camps {
			before[i] = camps[i].Ticks
		}
		warm()
		r := crowd.Report()
		if f == 1 {
			var first []int
			for i := range camps {
				if camps[i].Ticks != before[i] {
					first = append(first, i)
				}
			}
			if len(first) == 0 || first[0] < 20 {
				t.Errorf("frame 1 ticked %v: want the highest indices first (their priority is lowest)", first)
			}
		}
		if int(r.Work) > budget.Work+(r.Forced+1)*perTick {
			t.Errorf("frame %d: work %d, over a budget of %d with %d forced", f, r.Work, budget.Work, r.Forced)
		}
		if len(r.Deferred)+r.Ticked != r.Due || r.Due != len(agents) {
			t.Errorf("frame %d: %+v", f, *r)
		}
		for i := range camps {
			if camps[i].Ticks != before[i] {
				if f-last[i] > budget.MaxDelay+1 {
					t.Errorf("agent %d waited %d frames", i, f-last[i]-1)
				}
				last[i] = f
			}
		}
	}
}

// A priority that is not a number ranks last, after every number, so
// that an agent whose priority the game could not work out (a distance
// of 0/0) does not go before those it could.
func TestBudgetNaNPriorityLast(t *testing.T) {
	tree := campTree(t)
	agents, camps := campAgents(t, tree, 30)
	for i := range camps {
		camps[i].Alert = true
	}
	crowd := bt.NewCrowd(tree, 2)
	if err := crowd.Tick(agents, camps, time.Second/10); err != nil {
		t.Fatal(err)
	}
	priority := func(i int) float64 {
		if i < 20 {
			return math.NaN()
		}
		return float64(i)
	}
	if err := crowd.SetBudget(bt.Budget{Work: 8 * agents[0].Work(), MaxDelay: 2, Priority: priority}); err != nil {
		t.Fatal(err)
	}
	before := make([]int, len(camps))
	for i := range camps {
		before[i] = camps[i].Ticks
	}
	if err := crowd.Tick(agents, camps, time.Second/10); err != nil {
		t.Fatal(err)
	}
	var ticked []int
	for i := range camps {
		if camps[i].Ticks != before[i] {
			ticked = append(ticked, i)
		}
	}
	if len(ticked) == 0 || len(ticked) > 10 || ticked[0] < 20 {
		t.Errorf("the frame ticked %v: want a few agents, all of them of a number's priority (20 and on)", ticked)
	}
}

// A planning spike (every agent alerted at once) that the budget has seen
// before is spread over frames: the spike's frames keep to the budget
// within a tenth, where without one the spike's frame does twice its work
// and more.
func TestBudgetSpike(t *testing.T) {
	tree := campTree(t)
	spike := func(budget int) []int64 {
		agents, camps := campAgents(t, tree, 60)
		crowd := bt.NewCrowd(tree, 2)
		if err := crowd.SetBudget(bt.Budget{Work: budget}); err != nil {
			t.Fatal(err)
		}
		var work []int64
		for f := range 30 {
			for i := range camps {
				camps[i].Alert = f == 0 || f >= 20 // planned once, calm, then every agent at once
			}
			if err := crowd.Tick(agents, camps, time.Second/10); err != nil {
				t.Fatal(err)
			}
			work = append(work, crowd.Report().Work)
		}
		return work
	}
	free := spike(0)
	calm, peak := free[10], free[20]
	const budget = 700 // a calm frame does 5 work an agent, the spike's 26
	if peak < 2*budget || calm > budget/2 {
		t.Fatalf("without a budget: calm frames %d, the spike %d: the test tests little", calm, peak)
	}
	for f, w := range spike(budget)[10:] {
		if w > budget+budget/10 {
			t.Errorf("frame %d: work %d over a budget of %d", f+10, w, budget)
		}
	}
}

// An alert that is news, heard once (each agent plans at its next tick,
// then calms down), under a budget with a priority: the agents the spike's
// frame deferred still have their planning to do, though their last ticks
// were calm, and the frames after the spike keep to the budget within a
// tenth too, while the agents of lower priority, ticked first again, are
// calm and cheap.
func TestBudgetAfterSpike(t *testing.T) {
	tree := campTree(t)
	agents, camps := campAgents(t, tree, 60)
	crowd := bt.NewCrowd(tree, 2)
	const budget = 400
	if err := crowd.SetBudget(bt.Budget{Work: budget, MaxDelay: 8, Priority: func(i int) float64 { return float64(i) }}); err != nil {
		t.Fatal(err)
	}
	var work []int64
	for f := range 40 {
		before := make([]int, len(camps))
		for i := range camps {
			before[i] = camps[i].Ticks
			if f == 0 || f == 20 {
				camps[i].Alert = true // every agent at once
			}
		}
		if err := crowd.Tick(agents, camps, time.Second/10); err != nil {
			t.Fatal(err)
		}
		for i := range camps {
			if camps[i].Ticks != before[i] {
				camps[i].Alert = false // heard
			}
		}
		work = append(work, crowd.Report().Work)
	}
	if slices.Max(work[20:]) <= work[30] {
		t.Fatalf("the frames after the spike did no more than calm ones: the test tests little: %v", work)
	}
	for f, w := range work[10:] {
		if w > budget+budget/10 {
			t.Errorf("frame %d: work %d over a budget of %d; every frame's work: %v", f+10, w, budget, work)
		}
	}
}

// A frame with a budget allocates nothing once warm, with any number of
// workers.
func TestBudgetAllocatesNothing(t *testing.T) {
	tree := campTree(t)
	for _, workers := range []int{1, 2, 4} {
		agents, camps := campAgents(t, tree, 100)
		for i := range camps {
			camps[i].Alert = i%2 == 0
		}
		crowd := bt.NewCrowd(tree, workers)
		if err := crowd.SetBudget(bt.Budget{Work: 500, Priority: func(i int) float64 { return float64(i % 7) }}); err != nil {
			t.Fatal(err)
		}
		tick := func() {
			if err := crowd.Tick(agents, camps, time.Second/60); err != nil {
				t.Fatal(err)
			}
		}
		for range 5 {
			tick()
		}
		if allocs := testing.AllocsPerRun(50, tick); allocs != 0 {
			t.Errorf("%d workers: a frame allocated %v times", workers, allocs)
		}
	}
}

// RunFrame calls its function for every agent, due or not, so that the
// game acts for every agent every frame; a budget's deferred agents are
// called not due.
func TestRunFrameCallsEveryAgent(t *testing.T) {
	tree := campTree(t)
	agents, camps := campAgents(t, tree, 40)
	for i, a := range agents {
		if i%2 == 0 {
			if err := a.SetRate(2); err != nil {
				t.Fatal(err)
			}
		}
		camps[i].Alert = true
	}
	crowd := bt.NewCrowd(tree, 2)
	if err := crowd.SetBudget(bt.Budget{Work: 200}); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		// Only agent i's worker writes called[i] and due[i].
		called, due := make([]int, len(agents)), make([]bool, len(agents))
		err := crowd.RunFrame(agents, time.Second/30, func(w *bt.Worker[camp], i int, isDue bool) error {
			called[i]++
			due[i] = isDue
			if !isDue {
				return nil
			}
			_, err := w.Tick(agents[i], &camps[i], time.Second/30)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, n := range called {
			if n != 1 {
				t.Fatalf("agent %d called %d times", i, n)
			}
		}
		r := crowd.Report()
		if r.Ticked+len(r.Deferred) != r.Due || r.Agents != len(agents) {
			t.Errorf("report %+v", *r)
		}
		if n := countTrue(due); n != r.Ticked {
			t.Errorf("called due %d times; the report says %d ticked", n, r.Ticked)
		}
	}
}

// A budget of negative work or delay is refused.
func TestSetBudgetRefused(t *testing.T) {
	crowd := bt.NewCrowd(campTree(t), 1)
	for _, b := range []bt.Budget{{Work: -1}, {MaxDelay: -1}} {
		if err := crowd.SetBudget(b); err == nil {
			t.Errorf("%+v accepted", b)
		}
	}
	var zero bt.Crowd[camp]
	if err := zero.SetBudget(bt.Budget{}); err != bt.ErrNotBuilt {
		t.Errorf("a zero crowd: %v", err)
	}
}

// An agent's schedule is saved with it, in both forms: its rate and
// where it stands in it, its sleep and its timer, news not yet heard, the
// time it owes, the frames a budget deferred it, its work. A schedule no
// agent can have is refused.
func TestScheduleSaved(t *testing.T) {
	tree := campTree(t)
	agents, camps := campAgents(t, tree, 3)
	crowd := bt.NewCrowd(tree, 1)
	if err := agents[0].SetRate(5); err != nil {
		t.Fatal(err)
	}
	agents[1].Sleep(3 * time.Second)
	for range 2 {
		if err := crowd.Tick(agents, camps, time.Second/4); err != nil {
			t.Fatal(err)
		}
	}
	agents[2].Wake()
	for _, a := range agents {
		data, err := a.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		bin, err := a.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		for _, restore := range []func(b *bt.Agent[camp]) error{
			func(b *bt.Agent[camp]) error { return b.UnmarshalJSON(data) },
			func(b *bt.Agent[camp]) error { return b.UnmarshalBinary(bin) },
		} {
			b, _ := tree.NewAgent(99)
			if err := restore(b); err != nil {
				t.Fatal(err)
			}
			if again, _ := b.MarshalBinary(); string(again) != string(bin) {
				t.Errorf("restored, the agent saves other bytes:\n%s", data)
			}
			if b.Rate() != a.Rate() || b.Asleep() != a.Asleep() {
				t.Errorf("restored: rate %d, asleep %v; saved: rate %d, asleep %v", b.Rate(), b.Asleep(), a.Rate(), a.Asleep())
			}
		}
	}
	data, _ := agents[1].MarshalJSON()
	for _, want := range []string{`"schedule":{`, `"skipped":"500ms"`, `"asleep":true`, `"alarm":"3s"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the JSON form lacks %s:\n%s", want, data)
		}
	}
	for _, bad := range []struct{ old, new, why string }{
		{`"asleep":true`, `"asleep":false`, "an alarm while awake"},
		{`"skipped":"500ms"`, `"skipped":"soon"`, `skipped "soon": not a duration`},
		{`"alarm":"3s"`, `"alarm":"3s","rate":4,"wait":4`, "a wait of 4 frames at a rate of 4"},
	} {
		changed := strings.Replace(string(data), bad.old, bad.new, 1)
		b, _ := tree.NewAgent(1)
		if err := b.UnmarshalJSON(resumJSON(changed)); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Errorf("%s: %v, want an error saying %q", bad.new, err, bad.why)
		}
	}
}

// countTrue counts the true values of bs.
func countTrue(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// lateOn passes from the agent's clock at a moment on: a constraint that
// reads the time a tick will see.
type lateOn time.Duration

func (l lateOn) Evaluate(s bt.Situation, _ *camp) (bt.Check, string) {
	if s.Now >= time.Duration(l) {
		return bt.Pass, ""
	}
	return bt.Fail, "too soon"
}

// A preview of an agent a crowd passed over sees the time its tick will
// take, the frames passed over included, as the tick does: it saw only
// its own step, and previewed another way than the tick went.
func TestPreviewTakesTheTimePassedOver(t *testing.T) {
	b := bt.New[camp]()
	tree, err := bt.Build(bt.Config[camp]{},
		b.Priority("when",
			b.Do("late", bt.Instant(func(c *camp) bool { c.Gained = 2; return true }, nil)).Constrain(lateOn(350*time.Millisecond)),
			b.Do("early", bt.Instant(func(c *camp) bool { c.Gained = 1; return true }, nil))))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := tree.NewAgent(1)
	if err := a.SetRate(2); err != nil {
		t.Fatal(err)
	}
	crowd := bt.NewCrowd(tree, 1)
	c := make([]camp, 1)
	const frame = 100 * time.Millisecond
	for f := 0; ; f++ { // until a frame passes it over
		before := a.Now()
		if err := crowd.Tick([]*bt.Agent[camp]{a}, c, frame); err != nil {
			t.Fatal(err)
		}
		if a.Now() == before && before > 0 {
			break
		}
		if f > 4 {
			t.Fatalf("no frame passed the agent over: its clock is %v", a.Now())
		}
	}
	p, err := a.Preview(&c[0], frame)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Tick(&c[0], frame); err != nil {
		t.Fatal(err)
	}
	ran := map[int]string{1: "when/early", 2: "when/late"}[c[0].Gained]
	if len(p.Path) == 0 || p.Path[len(p.Path)-1] != ran {
		t.Errorf("previewed %v at %v; the tick ran %s", p.Path, a.Now(), ran)
	}
}

// An agent set back to a rate of 1 is the agent never given a rate: it
// saves the same bytes, where it saved "a rate of 1" beside a fresh
// agent's none.
func TestRateOneHasOneForm(t *testing.T) {
	tree := campTree(t)
	fresh, _ := tree.NewAgent(1)
	back, _ := tree.NewAgent(1)
	if err := back.SetRate(4); err != nil {
		t.Fatal(err)
	}
	if err := back.SetRate(1); err != nil {
		t.Fatal(err)
	}
	a, _ := fresh.MarshalBinary()
	b, _ := back.MarshalBinary()
	if string(a) != string(b) {
		t.Errorf("set back to a rate of 1, the agent saves %x; never given one, %x", b, a)
	}
}
