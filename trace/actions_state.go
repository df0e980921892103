package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/heuristic"
)

// MarshalJSON returns what a has followed of its tree: each selector's
// latest decision, and each planner's latest plan with how far along it
// its actions have begun. A report names the alternatives of decisions
// made ticks before the action it reports, so a game saved while its
// actions are reported keeps this beside its agent's state, and has a
// new Actions of the same tree take it (UnmarshalJSON) when it loads:
// the restored agent's actions are then reported as the saved agent's
// would have been, alternatives and places in plans alike. Selectors and
// planners come in the order of their paths.
func (a *Actions) MarshalJSON() ([]byte, error) {
	s := actionsState{Decisions: []savedDecision{}, Plans: []savedPlan{}}
	for _, path := range slices.Sorted(maps.Keys(a.latest)) {
		d := a.latest[path]
		sd := savedDecision{Selector: path, Chosen: d.Chosen, Candidates: []savedCandidate{}}
		if d.Why != 0 {
			sd.Why = d.Why.String()
		}
		for _, c := range d.Candidates {
			sd.Candidates = append(sd.Candidates, savedCandidate{Name: c.Name, Outcome: c.Verdict.Outcome, Reason: c.Verdict.Reason})
		}
		s.Decisions = append(s.Decisions, sd)
	}
	for _, path := range slices.Sorted(maps.Keys(a.plans)) {
		p := a.plans[path]
		s.Plans = append(s.Plans, savedPlan{Planner: path, Steps: nonNil(p.steps), Next: p.next,
			Record: p.plan.Record, Methods: nonNil(p.plan.Methods)})
	}
	return json.Marshal(s)
}

// UnmarshalJSON has a take up what MarshalJSON returned of an Actions of
// the same tree: from then on, a reports as that one would have. A state
// that cannot be an Actions' (a choice or a place in a plan out of range,
// an outcome or a reason for a choice that does not exist, a selector or
// planner twice) is an error, and leaves a as it was.
func (a *Actions) UnmarshalJSON(data []byte) error {
	var s actionsState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return fmt.Errorf("trace: an Actions' state: %v", err)
	}
	latest := make(map[string]*bt.Decision, len(s.Decisions))
	for _, sd := range s.Decisions {
		d, err := sd.decision()
		if err == nil && latest[sd.Selector] != nil {
			err = errors.New("twice")
		}
		if err != nil {
			return fmt.Errorf("trace: an Actions' state: the decision of %q: %v", sd.Selector, err)
		}
		latest[sd.Selector] = d
	}
	plans := make(map[string]*planned, len(s.Plans))
	for _, sp := range s.Plans {
		var err error
		switch {
		case plans[sp.Planner] != nil:
			err = errors.New("twice")
		case sp.Next < 0 || sp.Next > len(sp.Steps):
			err = fmt.Errorf("next step %d of %d", sp.Next, len(sp.Steps))
		}
		if err != nil {
			return fmt.Errorf("trace: an Actions' state: the plan of %q: %v", sp.Planner, err)
		}
		pl := &planned{steps: sp.Steps, next: sp.Next}
		pl.plan.Record, pl.plan.Methods = sp.Record, sp.Methods
		plans[sp.Planner] = pl
	}
	a.latest, a.plans = latest, plans
	return nil
}

// actionsState is an Actions' state in JSON.
type actionsState struct {
	Decisions []savedDecision `json:"decisions"`
	Plans     []savedPlan     `json:"plans"`
}

type savedDecision struct {
	Selector   string           `json:"selector"`
	Chosen     int              `json:"chosen"` // -1 for nothing
	Why        string           `json:"why,omitempty"`
	Candidates []savedCandidate `json:"candidates"`
}

type savedCandidate struct {
	Name    string            `json:"name"`
	Outcome heuristic.Outcome `json:"outcome"`
	Reason  string            `json:"reason,omitempty"`
}

// A savedPlan's Record is null for a planner that does not plan by
// method, which a report tells apart from an HTN's record.
type savedPlan struct {
	Planner string   `json:"planner"`
	Steps   []string `json:"steps"`
	Next    int      `json:"next"` // the first step not yet begun
	Record  []int    `json:"record"`
	Methods []string `json:"methods"`
}

// decision checks a saved decision and returns it.
func (sd *savedDecision) decision() (*bt.Decision, error) {
	d := &bt.Decision{Selector: sd.Selector, Chosen: sd.Chosen}
	if sd.Chosen < -1 || sd.Chosen >= len(sd.Candidates) {
		return nil, fmt.Errorf("choice %d of %d candidates", sd.Chosen, len(sd.Candidates))
	}
	if sd.Why != "" {
		if d.Why = parseWhy(sd.Why); d.Why == 0 {
			return nil, fmt.Errorf("no reason for a choice is called %q", sd.Why)
		}
	}
	for _, c := range sd.Candidates {
		if !c.Outcome.Valid() {
			return nil, fmt.Errorf("candidate %q: outcome %v", c.Name, c.Outcome)
		}
		d.Candidates = append(d.Candidates, bt.Candidate{Name: c.Name, Verdict: heuristic.Verdict{Outcome: c.Outcome, Reason: c.Reason}})
	}
	return d, nil
}

// parseWhy returns the reason for a choice that String names s, or 0.
func parseWhy(s string) bt.Why {
	for w := bt.Why(1); !strings.HasPrefix(w.String(), "Why("); w++ {
		if w.String() == s {
			return w
		}
	}
	return 0
}

// nonNil returns s, or an empty slice for nil, which JSON writes as [].
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
