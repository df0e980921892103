// Package utility is foresight's fifth decider: utility scoring with
// response curves, which The Sims, Guild Wars 2 and Dave Mark's Infinite
// Axis Utility System made common. A utility node scores each of its
// children by the reasons to do it, and runs the best. Because foresight
// predicts, it can also score each child on the world the child's
// simulation predicts, so that an option is worth what it is predicted to
// achieve, not what the world is now (Selector.Foresee).
//
// Start with Select and Consider, which put a utility node in a tree;
// then Input and Curve, what a consideration is made of; then Selector,
// how the node picks.
//
// # Considerations and curves
//
// A consideration is one reason to do something, a number between 0
// (this rules it out) and 1 (this is all for it). It reads one input of
// the memory, which the game declares by name, normalises it over a
// range, and maps it through a response curve:
//
//	hunger := utility.Input[Villager]{Name: "hunger", Read: func(v *Villager) float64 { return v.Hunger }}
//	hungry := hunger.Over(0, 100, utility.Logistic(10, 0.5)) // a soft threshold at 50
//
// The curves, each with its parameters:
//
//	Linear(slope, intercept)                      a straight line
//	Polynomial(exponent, slope, shift, intercept) urgency that grows late (x²), or fast (√x)
//	Logistic(steepness, midpoint)                 a soft threshold
//	Logit(steepness, midpoint)                    the logistic's inverse: the extremes matter
//	Step(at, below, above)                        a hard threshold
//	Points(x0, y0, x1, y1, ...)                   any shape, through the points
//
// Whatever the parameters, a curve answers within [0, 1]. Build refuses a
// curve that makes no sense (a logistic of no steepness, points out of
// order) and a range that is empty, with the path of the node.
//
// # Measures
//
// A Measure says what an alternative is worth: its considerations
// combined, times its weight. By default they multiply, so that any one
// of them can rule the alternative out, and the product is compensated
// for their number, as the Infinite Axis Utility System does, so that an
// alternative with many considerations is not dragged down by their
// number alone; with Sum they average by their own weights instead.
//
// # The utility node
//
// Select makes the node: its children, each with its measure (Consider),
// and the Selector that says how it picks. It takes the option of highest
// score, or draws among the best (Random, Within); leaves out a child its
// preconditions refuse now; fails when no option reaches the Minimum; and
// commits to what it runs like every decider, scoring again only when its
// bt.Replan, bt.ReplanOn or bt.ReplanOnChange says, with a Bonus for the running option, or a
// Margin a rival must beat, so that it does not dither:
//
//	utility.Select("day", utility.Selector[Villager]{Bonus: 0.1},
//		utility.Consider(actions.Do("eat"), hungry),
//		utility.Consider(actions.Do("sleep"), tired),
//		utility.Consider(actions.Do("work")).Weighted(0.3),
//	).With(bt.Replan(0))
//
// Each choice is reported to the tree's tracer (bt.EventPlan, a
// decide.Report): the option chosen and, in Scores, every option's score
// with each consideration's part, what it read and what its curve
// answered, so that a trace, the inspector or a test can say why
// something scored as it did. Agent.Preview foresees it, the bttest kit
// checks the node as every decider, a save keeps the option it runs, and
// a tick allocates nothing.
//
// # Scoring predicted worlds
//
// With Foresee, the node simulates each child on a copy of the memory, as
// a bt.Selector does, and scores the copy with Foresee's considerations:
// the world each option leads to, judged by the same inputs and curves.
// ByOutcome ranks the predictions by the tree's heuristic first and by
// score among equal outcomes: scores beside foresight's discrete
// outcomes, rather than instead of them.
//
// # One vocabulary of worth
//
// An HTN method's utility and a GOAP goal's are written with the same
// considerations (their builders' Consider), and their reports carry the
// same breakdown; a plain function still works, and Measure.Of makes one
// of a Measure. In a tree file (package btjson) a utility node holds its
// settings and each child's measure, with inputs by the names the
// registry gives them (Registry.Inputs) and curves as Curve.MarshalJSON
// writes them; the inspector draws each consideration's curve with the
// input marked, the editor edits curves with a live plot, and package
// draw pictures a curve.
package utility
