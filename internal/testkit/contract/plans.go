package contract

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
)

// Foreseen checks the promise of Agent.Preview about planners against the
// trace of the tick that followed it, from a tree in which the nodes
// running were running: the plans the preview foresaw (Preview.Plans) are
// the plans the tick reports (bt.EventPlan) before it first acts (a leaf
// begins, a node finishes with an end other than an interruption, or a
// fault), in order and alike in every field. A tick that updates a
// running leaf (the preview's leaf runs) acts at once, and may report
// more after that than any preview can know: then what the preview
// foresaw need only begin what the tick reports.
func Foreseen(p bt.Preview, nodes []bt.NodeInfo, running map[string]bool, tick []Event) error {
	leaf := leaves(nodes)
	var reported []decide.Report
	for _, e := range tick {
		if e.Kind == bt.EventPlan && e.Plan != nil {
			reported = append(reported, *e.Plan)
		}
		if acts(e, leaf) {
			break
		}
	}
	if running[leafOf(p)] && len(reported) > len(p.Plans) {
		reported = reported[:len(p.Plans)]
	}
	for i := range max(len(reported), len(p.Plans)) {
		var got, want string
		if i < len(reported) {
			got = Describe(&reported[i])
		}
		if i < len(p.Plans) {
			want = Describe(&p.Plans[i])
		}
		if i >= len(reported) || i >= len(p.Plans) || !Same(&reported[i], &p.Plans[i]) {
			return fmt.Errorf("plan report %d of the tick is\n\t%s\nbut the preview foresaw\n\t%s\ntick:\n%s", i+1, orNone(got), orNone(want), Lines(tick))
		}
	}
	return nil
}

// Same reports whether two reports say the same in every field, taking
// an empty list for none.
func Same(a, b *decide.Report) bool {
	return a.Change == b.Change && a.Reason == b.Reason && a.Goal == b.Goal && a.Utility == b.Utility &&
		slices.Equal(a.Steps, b.Steps) && a.Cost == b.Cost && slices.Equal(a.Record, b.Record) &&
		slices.Equal(a.Methods, b.Methods) && a.Expanded == b.Expanded && slices.Equal(a.Rejected, b.Rejected)
}

// acts reports whether e is the tick acting: a leaf begins, a node
// finishes other than interrupted, or a fault. What a tick decides after
// it first acts, no preview can know.
func acts(e Event, leaf map[string]bool) bool {
	switch e.Kind {
	case bt.EventFault:
		return true
	case bt.EventEnd:
		return e.Status != bt.Running
	case bt.EventBegin:
		return leaf[e.Path]
	}
	return false
}

// leaves returns which nodes of a tree are leaves, by path.
func leaves(nodes []bt.NodeInfo) map[string]bool {
	leaf := make(map[string]bool, len(nodes))
	for _, n := range nodes {
		leaf[n.Path] = n.Children == 0
	}
	return leaf
}

// Describe formats a report on one line, every field that a preview and
// a tick must agree on, for messages.
func Describe(r *decide.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v (%s) %v", r.Change, r.Reason, r.Steps)
	if r.Goal != "" || r.Utility != 0 {
		fmt.Fprintf(&b, " goal %q (%g)", r.Goal, r.Utility)
	}
	if r.Cost != 0 {
		fmt.Fprintf(&b, " cost %g", r.Cost)
	}
	if r.Record != nil || r.Methods != nil {
		fmt.Fprintf(&b, " record %v %q", r.Record, r.Methods)
	}
	if r.Expanded != 0 {
		fmt.Fprintf(&b, " expanded %d", r.Expanded)
	}
	for _, x := range r.Rejected {
		fmt.Fprintf(&b, "; turned down %s: %s", x.Name, x.Reason)
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

// A Breach is a rule of the contract broken, and how.
type Breach struct {
	Rule   string // the rule, the same words every time it is broken
	Detail string // how it was broken this time
}

// Error returns "rule: detail".
func (b *Breach) Error() string { return b.Rule + ": " + b.Detail }

func breach(rule, format string, args ...any) *Breach {
	return &Breach{Rule: rule, Detail: fmt.Sprintf(format, args...)}
}

// A Follower follows one decider node's plans through its trace, event
// by event: what it plans (its bt.EventPlan reports; a selector's
// decisions, each a plan of one step), and how far its plan has run. It
// checks every report as it comes, and that the decider runs the plan it
// reported; and it knows the step the plan begins next (Due), and when
// each step last ended, so that a test can tell whether the world
// refuses a step the decider planned. A decider that neither reports nor
// decides is followed without checks.
type Follower struct {
	decider  string
	children []string                 // the decider's children, in order
	ended    map[string]time.Duration // when each child last ended
	running  map[string]bool
	planned  bool // the decider has planned: it reports, or decides
	plan     []string
	next     int       // the step of plan to begin next
	last     bt.Status // how plan[next-1] ended; 0 while it runs
}

// NewFollower returns a follower of the decider node at path decider of
// a tree whose nodes are nodes.
func NewFollower(nodes []bt.NodeInfo, decider string) *Follower {
	f := &Follower{decider: decider, ended: map[string]time.Duration{}, running: map[string]bool{}}
	for _, n := range nodes {
		if n.Parent == decider && n.Path != decider {
			f.children = append(f.children, n.Name)
		}
	}
	return f
}

// The rules a Follower checks.
const (
	RuleChange   = "a plan report's change is not one of package decide's"
	RuleStep     = "a plan report names a step that is not a child of the decider"
	RuleKept     = "a kept plan is not what remains of the running plan"
	RuleNoPlan   = "a report of no plan has steps"
	RuleRecord   = "a plan report's record and methods differ in length"
	RuleRunsPlan = "the decider began a step that its plan does not have next"
)

// See takes the next event of the trace, and returns the first rule it
// breaks, if any.
func (f *Follower) See(e Event) *Breach {
	child, ok := strings.CutPrefix(e.Path, f.decider+"/")
	if ok && strings.Contains(child, "/") {
		return nil // deeper: a step's own business
	}
	switch {
	case e.Kind == bt.EventPlan && e.Path == f.decider && e.Plan != nil:
		return f.report(e.Plan)
	case e.Kind == bt.EventDecision && e.Selector == f.decider:
		f.planned = true
		if e.Chosen == "" {
			f.adopt(nil)
		} else {
			f.adopt([]string{e.Chosen})
		}
	case e.Kind == bt.EventEnd && e.Path == f.decider:
		f.plan = nil // a decider forgets its plan when it ends
	case e.Kind == bt.EventBegin && ok:
		f.running[child] = true
		switch {
		case f.next < len(f.plan) && f.plan[f.next] == child:
			f.next++
			f.last = 0
		case f.planned:
			return breach(RuleRunsPlan, "it began %s, and %s", child, f.describe())
		}
	case e.Kind == bt.EventEnd && ok:
		delete(f.running, child)
		f.ended[child] = e.Time
		if f.next > 0 && f.next <= len(f.plan) && f.plan[f.next-1] == child {
			f.last = e.Status
		}
	}
	return nil
}

// report checks a report of the decider's and follows the plan it
// reports, even a report that breaks a rule, so that one breach is
// reported once, not again at every step that follows it.
func (f *Follower) report(r *decide.Report) *Breach {
	f.planned = true
	var b *Breach
	switch {
	case r.Change < decide.Made || r.Change > decide.OutOfBudget:
		b = breach(RuleChange, "%s", Describe(r))
	case len(r.Record) != len(r.Methods):
		b = breach(RuleRecord, "record %v, methods %q", r.Record, r.Methods)
	}
	for _, s := range r.Steps {
		if b == nil && !slices.Contains(f.children, s) {
			b = breach(RuleStep, "%q in %s (its children: %v)", s, Describe(r), f.children)
		}
	}
	switch r.Change {
	case decide.None, decide.OutOfBudget:
		if b == nil && len(r.Steps) > 0 {
			b = breach(RuleNoPlan, "%s", Describe(r))
		}
		f.adopt(nil)
	case decide.Kept:
		if rest := f.remains(); b == nil && (f.plan == nil || !slices.Equal(r.Steps, rest)) {
			b = breach(RuleKept, "it kept %v, but %s", r.Steps, f.describe())
		}
	default:
		f.adopt(r.Steps)
	}
	return b
}

// adopt makes steps the running plan. A plan that begins with the step
// under way goes on with it.
func (f *Follower) adopt(steps []string) {
	f.plan, f.next, f.last = slices.Clone(steps), 0, 0
	if len(steps) > 0 && f.running[steps[0]] {
		f.next = 1
	}
}

// remains returns what remains of the running plan: from the step under
// way, or from the next if none is.
func (f *Follower) remains() []string {
	if f.next > 0 && f.next <= len(f.plan) && f.running[f.plan[f.next-1]] {
		return f.plan[f.next-1:]
	}
	return f.plan[min(f.next, len(f.plan)):]
}

// describe says where the plan stands, for messages.
func (f *Follower) describe() string {
	switch {
	case f.plan == nil:
		return "no plan runs"
	case f.next >= len(f.plan) && !f.running[f.plan[len(f.plan)-1]]:
		return fmt.Sprintf("its plan %v has run every step", f.plan)
	}
	return fmt.Sprintf("%v remains of its plan %v", f.remains(), f.plan)
}

// Due returns the step the running plan begins next, when it is due: the
// plan has just been made or its last step succeeded, and the step has
// not begun.
func (f *Follower) Due() (string, bool) {
	if f.next >= len(f.plan) || f.next > 0 && (f.last != bt.Success || f.running[f.plan[f.next-1]]) {
		return "", false
	}
	return f.plan[f.next], true
}

// Plan returns the running plan, for messages; nil when none runs.
func (f *Follower) Plan() []string { return f.plan }

// LastEnd returns when the decider's child named step last ended, and
// false when it never ran.
func (f *Follower) LastEnd(step string) (time.Duration, bool) {
	t, ok := f.ended[step]
	return t, ok
}

// leafOf returns the node a preview's tick would run: the last of its
// path.
func leafOf(p bt.Preview) string {
	if len(p.Path) == 0 {
		return ""
	}
	return p.Path[len(p.Path)-1]
}
