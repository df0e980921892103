package browser_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/testkit/browser"
)

func TestMain(m *testing.M) {
	code := m.Run()
	browser.Stop()
	os.Exit(code)
}

// A page is driven as a person would: type, press a key, read what shows;
// an error in the page is caught.
func TestDrive(t *testing.T) {
	p := browser.Tab(t, 800, 600)
	page := `data:text/html,<input id="t"><p id="out"></p><script>
t.onkeydown = e => { if (e.key === "Enter") out.textContent = "typed " + t.value + (e.shiftKey ? " with shift" : ""); };
</script>`
	if err := p.Navigate(page); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.getElementById("t")`)
	if err := p.Click("#t"); err != nil {
		t.Fatal(err)
	}
	if err := p.Type("12.5"); err != nil {
		t.Fatal(err)
	}
	if err := p.Press("Enter", true); err != nil {
		t.Fatal(err)
	}
	var out string
	if err := p.Eval(`document.getElementById("out").textContent`, &out); err != nil {
		t.Fatal(err)
	}
	if out != "typed 12.5 with shift" {
		t.Errorf("the page shows %q", out)
	}
	if err := p.Press("F13", false); err == nil {
		t.Error("an unknown key: no error")
	}
	if len(p.Errors()) != 0 {
		t.Fatalf("errors before any: %q", p.Errors())
	}
	if err := p.Eval(`setTimeout(() => { console.error("boom"); null.x; }, 0)`, nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(p.Errors()) < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	errs := strings.Join(p.Errors(), "\n")
	if !strings.Contains(errs, "console.error: boom") || !strings.Contains(errs, "exception: ") {
		t.Errorf("the page's errors were not caught: %q", errs)
	}
	png, err := p.Screenshot()
	if err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("Screenshot: %d bytes, %v", len(png), err)
	}
}

// A click lands on its element even when the page moves the element
// between Click finding it and pressing the mouse, as a header does when a
// line of its text grows: the first press here moves the button away, so
// its release misses, and Click presses again where the button now is.
// An element that is not there is an error, not a click somewhere.
func TestClickFollowsAMovingElement(t *testing.T) {
	p := browser.Tab(t, 800, 600)
	page := `data:text/html,<body style="margin:0"><button id="b" style="position:absolute;left:10px;top:10px">b</button><script>
let presses = 0, clicks = 0;
document.addEventListener("mousedown", () => { if (++presses === 1) b.style.top = "300px"; }, true);
b.addEventListener("click", () => clicks++);
</script></body>`
	if err := p.Navigate(page); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.getElementById("b")`)
	if err := p.Click("#b"); err != nil {
		t.Fatal(err)
	}
	var got struct{ Presses, Clicks int }
	if err := p.Eval(`({Presses: presses, Clicks: clicks})`, &got); err != nil {
		t.Fatal(err)
	}
	if got.Presses != 2 || got.Clicks != 1 {
		t.Errorf("%d presses and %d clicks on the button, want 2 and 1", got.Presses, got.Clicks)
	}
	if err := p.Click("#nothing"); err == nil || !strings.Contains(err.Error(), "no element matches") {
		t.Errorf("a click on nothing: %v", err)
	}
}

// A failed Await says what the page logged and shows, which often says
// why what was awaited never came true.
func TestAwaitSaysWhy(t *testing.T) {
	p := browser.Tab(t, 800, 600)
	if err := p.Navigate(`data:text/html,<p>no saves: the disk is full</p><script>console.error("save failed")</script>`); err != nil {
		t.Fatal(err)
	}
	browser.Await(t, p, `document.querySelector("p") !== null`)
	deadline := time.Now().Add(10 * time.Second)
	for len(p.Errors()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := browser.Value[string](t, p, `document.querySelector("p").textContent`); got != "no saves: the disk is full" {
		t.Errorf("Value: %q", got)
	}
	failed := &fatalRecorder{TB: t}
	browser.AwaitWithin(failed, p, `document.body.dataset.saved === "true"`, 200*time.Millisecond)
	for _, want := range []string{"still false", "console.error: save failed", "it shows: no saves: the disk is full"} {
		if !strings.Contains(failed.msg, want) {
			t.Errorf("Await's failure does not say %q:\n%s", want, failed.msg)
		}
	}
}

// A fatalRecorder is a test whose Fatalf is recorded, not fatal.
type fatalRecorder struct {
	testing.TB
	msg string
}

func (r *fatalRecorder) Fatalf(format string, args ...any) { r.msg = fmt.Sprintf(format, args...) }

// fake writes a shell script that stands in for a broken browser.
func fake(t *testing.T, script string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in browsers are shell scripts")
	}
	path := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// A browser that is broken or half installed is an error within the
// deadlines, naming the program and what it did not do, never a hang.
func TestBrokenBrowser(t *testing.T) {
	defer func(s, c time.Duration) { browser.StartTimeout, browser.CallTimeout = s, c }(browser.StartTimeout, browser.CallTimeout)
	browser.StartTimeout, browser.CallTimeout = 500*time.Millisecond, 500*time.Millisecond

	dies := fake(t, `echo "error while loading shared libraries: libnss3.so" >&2; exit 127`)
	if _, err := browser.Start(dies); err == nil || !strings.Contains(err.Error(), dies+") exited before it listened: it said error while loading shared libraries") {
		t.Errorf("a browser that exits at once: %v", err)
	}

	hangs := fake(t, `exec sleep 60`)
	if _, err := browser.Start(hangs); err == nil || !strings.Contains(err.Error(), hangs+") did not listen within 500ms") {
		t.Errorf("a browser that never listens: %v", err)
	}

	// One that says it listens, on a port that takes connections and
	// never answers.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	mute := fake(t, `echo "DevTools listening on ws://`+ln.Addr().String()+`/devtools/browser/x" >&2; exec sleep 60`)
	b, err := browser.Start(mute)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.NewPage(800, 600); err == nil || !strings.Contains(err.Error(), mute+") did not open a tab") {
		t.Errorf("a browser that does not answer: %v", err)
	}
}

// Framed tells a page that another site's page can frame from one whose
// answer forbids it, in either header.
func TestFramed(t *testing.T) {
	p := browser.Tab(t, 800, 600)
	for _, tt := range []struct {
		name, header, value string
		want                bool
	}{
		{"allowed", "", "", true},
		{"X-Frame-Options", "X-Frame-Options", "DENY", false},
		{"frame-ancestors", "Content-Security-Policy", "frame-ancestors 'none'", false},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			if tt.header != "" {
				w.Header().Set(tt.header, tt.value)
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<title>framed</title><p>here</p>")
		}))
		if got := browser.Framed(t, p, srv.URL+"/"); got != tt.want {
			t.Errorf("%s: Framed = %v, want %v", tt.name, got, tt.want)
		}
		srv.Close()
	}
}
