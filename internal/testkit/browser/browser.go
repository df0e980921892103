// Package browser drives a headless Chromium over the DevTools protocol,
// for tests that check what a person would see in a page. It speaks the
// protocol's JSON over a websocket written with the standard library, so
// the module needs no browser driver. Only tests use it: start with Tab,
// which gives a test a tab of the browser its package shares.
//
// Every wait has a deadline, and an error names the program that did
// not answer and what it was asked, so that a browser that is missing,
// broken or half installed is a clear skip or failure, never a hang.
//
// It is a test kit (internal/testkit): only test files, the public test
// kit bt/bttest and other test kits import it; the library's own code
// never does.
package browser

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Find returns the path of a Chromium to drive: $CHROMIUM if set, else
// the first of chromium, chromium-browser, google-chrome on the PATH; ""
// when there is none.
func Find() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// A Browser is a running headless Chromium.
type Browser struct {
	name string // the program, as errors name it: "chromium (/usr/bin/chromium)"
	cmd  *exec.Cmd
	dir  string
	host string // host:port of its DevTools endpoint
	ws   string // the browser's own DevTools websocket
}

// Deadlines: how long the browser may take to start, and to answer one
// request. (Variables, so that the tests of this package can try them.)
var (
	StartTimeout = 30 * time.Second
	CallTimeout  = 60 * time.Second
)

// client asks the DevTools endpoint for tabs, within CallTimeout.
func client() *http.Client { return &http.Client{Timeout: CallTimeout} }

var listening = regexp.MustCompile(`DevTools listening on (ws://([^/\s]+)/\S*)`)

// Start starts the Chromium at path, headless, with a profile of its own
// and the flags given besides its own, and waits until it listens, for
// at most StartTimeout.
func Start(path string, flags ...string) (*Browser, error) {
	name := fmt.Sprintf("%s (%s)", filepath.Base(path), path)
	dir, err := os.MkdirTemp("", "browser")
	if err != nil {
		return nil, err
	}
	args := append([]string{"--headless=new", "--remote-debugging-port=0", "--user-data-dir=" + dir,
		"--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
		"--disable-extensions", "--hide-scrollbars", "--mute-audio",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		// Every page is under test, whichever window is in front: none is
		// lowered in priority, nor its timers and frames slowed, as
		// Chromium does for pages it takes to be in the background (beside
		// the tests' builds, such a page missed its deadlines).
		"--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
		"--disable-background-timer-throttling"}, flags...)
	cmd := exec.Command(path, append(args, "about:blank")...)
	ownGroup(cmd)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("browser: %s does not start: %v", name, err)
	}
	b := &Browser{name: name, cmd: cmd, dir: dir}
	found := make(chan []string, 1)
	var said []string // the last lines it wrote, to say why it failed
	var mu sync.Mutex
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m
				break
			}
			mu.Lock()
			said = append(said[max(len(said)-4, 0):], sc.Text())
			mu.Unlock()
		}
		close(found)
		io.Copy(io.Discard, stderr)
	}()
	lastWords := func() string {
		mu.Lock()
		defer mu.Unlock()
		if len(said) == 0 {
			return ""
		}
		return ": it said " + strings.Join(said, " / ")
	}
	select {
	case m, ok := <-found:
		if !ok {
			b.Close()
			return nil, fmt.Errorf("browser: %s exited before it listened%s", name, lastWords())
		}
		b.ws, b.host = m[1], m[2]
	case <-time.After(StartTimeout):
		words := lastWords()
		b.Close()
		return nil, fmt.Errorf("browser: %s did not listen within %v%s", name, StartTimeout, words)
	}
	return b, nil
}

// Close stops the browser, and the processes it started, and removes its
// profile.
func (b *Browser) Close() {
	if b.cmd.Process != nil {
		killGroup(b.cmd)
		b.cmd.Wait()
	}
	os.RemoveAll(b.dir)
}

// NewPage opens a blank tab, width by height CSS pixels, in a window of
// its own: a page in a tab behind another is hidden, and gets no
// animation frames, so pages open at once each have a window.
func (b *Browser) NewPage(width, height int) (*Page, error) {
	bc, err := dial(b.ws)
	if err != nil {
		return nil, fmt.Errorf("browser: %s did not open a tab: %v", b.name, err)
	}
	browser := &Page{browser: b, conn: bc, pending: map[int64]chan reply{}}
	go browser.read()
	var target struct {
		ID string `json:"targetId"`
	}
	err = browser.Call("Target.createTarget", map[string]any{"url": "about:blank", "newWindow": true}, &target)
	bc.close()
	if err != nil {
		return nil, fmt.Errorf("browser: %s did not open a tab: %v", b.name, err)
	}
	c, err := dial("ws://" + b.host + "/devtools/page/" + target.ID)
	if err != nil {
		return nil, fmt.Errorf("browser: %s: %v", b.name, err)
	}
	p := &Page{browser: b, id: target.ID, conn: c, pending: map[int64]chan reply{}}
	go p.read()
	for _, m := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		if err := p.Call(m, nil, nil); err != nil {
			return nil, err
		}
	}
	err = p.Call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil)
	return p, err
}

// A Page is one tab.
type Page struct {
	browser *Browser
	id      string // the tab's target
	conn    *conn
	mu      sync.Mutex
	next    int64
	pending map[int64]chan reply
	errs    []string // console errors and uncaught exceptions
	dead    error
}

type reply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Call sends a DevTools command and decodes its result into out (if not
// nil).
func (p *Page) Call(method string, params, out any) error {
	p.mu.Lock()
	if p.dead != nil {
		p.mu.Unlock()
		return p.dead
	}
	p.next++
	id := p.next
	ch := make(chan reply, 1)
	p.pending[id] = ch
	p.mu.Unlock()
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return err
	}
	if err := p.conn.write(msg); err != nil {
		return err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return fmt.Errorf("browser: %s: %s: the connection closed", p.browser.name, method)
		}
		if r.Error != nil {
			return fmt.Errorf("browser: %s: %s: %s", p.browser.name, method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-time.After(CallTimeout):
		// A browser that does not answer once is not asked again: every
		// call after this fails at once.
		err := fmt.Errorf("browser: %s did not answer %s within %v", p.browser.name, method, CallTimeout)
		p.mu.Lock()
		if p.dead == nil {
			p.dead = err
		}
		p.mu.Unlock()
		return err
	}
}

func (p *Page) read() {
	for {
		msg, err := p.conn.read()
		if err != nil {
			p.mu.Lock()
			p.dead = fmt.Errorf("browser: %s: %v", p.browser.name, err)
			for id, ch := range p.pending {
				close(ch)
				delete(p.pending, id)
			}
			p.mu.Unlock()
			return
		}
		var m struct {
			ID     int64           `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			reply
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		p.mu.Lock()
		if m.ID != 0 {
			if ch := p.pending[m.ID]; ch != nil {
				ch <- m.reply
				delete(p.pending, m.ID)
			}
		} else if e := consoleError(m.Method, m.Params); e != "" {
			p.errs = append(p.errs, e)
		}
		p.mu.Unlock()
	}
}

// consoleError returns the text of an event that reports an error in the
// page, or "".
func consoleError(method string, params json.RawMessage) string {
	switch method {
	case "Runtime.consoleAPICalled":
		var e struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		if json.Unmarshal(params, &e) == nil && (e.Type == "error" || e.Type == "assert") {
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, fmt.Sprint(a.Value, a.Description))
			}
			return "console." + e.Type + ": " + strings.Join(parts, " ")
		}
	case "Runtime.exceptionThrown":
		var e struct {
			Details struct {
				Text      string `json:"text"`
				Exception struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		json.Unmarshal(params, &e)
		return "exception: " + e.Details.Text + " " + e.Details.Exception.Description
	case "Log.entryAdded":
		var e struct {
			Entry struct {
				Level, Text, URL string
			} `json:"entry"`
		}
		if json.Unmarshal(params, &e) == nil && e.Entry.Level == "error" {
			return "log: " + e.Entry.Text + " " + e.Entry.URL
		}
	}
	return ""
}

// Errors returns the console errors and uncaught exceptions so far.
func (p *Page) Errors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errs...)
}

// Navigate loads url.
func (p *Page) Navigate(u string) error {
	var r struct {
		ErrorText string `json:"errorText"`
	}
	if err := p.Call("Page.navigate", map[string]any{"url": u}, &r); err != nil {
		return err
	}
	if r.ErrorText != "" {
		return fmt.Errorf("browser: navigate to %s: %s", u, r.ErrorText)
	}
	return nil
}

// Eval evaluates a JavaScript expression, awaiting it if it is a promise,
// and decodes its value into out (if not nil).
func (p *Page) Eval(expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := p.Call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r)
	if err != nil {
		return err
	}
	if r.Exception != nil {
		return fmt.Errorf("browser: %s: %s %s", expr, r.Exception.Text, r.Exception.Exception.Description)
	}
	if out != nil && len(r.Result.Value) > 0 {
		return json.Unmarshal(r.Result.Value, out)
	}
	return nil
}

// WaitFor evaluates expr until it is true, or fails after timeout. An
// expression that throws counts as false: the page may still be loading.
func (p *Page) WaitFor(ctx context.Context, expr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		err := p.Eval("Boolean("+expr+")", &ok)
		if ok && err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return err
			}
			return fmt.Errorf("browser: %s: still false after %v", expr, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// keys maps the keys Press knows to their key codes.
var keys = map[string]int{"ArrowLeft": 37, "ArrowRight": 39, "ArrowUp": 38, "ArrowDown": 40,
	"Enter": 13, " ": 32, "Home": 36, "End": 35, "Escape": 27}

// Press presses and releases a key, such as "ArrowRight", with Shift held
// if shift.
func (p *Page) Press(key string, shift bool) error {
	code, ok := keys[key]
	if !ok {
		return fmt.Errorf("browser: unknown key %q", key)
	}
	mods := 0
	if shift {
		mods = 8
	}
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		params := map[string]any{"type": typ, "key": key, "windowsVirtualKeyCode": code, "modifiers": mods}
		if err := p.Call("Input.dispatchKeyEvent", params, nil); err != nil {
			return err
		}
	}
	return nil
}

// Type types text into the element with the focus.
func (p *Page) Type(text string) error {
	return p.Call("Input.insertText", map[string]any{"text": text}, nil)
}

// Click clicks the middle of the first element the CSS selector finds,
// scrolled into view first, as a person scrolls to what they click. A page
// whose layout moves between finding the element and pressing the mouse
// (a line of text growing, a header wrapping) would take the press
// elsewhere, so Click counts the clicks the element receives and presses
// again, at its new place, until one lands; it reports what was hit if
// none does.
func (p *Page) Click(selector string) error {
	var box struct {
		X, Y   float64
		Clicks int
		Found  bool
	}
	find := fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return {Found: false};
		if (e.__browserClicks === undefined) { e.__browserClicks = 0; e.addEventListener("click", () => e.__browserClicks++, true); }
		window.__browserTarget = e; e.scrollIntoView({block: "nearest"});
		const r = e.getBoundingClientRect();
		return {X: r.x + r.width / 2, Y: r.y + r.height / 2, Clicks: e.__browserClicks, Found: true}; })()`, selector)
	// The element found, not the selector's next match: a click may
	// replace what it clicked.
	const clicks = `window.__browserTarget.__browserClicks`
	const tries = 5
	var hit string
	for range tries {
		if err := p.Eval(find, &box); err != nil {
			return err
		}
		if !box.Found {
			return fmt.Errorf("browser: click: no element matches %q", selector)
		}
		for _, typ := range []string{"mousePressed", "mouseReleased"} {
			params := map[string]any{"type": typ, "x": box.X, "y": box.Y, "button": "left", "clickCount": 1}
			if err := p.Call("Input.dispatchMouseEvent", params, nil); err != nil {
				return err
			}
		}
		// The renderer has handled the release when the call returns, so
		// the count already says whether the click landed.
		var n int
		if err := p.Eval(clicks, &n); err != nil {
			return err
		}
		if n > box.Clicks {
			return nil
		}
		at := fmt.Sprintf(`(() => { const e = document.elementFromPoint(%g, %g); return e ? e.outerHTML.slice(0, 80) : "nothing"; })()`, box.X, box.Y)
		if err := p.Eval(at, &hit); err != nil {
			return err
		}
	}
	return fmt.Errorf("browser: click on %q landed elsewhere %d times, last on %s", selector, tries, hit)
}

// Screenshot returns a PNG of the page as it shows.
func (p *Page) Screenshot() ([]byte, error) {
	var r struct {
		Data string `json:"data"`
	}
	if err := p.Call("Page.captureScreenshot", map[string]any{"format": "png"}, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// Close closes the tab.
func (p *Page) Close() {
	p.conn.close()
	if resp, err := client().Get("http://" + p.browser.host + "/json/close/" + p.id); err == nil {
		resp.Body.Close()
	}
}

// FileURL returns the file: URL of a local path.
func FileURL(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

// conn is a websocket client connection (RFC 6455): text messages out,
// masked as a client must; messages in, reassembled from fragments.
type conn struct {
	c  net.Conn
	r  *bufio.Reader
	wm sync.Mutex
}

func dial(rawURL string) (*conn, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "ws" {
		return nil, fmt.Errorf("browser: not a ws: URL: %q", rawURL)
	}
	c, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	c.SetDeadline(time.Now().Add(CallTimeout)) // for the handshake
	key := make([]byte, 16)
	rand.Read(key)
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n", u.RequestURI(), u.Host, base64.StdEncoding.EncodeToString(key))
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("browser: websocket handshake: %v", err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		c.Close()
		return nil, fmt.Errorf("browser: websocket handshake: %s", resp.Status)
	}
	c.SetDeadline(time.Time{}) // Call keeps the deadlines from now on
	return &conn{c: c, r: r}, nil
}

func (c *conn) write(msg []byte) error { return c.frame(0x1, msg) }

func (c *conn) frame(op byte, msg []byte) error {
	c.wm.Lock()
	defer c.wm.Unlock()
	b := []byte{0x80 | op}
	switch n := len(msg); {
	case n < 126:
		b = append(b, 0x80|byte(n))
	case n < 1<<16:
		b = append(b, 0x80|126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 0x80|127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	mask := make([]byte, 4)
	rand.Read(mask)
	b = append(b, mask...)
	for i, x := range msg {
		b = append(b, x^mask[i%4])
	}
	_, err := c.c.Write(b)
	return err
}

func (c *conn) read() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(c.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var l [2]byte
			if _, err := io.ReadFull(c.r, l[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(l[:]))
		case 127:
			var l [8]byte
			if _, err := io.ReadFull(c.r, l[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(l[:])
		}
		var mask [4]byte
		if h[1]&0x80 != 0 {
			if _, err := io.ReadFull(c.r, mask[:]); err != nil {
				return nil, err
			}
		}
		if n > 1<<30 {
			return nil, fmt.Errorf("websocket: a frame of %d bytes", n)
		}
		data := make([]byte, n)
		if _, err := io.ReadFull(c.r, data); err != nil {
			return nil, err
		}
		if h[1]&0x80 != 0 {
			for i := range data {
				data[i] ^= mask[i%4]
			}
		}
		switch op {
		case 0x8:
			return nil, errors.New("websocket: closed")
		case 0x9:
			c.frame(0xA, data)
			continue
		case 0xA:
			continue
		}
		msg = append(msg, data...)
		if fin {
			return msg, nil
		}
	}
}

func (c *conn) close() { c.c.Close() }
