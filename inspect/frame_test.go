package inspect_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/internal/testkit/browser"
)

// unframable reports whether the headers h of a response forbid every
// page to frame it, in the words of old browsers and new ones.
func unframable(h http.Header) bool {
	return h.Get("X-Frame-Options") == "DENY" && slices.Contains(h.Values("Content-Security-Policy"), "frame-ancestors 'none'")
}

// Every response of a live view forbids framing it, so that no page of
// another site can show it under a decoy that lets a click through and
// pause the game (clickjacking): the page, the stream, a command, an
// unknown path, a wrong method and a refusal alike. (It sent neither
// header.)
func TestLiveForbidsFraming(t *testing.T) {
	t.Parallel()
	_, srv := serve(t)
	for _, tt := range []struct {
		name, method, path, host, origin, ctype, body string
		want                                          int
	}{
		{"the page", "GET", "/", "", "", "", "", 200},
		{"the stream", "GET", "/events", "", "", "", "", 200},
		{"a command", "POST", "/control", "", "", "application/json", `{"do":"resume"}`, 200},
		{"a bad command", "POST", "/control", "", "", "application/json", `{"do":"fly"}`, 400},
		{"an unknown path", "GET", "/nothing", "", "", "", "", 404},
		{"a wrong method", "DELETE", "/control", "", "", "", "", 405},
		{"another name", "GET", "/", "evil.example", "", "", "", 403},
		{"another site's page", "POST", "/control", "", "http://evil.example", "application/json", `{"do":"pause"}`, 403},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, tt.method, srv.URL+tt.path, strings.NewReader(tt.body))
		if tt.host != "" {
			req.Host = tt.host
		}
		if tt.origin != "" {
			req.Header.Set("Origin", tt.origin)
		}
		if tt.ctype != "" {
			req.Header.Set("Content-Type", tt.ctype)
		}
		resp, err := http.DefaultClient.Do(req) // the stream's headers come at once; its body never ends
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		cancel()
		if resp.StatusCode != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, resp.StatusCode, tt.want)
		}
		if !unframable(resp.Header) {
			t.Errorf("%s: may be framed: X-Frame-Options %q, Content-Security-Policy %q",
				tt.name, resp.Header.Get("X-Frame-Options"), resp.Header.Values("Content-Security-Policy"))
		}
	}
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
