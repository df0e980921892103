package browser

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"
)

// RequireEnv names the environment variable that makes a test fail, not
// skip, when there is no browser to drive: CI, which installs one, sets
// it.
const RequireEnv = "INSPECT_REQUIRE_BROWSER"

// shared is the browser the tests of a package share.
var shared struct {
	mu  sync.Mutex
	b   *Browser
	err error // why there is none, once tried
}

// Tab gives the test a new tab of the browser its package shares, width
// by height CSS pixels, closed when the test ends. The browser is started
// when a test first asks for a tab (Find says which), and stopped by Stop,
// which the package's TestMain calls. When there is no Chromium, or it
// does not start or open a tab, the test is skipped with one line that
// names the program and says why, and so is every later one, at once;
// with $INSPECT_REQUIRE_BROWSER set they fail instead.
func Tab(t testing.TB, width, height int) *Page {
	t.Helper()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.b == nil && shared.err == nil {
		if path := Find(); path == "" {
			shared.err = errors.New("browser: no chromium on the PATH (install chromium, or set $CHROMIUM)")
		} else {
			shared.b, shared.err = Start(path)
		}
	}
	if shared.err == nil {
		p, err := shared.b.NewPage(width, height)
		if err == nil {
			t.Cleanup(p.Close)
			return p
		}
		shared.err = err
		shared.b.Close()
		shared.b = nil
	}
	if os.Getenv(RequireEnv) != "" {
		t.Fatalf("%v; $%s is set, so the browser tests must run", shared.err, RequireEnv)
	}
	t.Skip(shared.err)
	return nil
}

// Await waits until expr, JavaScript, is true on page p, for at most a
// minute, and fails test t if it never is, with what the page logged as
// errors and the start of its text, which often say why. A page that is
// ready within a second alone once took over half a minute on two cores
// that also ran the rest of the suite and a fuzz run: the wait is a
// deadline, not a measure.
func Await(t testing.TB, p *Page, expr string) {
	t.Helper()
	awaitWithin(t, p, expr, time.Minute)
}

// awaitWithin is Await, waiting at most timeout.
func awaitWithin(t testing.TB, p *Page, expr string, timeout time.Duration) {
	t.Helper()
	if err := p.WaitFor(context.Background(), expr, timeout); err != nil {
		var shown string
		p.Eval(`document.body ? document.body.innerText.slice(0, 400) : ""`, &shown)
		t.Fatalf("%v\nthe page logged: %q\nit shows: %s", err, p.Errors(), shown)
	}
}

// Value returns the value of expr, JavaScript, on page p, decoded from
// JSON into a T, and fails test t if it cannot.
func Value[T any](t testing.TB, p *Page, expr string) T {
	t.Helper()
	var v T
	if err := p.Eval(expr, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// Stop stops the shared browser, if one was started.
func Stop() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.b != nil {
		shared.b.Close()
		shared.b = nil
	}
}
