package docs_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/btjson"
	kindTable "github.com/foresight-bt/foresight/internal/engine/kinds"
	"github.com/google/go-cmp/cmp"
)

// snippetGenerators make the generated parts of the Markdown, by the name
// their marker gives (<!-- generated: tree-file-fields -->).
var snippetGenerators = map[string]func() (string, error){
	"tree-file-fields": snippetTreeFileFields,
}

// snippetTreeFileFields is the table of the fields of a node in a tree
// file: which kinds of node take each, its value and what it says. It is
// made from the schema of a registry that names nothing, so that it shows
// the format and not a game's names; the schema says which kind takes
// which field from bt's one table of them.
func snippetTreeFileFields() (string, error) {
	schema, err := (&btjson.Registry[struct{}]{}).Schema()
	if err != nil {
		return "", err
	}
	rows, kinds, err := snippetFieldRows(schema)
	if err != nil {
		return "", err
	}
	return snippetFieldTable(rows, len(kinds)), nil
}

// A snippetFieldRow is a field of a tree file's node.
type snippetFieldRow struct {
	field    string
	kinds    []string // the kinds of node that take it, in the schema's order
	required []string // those of kinds that must give it
	value    string   // what it holds
	about    string   // what it says
}

// snippetSchema is as much of btjson's schema as the table reads.
type snippetSchema struct {
	Defs struct {
		Node struct {
			Required   []string                      `json:"required"`
			Properties map[string]snippetSchemaValue `json:"properties"`
			AllOf      []struct {
				If struct {
					Properties struct {
						Kind *struct {
							Const string `json:"const"`
						} `json:"kind"`
					} `json:"properties"`
				} `json:"if"`
				Then struct {
					PropertyNames struct {
						Enum []string `json:"enum"`
					} `json:"propertyNames"`
					Required []string `json:"required"`
				} `json:"then"`
			} `json:"allOf"`
		} `json:"node"`
	} `json:"$defs"`
}

// snippetSchemaValue is the schema of a field's value.
type snippetSchemaValue struct {
	Description string              `json:"description"`
	Type        string              `json:"type"`
	Enum        *[]string           `json:"enum"`
	Pattern     string              `json:"pattern"`
	Minimum     *float64            `json:"minimum"`
	Items       *snippetSchemaValue `json:"items"`
	Ref         string              `json:"$ref"`
}

// snippetFieldRows reads the rows of the table from a schema (in
// snippetMerge's order), and the kinds of node.
func snippetFieldRows(schema []byte) (rows []snippetFieldRow, kinds []string, err error) {
	var s snippetSchema
	if err := json.Unmarshal(schema, &s); err != nil {
		return nil, nil, err
	}
	node := s.Defs.Node
	if k := node.Properties["kind"].Enum; k != nil {
		kinds = *k
	}
	takes := map[string][]string{} // the fields each kind takes
	needs := map[string][]string{} // and those it must give
	var lists [][]string
	for _, c := range node.AllOf {
		if c.If.Properties.Kind == nil {
			continue // a factory's arguments
		}
		k := c.If.Properties.Kind.Const
		takes[k], needs[k] = c.Then.PropertyNames.Enum, c.Then.Required
	}
	for _, k := range kinds {
		if takes[k] == nil {
			return nil, nil, fmt.Errorf("the schema does not say which fields kind %s takes", k)
		}
		lists = append(lists, takes[k])
	}
	fields, err := snippetMerge(lists)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range fields {
		v, ok := node.Properties[f]
		if !ok {
			return nil, nil, fmt.Errorf("a kind takes field %s, which the schema does not describe", f)
		}
		row := snippetFieldRow{field: f, about: snippetOnKinds.ReplaceAllString(v.Description, "")}
		if row.value, err = snippetValue(v); err != nil {
			return nil, nil, fmt.Errorf("field %s: %w", f, err)
		}
		for _, k := range kinds {
			if slices.Contains(takes[k], f) {
				row.kinds = append(row.kinds, k)
				if slices.Contains(node.Required, f) || slices.Contains(needs[k], f) {
					row.required = append(row.required, k)
				}
			}
		}
		rows = append(rows, row)
	}
	if len(rows) != len(node.Properties) {
		return nil, nil, fmt.Errorf("the schema describes %d fields, and the kinds take %d", len(node.Properties), len(rows))
	}
	return rows, kinds, nil
}

// snippetOnKinds matches the end of a description that names the kinds
// taking the field in words, "(on sequence, reactive-sequence)", which
// the table's column says.
var snippetOnKinds = regexp.MustCompile(` \(on [^()]*\)$`)

// snippetMerge returns the fields of every list in one order that keeps
// the order of each (btjson's, which writes a node's fields in the order
// of its table of them). Where the lists leave two fields unordered, the
// one seen first comes first: the fields of each kind in turn, in the
// order of the kinds.
func snippetMerge(lists [][]string) ([]string, error) {
	var fields []string            // in the order first seen
	before := map[string]int{}     // how many fields come just before each
	after := map[string][]string{} // the fields that come just after each
	for _, l := range lists {
		for i, f := range l {
			if _, seen := before[f]; !seen {
				before[f] = 0
				fields = append(fields, f)
			}
			if i > 0 && !slices.Contains(after[l[i-1]], f) {
				after[l[i-1]] = append(after[l[i-1]], f)
				before[f]++
			}
		}
	}
	var out []string
	for len(out) < len(fields) {
		i := slices.IndexFunc(fields, func(f string) bool { return before[f] == 0 && !slices.Contains(out, f) })
		if i < 0 {
			return nil, errors.New("the kinds list their fields in orders that disagree")
		}
		out = append(out, fields[i])
		for _, g := range after[fields[i]] {
			before[g]--
		}
	}
	return out, nil
}

// snippetValue says in words what a field's schema lets it hold.
func snippetValue(v snippetSchemaValue) (string, error) {
	switch {
	case v.Enum != nil && len(*v.Enum) == 0:
		return "a name the game's registry gives", nil
	case v.Enum != nil:
		quoted := make([]string, len(*v.Enum))
		for i, e := range *v.Enum {
			quoted[i] = fmt.Sprintf("`%q`", e)
		}
		if len(quoted) == 2 {
			return quoted[0] + " or " + quoted[1], nil
		}
		return "one of " + strings.Join(quoted, ", "), nil
	case v.Type == "boolean":
		return "`true` or `false`", nil
	case v.Type == "number" && v.Minimum != nil:
		return fmt.Sprintf("a number, at least %v", *v.Minimum), nil
	case v.Type == "string" && snippetIsDuration(v.Pattern):
		return "a duration, as Go writes one (`\"1.5s\"`)", nil
	case v.Type == "string":
		return "a string", nil
	case v.Type == "object":
		return "an object", nil
	case v.Ref == "#/$defs/measure":
		return "a measure: a weight, and considerations (see [12](12-utility.md))", nil
	case v.Type == "array" && v.Items != nil && v.Items.Ref == "#/$defs/node":
		return "a list of nodes", nil
	case v.Type == "array" && v.Items != nil:
		item, err := snippetValue(*v.Items)
		return "a list, each " + item, err
	}
	return "", fmt.Errorf("a value the table cannot say in words (type %q): teach snippetValue", v.Type)
}

// snippetIsDuration reports whether pattern reads durations as
// time.ParseDuration writes them, and nothing else.
func snippetIsDuration(pattern string) bool {
	rx, err := regexp.Compile(pattern)
	if pattern == "" || err != nil {
		return false
	}
	for _, s := range []string{"0", "1.5s", "250ms", "2h45m"} {
		if !rx.MatchString(s) {
			return false
		}
	}
	return !rx.MatchString("1.5") && !rx.MatchString("soon")
}

// snippetFieldTable writes rows as a Markdown table; of kinds in all.
func snippetFieldTable(rows []snippetFieldRow, kinds int) string {
	var b strings.Builder
	b.WriteString("| field | taken by | value | what it says |\n|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", r.field, snippetKinds(r, kinds),
			snippetCell(r.value), snippetCell(r.about))
	}
	return b.String()
}

// snippetKinds says which kinds take a row's field and which must give
// it.
func snippetKinds(r snippetFieldRow, kinds int) string {
	switch {
	case len(r.kinds) == kinds && len(r.required) == kinds:
		return "every kind, which must give it"
	case len(r.kinds) == kinds:
		return "every kind"
	}
	all := slices.Equal(r.kinds, r.required)
	words := make([]string, len(r.kinds))
	for i, k := range r.kinds {
		words[i] = "`" + k + "`"
		if !all && slices.Contains(r.required, k) {
			words[i] += " (must give it)"
		}
	}
	s := strings.Join(words, ", ")
	if all {
		s += ", which must give it"
	}
	return s
}

// snippetCell escapes the one character that ends a cell.
func snippetCell(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}

// TestSnippetFieldRows checks the rows of the table of a tree file's
// fields against the one table of which kind takes which field
// (internal/engine/kinds), which bt.Build reads.
func TestSnippetFieldRows(t *testing.T) {
	schema, err := (&btjson.Registry[struct{}]{}).Schema()
	if err != nil {
		t.Fatal(err)
	}
	rows, kinds, err := snippetFieldRows(schema)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(kindTable.All, kinds); diff != "" {
		t.Errorf("kinds (-kinds.All +schema):\n%s", diff)
	}
	for _, r := range rows {
		if r.field == "args" {
			continue // a file's own field: btjson's table of fields says which kinds take it
		}
		for _, k := range kindTable.All {
			if got, want := slices.Contains(r.kinds, k), kindTable.Takes(k, r.field); got != want {
				t.Errorf("row %s says %s takes it: %v; the table of kinds says %v", r.field, k, got, want)
			}
		}
	}
}

// TestSnippetFieldTable checks the table made from small schemas, and
// that a schema the table cannot say in words is refused rather than
// written wrong.
func TestSnippetFieldTable(t *testing.T) {
	// schema returns a schema of kinds a and b, with the properties
	// given and the fields each kind takes.
	schema := func(props, a, b string) []byte {
		return []byte(`{"$defs": {"node": {"required": ["kind"],
			"properties": {"kind": {"enum": ["a", "b"], "description": "the kind"}, ` + props + `},
			"allOf": [
				{"if": {"properties": {"kind": {"const": "a"}}}, "then": {"propertyNames": {"enum": ` + a + `}, "required": ["x"]}},
				{"if": {"properties": {"kind": {"const": "b"}}}, "then": {"propertyNames": {"enum": ` + b + `}}},
				{"if": {"properties": {"action": {"const": "f"}}}, "then": {}}
			]}}}`)
	}
	tests := []struct {
		name   string
		schema []byte
		want   string // the table, or a part of the error
	}{
		{"two kinds", schema(`"x": {"type": "boolean", "description": "x or not (on a)"}, "y": {"enum": [], "description": "y|z"}`,
			`["kind", "x", "y"]`, `["kind", "y"]`),
			"| field | taken by | value | what it says |\n|---|---|---|---|\n" +
				"| `kind` | every kind, which must give it | `\"a\"` or `\"b\"` | the kind |\n" +
				"| `x` | `a`, which must give it | `true` or `false` | x or not |\n" +
				"| `y` | every kind | a name the game's registry gives | y\\|z |\n"},
		{"a value it cannot say", schema(`"x": {"type": "integer"}`, `["kind", "x"]`, `["kind"]`),
			`field x: a value the table cannot say in words (type "integer")`},
		{"orders that disagree", schema(`"x": {"type": "boolean"}, "y": {"type": "boolean"}`, `["kind", "x", "y"]`, `["kind", "y", "x"]`),
			"the kinds list their fields in orders that disagree"},
		{"a kind not described", schema(`"x": {"type": "boolean"}`, `["kind", "x", "z"]`, `["kind"]`),
			"a kind takes field z, which the schema does not describe"},
		{"a field no kind takes", schema(`"x": {"type": "boolean"}, "w": {"type": "boolean"}`, `["kind", "x"]`, `["kind"]`),
			"the schema describes 3 fields, and the kinds take 2"},
		{"a kind's fields not given", []byte(`{"$defs": {"node": {"properties": {"kind": {"enum": ["a"]}}}}}`),
			"the schema does not say which fields kind a takes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, kinds, err := snippetFieldRows(tt.schema)
			if err != nil {
				if !strings.Contains(err.Error(), tt.want) {
					t.Errorf("error %q, want one that says %q", err, tt.want)
				}
				return
			}
			if diff := cmp.Diff(tt.want, snippetFieldTable(rows, len(kinds))); diff != "" {
				t.Errorf("table (-want +got):\n%s", diff)
			}
		})
	}
}
