package btjson

import (
	"encoding/json"
	"slices"
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
	props := map[string]any{
		"$schema": map[string]any{"type": "string", "description": "the schema of the file (at the top only)"},
	}
	table := settings[M]()
	for _, st := range table {
		p := st.schema(r)
		p["description"] = st.description()
		props[st.key] = p
	}
	// Each kind: the fields it may hold, and those it needs.
	var needs []any
	for _, k := range nodeKinds {
		then := map[string]any{"propertyNames": map[string]any{"enum": fieldsOf[M](k)}}
		var required []string
		for _, st := range table {
			if slices.Contains(st.need, k) {
				required = append(required, st.key)
			}
		}
		if required != nil {
			then["required"] = required
		}
		needs = append(needs, map[string]any{
			"if":   map[string]any{"properties": map[string]any{"kind": map[string]any{"const": k}}},
			"then": then,
		})
	}
	// A factory's arguments, where a node names it.
	for _, f := range []struct {
		field string
		ro    role
	}{{"action", roleAction}, {"decorator", roleDecorator}} {
		for _, name := range r.factoryNames(f.ro) {
			params, _ := r.factoryParams(f.ro, name)
			needs = append(needs, map[string]any{
				"if": map[string]any{"properties": map[string]any{f.field: map[string]any{"const": name}},
					"required": []string{f.field}},
				"then": map[string]any{"properties": map[string]any{"args": paramsSchema(params)}},
			})
		}
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
		}, "measure": r.measureSchema()},
	}
	out, err := json.MarshalIndent(schema, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// durationPattern matches what time.ParseDuration reads and is not
// negative, which is what Load accepts for a duration: "0" (signed or not),
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

// constraintSchema is the schema of an item of a node's constraints: a
// registered name, or a factory's name with its arguments.
func (r *Registry[M]) constraintSchema() map[string]any {
	named := map[string]any{"enum": nonNil(r.names(roleConstraint)), "description": "a constraint, by name"}
	factories := r.factoryNames(roleConstraint)
	if len(factories) == 0 {
		return named
	}
	var made []any
	for _, name := range factories {
		params, _ := r.factoryParams(roleConstraint, name)
		made = append(made, map[string]any{
			"type":                 "object",
			"description":          "a constraint that a factory makes from its arguments",
			"required":             []string{"name"},
			"additionalProperties": false,
			"properties": map[string]any{
				"name": map[string]any{"const": name},
				"args": paramsSchema(params),
			},
		})
	}
	return map[string]any{"anyOf": append([]any{named}, made...)}
}
