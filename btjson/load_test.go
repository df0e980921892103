package btjson_test

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/catalogue"
	"github.com/foresight-bt/foresight/internal/engine/kinds"
	"github.com/foresight-bt/foresight/internal/testkit/treetest"
)

// Every problem of a file is reported, each at its place: JSON path, line
// and column.
func TestLoadErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		want       []string // each must appear in the error
	}{
		{"not JSON", `{"kind": "selector",, }`, []string{"1:21: $: bad JSON: invalid character ','"}},
		{"cut short", `{"kind": "selector", "name": "x", "children": [`, []string{"1:48: $.children: bad JSON: unexpected EOF"}},
		{"empty file", ``, []string{"1:1: $: bad JSON: unexpected EOF"}},
		{"not an object", `[1, 2]`, []string{"1:1: $: a node must be an object, not an array"}},
		{"two roots", `{"kind": "action", "name": "a", "action": "chase"} {}`, []string{"1:52: $: more after the root node"}},
		{"no kind, no name", `{}`, []string{`1:1: $: a node needs a "kind"`, `1:1: $: a node needs a "name"`}},
		{"unknown kind", `{"kind": "loop", "name": "x"}`, []string{`1:10: $.kind: unknown kind "loop" (want one of sequence,`}},
		{"unknown field", `{"kind": "action", "name": "a", "action": "chase", "speed": 3}`,
			[]string{`1:61: $.speed: unknown field "speed" (want one of kind, name,`}},
		{"odd key", `{"kind": "action", "name": "a", "action": "chase", "a b": {"x": [1]}}`,
			[]string{`$["a b"]: unknown field "a b"`}},
		{"field twice", `{"kind": "action", "name": "a", "name": "b", "action": "chase"}`, []string{`1:33: $.name: "name" given twice`}},
		{"unknown names of every role", `{"kind": "selector", "name": "s", "replanOn": "x", "children": [
  {"kind": "condition", "name": "c", "test": "x", "simulate": "x"},
  {"kind": "decorator", "name": "d", "decorator": "x", "children": [{"kind": "leaf", "name": "l", "leaf": "x"}]},
  {"kind": "composite", "name": "k", "composite": "x", "children": [{"kind": "action", "name": "a", "action": "x", "constraints": ["in sight", "x"]}]}
]}`, []string{
			`1:47: $.replanOn: unknown condition "x" (want one of "hp even")`,
			`2:46: $.children[0].test: unknown condition "x"`,
			`2:63: $.children[0].simulate: unknown simulation "x": the registry has none`,
			`3:51: $.children[1].decorator: unknown decorator "x"`,
			`3:107: $.children[1].children[0].leaf: unknown leaf "x"`,
			`4:51: $.children[2].composite: unknown composite "x"`,
			`4:111: $.children[2].children[0].action: unknown action "x"`,
			`4:144: $.children[2].children[0].constraints[1]: unknown constraint "x"`,
		}},
		{"wrong types", `{"kind": 3, "name": true, "loop": "yes", "minOutcome": "Great", "replan": "soon",
 "succeedOnOne": "most", "weight": "heavy", "constraints": "in sight", "children": {}}`, []string{
			"1:10: $.kind: want a string, not a number",
			"1:21: $.name: want a string, not true or false",
			"1:35: $.loop: want true or false, not a string",
			`$.minOutcome: unknown outcome "Great" (want one of Impossible, Deadly,`,
			`$.replan: want a duration such as "250ms"`,
			`2:18: $.succeedOnOne: want true or false, not a string`,
			"$.weight: want a number, not a string",
			"$.constraints: want an array of constraint names, not a string",
			"$.children: children must be an array of nodes, not an object",
		}},
		{"negative replan", `{"kind": "selector", "name": "s", "replan": "-1s", "children": [{"kind": "action", "name": "a", "action": "chase"}]}`,
			[]string{`1:45: $.replan: negative duration "-1s"`}},
		{"a node lacking what its kind runs", `{"kind": "ifelse", "name": "i", "children": [{"kind": "action", "name": "a", "action": "chase"}]}`,
			[]string{`1:1: $: an ifelse needs "test"`}},
		{"$schema below the root", `{"$schema": "s.json", "kind": "sequence", "name": "s", "children": [{"$schema": "s.json", "kind": "action", "name": "a", "action": "chase"}]}`,
			[]string{`$.children[0].$schema: "$schema" belongs at the top`}},
		{"a constraint that is not a name", `{"kind": "action", "name": "a", "action": "chase", "constraints": [{"name": "x"}, 3]}`,
			[]string{"$.constraints[0]: want a constraint's name, not an object", "$.constraints[1]: want a constraint's name, not a number"}},
	}
	reg := testRegistry()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, err := reg.Load([]byte(tt.file))
			if err == nil {
				t.Fatalf("Load = %+v, nil; want an error", def)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error\n%v\nlacks %q", err, w)
				}
			}
			var fe *btjson.Error
			if !errors.As(err, &fe) || fe.Line < 1 || fe.Column < 1 || !strings.HasPrefix(fe.Path, "$") {
				t.Errorf("error %v is not an *Error with a place", err)
			}
		})
	}
}

// What Build finds wrong in a file's tree is placed in the file too.
func TestBuildPlacesTreeErrors(t *testing.T) {
	t.Parallel()
	file := `{"kind": "selector", "name": "s", "children": [
  {"kind": "sequence", "name": "empty", "children": []},
  {"kind": "action", "name": "a", "action": "chase", "weight": 2},
  {"kind": "action", "name": "a", "action": "chase", "loop": true}
]}`
	_, err := testRegistry().Build(bt.Config[mem]{Heuristic: goal}, []byte(file))
	for _, w := range []string{
		"2:3: $.children[0]: s/empty: empty sequence",
		"3:3: $.children[1]: s/a: Weight: only children of a RandomSelector",
		// the duplicate is placed at the first node of its path
		`3:3: $.children[1]: s/a: duplicate name "a"`,
		"3:3: $.children[1]: s/a: Loop is not for an action",
	} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
}

// badSteps is a planner whose steps a tree refuses: an empty sequence,
// and an action with no action.
type badSteps struct{}

func (badSteps) Steps() []bt.Def[mem] {
	n := bt.New[mem]()
	return []bt.Def[mem]{n.Sequence("empty"), {Kind: bt.KindAction, Name: "nothing"}}
}

func (badSteps) Runner(kids []*bt.Child[mem], _ bt.Replanning[mem]) (bt.Node[mem], error) {
	return &first{kids}, nil
}

// What Build finds wrong in a planner node's steps is placed at the
// planner node, as every error of the tree is placed at its node.
func TestBuildPlacesPlannerStepErrors(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	reg.Planners = map[string]bt.Planner[mem]{"bad": badSteps{}}
	file := `{"kind": "sequence", "name": "s", "children": [
  {"kind": "action", "name": "a", "action": "chase"},
  {"kind": "planner", "name": "think", "planner": "bad"}
]}`
	_, err := reg.Build(bt.Config[mem]{Heuristic: goal}, []byte(file))
	var errs []*btjson.Error
	for _, e := range unwrapAll(err) {
		var placed *btjson.Error
		if !errors.As(e, &placed) {
			t.Errorf("not placed in the file: %v", e)
			continue
		}
		errs = append(errs, placed)
	}
	for _, w := range []string{
		"3:3: $.children[1]: s/think/empty: empty sequence",
		"3:3: $.children[1]: s/think/nothing: ",
	} {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
	if len(errs) != 2 {
		t.Errorf("%d errors placed, want 2: %v", len(errs), err)
	}
}

// unwrapAll returns the errors err joins, or err alone.
func unwrapAll(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	if err == nil {
		return nil
	}
	return []error{err}
}

// Files beyond the limits are refused with an error that wraps ErrLimit,
// before they cost more than their size.
func TestLimits(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	reg.Limits = btjson.Limits{Bytes: 4096, Depth: 8, Nodes: 20, Errors: 3}
	deep := strings.Repeat(`{"kind": "sequence", "name": "s", "children": [`, 9) + `{"kind": "action", "name": "a", "action": "chase"}` + strings.Repeat("]}", 9)
	wide := `{"kind": "sequence", "name": "s", "children": [` + strings.Repeat(`{"kind": "action", "name": "a", "action": "chase"},`, 20) + `{}]}`
	nested := `{"kind": "action", "name": "a", "action": "chase", "x": ` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`
	many := `{"kind": "sequence", "name": "s", "children": [` + strings.Repeat(`{"kind": "action", "name": "a", "action": "x"},`, 9) + `{"kind": "action", "name": "a", "action": "x"}]}`
	tests := []struct {
		name, file string
		want       string
		limit      bool
	}{
		{"too large", `{"name": "` + strings.Repeat("x", 5000) + `"}`, "1:1: $: btjson: limit exceeded: the file is larger than 4096 bytes", true},
		{"too deep", deep, "$.children[0].children[0].children[0].children[0].children[0].children[0].children[0].children[0]: btjson: limit exceeded: nodes nested more than 8 deep", true},
		{"too many nodes", wide, "$.children[19]: btjson: limit exceeded: more than 20 nodes", true},
		{"deep inside an unknown field", nested, "$.x: btjson: limit exceeded: values nested more than 16 deep", true},
		{"too many errors", many, "and 7 more errors", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := reg.Load([]byte(tt.file))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error\n%v\nlacks %q", err, tt.want)
			}
			if got := errors.Is(err, btjson.ErrLimit); got != tt.limit {
				t.Errorf("errors.Is(err, ErrLimit) = %v", got)
			}
		})
	}
	if _, err := reg.Read(strings.NewReader(`{"name": "` + strings.Repeat("x", 1<<20) + `"}`)); !errors.Is(err, btjson.ErrLimit) {
		t.Errorf("Read of a megabyte: %v, want a limit error", err)
	}
}

// Limits as large as an int holds mean no limit: the arithmetic on them
// saturates, where it wrapped around (Read read nothing, and any value
// nested in a field was too deep), and a file reads, writes and reads
// back as under the defaults.
func TestLimitsOfMaxInt(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	reg.Limits = btjson.Limits{Bytes: math.MaxInt, Depth: math.MaxInt, Nodes: math.MaxInt, Errors: math.MaxInt}
	file := `{"kind": "sequence", "name": "s", "children": [
  {"kind": "action", "name": "a", "action": "chase"}
]}`
	def, err := reg.Read(strings.NewReader(file))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	nested := `{"kind": "action", "name": "a", "action": "chase", "notes": [[1], {"a": [2]}]}`
	if _, err := reg.Load([]byte(nested)); err == nil || errors.Is(err, btjson.ErrLimit) {
		t.Errorf("a field unknown, its value nested: %v, want it unknown and no limit exceeded", err)
	}
	data, err := reg.Marshal(def)
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	if _, err := reg.Build(bt.Config[mem]{Heuristic: goal}, data); err != nil {
		t.Errorf("Build of what Marshal wrote: %v", err)
	}
}

// A registry of zero Limits reads files of up to DefaultMaxBytes, the
// one default that the editor and the games' file watchers read by too.
func TestDefaultMaxBytes(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	big := []byte(`{"name": "` + strings.Repeat("x", btjson.DefaultMaxBytes) + `"}`)
	want := fmt.Sprintf("the file is larger than %d bytes", btjson.DefaultMaxBytes)
	if _, err := reg.Load(big); !errors.Is(err, btjson.ErrLimit) || !strings.Contains(err.Error(), want) {
		t.Errorf("a file past the default: %v, want %q", err, want)
	}
	if _, err := reg.Load(big[:btjson.DefaultMaxBytes]); errors.Is(err, btjson.ErrLimit) {
		t.Errorf("a file of the default's size: %v", err)
	}
}

// A registry with a nil value or an empty name is refused, whatever is
// asked of it.
func TestRegistryChecked(t *testing.T) {
	t.Parallel()
	reg := testRegistry()
	reg.Actions["broken"] = nil
	reg.Constraints[""] = reg.Constraints["in sight"]
	for name, call := range map[string]func() error{
		"Load":    func() error { _, err := reg.Load([]byte(`{}`)); return err },
		"Marshal": func() error { _, err := reg.Marshal(bt.Def[mem]{}); return err },
		"Schema":  func() error { _, err := reg.Schema(); return err },
	} {
		err := call()
		if err == nil || !strings.Contains(err.Error(), `action "broken" is nil`) || !strings.Contains(err.Error(), "a constraint with an empty name") {
			t.Errorf("%s: %v", name, err)
		}
	}
	var nilReg *btjson.Registry[mem]
	if _, err := nilReg.Load([]byte(`{}`)); err == nil {
		t.Errorf("Load on a nil Registry succeeded")
	}
}

// A syntax error is placed at the character it is about, wherever the
// decoder's offset points.
func TestSyntaxErrorsPlaced(t *testing.T) {
	t.Parallel()
	for file, want := range map[string]string{
		"\x00":                        "1:1: $: bad JSON: invalid character '\\x00'",
		" \n \x00":                    "2:2: $: bad JSON",
		`{"kind",}`:                   "1:8: $.kind: bad JSON: invalid character ','",
		`{"kind": "selector",, }`:     "1:21: $: bad JSON: invalid character ','",
		`{"name":tru}`:                "1:12: $.name: bad JSON: invalid character '}'",
		`{"name" 1}`:                  "1:9: $.name: bad JSON: invalid character '1'",
		"{\"name\":\n  1 \"kind\":2}": "2:5: $: bad JSON: invalid character '\"'",
		`{"weight": 1e999}`:           "1:12: $.weight: weight 1e999 is out of range",
	} {
		_, err := testRegistry().Load([]byte(file))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Load(%q) = %v, want %q", file, err, want)
		}
	}
}

// Build reports the file's errors and, where the tree can still be told,
// what bt.Build finds wrong with the rest, each once.
func TestBuildReportsEverythingOnce(t *testing.T) {
	t.Parallel()
	file := `{"kind": "selector", "name": "s", "children": [
  {"kind": "action", "name": "a", "action": "stirke", "constraints": ["x"]},
  {"kind": "sequence", "name": "empty", "children": []},
  {"kind": "action", "name": "b"},
  {"kind": "decorator", "name": "d", "decorator": "x", "children": [{"kind": "condition", "name": "c", "test": 3}]},
  {"kind": "condition", "name": "e", "test": "hp even", "loop": true}
]}`
	_, err := testRegistry().Build(bt.Config[mem]{Heuristic: goal}, []byte(file))
	if err == nil {
		t.Fatal("Build succeeded")
	}
	want := []string{
		`2:45: $.children[0].action: unknown action "stirke"`,
		`2:71: $.children[0].constraints[0]: unknown constraint "x"`,
		`4:3: $.children[2]: an action needs "action"`,
		`5:51: $.children[3].decorator: unknown decorator "x"`,
		`5:112: $.children[3].children[0].test: want a string, not a number`,
		"3:3: $.children[1]: s/empty: empty sequence",
		"6:3: $.children[4]: s/e: Loop is not for a condition",
	}
	got := strings.Split(err.Error(), "\n")
	if len(got) != len(want) {
		t.Errorf("%d errors, want %d:\n%v", len(got), len(want), err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error\n%v\nlacks %q", err, w)
		}
	}
	// A file whose tree cannot be told reports only what it can.
	_, err = testRegistry().Build(bt.Config[mem]{Heuristic: goal}, []byte(`{"kind": "selector", "name": "s", "children": [{"name": "x"}]}`))
	if err == nil || strings.Count(err.Error(), "\n") != 0 || !strings.Contains(err.Error(), `a node needs a "kind"`) {
		t.Errorf("a node without a kind: %v", err)
	}
}

// Read of a nil reader is an error, not a panic.
func TestReadNil(t *testing.T) {
	t.Parallel()
	_, err := testRegistry().Read(nil)
	if err == nil || !strings.Contains(err.Error(), "nil reader") {
		t.Errorf("Read(nil) = %v, want an error about the nil reader", err)
	}
}

// A stray character is placed where it is, whatever its width in bytes
// and wherever it falls between or inside the file's tokens: the line,
// and the column counted in characters; the message names it.
func TestStrayCharactersPlaced(t *testing.T) {
	t.Parallel()
	file := "{\"kind\": \"selector\", \"name\": \"ça va\", \"replan\": \"0s\",\n" +
		" \"children\": [\n  {\"kind\": \"action\", \"name\": \"☃\", \"action\": \"chase\", \"cosmetic\": true, \"weight\": 12}\n]}"
	reg := testRegistry()
	if _, err := reg.Load([]byte(file)); err != nil {
		t.Fatalf("the file itself: %v", err)
	}
	for _, stray := range []string{"é", "☃", "“", "\U0001F600", "x"} {
		inString, escaped := false, false
		line, col := 1, 1
		for i, c := range file {
			if !inString && c != '"' {
				bad := file[:i] + stray + file[i:]
				_, err := reg.Load([]byte(bad))
				var fe *btjson.Error
				if !errors.As(err, &fe) {
					t.Errorf("%q at %d:%d: %v, want an *Error", stray, line, col, err)
				} else if fe.Line != line || fe.Column != col {
					t.Errorf("%q at %d:%d: placed at %d:%d (%v)", stray, line, col, fe.Line, fe.Column, err)
				} else if !strings.Contains(err.Error(), "invalid character '"+stray+"'") {
					t.Errorf("%q at %d:%d: the message names another character: %v", stray, line, col, err)
				}
			}
			switch {
			case escaped:
				escaped = false
			case inString && c == '\\':
				escaped = true
			case c == '"':
				inString = !inString
			}
			if col++; c == '\n' {
				line, col = line+1, 1
			}
		}
	}
}

// Unknown names cost the same however large the registry and however
// many errors come past the limit: the registry's names are sorted once
// a file, and an error past Limits.Errors is counted, not written. (Each
// unknown name sorted the whole registry again: a megabyte of unknown
// names against a thousand actions took 23 s and some gigabytes.)
func TestUnknownNamesCostLittle(t *testing.T) {
	reg := testRegistry()
	for i := range 1000 {
		reg.Actions[fmt.Sprintf("action %04d", i)] = reg.Actions["chase"]
	}
	const n = 5000
	var b strings.Builder
	b.WriteString(`{"kind": "sequence", "name": "s", "children": [`)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"kind": "action", "name": "a%d", "action": "unknown %d"}`, i, i)
	}
	b.WriteString("]}")
	file := []byte(b.String())
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := reg.Load(file)
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("and %d more errors", n-50)) {
		t.Fatalf("Load: %v", err)
	}
	// Decoding and the tree's descriptions take some tens of times the
	// file's size; sorting the registry for each unknown name took 3,500.
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(100*len(file)); got > most {
		t.Errorf("loading %d bytes of unknown names allocated %d bytes, want at most %d", len(file), got, most)
	}
}

// Limits.Errors bounds the errors Build reports in all, those of the file
// and those bt.Build finds in its tree together; the rest are counted.
func TestBuildErrorsLimited(t *testing.T) {
	t.Parallel()
	empty := strings.Repeat(`{"kind": "sequence", "name": "e%d", "children": []},`, 60)
	for _, tt := range []struct {
		name, file    string
		errs, counted int
	}{
		{"tree errors", `{"kind": "selector", "name": "s", "children": [` + fmt.Sprintf(strings.TrimSuffix(empty, ","), seq(60)...) + `]}`, 50, 10},
		{"file and tree errors", `{"kind": "selector", "name": "s", "children": [` + fmt.Sprintf(empty, seq(60)...) +
			strings.Repeat(`{"kind": "action", "name": "x", "action": "nope"},`, 20) + `{"kind": "action", "name": "y", "action": "nope"}]}`, 50, 50},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := testRegistry().Build(bt.Config[mem]{Heuristic: goal}, []byte(tt.file))
			if err == nil {
				t.Fatal("built")
			}
			lines := strings.Split(err.Error(), "\n")
			if len(lines) != tt.errs+1 || lines[tt.errs] != fmt.Sprintf("and %d more errors", tt.counted) {
				t.Errorf("%d lines, want %d errors and a count of %d more:\n%v", len(lines), tt.errs, tt.counted, err)
			}
			for _, l := range lines[:len(lines)-1] {
				if _, _, ok := strings.Cut(l, ": $"); !ok {
					t.Errorf("an error without a place: %s", l)
				}
			}
		})
	}
}

// An unknown name is answered with what the file may name in its place,
// whatever the registry holds it in (a catalogue's entries, registered
// values, factories), and with the nearest of them when one is close. (A
// registry of a catalogue alone answered a typo with "the registry has
// none".) A factory's arguments and constraint factories are answered
// alike (TestArgumentErrors).
func TestUnknownNamesListWhatAFileMayName(t *testing.T) {
	t.Parallel()
	act := treetest.Act(&treetest.Recorder{}, "act", treetest.Shine)
	var b catalogue.Builder[mem]
	for _, name := range []string{"chop", "eat", "sleep"} {
		b.Action(name, act)
	}
	actions, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	catalogueOnly := func() *btjson.Registry[mem] { return &btjson.Registry[mem]{Catalogue: actions} }
	withActions := func() *btjson.Registry[mem] {
		r := factoryRegistry()
		r.Catalogue = actions
		return r
	}
	many := func() *btjson.Registry[mem] {
		r := testRegistry()
		for i := range 30 {
			r.Actions[fmt.Sprintf("a%02d", i)] = r.Actions["chase"]
		}
		r.Actions["zigzag"] = r.Actions["chase"]
		return r
	}
	action := func(name string) string { return `{"kind": "action", "name": "x", "action": "` + name + `"}` }
	for _, tt := range []struct {
		name string
		reg  func() *btjson.Registry[mem]
		file string
		want string // the whole error
	}{
		{"a catalogue's entry", catalogueOnly, action("chopp"),
			`1:43: $.action: unknown action "chopp": did you mean "chop"? (want one of "chop", "eat", "sleep")`},
		{"nothing close", catalogueOnly, action("fly"),
			`1:43: $.action: unknown action "fly" (want one of "chop", "eat", "sleep")`},
		{"entries, actions and factories", withActions, action("wiat"),
			`1:43: $.action: unknown action "wiat": did you mean "wait"? (want one of "chase", "chop", "eat", "sleep", "wait")`},
		{"the nearest beyond the first 20", many, action("zigzga"),
			`1:43: $.action: unknown action "zigzga": did you mean "zigzag"? (the registry has 32, such as "a00", "a01", "a02", "a03", "a04", "a05", "a06", "a07", "a08", "a09", "a10", "a11", "a12", "a13", "a14", "a15", "a16", "a17", "a18", "a19")`},
		{"a decorator's factory", factoryRegistry,
			`{"kind": "decorator", "name": "d", "decorator": "retyr", "args": {"times": 1}, "children": [{"kind": "action", "name": "c", "action": "chase"}]}`,
			`1:49: $.decorator: unknown decorator "retyr": did you mean "retry"? (want one of "invert", "retry")`},
		{"a constraint's factory, by name", factoryRegistry,
			`{"kind": "action", "name": "c", "action": "chase", "constraints": ["cooldwon"]}`,
			`1:68: $.constraints[0]: unknown constraint "cooldwon": did you mean "cooldown"? (want one of "chance", "cooldown", "in sight")`},
		{"a kind", catalogueOnly, `{"kind": "seqence", "name": "s", "children": []}`,
			`1:10: $.kind: unknown kind "seqence": did you mean "sequence"? (want one of ` + kindWords() + `)`},
		{"a field", catalogueOnly, `{"kind": "action", "name": "x", "action": "chop", "constrains": []}`,
			`did you mean "constraints"?`},
		{"an outcome", catalogueOnly, `{"kind": "selector", "name": "s", "minOutcome": "Benficial", "children": [` + action("chop") + `]}`,
			`$.minOutcome: unknown outcome "Benficial": did you mean "Beneficial"? (want one of Impossible,`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.reg().Load([]byte(tt.file))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load: %v\nwant %s", err, tt.want)
			}
		})
	}
}

// kindWords lists the kinds of node, as errors do.
func kindWords() string {
	return strings.Join(kinds.All, ", ")
}

// seq returns 0, 1, ... n-1, for Sprintf.
func seq(n int) []any {
	s := make([]any, n)
	for i := range s {
		s[i] = i
	}
	return s
}
