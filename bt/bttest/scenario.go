package bttest

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/memory"
)

// A Scenario is a moment of a game to test a tree's decisions on:
// "given this memory, the tree chooses X because Y". Make one with
// Given, set it with its methods, and ask Chooses:
//
//	err := bttest.Given(tree, Guard{Sees: true, Distance: 4}).Chooses("chase", "closer to the intruder")
//
// A scenario previews the tick (bt.Agent.Preview) of a fresh agent of
// the tree on a copy of the memory: nothing runs and the memory given is
// never changed, and the decisions are exactly those the tick would
// make. Selectors, priorities and planner nodes all count: a selector's
// or a priority's choice is the child it picks; a planner's is its plan,
// named by its first step or by its steps joined with " → ".
type Scenario[M any] struct {
	tree   *bt.Tree[M]
	memory M
	seed   uint64
	step   time.Duration
	before func(a *bt.Agent[M], m *M) error
}

// Given returns a scenario of tree deciding on memory m, for an agent of
// seed 1, previewing a tick of no time step. The scenario keeps a copy
// of m, made as the tree copies memories (Config.Copy), and each question
// asked of it starts from a fresh copy of that.
func Given[M any](tree *bt.Tree[M], m M) *Scenario[M] {
	return &Scenario[M]{tree: tree, memory: copyOf(tree, &m), seed: 1}
}

// copyOf returns a copy of m made as tree copies memories (its
// Config.Copy), so that what a scenario's ticks write stays in the
// scenario's own copy.
func copyOf[M any](tree *bt.Tree[M], m *M) M {
	var c M
	if cp, _ := memory.TreeCopy(tree).(func(dst, src *M)); cp != nil {
		cp(&c, m)
	} else {
		c = *m
	}
	return c
}

// Seed sets the agent's seed (random selectors, chances). It returns s.
func (s *Scenario[M]) Seed(seed uint64) *Scenario[M] {
	s.seed = seed
	return s
}

// Step sets the time step of the tick previewed, which cooldowns and
// re-planning intervals see. It returns s.
func (s *Scenario[M]) Step(dt time.Duration) *Scenario[M] {
	s.step = dt
	return s
}

// After has the agent brought to the moment by before, which may tick
// it (on its own memory, or on the scenario's, which it may change):
// an agent with an action under way, a plan made, a cooldown started.
// It returns s.
func (s *Scenario[M]) After(before func(a *bt.Agent[M], m *M) error) *Scenario[M] {
	s.before = before
	return s
}

// Chooses checks that the tree chooses choice, for a reason that
// contains because ("" for any reason). choice is a node's path
// ("guard/chase") or its name ("chase"), or for a planner node the
// first step of its plan or its steps joined with " → "; an empty
// choice, which names nothing, is an error. The reason is the chosen
// candidate's verdict, its outcome and reason ("Beneficial (closer)"),
// or for a plan the report's reason, goal or methods ("[attack/slam]").
//
// It returns nil when some decision of the tick chooses so, and
// otherwise an error that shows every decision: each selector's and
// priority's candidates with their verdicts, the one chosen marked, and
// each planner node's plan with what it turned down, each by its node's
// path.
func (s *Scenario[M]) Chooses(choice, because string) error {
	if choice == "" {
		return errors.New(`bttest: Chooses of an empty option: name a node ("guard/chase" or "chase"), or a planner's first step`)
	}
	p, err := s.preview()
	if err != nil {
		return err
	}
	for _, d := range p.Decisions {
		if c, ok := d.Choice(); ok && named(d.Selector+"/"+c.Name, choice) &&
			strings.Contains(c.Verdict.String(), because) {
			return nil
		}
	}
	for _, r := range p.Plans {
		if len(r.Steps) > 0 && (r.Steps[0] == choice || strings.Join(r.Steps, " → ") == choice) &&
			(strings.Contains(r.Reason, because) || strings.Contains(r.Goal, because) || strings.Contains(r.Path(), because)) {
			return nil
		}
	}
	want := choice
	if because != "" {
		want += fmt.Sprintf(" because %q", because)
	}
	return fmt.Errorf("bttest: want %s, but %s", want, explain(p))
}

// preview previews the scenario's tick.
func (s *Scenario[M]) preview() (*bt.Preview, error) {
	if s.tree == nil {
		return nil, errors.New("bttest: a scenario of a nil tree")
	}
	a, err := s.tree.NewAgent(s.seed)
	if err != nil {
		return nil, err
	}
	m := copyOf(s.tree, &s.memory)
	if s.before != nil {
		if err := s.before(a, &m); err != nil {
			return nil, fmt.Errorf("bttest: bringing the agent to the moment: %w", err)
		}
	}
	p, err := a.Preview(&m, s.step)
	if err != nil {
		return nil, fmt.Errorf("bttest: preview: %w", err)
	}
	return &p, nil
}

// named reports whether the node at path is the choice: its path, or
// its name.
func named(path, choice string) bool {
	return path == choice || path[strings.LastIndexByte(path, '/')+1:] == choice
}

// explain says what the tick would decide: every decision, with its
// candidates, and every plan.
func explain(p *bt.Preview) string {
	if len(p.Decisions) == 0 && len(p.Plans) == 0 {
		return fmt.Sprintf("the tick decides nothing: it goes on with %s", strings.Join(p.Path, " → "))
	}
	var b strings.Builder
	b.WriteString("the tick decides:")
	for _, d := range p.Decisions {
		choice := "nothing"
		if c, ok := d.Choice(); ok {
			choice = c.Name
		}
		fmt.Fprintf(&b, "\n  %s chose %s (%s):", d.Selector, choice, d.Why)
		width := 0
		for _, c := range d.Candidates {
			width = max(width, len(c.Name))
		}
		for i, c := range d.Candidates {
			mark := " "
			if i == d.Chosen {
				mark = "*"
			}
			fmt.Fprintf(&b, "\n    %s %-*s  %v", mark, width, c.Name, c.Verdict)
		}
	}
	for i, r := range p.Plans {
		b.WriteString("\n  " + plan(p.Planners[i], &r))
	}
	return b.String()
}

// plan says what the planner node at path will do: its change of plan and
// why, and the steps; then what it turned down.
func plan(path string, r *decide.Report) string {
	s := path + ": plan " + r.Change.String()
	if path := r.Path(); path != "" {
		s += " " + path
	}
	if r.Goal != "" {
		s += " for " + r.Goal
	}
	if r.Reason != "" {
		s += ": " + r.Reason
	}
	if len(r.Steps) > 0 {
		s += "\n    steps: " + strings.Join(r.Steps, " → ")
	}
	for _, x := range r.Rejected {
		s += "\n    not " + x.Name + ": " + x.Reason
	}
	return s
}
