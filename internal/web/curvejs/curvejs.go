// Package curvejs is package utility's Curve.At written in JavaScript,
// for the pages that draw a consideration's curve: the editor's and the
// inspector's. Each page holds a marker where the script goes, and takes
// it inline (Inline) rather than from an address, because a replay is
// saved as one file that must draw without a server.
//
// The browser tests of both pages check the script against Curve.At.
//
// It is a web helper (internal/web): it imports only engine helpers
// (internal/engine), and the library's web views (inspect, editor)
// import it.
package curvejs

import (
	_ "embed"
	"strings"
)

// curve.js defines curveAt(c, x).
//
//go:embed curve.js
var script string

// Marker is where a page takes the script: a comment, so that the page
// without it is still a page.
const Marker = "/*CURVE_AT*/"

// Inline returns page with the script in place of its one marker, and
// false if page holds no marker or more than one.
func Inline(page string) (string, bool) {
	if strings.Count(page, Marker) != 1 {
		return page, false
	}
	return strings.Replace(page, Marker, strings.TrimSuffix(script, "\n"), 1), true
}
