package inspect_test

import (
	"testing"

	"github.com/foresight-bt/foresight/internal/testkit/browser"
)

// Every response of a live view forbids framing it, so that no page of
// another site can show it under a decoy that lets a click through and
// pause the game (clickjacking): the page, the stream, a command, an
// unknown path, a wrong method and a refusal alike. (It sent neither
// header.)
func TestLiveForbidsFraming(t *testing.T) {
	t.Parallel()
	_, srv := serve(t)
	browser.ForbidsFraming(t, srv.URL, []browser.Request{
		{Name: "the page", Method: "GET", Path: "/", Want: 200},
		{Name: "the stream", Method: "GET", Path: "/events", Want: 200},
		{Name: "a command", Method: "POST", Path: "/control", ContentType: "application/json", Body: `{"do":"resume"}`, Want: 200},
		{Name: "a bad command", Method: "POST", Path: "/control", ContentType: "application/json", Body: `{"do":"fly"}`, Want: 400},
		{Name: "an unknown path", Method: "GET", Path: "/nothing", Want: 404},
		{Name: "a wrong method", Method: "DELETE", Path: "/control", Want: 405},
		{Name: "another name", Method: "GET", Path: "/", Host: "evil.example", Want: 403},
		{Name: "another site's page", Method: "POST", Path: "/control", Origin: "http://evil.example", ContentType: "application/json", Body: `{"do":"pause"}`, Want: 403},
	})
}

// A page of another site that frames a live view shows the browser's
// error page in the frame, not the view.
func TestFramingPageCannotShowTheLiveViewInBrowser(t *testing.T) {
	t.Parallel()
	_, srv := serve(t)
	if browser.Framed(t, page(t), srv.URL+"/") {
		t.Errorf("another site's page shows the live view in a frame")
	}
}
