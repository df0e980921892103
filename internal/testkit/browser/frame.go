package browser

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
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
