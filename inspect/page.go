package inspect

import (
	_ "embed"
	"strings"

	"github.com/foresight-bt/foresight/internal/web/curvejs"
)

// page.html is the viewer, one file of HTML, CSS and script. A replay
// embeds its recording at the marker; the live view leaves it empty, and
// the page then reads the events from the server.
//
//go:embed page.html
var pageHTML string

const recordingMarker = "<!--RECORDING-->"

var pageHead, pageTail = func() ([]byte, []byte) {
	page, ok := curvejs.Inline(pageHTML)
	if !ok {
		panic("inspect: page.html has no one " + curvejs.Marker) // caught by every test
	}
	head, tail, ok := strings.Cut(page, recordingMarker)
	if !ok {
		panic("inspect: page.html has no " + recordingMarker) // caught by every test
	}
	return []byte(head), []byte(tail)
}()
