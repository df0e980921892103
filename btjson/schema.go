package btjson

import (
	"encoding/json"

	"github.com/foresight-bt/foresight/bt"
)

// Schema returns the JSON Schema (draft 2020-12) of the tree files the
// registry reads: the fields of a node, the kinds, and for every name a
// file may give the registered names, so that an editor completes and
// checks them. Write it next to the tree files and point the editor at it
// (a file may name it in a top-level "$schema" field). The schema is the
// same, byte for byte, for the same registered names.
//
// The schema checks the shape of a file, and which fields each kind of
// node takes; Load and Build check the rest (a weight outside a random
// selector, a child too many).
func (r *Registry[M]) Schema() ([]byte, error) {
	if err := r.check(); err != nil {
		return nil, err
	}
	names := func(ro role, about string) map[string]any {
		return map[string]any{"description": about, "enum": nonNil(r.names(ro))}
	}
	boolean := func(about string) map[string]any { return map[string]any{"type": "boolean", "description": about} }
	var policies = []string{bt.RequireOne.String(), bt.RequireAll.String()}
	props := map[string]any{
		"$schema":      map[string]any{"type": "string", "description": "the schema of the file (at the top only)"},
		"kind":         map[string]any{"description": "what sort of node", "enum": kinds},
		"name":         map[string]any{"type": "string", "description": "the node's name, unique among its siblings, without '/'", "minLength": 1, "pattern": "^[^/]*$"},
		"action":       names(roleAction, "an action node's action"),
		"test":         names(roleCondition, "a condition's test, or an ifelse node's choice of branch"),
		"leaf":         names(roleLeaf, "a leaf node's custom node"),
		"decorator":    names(roleDecorator, "a decorator node's decorator"),
		"composite":    names(roleComposite, "a composite node's custom composite"),
		"planner":      names(rolePlanner, "a planner node's planner: an HTN or GOAP domain, or a state machine"),
		"simulate":     names(roleSimulation, "an action's or condition's own simulation"),
		"loop":         boolean("sequences: start over after the last child succeeds"),
		"allowFailure": boolean("sequences: move on past a child that fails"),
		"minOutcome": map[string]any{"description": "sequences: the outcome at or below which a prediction stops",
			"enum": outcomes()},
		"replan": map[string]any{"type": "string", "description": `selectors and planners: plan again while running, every duration ("0s": every tick); leave out to commit to a choice or plan`,
			"pattern": durationPattern},
		"replanOn": names(roleCondition, "selectors and planners: a test of when to plan again at once"),
		"takes": map[string]any{"type": "string", "description": `actions: how long a run takes, for predictions that chain it ("500ms")`,
			"pattern": durationPattern},
		"allowNegative":        boolean("selectors: choose a child predicted Irrelevant or worse rather than nothing"),
		"preferFirst":          boolean("selectors: a tie at re-selection goes to the first child, not the running one"),
		"debounce":             boolean("selectors: pick the child that ended last only when it is the sole option"),
		"succeedOn":            map[string]any{"description": "parallels: how many children must succeed (default all)", "enum": policies},
		"failOn":               map[string]any{"description": "parallels: how many children must fail (default all)", "enum": policies},
		"cosmetic":             boolean("actions and conditions: an Irrelevant prediction counts as Cosmetic"),
		"cosmeticWhileRunning": boolean("actions and conditions: an Irrelevant prediction counts as Cosmetic while the node runs"),
		"weight":               map[string]any{"type": "number", "minimum": 0, "description": "children of a random selector: the odds (default 1; 0 never)"},
		"constraints": map[string]any{"type": "array", "description": "what guards the node",
			"items": names(roleConstraint, "a constraint")},
		"children": map[string]any{"type": "array", "description": "the node's children, in order",
			"items": map[string]any{"$ref": "#/$defs/node"}},
	}
	// Each kind: the fields it may hold, and the one it needs.
	need := map[bt.NodeKind]string{bt.KindAction: "action", bt.KindCondition: "test", bt.KindIfElse: "test",
		bt.KindDecorator: "decorator", bt.KindComposite: "composite", bt.KindLeaf: "leaf", bt.KindPlanner: "planner"}
	var needs []any
	for _, k := range kinds {
		then := map[string]any{"propertyNames": map[string]any{"enum": fieldsOf(k)}}
		if f, ok := need[k]; ok {
			then["required"] = []string{f}
		}
		needs = append(needs, map[string]any{
			"if":   map[string]any{"properties": map[string]any{"kind": map[string]any{"const": k}}},
			"then": then,
		})
	}
	schema := map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"title":       "foresight behaviour tree",
		"description": "A behaviour tree for foresight (package btjson): the root node.",
		"$ref":        "#/$defs/node",
		"$defs": map[string]any{"node": map[string]any{
			"type":                 "object",
			"required":             []string{"kind", "name"},
			"additionalProperties": false,
			"properties":           props,
			"allOf":                needs,
		}},
	}
	out, err := json.MarshalIndent(schema, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// durationPattern matches what time.ParseDuration reads and is not
// negative, which is what Load accepts for reselect: "0" (signed or not),
// or a sequence of numbers, each with a unit; a minus sign only before
// zeros. (A duration past 290 years matches, and only Load refuses it.)
const durationPattern = `^(\+?(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)` + durationUnit + `)+)|-(0|((0+(\.0*)?|\.0+)` + durationUnit + `)+))$`

// durationUnit matches the units of time.ParseDuration: "µs" is U+00B5
// and "μs" U+03BC.
const durationUnit = `(ns|us|µs|μs|ms|s|m|h)`

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
