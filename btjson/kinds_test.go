package btjson_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/heuristic"
	"github.com/foresight-bt/foresight/htn"
	"github.com/foresight-bt/foresight/internal/engine/kinds"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// The schema says which fields each kind of node takes, and it says what
// Build accepts: a node of each kind, valid, builds with each field its
// kind takes set to a valid value, and fails to build with each other.
func TestSchemaKindsAgreeWithBuild(t *testing.T) {
	t.Parallel()
	act := treetest.Act(&treetest.Recorder{}, "act", treetest.Shine)
	var a catalogue.Builder[mem]
	a.Action("step", act)
	actions, err := a.Build()
	if err != nil {
		t.Fatal(err)
	}
	d := htn.New(actions)
	d.Compound("root").Method("only").Do("step")
	domain, err := d.Build()
	if err != nil {
		t.Fatal(err)
	}
	reg := testRegistry()
	reg.Composites = map[string]bt.CompositeFunc[mem]{"first": func(kids []*bt.Child[mem]) (bt.Node[mem], error) { return &first{kids}, nil }}
	reg.Leaves = map[string]bt.Node[mem]{"leaf": &first{}}
	reg.Planners = map[string]bt.Planner[mem]{"htn": domain}
	reg.Simulations = map[string]func(*bt.Sim[mem], *mem) heuristic.Verdict{"predict": func(*bt.Sim[mem], *mem) heuristic.Verdict {
		return heuristic.Verdict{Outcome: heuristic.Cosmetic}
	}}
	schema, err := reg.Schema()
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Defs struct {
			Node struct {
				Properties map[string]any
				AllOf      []struct {
					If struct {
						Properties struct {
							Kind struct{ Const string }
						}
					}
					Then struct {
						Required      []string
						PropertyNames struct{ Enum []string }
					}
				}
			}
		} `json:"$defs"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatal(err)
	}
	takes := map[string][]string{}
	for _, c := range s.Defs.Node.AllOf {
		takes[c.If.Properties.Kind.Const] = c.Then.PropertyNames.Enum
	}
	if len(takes) != 15 {
		t.Fatalf("the schema describes %d kinds: %v", len(takes), takes)
	}
	// Each field's description names the kinds that take it, as the
	// schema's conditions do, unless every kind takes it.
	for field, prop := range s.Defs.Node.Properties {
		if field == "$schema" {
			continue
		}
		var takers []string
		for _, k := range kinds.All {
			if slices.Contains(takes[k], field) {
				takers = append(takers, k)
			}
		}
		about, _ := prop.(map[string]any)["description"].(string)
		want := " (on " + strings.Join(takers, ", ") + ")"
		if len(takers) == len(takes) {
			want = ""
		}
		if _, said, _ := strings.Cut(about, " (on "); want != "" && !strings.HasSuffix(about, want) || want == "" && said != "" {
			t.Errorf("%s is described %q; taken by %v", field, about, takers)
		}
	}
	// A valid node of each kind, and a valid value of each field.
	base := map[string]string{
		"sequence": `"children":[CHILD]`, "reactive-sequence": `"children":[CHILD]`, "selector": `"children":[CHILD]`,
		"random": `"children":[CHILD]`, "parallel": `"children":[CHILD]`, "priority": `"children":[CHILD]`,
		"reactive-priority": `"children":[CHILD]`, "ifelse": `"test":"hp even","children":[CHILD]`,
		"decorator": `"decorator":"invert","children":[CHILD]`, "composite": `"composite":"first","children":[CHILD]`,
		"action": `"action":"chase"`, "condition": `"test":"hp even"`, "leaf": `"leaf":"leaf"`, "planner": `"planner":"htn"`,
		"utility": `"children":[CHILD]`,
	}
	values := map[string]string{
		"children": `[CHILD]`, "action": `"chase"`, "test": `"hp even"`, "leaf": `"leaf"`, "decorator": `"invert"`,
		"composite": `"first"`, "planner": `"htn"`, "loop": `true`, "allowFailure": `true`, "minOutcome": `"Cosmetic"`,
		"replan": `"1s"`, "replanOn": `"hp even"`, "allowNegative": `true`, "preferFirst": `true`, "debounce": `true`,
		"succeedOnOne": `true`, "failOnOne": `true`, "cosmetic": `true`, "cosmeticWhileRunning": `true`, "simulate": `"predict"`,
		"takes": `"1s"`, "constraints": `["in sight"]`, "weight": `1`, "$schema": `"x"`,
		"random": `true`, "within": `0.5,"random":true`, "bonus": `0.1`, "margin": `0.1`, "minimum": `0.1`,
		"foresee": `{"weight":2}`, "byOutcome": `true,"foresee":{}`, "consider": `{"weight":2}`,
	}
	const child = `{"kind":"action","name":"c","action":"chase"}`
	cfg := bt.Config[mem]{Heuristic: goal}
	build := func(kind, fields string) error {
		file := fmt.Sprintf(`{"kind":"random","name":"top","children":[{"kind":%q,"name":"n",%s}]}`, kind, fields)
		if kind == "random" { // weight needs a random parent; the node under test is the root's child
			file = fmt.Sprintf(`{"kind":"random","name":"top","children":[{"kind":"random","name":"n",%s}]}`, fields)
		}
		if strings.Contains(fields, `"consider"`) { // what a child is worth needs a utility parent
			file = fmt.Sprintf(`{"kind":"utility","name":"top","children":[{"kind":%q,"name":"n",%s}]}`, kind, fields)
		}
		file = strings.ReplaceAll(file, "CHILD", child)
		_, err := reg.Build(cfg, []byte(file))
		return err
	}
	for kind, fields := range base {
		if err := build(kind, fields); err != nil {
			t.Fatalf("the valid %s: %v", kind, err)
		}
		for field, value := range values {
			if field == "$schema" || strings.Contains(fields, `"`+field+`"`) {
				continue // only at the top; already there
			}
			err := build(kind, fields+`,"`+field+`":`+value)
			if schemaSays := slices.Contains(takes[kind], field); schemaSays != (err == nil) {
				t.Errorf("%s with %s: the schema says %v, Build says %v", kind, field, schemaSays, err)
			}
		}
	}
}
