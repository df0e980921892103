package btjson

import (
	"slices"

	"github.com/foresight-bt/foresight/bt"
)

// takenBy says which kinds of node take the fields that not every kind
// takes, as bt.Build accepts them (TestSchemaKindsAgreeWithBuild holds
// the two together): the schema refuses a field on the other kinds, and
// an editor offers a node the fields of its kind. The fields left out
// (kind, name, constraints, weight, $schema) go with every kind.
var takenBy = map[string][]bt.NodeKind{
	"children": {bt.KindSequence, bt.KindReactiveSequence, bt.KindSelector, bt.KindRandom, bt.KindParallel,
		bt.KindPriority, bt.KindReactivePriority, bt.KindIfElse, bt.KindDecorator, bt.KindComposite},
	"action":               {bt.KindAction},
	"test":                 {bt.KindCondition, bt.KindIfElse},
	"leaf":                 {bt.KindLeaf},
	"decorator":            {bt.KindDecorator},
	"composite":            {bt.KindComposite},
	"planner":              {bt.KindPlanner},
	"loop":                 {bt.KindSequence, bt.KindReactiveSequence},
	"allowFailure":         {bt.KindSequence, bt.KindReactiveSequence},
	"minOutcome":           {bt.KindSequence, bt.KindReactiveSequence},
	"replan":               {bt.KindSelector, bt.KindRandom, bt.KindPlanner},
	"replanOn":             {bt.KindSelector, bt.KindRandom, bt.KindPlanner},
	"allowNegative":        {bt.KindSelector, bt.KindRandom},
	"preferFirst":          {bt.KindSelector}, // a random selector keeps its running child
	"debounce":             {bt.KindSelector, bt.KindRandom},
	"succeedOn":            {bt.KindParallel},
	"failOn":               {bt.KindParallel},
	"cosmetic":             {bt.KindAction, bt.KindCondition},
	"cosmeticWhileRunning": {bt.KindAction, bt.KindCondition},
	"simulate":             {bt.KindAction, bt.KindCondition},
	"takes":                {bt.KindAction},
}

// fieldsOf returns the fields a node of kind k may hold, in the order
// the loader lists them, with "$schema" first.
func fieldsOf(k bt.NodeKind) []string {
	out := []string{"$schema"}
	for _, f := range fields {
		if kinds, some := takenBy[f]; !some || slices.Contains(kinds, k) {
			out = append(out, f)
		}
	}
	return out
}
