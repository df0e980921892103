package inspect

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/scene"
)

// A scene that cannot be drawn is refused with what is wrong, and the
// first thing wrong is the one said.
func TestValidateScene(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", maxText+1)
	for _, tt := range []struct {
		name  string
		scene scene.Scene
		want  string
	}{
		{"negative time", scene.Scene{Time: -1}, "a negative time"},
		{"too many entities", scene.Scene{Entities: make([]scene.Entity, scene.MaxEntities+1)}, "1001 entities, more than 1000"},
		{"too many shapes", scene.Scene{Shapes: make([]scene.Shape, scene.MaxShapes+1)}, "1001 shapes, more than 1000"},
		{"NaN", scene.Scene{Entities: []scene.Entity{{X: math.NaN()}}}, "entity 0 (\"\"): a number that is not finite (NaN)"},
		{"an infinite health", scene.Scene{Entities: []scene.Entity{{Label: "a"}, {Label: "b", MaxHealth: math.Inf(1)}}},
			"entity 1 (\"b\"): a number that is not finite (+Inf)"},
		{"negative radius", scene.Scene{Entities: []scene.Entity{{Radius: -1}}}, "a negative radius"},
		{"long label", scene.Scene{Entities: []scene.Entity{{Label: long}}}, "a text of 201 bytes, more than 200"},
		{"long colour", scene.Scene{Entities: []scene.Entity{{Colour: long}}}, "a text of 201 bytes, more than 200"},
		{"not UTF-8", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Line, Colour: "\xff"}}}, "shape 0 (\"\"): a text that is not UTF-8"},
		{"unknown shape", scene.Scene{Shapes: []scene.Shape{{Kind: 9}}}, "unknown kind 9"},
		{"no shape", scene.Scene{Shapes: []scene.Shape{{}}}, "unknown kind 0"},
		{"a shape's infinity", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Line, Y2: math.Inf(-1)}}}, "not finite (-Inf)"},
		{"a shape's negative radius", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Circle, R: -2, Label: "ring"}}},
			"shape 0 (\"ring\"): a negative radius"},
		{"a filled line", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Line, Fill: "red"}}}, "a fill on a shape"},
		{"a filled cell", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Cell, Fill: "red"}}}, "filled with its colour"},
		{"fill not UTF-8", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Rect, Fill: "\xff"}}}, "not UTF-8"},
		{"the time first", scene.Scene{Time: -time.Second, Entities: []scene.Entity{{X: math.NaN()}}}, "scene at -1s: a negative time"},
	} {
		err := validateScene(&tt.scene)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

// A scene that can be drawn passes, up to the limits.
func TestValidateSceneAccepts(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		scene scene.Scene
	}{
		{"empty", scene.Scene{}},
		{"every kind", scene.Scene{Time: time.Second, Entities: []scene.Entity{{Label: "jedi", Radius: 0.5, Health: 3, MaxHealth: 5}},
			Shapes: []scene.Shape{{Kind: scene.Circle, R: 2, Fill: "#eee"}, {Kind: scene.Line, X2: 1, Y2: 1},
				{Kind: scene.Rect, X2: 3, Y2: 1, Fill: "#eee"}, {Kind: scene.Cell, X: 4, Y: 5, Colour: "#333"}}}},
		{"at the limits", scene.Scene{Entities: make([]scene.Entity, scene.MaxEntities),
			Shapes: []scene.Shape{{Kind: scene.Cell, Label: strings.Repeat("é", maxText/2)}}}},
	} {
		if err := validateScene(&tt.scene); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// A scene is recorded as one line of JSON: numbers rounded to three
// decimals, what is empty or not drawn left out, texts quoted.
func TestAppendScene(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		scene scene.Scene
		want  string
	}{
		{"empty", scene.Scene{}, `{"kind":"scene","t":0,"entities":[],"shapes":[]}`},
		{"every kind",
			scene.Scene{
				Time:     1500 * time.Millisecond,
				Entities: []scene.Entity{{Label: "guard", X: 1, Y: 2, Radius: 0.5, Colour: "#1f77b4", Health: 8, MaxHealth: 10}},
				Shapes: []scene.Shape{
					{Kind: scene.Circle, X: 1, Y: 2, R: 3, Label: "hearing"},
					{Kind: scene.Line, X: 0, Y: 0, X2: 3, Y2: 4, R: 9, Colour: "#d62728"},
					{Kind: scene.Rect, X: -4, Y: -1, X2: 4, Y2: 1, Colour: "#8c6d31", Fill: "#e8dcc0", Label: "bridge"},
					{Kind: scene.Cell, X: 3, Y: 3, X2: 7, R: 7, Colour: "#2ca02c"},
				},
			},
			`{"kind":"scene","t":1.5,"entities":[{"label":"guard","x":1,"y":2,"heading":0,"r":0.5,"colour":"#1f77b4","hp":8,"maxhp":10}],` +
				`"shapes":[{"shape":"circle","x":1,"y":2,"r":3,"colour":"","label":"hearing"},` +
				`{"shape":"line","x":0,"y":0,"x2":3,"y2":4,"colour":"#d62728"},` +
				`{"shape":"rect","x":-4,"y":-1,"x2":4,"y2":1,"colour":"#8c6d31","fill":"#e8dcc0","label":"bridge"},` +
				`{"shape":"cell","x":3,"y":3,"colour":"#2ca02c"}]}`},
		{"no health bar without a most", scene.Scene{Entities: []scene.Entity{{Label: "a", Health: 4}, {Label: "b"}}},
			`{"kind":"scene","t":0,"entities":[{"label":"a","x":0,"y":0,"heading":0,"r":0,"colour":""},` +
				`{"label":"b","x":0,"y":0,"heading":0,"r":0,"colour":""}],"shapes":[]}`},
		{"rounded", scene.Scene{Time: 1234567 * time.Microsecond,
			Entities: []scene.Entity{{X: 1.23449, Y: -2.0006, Heading: math.Pi, Radius: 1e-4}}},
			`{"kind":"scene","t":1.235,"entities":[{"label":"","x":1.234,"y":-2.001,"heading":3.142,"r":0,"colour":""}],"shapes":[]}`},
		{"no minus zero", scene.Scene{Entities: []scene.Entity{{X: -0.0001, Y: math.Copysign(0, -1)}}},
			`{"kind":"scene","t":0,"entities":[{"label":"","x":0,"y":0,"heading":0,"r":0,"colour":""}],"shapes":[]}`},
		{"too big to round", scene.Scene{Entities: []scene.Entity{{X: 1e300, Y: -2.5e16}}},
			`{"kind":"scene","t":0,"entities":[{"label":"","x":1e+300,"y":-2.5e+16,"heading":0,"r":0,"colour":""}],"shapes":[]}`},
		{"quoted", scene.Scene{Entities: []scene.Entity{{Label: "a \"b\" \\ c\n\x01é</script>"}}},
			`{"kind":"scene","t":0,"entities":[{"label":"a \"b\" \\ c\u000a\u0001é</script>","x":0,"y":0,"heading":0,"r":0,"colour":""}],"shapes":[]}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := validateScene(&tt.scene); err != nil {
				t.Fatalf("the scene is not valid: %v", err)
			}
			got := string(appendScene([]byte("before "), &tt.scene))
			if want := "before " + tt.want + "\n"; got != want {
				t.Errorf("appendScene:\n got %s\nwant %s", got, want)
			}
			if !json.Valid([]byte(tt.want)) {
				t.Errorf("not JSON: %s", tt.want)
			}
			var back struct {
				Entities []struct{ Label string }
			}
			if err := json.Unmarshal([]byte(strings.TrimPrefix(got, "before ")), &back); err != nil {
				t.Fatalf("not JSON: %v", err)
			}
			for i, e := range back.Entities {
				if e.Label != tt.scene.Entities[i].Label {
					t.Errorf("entity %d's label reads back %q, was %q", i, e.Label, tt.scene.Entities[i].Label)
				}
			}
		})
	}
}
