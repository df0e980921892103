package inspect

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/internal/web/sticky"
	"github.com/foresight-bt/foresight/scene"
	"github.com/foresight-bt/foresight/trace"
)

// Format names the recorded format in its header, and Version is the
// version this package writes and its page reads (with the versions
// before it). A page refuses a recording of a newer version, saying so,
// rather than show it wrong.
const (
	Format  = "foresight-inspect"
	Version = 3
)

// A Header describes a recording: its title, and the tree whose events it
// holds.
type Header struct {
	Title string
	Nodes []bt.NodeInfo // the tree, depth first, as Tree.Nodes returns it
}

type jsonHeader struct {
	Format  string     `json:"format"`
	Version int        `json:"version"`
	Title   string     `json:"title"`
	Nodes   []jsonNode `json:"nodes"`
}

type jsonNode struct {
	Name        string     `json:"name"`
	Kind        string     `json:"kind"`
	Detail      string     `json:"detail,omitempty"`
	Parent      int        `json:"parent"` // its place in the list; -1 for a root
	Constraints []string   `json:"constraints,omitempty"`
	Weight      *float64   `json:"weight,omitempty"` // a random selector's odds
	Domain      []jsonNode `json:"domain,omitempty"` // a planner's own description
}

// line returns the header as the first line of a recording.
func (h Header) line() ([]byte, error) {
	if len(h.Nodes) == 0 {
		return nil, errors.New("inspect: a header with no nodes: give the tree's (Tree.Nodes)")
	}
	out := jsonHeader{Format: Format, Version: Version, Title: h.Title, Nodes: nodeList(h.Nodes, 0)}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("inspect: header: %v", err)
	}
	return append(b, '\n'), nil
}

// maxDomainDepth bounds how deeply planners' descriptions nest in a
// header (a machine's state that runs a planner is a node of the tree,
// not of the machine's description, so real ones do not nest at all).
const maxDomainDepth = 8

// nodeList returns nodes as the header lists them. A node names its
// parent by its place in the list, not by its path, so that the header
// grows in proportion to the tree however deep it is (a reader makes the
// paths: the parent's, a slash and the name). A planner's description
// (NodeInfo.Domain) is a list of its own, in the same form.
func nodeList(nodes []bt.NodeInfo, depth int) []jsonNode {
	out := make([]jsonNode, len(nodes))
	at := make(map[string]int, len(nodes)) // the nodes so far, by path
	for i, n := range nodes {
		parent, ok := at[n.Parent]
		if !ok || n.Parent == "" {
			parent = -1
		}
		at[n.Path] = i
		out[i] = jsonNode{Name: n.Name, Kind: string(n.Kind), Detail: n.Detail,
			Parent: parent, Constraints: n.Constraints}
		if n.Weighted {
			out[i].Weight = &n.Weight
		}
		if len(n.Domain) > 0 && depth < maxDomainDepth {
			out[i].Domain = nodeList(n.Domain, depth+1)
		}
	}
	return out
}

// An Option adjusts a Writer or a Live.
type Option func(*settings)

type settings struct {
	sceneEvery time.Duration
	hosts      []string // the names a Live answers beside the loopback ones
	rewinder   Rewinder // a Live's game, to rewind (Rewind)
	frames     int      // how many frames it keeps
}

// defaultSceneEvery is how far apart in game time the scenes a Writer or
// a Live keeps are, unless SceneEvery says otherwise: twenty a second,
// smooth enough to follow a fight and small enough to record ten minutes
// of it.
const defaultSceneEvery = 50 * time.Millisecond

// SceneEvery keeps a scene only when it is at least d of game time after
// the last one kept (by default 50 ms: twenty a second); 0 keeps every
// scene.
func SceneEvery(d time.Duration) Option { return func(s *settings) { s.sceneEvery = max(d, 0) } }

func newSettings(opts []Option) settings {
	s := settings{sceneEvery: defaultSceneEvery}
	for _, o := range opts {
		if o != nil {
			o(&s)
		}
	}
	return s
}

// A throttle decides which scenes to keep.
type throttle struct {
	every time.Duration
	last  time.Duration
	kept  bool
}

func (t *throttle) keep(at time.Duration) bool {
	if t.kept && at >= t.last && at-t.last < t.every {
		return false
	}
	t.last, t.kept = at, true
	return true
}

// A Writer records a run in the recorded format: a header line, then one
// JSON object per line, each an event of the tree exactly as trace.JSON
// writes it, or a scene ({"kind":"scene",...}, see scene.Scene). Hand it the
// tree's events as its tracer, and a scene each frame.
//
// The first write error stops the writing and is kept, for Close.
type Writer struct {
	out    *sticky.Writer
	events *trace.JSONWriter
	scenes throttle
	line   []byte
	finish func() error // completes the output: a page's tail
	closed bool
}

// NewWriter returns a Writer that writes the recording to w, starting
// with h. It fails when w is nil or h has no nodes.
func NewWriter(w io.Writer, h Header, opts ...Option) (*Writer, error) {
	if w == nil {
		return nil, errNilWriter
	}
	return newWriter(&sticky.Writer{W: w}, h, opts, nil)
}

var (
	errNilWriter = errors.New("inspect: a nil writer: give the file or buffer to write to")
	errNilScene  = errors.New("inspect: a nil scene")
)

func newWriter(out *sticky.Writer, h Header, opts []Option, finish func() error) (*Writer, error) {
	head, err := h.line()
	if err != nil {
		return nil, err
	}
	s := newSettings(opts)
	wr := &Writer{out: out, events: trace.JSON(out), scenes: throttle{every: s.sceneEvery}, finish: finish}
	out.Write(head)
	return wr, nil
}

// Trace records the event.
func (w *Writer) Trace(e *bt.Event) {
	if w.closed || e == nil {
		return
	}
	w.events.Trace(e)
}

// Scene records s, unless it comes sooner after the last scene kept than
// SceneEvery allows. A scene that cannot be drawn (a position that is not
// a number, a text that is not UTF-8, too many entities) is left out and
// reported; the recording goes on.
func (w *Writer) Scene(s *scene.Scene) error {
	if s == nil {
		return errNilScene
	}
	if err := validateScene(s); err != nil {
		return fmt.Errorf("inspect: %w", err)
	}
	if w.closed || !w.scenes.keep(s.Time) {
		return nil
	}
	w.line = appendScene(w.line[:0], s)
	w.out.Write(w.line)
	return nil
}

// err returns the first error that stopped the recording, if any: a
// failed write, or an event that could not be encoded.
func (w *Writer) err() error {
	if w.out.Err != nil {
		return w.out.Err
	}
	return w.events.Err()
}

// Close completes the recording (for a page: its compressed data and the
// rest of the page) and returns the first error that stopped the
// recording, if any: a failed write, or an event that could not be
// encoded. It does not close the underlying writer. Events and scenes
// after Close are ignored.
func (w *Writer) Close() error {
	if !w.closed && w.finish != nil && w.err() == nil {
		if err := w.finish(); err != nil && w.out.Err == nil {
			w.out.Err = err
		}
	}
	w.closed = true
	return w.err()
}

// NewPage returns a Writer that writes the run as a replay page to w: one
// self-contained HTML file that shows the tree, the timeline, each
// moment's decisions and the scene, and needs no network. The recording
// is embedded compressed (gzip, then base64), so a ten-minute Jedi fight
// makes a page of under a megabyte. Close it to complete the page. A bad
// header is refused before anything is written to w.
func NewPage(w io.Writer, h Header, opts ...Option) (*Writer, error) {
	if w == nil {
		return nil, errNilWriter
	}
	if _, err := h.line(); err != nil {
		return nil, err
	}
	out := &sticky.Writer{W: w}
	b64, zw := pageWriters(out)
	wr, err := newWriter(&sticky.Writer{W: zw}, h, opts, nil)
	if err != nil {
		return nil, err
	}
	wr.finish = func() error { return finishPage(zw, b64, out) }
	return wr, nil
}

// WritePage writes a recording, read from r, as a replay page to w. The
// recording must start with a header this package can read: its format,
// and a version no newer than Version.
func WritePage(w io.Writer, r io.Reader) error {
	if w == nil || r == nil {
		return errors.New("inspect: WritePage needs a writer and a reader")
	}
	br := bufio.NewReader(r)
	first, err := br.ReadBytes('\n')
	if err != nil && err != io.EOF {
		return fmt.Errorf("inspect: reading the recording: %v", err)
	}
	var h struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	switch {
	case json.Unmarshal(first, &h) != nil || h.Format != Format:
		return fmt.Errorf("inspect: not a recording: it does not start with a %s header", Format)
	case h.Version > Version || h.Version < 1:
		return fmt.Errorf("inspect: a recording of version %d: this package reads versions 1 to %d", h.Version, Version)
	}
	out := &sticky.Writer{W: w}
	b64, zw := pageWriters(out)
	if _, err := zw.Write(first); err != nil {
		return err
	}
	if _, err := io.Copy(zw, br); err != nil {
		if out.Err != nil {
			return out.Err
		}
		return fmt.Errorf("inspect: reading the recording: %v", err)
	}
	return finishPage(zw, b64, out)
}

// ReadPage returns the recording a replay page embeds, as NewPage or
// WritePage wrote it: the way back from a page to the recorded format.
func ReadPage(page []byte) ([]byte, error) {
	open := pageHead[bytes.LastIndexByte(pageHead, '<'):] // the recording's <script> tag
	end := pageTail[:bytes.IndexByte(pageTail, '>')+1]    // and its </script>
	_, rest, ok := bytes.Cut(page, open)
	data, _, ok2 := bytes.Cut(rest, end)
	if !ok || !ok2 {
		return nil, errors.New("inspect: not a replay page: it embeds no recording")
	}
	zr, err := gzip.NewReader(base64.NewDecoder(base64.StdEncoding, bytes.NewReader(data)))
	if err != nil {
		return nil, fmt.Errorf("inspect: the page's recording: %v", err)
	}
	rec, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("inspect: the page's recording: %v", err)
	}
	return rec, nil
}

// pageWriters writes the head of the page to out and returns the writers
// that embed the recording in it: gzip into base64 into out.
func pageWriters(out *sticky.Writer) (io.WriteCloser, *gzip.Writer) {
	out.Write(pageHead)
	b64 := base64.NewEncoder(base64.StdEncoding, out)
	zw, _ := gzip.NewWriterLevel(b64, gzip.BestCompression) // the level is valid
	return b64, zw
}

// finishPage flushes the embedded recording and writes the page's tail.
func finishPage(zw *gzip.Writer, b64 io.WriteCloser, out *sticky.Writer) error {
	if err := zw.Close(); err != nil {
		return err
	}
	if err := b64.Close(); err != nil {
		return err
	}
	out.Write(pageTail)
	return out.Err
}
