package browser

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// Framed reports whether a page of another site can show the page at u
// in a frame: it opens, on page p, a page served for the purpose on an
// address of its own (another origin than u's) that frames u, and waits
// until the frame has loaded. It reports false when the browser showed
// its error page in the frame instead, as it does when u's answer forbids
// framing (X-Frame-Options, or Content-Security-Policy frame-ancestors),
// and fails test t when the frame never loads.
func Framed(t testing.TB, p *Page, u string) bool {
	t.Helper()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>another site</title><iframe src="%s" onload="window.framed = true"></iframe>`, html.EscapeString(u))
	}))
	defer func() {
		site.CloseClientConnections()
		site.Close()
	}()
	if err := p.Navigate(site.URL + "/"); err != nil {
		t.Fatal(err)
	}
	Await(t, p, "window.framed === true")
	var tree struct {
		FrameTree struct {
			ChildFrames []struct {
				Frame struct {
					URL            string `json:"url"`
					UnreachableURL string `json:"unreachableUrl"`
				} `json:"frame"`
			} `json:"childFrames"`
		} `json:"frameTree"`
	}
	if err := p.Call("Page.getFrameTree", nil, &tree); err != nil {
		t.Fatal(err)
	}
	if n := len(tree.FrameTree.ChildFrames); n != 1 {
		t.Fatalf("browser: the framing page has %d frames, want 1", n)
	}
	f := tree.FrameTree.ChildFrames[0].Frame
	return f.UnreachableURL == "" && !strings.HasPrefix(f.URL, "chrome-error:")
}

// A Request is one request that ForbidsFraming sends, and the status its
// answer must have. Host and Origin, when given, are what a page of
// another site would send.
type Request struct {
	Name, Method, Path, Host, Origin, ContentType, Body string
	Want                                                int
}

// ForbidsFraming sends each request to the server at base and fails t
// for an answer of another status than the request wants, or one whose
// headers let a page frame it (both X-Frame-Options DENY, for old
// browsers, and Content-Security-Policy frame-ancestors 'none', for new
// ones, are required). It reads an answer no further than its headers,
// so that a stream, whose body never ends, answers too. It needs no
// browser.
func ForbidsFraming(t testing.TB, base string, reqs []Request) {
	t.Helper()
	for _, rq := range reqs {
		ctx, cancel := context.WithCancel(context.Background())
		req, err := http.NewRequestWithContext(ctx, rq.Method, base+rq.Path, strings.NewReader(rq.Body))
		if err != nil {
			cancel()
			t.Fatalf("%s: %v", rq.Name, err)
		}
		if rq.Host != "" {
			req.Host = rq.Host
		}
		if rq.Origin != "" {
			req.Header.Set("Origin", rq.Origin)
		}
		if rq.ContentType != "" {
			req.Header.Set("Content-Type", rq.ContentType)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			cancel()
			t.Fatalf("%s: %v", rq.Name, err)
		}
		resp.Body.Close()
		cancel()
		if resp.StatusCode != rq.Want {
			t.Errorf("%s: %d, want %d", rq.Name, resp.StatusCode, rq.Want)
		}
		h := resp.Header
		if h.Get("X-Frame-Options") != "DENY" || !slices.Contains(h.Values("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: may be framed: X-Frame-Options %q, Content-Security-Policy %q",
				rq.Name, h.Get("X-Frame-Options"), h.Values("Content-Security-Policy"))
		}
	}
}
