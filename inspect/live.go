package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/web/sameorigin"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
)

// A Live streams a running game to browsers: it is a bt.Tracer and takes
// scenes like a Writer, and it is an http.Handler that serves the page
// and the events, by server-sent events, to everyone watching. Mount it
// under a path that ends in a slash:
//
//	http.Handle("/inspect/", http.StripPrefix("/inspect", live))
//
// A Live costs the game nothing while no one watches. Attach an agent
// rather than set the Live as its tracer, and the agent traces only while
// someone watches (an agent with a tracer builds its events, watched or
// not); Trace, Scene and Flush return at once; and a game can ask Watched
// before it builds a scene. While someone watches, the game's goroutine
// encodes each frame once and hands it to every browser without waiting:
// a browser that falls behind by more than a few seconds of frames, or by
// 8 MiB of them, misses frames (its page says how many), and the game
// never waits for it. A browser that joins a running game sees what
// happens from then on: the running path fills in as nodes begin.
//
// The page can pause the game and step it a frame at a time, through
// Proceed, which a game's loop asks before each frame. A game that never
// asks is never paused, and a game is never left paused when its last
// watcher leaves. A game that gives the Live a way to save and restore
// its frames (Rewind) can also be stepped back through the frames it ran,
// and resumed from one.
//
// A Live answers only requests for the names it knows: IP addresses,
// "localhost" and the names under it, and those AllowHosts adds; and it
// refuses a request that a page of another site sends (an Origin header
// other than the Live's own). A page of another site therefore cannot
// pause or step the game or read its events, even by making its own name
// resolve to the machine's address (DNS rebinding). A game that serves
// its Live under a name of its own, or behind a proxy that passes on the
// name it was asked for, allows that name with AllowHosts.
//
// Trace, Scene, Flush, SetHeader, Attach and Proceed belong to the game's goroutine;
// the handler may serve any number of browsers on other goroutines.
type Live struct {
	header atomic.Pointer[[]byte] // the recording's header line: SetHeader changes it
	scenes throttle
	batch  bytes.Buffer // the frame being encoded
	events *trace.JSONWriter
	line   []byte

	agents  []interface{ SetTracer(bt.Tracer) } // traced only while watched
	tracing bool                                // whether the agents trace into the Live

	watchers atomic.Pointer[[]*watcher] // copied on change, so the game reads without a lock
	mu       sync.Mutex                 // serialises changes to watchers
	paused   atomic.Bool
	steps    atomic.Int32
	mux      *http.ServeMux
	policy   sameorigin.Policy // the names answered beside loopback ones
	rw       *rewinder         // the game's frames kept, with Rewind
}

// How far a watcher may fall behind before it misses frames: a few
// seconds at sixty frames a second, and a bound in bytes, so that a
// browser that stops reading holds little of the game's memory however
// large its frames (frames are shared: watchers that fall behind
// together hold the same ones).
const (
	frameQueue = 256
	queueBytes = 8 << 20
)

// A watcher is one browser's stream.
type watcher struct {
	frames chan []byte  // server-sent events, ready to write
	queued atomic.Int64 // the bytes of frames waiting in frames
	missed atomic.Int64
	// reheader is set when a new header found no room in frames: the
	// stream sends it before the next frame it takes.
	reheader atomic.Bool
}

// NewLive returns a Live for the tree h describes. It fails when h has no
// nodes, or Rewind is given no Rewinder or a number of frames out of
// range.
func NewLive(h Header, opts ...Option) (*Live, error) {
	head, err := h.line()
	if err != nil {
		return nil, err
	}
	s := newSettings(opts)
	rw, err := newRewinder(&s)
	if err != nil {
		return nil, err
	}
	l := &Live{scenes: throttle{every: s.sceneEvery}, policy: sameorigin.Allow(s.hosts...), rw: rw}
	l.header.Store(&head)
	l.events = trace.JSON(&l.batch)
	l.watchers.Store(&[]*watcher{})
	l.mux = http.NewServeMux()
	l.mux.HandleFunc("GET /{$}", l.page)
	l.mux.HandleFunc("GET /events", l.stream)
	l.mux.HandleFunc("POST /control", l.control)
	return l, nil
}

// SetHeader has the Live show the tree h describes from now on, for a
// game that reloads its agents' tree (from a file saved in an editor, say):
// what was traced before is sent first, then every page watching starts
// afresh with the new tree, and so does every page that joins later; the
// frames kept to rewind are dropped. It fails, changing nothing, when h
// has no nodes.
func (l *Live) SetHeader(h Header) error {
	head, err := h.line()
	if err != nil {
		return err
	}
	l.Flush()
	if l.rw != nil {
		l.rw.start()
	}
	l.header.Store(&head)
	msg := message(nil, "header", head)
	for _, w := range *l.watchers.Load() {
		if !w.offer(msg) {
			w.reheader.Store(true)
		}
	}
	return nil
}

// Watched reports whether anyone watches, for a game that would rather
// not build a scene no one sees.
func (l *Live) Watched() bool { return len(*l.watchers.Load()) > 0 }

// Trace adds the event to the frame being encoded, if anyone watches.
func (l *Live) Trace(e *bt.Event) {
	if e == nil || !l.Watched() {
		return
	}
	l.events.Trace(e)
}

// Scene adds s to the frame, if anyone watches and SceneEvery allows, and
// sends the frame (Flush). A scene that cannot be drawn is left out and
// reported, as by Writer.Scene.
func (l *Live) Scene(s *scene.Scene) error {
	if s == nil {
		return errNilScene
	}
	if !l.Watched() {
		return nil
	}
	if err := validateScene(s); err != nil {
		l.Flush()
		return fmt.Errorf("inspect: %w", err)
	}
	if l.scenes.keep(s.Time) {
		l.line = appendScene(l.line[:0], s)
		l.batch.Write(l.line)
	}
	l.Flush()
	return nil
}

// Flush sends the events traced since the last flush to every watcher,
// as one frame. Scene flushes; a game without scenes calls Flush once a
// frame.
func (l *Live) Flush() {
	if l.batch.Len() == 0 {
		return
	}
	if l.Watched() {
		l.send(l.frameMessage())
	}
	l.batch.Reset()
}

// frameMessage returns the frame being encoded as a server-sent event,
// with the number of the game's frame as its id when the Live rewinds:
// the page keeps what came in each frame, to show the frame the game is
// rewound to, and to drop what came after it when the game resumes.
func (l *Live) frameMessage() []byte {
	if l.rw == nil {
		return message(nil, "", l.batch.Bytes())
	}
	b := strconv.AppendInt([]byte("id: "), l.rw.frame(), 10)
	return message(append(b, '\n'), "", l.batch.Bytes())
}

// send hands a message to every watcher that has room for it, in frames
// and in bytes (a watcher with nothing waiting has room for any one
// message). Watchers share it: it must not change.
func (l *Live) send(msg []byte) {
	for _, w := range *l.watchers.Load() {
		if !w.offer(msg) {
			w.missed.Add(1)
		}
	}
}

// offer queues msg for the watcher if it has room for it, and reports
// whether it had.
func (w *watcher) offer(msg []byte) bool {
	n := int64(len(msg))
	if q := w.queued.Load(); q > 0 && q+n > queueBytes {
		return false
	}
	w.queued.Add(n) // before the stream can take it
	select {
	case w.frames <- msg:
		return true
	default:
		w.queued.Add(-n)
		return false
	}
}

// Attach has agents (*bt.Agent values) trace into the Live while someone
// watches, and not at all otherwise: Proceed, called before each frame,
// sets their tracer to the Live when the first watcher comes and to nil
// when the last leaves. Give it agents with no tracer of their own; for
// an agent that also traces elsewhere, set trace.Tee(yours, live) as its
// tracer instead, and its tracing goes on unwatched.
func (l *Live) Attach(agents ...interface{ SetTracer(bt.Tracer) }) {
	for _, a := range agents {
		if a != nil {
			l.agents = append(l.agents, a)
			if l.tracing {
				a.SetTracer(l)
			}
		}
	}
}

// Proceed reports whether the game should run its next frame: yes, unless
// a watcher paused it; a step lets one frame through. It never waits. It
// also switches the tracing of attached agents on or off (Attach), so a
// game that attaches agents calls it before every frame. With Rewind, it
// saves the frame the game ran, and restores the one the page went back
// or forward to.
func (l *Live) Proceed() bool {
	watched := l.Watched()
	if watched != l.tracing {
		l.tracing = watched
		var t bt.Tracer
		if watched {
			t = l
			if l.rw != nil {
				l.rw.start()
			}
		}
		for _, a := range l.agents {
			a.SetTracer(t)
		}
	}
	if !watched {
		return true
	}
	if l.rw != nil && (l.rw.keep() || l.rw.move()) {
		l.send(l.rw.event())
	}
	ok := l.letThrough()
	if ok && l.rw != nil && l.rw.run() {
		l.send(l.rw.event()) // the frames after this one are dropped
	}
	return ok
}

// letThrough reports whether a watched game runs its next frame: yes,
// unless it is paused; a step lets one frame through.
func (l *Live) letThrough() bool {
	if !l.paused.Load() {
		return true
	}
	for {
		n := l.steps.Load()
		if n == 0 {
			return false
		}
		if l.steps.CompareAndSwap(n, n-1) {
			return true
		}
	}
}

// ServeHTTP serves the page at the mount point, its event stream at
// "events", and its pause and step requests at "control", to requests
// for a name the Live answers from its own page or none (see Live); it
// refuses others with 403 Forbidden. No response may be framed, by any
// page (see sameorigin.Unframed).
func (l *Live) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sameorigin.Unframed(w.Header())
	if err := l.refuse(r); err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
		return
	}
	l.mux.ServeHTTP(w, r)
}

// AllowHosts has a Live answer requests for these names too (a port in
// them is ignored), beside IP addresses and localhost: the names a game
// serves its Live under. A Writer ignores it.
func AllowHosts(names ...string) Option {
	return func(s *settings) { s.hosts = append(s.hosts, names...) }
}

// refuse says why r is refused, or returns nil when it is answered: its
// Host must be a name the Live answers, and its Origin, if it has one,
// the Live's own.
func (l *Live) refuse(r *http.Request) error {
	switch err := l.policy.Check(r); err {
	case nil:
		return nil
	case sameorigin.ErrHost:
		return fmt.Errorf("inspect: this live view does not answer for %q: open it at localhost or an IP address, "+
			"or have the game allow the name (inspect.AllowHosts)", r.Host)
	default:
		return fmt.Errorf("inspect: a request from another site (%q) is refused", r.Header.Get("Origin"))
	}
}

func (l *Live) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(pageHead)
	w.Write(pageTail)
}

func (l *Live) join() *watcher {
	w := &watcher{frames: make(chan []byte, frameQueue)}
	l.mu.Lock()
	defer l.mu.Unlock()
	old := *l.watchers.Load()
	next := append(old[:len(old):len(old)], w)
	l.watchers.Store(&next)
	return w
}

func (l *Live) leave(w *watcher) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var next []*watcher
	for _, o := range *l.watchers.Load() {
		if o != w {
			next = append(next, o)
		}
	}
	l.watchers.Store(&next)
	if len(next) == 0 { // no one is left to resume the game
		l.paused.Store(false)
		l.steps.Store(0)
		if l.rw != nil {
			l.rw.moves.Store(0)
		}
	}
}

// stream sends the header, the pause state, then every frame as a
// server-sent event whose data lines are the frame's JSON lines.
func (l *Live) stream(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "inspect: this server cannot stream", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // proxies: do not hold frames back
	me := l.join()
	defer l.leave(me)
	var b []byte
	b = message(b, "header", *l.header.Load())
	b = message(b, "state", l.state())
	for {
		if _, err := w.Write(b); err != nil {
			return
		}
		flusher.Flush()
		select {
		case <-r.Context().Done():
			return
		case msg := <-me.frames:
			me.queued.Add(-int64(len(msg)))
			b = b[:0]
			if me.reheader.Swap(false) {
				b = message(b, "header", *l.header.Load())
			}
			if n := me.missed.Swap(0); n > 0 {
				b = message(b, "missed", fmt.Appendf(nil, "%d\n", n))
			}
			b = append(b, msg...)
		}
	}
}

// message appends a server-sent event: each line of data as a data line.
func message(b []byte, event string, data []byte) []byte {
	if event != "" {
		b = append(b, "event: "...)
		b = append(b, event...)
		b = append(b, '\n')
	}
	for line := range bytes.Lines(data) {
		b = append(b, "data: "...)
		b = append(b, bytes.TrimSuffix(line, []byte("\n"))...)
		b = append(b, '\n')
	}
	return append(b, '\n')
}

type liveState struct {
	Paused  bool `json:"paused"`
	Rewinds bool `json:"rewinds,omitempty"` // with Rewind: the page can go back
}

func (l *Live) state() []byte {
	b, _ := json.Marshal(liveState{Paused: l.paused.Load(), Rewinds: l.rw != nil}) // cannot fail
	return append(b, '\n')
}

// control takes {"do":"pause"}, {"do":"resume"} or {"do":"step"} as JSON
// (whose content type a page of another site cannot send without asking),
// and, with Rewind, {"do":"back"} and {"do":"forward"}, which pause the
// game and move it a frame (Proceed restores it); and tells every watcher
// the new state.
func (l *Live) control(w http.ResponseWriter, r *http.Request) {
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		http.Error(w, "inspect: send the command as application/json", http.StatusUnsupportedMediaType)
		return
	}
	var cmd struct {
		Do string `json:"do"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024)).Decode(&cmd); err != nil {
		http.Error(w, "inspect: a command is {\"do\":\"pause\"}, \"resume\" or \"step\"", http.StatusBadRequest)
		return
	}
	switch cmd.Do {
	case "pause":
		l.paused.Store(true)
	case "resume":
		l.paused.Store(false)
		l.steps.Store(0)
	case "step":
		l.paused.Store(true)
		l.steps.Add(1)
	case "back", "forward":
		if l.rw == nil {
			http.Error(w, "inspect: this game does not rewind (see inspect.Rewind)", http.StatusBadRequest)
			return
		}
		l.paused.Store(true)
		l.steps.Store(0)
		if cmd.Do == "back" {
			l.rw.moves.Add(-1)
		} else {
			l.rw.moves.Add(1)
		}
	default:
		http.Error(w, fmt.Sprintf("inspect: unknown command %q: give pause, resume, step, back or forward", cmd.Do), http.StatusBadRequest)
		return
	}
	l.tell()
	w.Header().Set("Content-Type", "application/json")
	w.Write(l.state())
}

// tell sends the pause state to every watcher.
func (l *Live) tell() { l.send(message(nil, "state", l.state())) }

// URL returns the address a browser opens to watch a Live served on a
// listener at addr: "http://host:port/", with a listener on every
// interface reached at localhost, and an IPv6 zone escaped as a URL
// writes it ("http://[fe80::1%25eth0]:8080/").
func URL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ip, err := netip.ParseAddr(host); err != nil || ip.IsUnspecified() {
		host = "localhost"
	}
	u := url.URL{Scheme: "http", Host: net.JoinHostPort(host, port), Path: "/"}
	return u.String()
}
