package catalogue

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
)

// A Catalogue is a game's action library, built: each action declared
// once with its preconditions, cost, duration and expected effect. Every
// decider takes its actions from it by name: trees (Do), HTN domains,
// GOAP domains, state machines and tree files (btjson). It is immutable
// and safe for concurrent use.
type Catalogue[M any] struct {
	entries []Entry[M]
	byName  map[string]int
}

// Names returns the entries' names, in the order declared.
func (c *Catalogue[M]) Names() []string {
	if c == nil {
		return nil
	}
	names := make([]string, len(c.entries))
	for i, e := range c.entries {
		names[i] = e.Name
	}
	return names
}

// Entry returns the entry of that name, and false when there is none.
// What it holds is shared with the catalogue: change nothing in it.
func (c *Catalogue[M]) Entry(name string) (Entry[M], bool) {
	if c == nil {
		return Entry[M]{}, false
	}
	i, ok := c.byName[name]
	if !ok {
		return Entry[M]{}, false
	}
	return c.entries[i], true
}

// Lookup returns the entry of that name, or an error that says which
// names there are.
func (c *Catalogue[M]) Lookup(name string) (Entry[M], error) {
	if e, ok := c.Entry(name); ok {
		return e, nil
	}
	return Entry[M]{}, c.unknown(name)
}

func (c *Catalogue[M]) unknown(name string) error {
	switch n := len(c.Names()); {
	case c == nil:
		return fmt.Errorf("no catalogue to take %q from", name)
	case n <= 12:
		return fmt.Errorf("the catalogue has no %q (it has %s)", name, quoteList(c.Names()))
	default:
		return fmt.Errorf("the catalogue has no %q (it has %d entries, such as %s)", name, n, quoteList(c.Names()[:12]))
	}
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// Do returns the entry of that name as a node of a tree: an action leaf
// (or the behaviour's subtree) named after it, guarded by its
// preconditions, with its declared duration; opts are the leaf's options
// (bt.Cosmetic, say). Add constraints of the node's own with
// bt.Def.Constrain.
// An unknown name gives a node that Build refuses, with its path.
//
//	b := bt.New[Guard]()
//	tree, err := bt.Build(cfg, b.Selector("guard", bt.Replan(0),
//		actions.Do("attack"),
//		actions.Do("chase"),
//		actions.Do("patrol", bt.Cosmetic()),
//	))
func (c *Catalogue[M]) Do(name string, opts ...bt.Option) bt.Def[M] {
	e, err := c.Lookup(name)
	if err != nil {
		return bt.Def[M]{Kind: bt.KindAction, Name: name}.WithErr(err)
	}
	return e.Def(name, opts...)
}

// Def returns the entry as a node of a tree named name: what
// Catalogue.Do returns, and what a planner makes of the entry as its
// step.
func (e Entry[M]) Def(name string, opts ...bt.Option) bt.Def[M] {
	var d bt.Def[M]
	if e.Behaviour != nil {
		d = *e.Behaviour
		d.Name = name
		d.Constraints = append(append([]bt.Constraint[M](nil), e.Pre...), d.Constraints...)
		if len(opts) > 0 {
			d = d.WithErr(fmt.Errorf("behaviour %q takes no leaf options", e.Name))
		}
	} else {
		d = bt.Def[M]{Kind: bt.KindAction, Name: name, Value: e.Action, Constraints: e.Pre}
		if e.Takes != 0 && !slices.ContainsFunc(opts, func(o bt.Option) bool { return o.Key() == "takes" }) {
			d.Options = append(d.Options, bt.Takes(e.Takes)) // the node's own Takes, if any, wins
		}
		d.Options = append(d.Options, opts...)
	}
	d.Entry = e.Name
	return d
}
