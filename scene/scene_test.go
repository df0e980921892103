package scene_test

import (
	"fmt"
	"time"

	"github.com/foresight-bt/foresight/scene"
)

// A game fills a Scene each frame with what a tool should show of its
// world at that moment, in the game's own units with y up: the entities,
// here a guard with a health bar, and the shapes drawn beneath them, the
// ground first. The inspector records it beside the tree's events and
// draws it; the scene itself is plain data.
func Example() {
	s := scene.Scene{
		Time:     1500 * time.Millisecond,
		Entities: []scene.Entity{{Label: "guard", X: 1, Y: 2, Radius: 0.5, Colour: "#1f77b4", Health: 8, MaxHealth: 10}},
		Shapes: []scene.Shape{
			{Kind: scene.Rect, X: -4, Y: -1, X2: 4, Y2: 1, Colour: "#8c6d31", Fill: "#e8dcc0", Label: "bridge"},
			{Kind: scene.Circle, X: 1, Y: 2, R: 3, Label: "hearing"},
			{Kind: scene.Cell, X: 3, Y: 3, Colour: "#2ca02c"},
		},
	}
	kinds := [...]string{scene.Circle: "circle", scene.Line: "line", scene.Rect: "rect", scene.Cell: "cell"}
	fmt.Println("at", s.Time)
	for _, e := range s.Entities {
		fmt.Printf("entity %+v\n", e)
	}
	for _, sh := range s.Shapes {
		fmt.Printf("%s %+v\n", kinds[sh.Kind], sh)
	}
	// Output:
	// at 1.5s
	// entity {Label:guard X:1 Y:2 Heading:0 Radius:0.5 Colour:#1f77b4 Health:8 MaxHealth:10}
	// rect {Kind:3 X:-4 Y:-1 X2:4 Y2:1 R:0 Colour:#8c6d31 Fill:#e8dcc0 Label:bridge}
	// circle {Kind:1 X:1 Y:2 X2:0 Y2:0 R:3 Colour: Fill: Label:hearing}
	// cell {Kind:4 X:3 Y:3 X2:0 Y2:0 R:0 Colour:#2ca02c Fill: Label:}
}
