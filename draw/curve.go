package draw

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"

	"github.com/foresight-bt/foresight/utility"
)

// A Curve draws a response curve of package utility as a small SVG plot:
// the curve over its input normalised from 0 to 1, both axes marked at
// 0, 0.5 and 1, and each input of Marks (a consideration's X, as a trace
// gives it: decide.Term) marked on the curve with its answer. A browser,
// or any page, shows it:
//
//	c := draw.Curve{Title: "hunger", Curve: utility.Logistic(10, 0.5), Marks: []float64{0.7}}
//	err := c.SVG(file)
type Curve struct {
	Title string
	Curve utility.Curve
	Marks []float64
}

// The plot's size, in the SVG's units, and its margins.
const (
	curveWidth, curveHeight = 240, 160
	curveLeft, curveTop     = 36, 24
	curvePlotW, curvePlotH  = 190, 108
	curveSamples            = 200
)

// SVG writes the plot as an SVG document. The title and the curve's
// description are escaped: any text draws as it reads.
func (c Curve) SVG(w io.Writer) error {
	if err := c.Curve.Validate(); err != nil {
		return fmt.Errorf("draw: %w", err)
	}
	b := bufio.NewWriter(w)
	px := func(x float64) string { return num1(curveLeft + x*curvePlotW) }
	py := func(y float64) string { return num1(curveTop + (1-y)*curvePlotH) }
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="10">`+"\n",
		curveWidth, curveHeight, curveWidth, curveHeight)
	title := visible(c.Title)
	if title == "" {
		title = c.Curve.String()
	}
	fmt.Fprintf(b, "<title>%s</title>\n", html.EscapeString(title+": "+c.Curve.String()))
	fmt.Fprintf(b, `<text x="%d" y="14">%s</text>`+"\n", curveLeft, html.EscapeString(title))
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="#fafafa" stroke="#999"/>`+"\n",
		curveLeft, curveTop, curvePlotW, curvePlotH)
	for _, t := range []float64{0, 0.5, 1} {
		fmt.Fprintf(b, `<text x="%s" y="%d" text-anchor="middle" fill="#666">%s</text>`+"\n", px(t), curveTop+curvePlotH+12, num1(t))
		fmt.Fprintf(b, `<text x="%d" y="%s" text-anchor="end" fill="#666">%s</text>`+"\n", curveLeft-4, num1(curveTop+(1-t)*curvePlotH+3), num1(t))
	}
	b.WriteString(`<polyline fill="none" stroke="#2b6cb0" stroke-width="2" points="`)
	for i := 0; i <= curveSamples; i++ {
		x := float64(i) / curveSamples
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(px(x) + "," + py(c.Curve.At(x)))
	}
	b.WriteString(`"/>` + "\n")
	for _, x := range c.Marks {
		if math.IsNaN(x) {
			continue
		}
		x = math.Min(math.Max(x, 0), 1)
		y := c.Curve.At(x)
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#c05621" stroke-dasharray="3,2"/>`+"\n",
			px(x), py(0), px(x), py(y))
		fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="4" fill="#c05621"><title>x %s → y %s</title></circle>`+"\n",
			px(x), py(y), num2(x), num2(y))
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}

// num1 writes a coordinate to a tenth.
func num1(f float64) string { return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64) }

// num2 writes a value to two places.
func num2(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
