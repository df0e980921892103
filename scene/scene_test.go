package scene_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/scene"
)

// A scene that cannot be drawn is refused with what is wrong.
func TestValidate(t *testing.T) {
	long := strings.Repeat("x", 201)
	tests := []struct {
		name  string
		scene scene.Scene
		want  string
	}{
		{"negative time", scene.Scene{Time: -1}, "a negative time"},
		{"too many entities", scene.Scene{Entities: make([]scene.Entity, scene.MaxEntities+1)}, "more than 1000"},
		{"too many shapes", scene.Scene{Shapes: make([]scene.Shape, scene.MaxShapes+1)}, "more than 1000"},
		{"NaN", scene.Scene{Entities: []scene.Entity{{X: math.NaN()}}}, "not finite"},
		{"negative radius", scene.Scene{Entities: []scene.Entity{{Radius: -1}}}, "a negative radius"},
		{"long label", scene.Scene{Entities: []scene.Entity{{Label: long}}}, "more than 200"},
		{"not UTF-8", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Line, Colour: "\xff"}}}, "not UTF-8"},
		{"unknown shape", scene.Scene{Shapes: []scene.Shape{{Kind: 9}}}, "unknown kind 9"},
		{"no shape", scene.Scene{Shapes: []scene.Shape{{}}}, "unknown kind 0"},
		{"a filled line", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Line, Fill: "red"}}}, "a fill on a shape"},
		{"a filled cell", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Cell, Fill: "red"}}}, "filled with its colour"},
		{"fill not UTF-8", scene.Scene{Shapes: []scene.Shape{{Kind: scene.Rect, Fill: "\xff"}}}, "not UTF-8"},
	}
	for _, tt := range tests {
		err := tt.scene.Validate()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	ok := scene.Scene{Entities: []scene.Entity{{Label: "jedi", Radius: 0.5}}, Shapes: []scene.Shape{{Kind: scene.Circle, R: 2, Fill: "#eee"},
		{Kind: scene.Rect, X2: 3, Y2: 1, Fill: "#eee"}, {Kind: scene.Cell, X: 4, Y: 5, Colour: "#333"}}}
	if err := ok.Validate(); err != nil {
		t.Errorf("a scene that can be drawn: %v", err)
	}
}

// A game fills a Scene each frame; tools such as the inspector record it
// as a line of JSON.
func Example() {
	s := scene.Scene{
		Entities: []scene.Entity{{Label: "guard", X: 1, Y: 2, Radius: 0.5, Colour: "#1f77b4", Health: 8, MaxHealth: 10}},
		Shapes: []scene.Shape{
			{Kind: scene.Circle, X: 1, Y: 2, R: 3, Label: "hearing"},
			{Kind: scene.Rect, X: -4, Y: -1, X2: 4, Y2: 1, Colour: "#8c6d31", Fill: "#e8dcc0", Label: "bridge"},
			{Kind: scene.Cell, X: 3, Y: 3, Colour: "#2ca02c"},
		},
	}
	if err := s.Validate(); err != nil {
		panic(err)
	}
	fmt.Println(string(s.AppendJSON(nil)))
	// Output:
	// {"kind":"scene","t":0,"entities":[{"label":"guard","x":1,"y":2,"heading":0,"r":0.5,"colour":"#1f77b4","hp":8,"maxhp":10}],"shapes":[{"shape":"circle","x":1,"y":2,"r":3,"colour":"","label":"hearing"},{"shape":"rect","x":-4,"y":-1,"x2":4,"y2":1,"colour":"#8c6d31","fill":"#e8dcc0","label":"bridge"},{"shape":"cell","x":3,"y":3,"colour":"#2ca02c"}]}
}
