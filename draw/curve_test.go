package draw_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/draw"
	"github.com/foresight-bt/foresight/utility"
)

// A curve drawn with the input a consideration read marked on it.
func ExampleCurve() {
	c := draw.Curve{Title: "hunger", Curve: utility.Logistic(10, 0.5), Marks: []float64{0.7}}
	var b bytes.Buffer
	if err := c.SVG(&b); err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, "<title>") || strings.HasPrefix(line, "<circle") {
			fmt.Println(line)
		}
	}
	// Output:
	// <title>hunger: logistic(steepness 10, midpoint 0.5)</title>
	// <circle cx="169" cy="36.9" r="4" fill="#c05621"><title>x 0.70 → y 0.88</title></circle>
}

// Every curve draws as well-formed XML whatever its title, with its
// polyline of 201 points, each inside the plot; a curve that makes no
// sense is refused.
func TestCurveSVG(t *testing.T) {
	for _, c := range []draw.Curve{
		{Curve: utility.Curve{}},
		{Title: "<b>\"&'\x01\xff", Curve: utility.Step(0.3, 1, 0), Marks: []float64{-1, 0.3, 2}},
		{Title: "points", Curve: utility.Points(0, 0, 0.2, 1, 1, 0.5)},
	} {
		var b bytes.Buffer
		if err := c.SVG(&b); err != nil {
			t.Fatal(err)
		}
		dec := xml.NewDecoder(&b)
		points := 0
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%q: %v", c.Title, err)
			}
			if e, ok := tok.(xml.StartElement); ok && e.Name.Local == "polyline" {
				for _, a := range e.Attr {
					if a.Name.Local == "points" {
						points = len(strings.Fields(a.Value))
					}
				}
			}
		}
		if points != 201 {
			t.Errorf("%q: %d points", c.Title, points)
		}
	}
	if err := (draw.Curve{Curve: utility.Logistic(0, 1)}).SVG(io.Discard); err == nil {
		t.Error("a flat logistic was drawn")
	}
}
