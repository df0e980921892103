package constraints

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/foresight-bt/foresight/bt"
)

// maxFieldValue bounds the values of a Field: an index of actions by a
// field keeps a list of actions per value.
const maxFieldValue = 1 << 16

// A Field is a small number the memory holds, or tells: the cell the
// agent stands in, the room it is in, how far a recipe has come.
// Preconditions made from it (Is) read like any, and tell a planner what
// they need: a GOAP planner indexes the actions whose preconditions are a
// field's by the values they need, and tries from each state only those
// of the values it has, not every action. Declare each field once and
// share it between the actions that need it:
//
//	cell := constraints.NewField("cell", func(g *Grid) int { return g.Y*10 + g.X })
//	b.Action("3,4 east", east, cell.Is(43))
//
// of must only read the memory, and give a number from 0 to 65,535; a
// number outside never passes.
type Field[M any] struct {
	name string
	of   func(m *M) int
}

// NewField returns the field named name, read by of.
func NewField[M any](name string, of func(m *M) int) *Field[M] {
	return &Field[M]{name: name, of: of}
}

// Is returns a constraint that passes when the field's value is value:
// "cell is 43".
func (f *Field[M]) Is(value int, opts ...Option) bt.Constraint[M] {
	return f.In([]int{value}, opts...)
}

// In returns a constraint that passes when the field's value is one of
// values: "room is 3 or 7".
func (f *Field[M]) In(values []int, opts ...Option) bt.Constraint[M] {
	c := &fieldIs[M]{skips: newSkips(opts), values: slices.Clone(values)}
	name := "?"
	if f != nil {
		name = f.name
	}
	var words []string
	for _, v := range values {
		words = append(words, strconv.Itoa(v))
		if v < 0 || v >= maxFieldValue {
			c.fail(fmt.Errorf("Is: value %d of field %s is not in [0, 65535]", v, name))
		}
	}
	switch {
	case f == nil || f.of == nil:
		c.fail(errors.New("Is: a field with no function: make it with NewField"))
	case f.name == "":
		c.fail(errors.New("Is: a field with no name"))
	case len(values) == 0:
		c.fail(fmt.Errorf("In: field %s: no values", f.name))
	}
	if f != nil {
		c.field = f
		c.name = f.name + " is " + strings.Join(words, " or ")
		c.failure = f.name + " is not " + strings.Join(words, " or ")
	}
	if len(values) == 1 && f != nil && f.of != nil {
		of, v := f.of, values[0]
		c.test = func(m *M) bool { return of(m) == v }
	} else if f != nil && f.of != nil {
		of, vs := f.of, c.values
		c.test = func(m *M) bool { return slices.Contains(vs, of(m)) }
	}
	return c
}

type fieldIs[M any] struct {
	skips
	field         *Field[M]
	values        []int
	name, failure string
	test          func(m *M) bool
}

func (c *fieldIs[M]) Evaluate(st bt.Situation, m *M) (bt.Check, string) {
	if check, why, ok := c.settled(st); ok {
		return check, why
	}
	if c.test(m) {
		return bt.Pass, ""
	}
	return bt.Fail, c.failure
}

func (c *fieldIs[M]) String() string { return c.name }

// Timeless reports true: a field is read from the memory (see traits.Timeless).
func (c *fieldIs[M]) Timeless() bool { return true }

// Test returns the test of the field's value (see traits.Test), unless an
// option makes the constraint stand aside in some situations, or its
// settings make no sense.
func (c *fieldIs[M]) Test() (func(m *M) bool, string) {
	if c.running || c.simulating || c.err != nil {
		return nil, ""
	}
	return c.test, c.failure
}

// Index returns the field, its function and the values the constraint
// needs (see traits.Indexed), unless an option makes it stand aside in some
// situations, or its settings make no sense.
func (c *fieldIs[M]) Index() (key any, of func(m *M) int, values []int) {
	if c.running || c.simulating || c.err != nil {
		return nil, nil, nil
	}
	return c.field, c.field.of, c.values
}
