package inspect

import (
	_ "embed"
	"strings"
)

// page.html is the viewer, one file of HTML, CSS and script. A replay
// embeds its recording at the marker; the live view leaves it empty, and
// the page then reads the events from the server.
//
//go:embed page.html
var pageHTML string

const recordingMarker = "<!--RECORDING-->"

var pageHead, pageTail = func() ([]byte, []byte) {
	head, tail, ok := strings.Cut(pageHTML, recordingMarker)
	if !ok {
		panic("inspect: page.html has no " + recordingMarker) // caught by every test
	}
	return []byte(head), []byte(tail)
}()
