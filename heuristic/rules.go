package heuristic

import (
	"errors"
	"fmt"
)

// A Rule is one line of an ordered heuristic, made by When or Match: it
// looks at the memory before and after and, when it applies, gives its
// outcome, with its name as the reason.
type Rule[M any] struct {
	name  string
	match func(before, after *M) (Outcome, bool)
}

// Match returns a rule that applies when match reports true, with the
// outcome match returns: for a rule whose outcome depends on the change
// ("Deadly at zero hit points, else Harmful").
func Match[M any](name string, match func(before, after *M) (Outcome, bool)) Rule[M] {
	return Rule[M]{name: name, match: match}
}

// When returns a rule that gives the fixed outcome o whenever cond holds.
func When[M any](name string, o Outcome, cond func(before, after *M) bool) Rule[M] {
	if cond == nil {
		return Rule[M]{name: name}
	}
	return Rule[M]{name: name, match: func(before, after *M) (Outcome, bool) {
		return o, cond(before, after)
	}}
}

// Rules is a heuristic written as an ordered rule list: the first rule that
// matches decides the outcome, and a default applies when none does. It
// reads like a design document, and Explain names the rule that fired.
type Rules[M any] struct {
	rules     []Rule[M]
	otherwise Verdict
}

// otherwiseReason is the reason given when no rule of a Rules heuristic
// matches.
const otherwiseReason = "otherwise"

// NewRules returns the heuristic that tries rules in order and falls back
// to the outcome otherwise. It reports every rule without a name or a
// match function, duplicate names, and invalid outcomes.
func NewRules[M any](otherwise Outcome, rules ...Rule[M]) (*Rules[M], error) {
	var errs []error
	if !otherwise.Valid() {
		errs = append(errs, fmt.Errorf("heuristic: default outcome %v is not valid", otherwise))
	}
	seen := make(map[string]bool, len(rules))
	for i, r := range rules {
		switch {
		case r.name == "":
			errs = append(errs, fmt.Errorf("heuristic: rule %d has no name", i+1))
		case seen[r.name]:
			errs = append(errs, fmt.Errorf("heuristic: rule %d: duplicate name %q", i+1, r.name))
		}
		seen[r.name] = true
		if r.match == nil {
			errs = append(errs, fmt.Errorf("heuristic: rule %d (%q) has no match function", i+1, r.name))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &Rules[M]{
		rules:     append([]Rule[M](nil), rules...),
		otherwise: Verdict{Outcome: otherwise, Reason: otherwiseReason},
	}, nil
}

// Judge returns the outcome of the first matching rule.
func (r *Rules[M]) Judge(before, after *M) Outcome { return r.Explain(before, after).Outcome }

// Explain returns the outcome of the first matching rule with the rule's
// name as the reason, or the default outcome with the reason "otherwise". A rule
// that returns an invalid outcome yields Impossible, so a bug in one rule
// can never produce a value outside the ordered set.
func (r *Rules[M]) Explain(before, after *M) Verdict {
	for i := range r.rules {
		rule := &r.rules[i]
		if o, ok := rule.match(before, after); ok {
			if !o.Valid() {
				o = Impossible
			}
			return Verdict{Outcome: o, Reason: rule.name}
		}
	}
	return r.otherwise
}
