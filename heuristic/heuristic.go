package heuristic

// A Heuristic judges a prediction: given the memory before an action and
// the memory the action is predicted to leave, it returns how good the
// change is. It is the agent's current goal; it must only read its
// arguments.
//
// A heuristic that can say why it judged as it did also has a method
// Explain(before, after *M) Verdict, which gives the outcome with its
// reason (the rule that decided); a tree calls it in place of Judge, so
// that traces and previews name the rule. Rules has one.
type Heuristic[M any] interface {
	Judge(before, after *M) Outcome
}

// Func adapts an ordinary function to the Heuristic interface.
type Func[M any] func(before, after *M) Outcome

// Judge returns f(before, after).
func (f Func[M]) Judge(before, after *M) Outcome { return f(before, after) }

// A Verdict is an outcome together with the reason for it: the name of the
// heuristic rule that fired, or what else produced the outcome (a failed
// constraint, a floor). Reasons are short static strings, so passing a
// Verdict around never allocates.
type Verdict struct {
	Outcome Outcome
	Reason  string
}

// String formats the verdict as "Outcome (reason)", or just the outcome
// when there is no reason.
func (v Verdict) String() string {
	if v.Reason == "" {
		return v.Outcome.String()
	}
	return v.Outcome.String() + " (" + v.Reason + ")"
}
