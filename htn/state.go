package htn

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/engine/paths"
)

// maxHooked bounds the domains a restored plan's rest is looked for in
// (see findHooked): hooks that build a new domain at every call would
// otherwise lead the search on without end.
const maxHooked = 64

// A hookedRest is what a restored plan knows of a segment of its rest
// that lies in a sub-domain a slot was filled with: the sub-domain's root
// task and the segment's tasks, by name ("" for a pause). A domain cannot
// be saved, so the segment's is found again when the plan gets to its
// pause (see rehook). root is "" for a segment of the runner's own
// domain, which the restore found at once.
type hookedRest struct {
	root  string
	tasks []string
}

// SaveState saves the running plan (see bt.StateWriter): its steps, by
// name, and the step under way; its record and the paths of the methods
// it took, which rank it against the plans made beside it and say it in
// reports; how much of the record its planning from the root made; and,
// at a pause, the rest of the agenda to plan, each segment by its tasks'
// names and, where a slot's sub-domain holds it, that domain's root
// task's name. And when the runner last planned beside the plan, which
// Replan's interval counts from.
//
// The permanent effects of the methods the plan took (Builder.Commit) are
// not saved: they are applied when the plan is adopted, and never again.
// Nor is anything of a planning (candidates, choices, reports), which
// each planning makes afresh.
func (r *runner[M]) SaveState(w *bt.StateWriter) {
	p := &r.run
	w.Int("planned", int64(r.planned))
	w.Int("steps", int64(len(p.steps)))
	for _, k := range p.steps {
		w.String("step", r.name(k))
	}
	w.Int("pos", int64(r.pos))
	w.Ints("record", p.record)
	for _, path := range p.via {
		w.String("method", path)
	}
	w.Int("root", int64(p.root))
	w.Bool("paused", p.paused)
	w.Int("rest", int64(len(p.rest)))
	for i := range p.rest {
		r.saveSegment(w, p, i)
	}
}

// saveSegment saves segment i of p's rest: the root task of the
// sub-domain it lies in ("" for the runner's own), and its tasks by name
// ("" for a pause).
func (r *runner[M]) saveSegment(w *bt.StateWriter, p *plan[M], i int) {
	seg := &p.rest[i]
	if seg.d == nil { // restored, and not yet found again
		h := &p.hooked[i]
		w.String("subdomain", h.root)
		w.Int("tasks", int64(len(h.tasks)))
		for _, name := range h.tasks {
			w.String("task", name)
		}
		return
	}
	root := ""
	if seg.d != r.d {
		root = seg.d.rootName()
	}
	w.String("subdomain", root)
	w.Int("tasks", int64(len(seg.steps)))
	for _, s := range seg.steps {
		name := ""
		if s.task != pause {
			name = seg.d.tasks[s.task].name
		}
		w.String("task", name)
	}
}

// RestoreState restores what SaveState saved, checking it against the
// runner's domain, which may be an edited one (see bt.Agent.Reload): each
// step must be one of its runner's, each task of the rest one of its
// tasks. A segment of the rest that lay in a slot's sub-domain is found
// again when the plan gets to its pause (see the Runner's doc). It
// returns an error for a state that does not fit, and then changes
// nothing.
func (r *runner[M]) RestoreState(sr *bt.StateReader) error {
	var p plan[M]
	planned := time.Duration(sr.Int("planned"))
	n, err := readCount(sr, "steps")
	if err != nil {
		return err
	}
	for range n {
		name := sr.String("step")
		if err := sr.Err(); err != nil {
			return err
		}
		k, ok := r.d.stepNamed(name)
		if !ok {
			return fmt.Errorf("the step %q: an action the domain does not run", name)
		}
		p.steps = append(p.steps, k)
	}
	pos := sr.Int("pos")
	p.record = sr.Ints("record", nil)
	for range p.record {
		path := sr.String("method")
		if err := sr.Err(); err != nil {
			return err
		}
		if task, method, ok := strings.Cut(path, "/"); !ok || task == "" || method == "" || strings.Contains(method, "/") {
			return fmt.Errorf("the method %q: not a method's path (task/method)", path)
		}
		p.via = append(p.via, path)
	}
	root := sr.Int("root")
	p.paused = sr.Bool("paused")
	if err := r.restoreRest(sr, &p); err != nil {
		return err
	}
	if err := sr.Err(); err != nil {
		return err
	}
	switch {
	case planned < 0:
		return fmt.Errorf("planned at %v", planned)
	case pos < 0 || pos > int64(len(p.steps)):
		return fmt.Errorf("the step under way is step %d of %d", pos, len(p.steps))
	case len(p.via) > 0 && !strings.HasPrefix(p.via[0], r.d.rootName()+"/"):
		// Every plan decomposes the root first: another root is another
		// domain's plan.
		return fmt.Errorf("a plan of %s, not of the root task %q", p.via[0], r.d.rootName())
	case root < 0 || root > int64(len(p.record)) || (root == 0) != (len(p.record) == 0):
		// The root is decomposed first: what the planning from the root
		// made is at least its method.
		return fmt.Errorf("%d of a record of %d made from the root", root, len(p.record))
	case len(p.record) == 0 && (len(p.steps) > 0 || p.paused):
		return errors.New("a plan with no record: no method made it")
	case slices.ContainsFunc(p.record, func(k int) bool { return k < 0 || k > math.MaxInt32 }):
		return fmt.Errorf("the record %v: a method's place out of range", p.record)
	case p.paused != (len(p.rest) > 0):
		return fmt.Errorf("paused %v, with %d segments to plan after the pause", p.paused, len(p.rest))
	}
	p.root = int(root)
	r.run, r.pos, r.planned = p, int(pos), planned
	return nil
}

// readCount reads how many of something follow.
func readCount(sr *bt.StateReader, name string) (int, error) {
	n := sr.Int(name)
	if err := sr.Err(); err != nil {
		return 0, err
	}
	if n < 0 || n > math.MaxInt32 {
		return 0, fmt.Errorf("%s: %d", name, n)
	}
	return int(n), nil
}

// restoreRest reads the rest of a paused plan into p: the segments of
// the runner's domain with their tasks, those of a slot's sub-domain by
// name, in p.hooked, to be found again at the pause (see rehook).
func (r *runner[M]) restoreRest(sr *bt.StateReader, p *plan[M]) error {
	n, err := readCount(sr, "rest")
	if err != nil {
		return err
	}
	hooked := false
	for i := range n {
		h, err := readSegment(sr, i == 0)
		if err != nil {
			return fmt.Errorf("segment %d of the rest: %w", i+1, err)
		}
		seg := segment[M]{next: -1, trial: -1}
		if h.root == "" {
			if seg.steps, err = resolveTasks(r.d, h.tasks); err != nil {
				return fmt.Errorf("segment %d of the rest: %w", i+1, err)
			}
			seg.d, h.tasks = r.d, nil
		}
		hooked = hooked || h.root != ""
		p.rest = append(p.rest, seg)
		p.hooked = append(p.hooked, h)
	}
	if !hooked {
		p.hooked = nil
	}
	return nil
}

// readSegment reads a segment of a paused plan's rest, checking that its
// pauses are where a domain's methods may hold them: between two tasks,
// or, but in the first segment, before a task (the rest of a method
// whose task was decomposed just before a pause).
func readSegment(sr *bt.StateReader, first bool) (hookedRest, error) {
	h := hookedRest{root: sr.String("subdomain")}
	n, err := readCount(sr, "tasks")
	if err != nil {
		return h, err
	}
	if h.root != "" {
		if err := paths.CheckName("a domain's root task", h.root); err != nil {
			return h, err
		}
	}
	for k := range n {
		name := sr.String("task")
		if err := sr.Err(); err != nil {
			return h, err
		}
		pauseBefore := k > 0 && h.tasks[k-1] == ""
		switch {
		case name == "" && (k == 0 && first || k == n-1 || pauseBefore):
			return h, errors.New("a pause that separates nothing")
		case name != "":
			if err := paths.CheckName("a task", name); err != nil {
				return h, err
			}
		}
		h.tasks = append(h.tasks, name)
	}
	if n == 0 {
		return h, errors.New("no task")
	}
	return h, nil
}

// resolveTasks returns the steps of an agenda of d's tasks, by name, ""
// for a pause.
func resolveTasks[M any](d *Domain[M], names []string) ([]step, error) {
	steps := make([]step, len(names))
	for k, name := range names {
		if name == "" {
			steps[k] = step{task: pause}
			continue
		}
		i, ok := d.taskNamed(name)
		if !ok {
			return nil, fmt.Errorf("the task %q: not a task of the domain %q", name, d.rootName())
		}
		steps[k] = step{task: i}
	}
	return steps, nil
}

// rehook returns the running plan's rest with the domain of every segment
// a restore left without one found again on m (see findHooked), or false
// when one is not found: the rest cannot be planned. Only a plan restored
// at a pause into a slot's sub-domain has such segments.
func (r *runner[M]) rehook(m *M) ([]segment[M], bool) {
	if len(r.run.hooked) == 0 {
		return r.run.rest, true
	}
	rest := slices.Clone(r.run.rest)
	for i := range rest {
		if rest[i].d != nil {
			continue
		}
		d, steps := r.findHooked(m, &r.run.hooked[i])
		if d == nil {
			r.reject(r.run.hooked[i].root, "the sub-domain the rest after the pause lies in: no slot is filled with it now")
			return nil, false
		}
		rest[i].d, rest[i].steps = d, steps
	}
	return rest, true
}

// findHooked finds the sub-domain a restored segment h lies in, on m: the
// first of the domains the slots of the runner's domain are filled with,
// and the slots of those in turn, in the order of their tasks, whose root
// task is h's and which has each of h's tasks. It returns nil when none
// is, among the first maxHooked domains.
func (r *runner[M]) findHooked(m *M, h *hookedRest) (*Domain[M], []step) {
	seen := []*Domain[M]{r.d}
	for i := 0; i < len(seen); i++ {
		for k := range seen[i].tasks {
			t := &seen[i].tasks[k]
			if t.kind != slot {
				continue
			}
			sub := t.hook(m)
			if !sub.usable() || sub.actions != r.d.actions || slices.Contains(seen, sub) {
				continue
			}
			if sub.rootName() == h.root {
				if steps, err := resolveTasks(sub, h.tasks); err == nil {
					return sub, steps
				}
			}
			if len(seen) == maxHooked {
				return nil, nil
			}
			seen = append(seen, sub)
		}
	}
	return nil, nil
}

// stepNamed returns the runner's child of the given name.
func (d *Domain[M]) stepNamed(name string) (int32, bool) {
	for k := range d.steps {
		if d.steps[k].name == name {
			return int32(k), true
		}
	}
	return 0, false
}

// taskNamed returns the domain's task of the given name.
func (d *Domain[M]) taskNamed(name string) (int32, bool) {
	for i := range d.tasks {
		if d.tasks[i].name == name {
			return int32(i), true
		}
	}
	return 0, false
}
