package heuristic

// For returns the constructors of this package whose arguments do not
// name the memory type, bound to M, so that a program spells the type
// once, as constraints.For and decorators.For do:
//
//	h := heuristic.For[World]()
//	idle, err := h.Rules(heuristic.Cosmetic) // no rules yet: every prediction is Cosmetic
//	cautious := h.Func(func(before, after *World) heuristic.Outcome { ... })
//
// A rule list with rules needs neither: NewRules and When infer M from
// the rules' functions.
func For[M any]() Catalogue[M] { return Catalogue[M]{} }

// A Catalogue holds the constructors of For, bound to a memory type.
type Catalogue[M any] struct{}

// Rules is NewRules for memory type M. Without rules it returns the
// heuristic that judges every prediction otherwise: a placeholder goal
// while a tree is sketched, or a subtree goal (decorators.Goal) under
// which nothing matters but what its leaves call Cosmetic.
func (Catalogue[M]) Rules(otherwise Outcome, rules ...Rule[M]) (*Rules[M], error) {
	return NewRules(otherwise, rules...)
}

// Func converts judge to a Func[M], a Heuristic.
func (Catalogue[M]) Func(judge func(before, after *M) Outcome) Func[M] { return judge }
