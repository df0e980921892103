package bt

import (
	"errors"

	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/internal/engine/joined"
	"github.com/foresight-bt/foresight/internal/engine/nilness"
)

// A chooser is what a utility node (KindUtility) runs: package utility's
// description of how the node scores its children and picks among them.
// Like a Planner, it makes each agent's runner, here over the node's own
// children; Build asks it to check itself (Validate, when it has one) and
// each of its options (CheckOption), so that what is wrong with one
// option is reported at that child's path.
type chooser[M any] interface {
	Runner(children []*Child[M], replan Replanning[M]) (Node[M], error)
	CheckOption(i int) error
}

// utilityFill checks a utility node's Def and sets what its record makes;
// watched, that it has a ReplanOnChange key, which its runner's replan
// then reports as news.
// The errors of its options are placed at its children's paths, in errs
// as the compiler keeps them.
func utilityFill[M any](rec *node[M], d *Def[M], replan Replanning[M], watched bool, at *where, childErrs *[]error) []error {
	c, err := valueOf[M, chooser[M]](d, "what package utility's Select makes")
	switch {
	case err != nil:
		return []error{err}
	case nilness.Of(c):
		return []error{errors.New("nil utility selector: describe the node with utility.Select")}
	}
	var errs []error
	if err := validate(c); err != nil {
		errs = joined.Split(err) // each problem on a line of its own
	}
	for i := range d.Children {
		err := c.CheckOption(i)
		if err == nil {
			continue
		}
		kat := where{parent: at, label: label(d.Children[i].Name, i)}
		for _, e := range joined.Split(err) { // each problem at the child's path
			*childErrs = append(*childErrs, &decide.Error{Path: kat.path(), Err: e})
		}
	}
	if dd, ok := c.(domainDescriber); ok {
		rec.domain = dd
	}
	rec.make = func(kids []*Child[M]) (Node[M], error) {
		if watched && len(kids) > 0 { // ReplanOnChange, as a planner node has it
			return c.Runner(kids, replan.watching(kids[0]))
		}
		return c.Runner(kids, replan)
	}
	return errs
}
