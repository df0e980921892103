package editor

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"os"
	"path/filepath"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/btjson"
	"github.com/foresight-bt/foresight/decide"
	"github.com/foresight-bt/foresight/inspect"
	"github.com/foresight-bt/foresight/internal/engine/joined"
	"github.com/foresight-bt/foresight/internal/web/curvejs"
	"github.com/foresight-bt/foresight/internal/web/sameorigin"
)

// page.html is the editor, one file of HTML, CSS and script; it takes
// the script that draws curves at its marker.
//
//go:embed page.html
var pageFile string

var pageHTML = func() []byte {
	page, ok := curvejs.Inline(pageFile)
	if !ok {
		panic("editor: page.html has no one " + curvejs.Marker) // caught by every test
	}
	return []byte(page)
}()

// An Editor serves the editing of one tree file: the page, the file, the
// schema of tree files, the checks and the saves, and the game's live
// view when it has one. It is an http.Handler; mount it under a path
// that ends in a slash:
//
//	http.Handle("/edit/", http.StripPrefix("/edit", ed))
//
// Its methods are safe for concurrent use.
type Editor[M any] struct {
	path   string // the file, its links followed
	name   string // as the page shows it
	reg    *btjson.Registry[M]
	cfg    bt.Config[M]
	schema []byte
	limit  int64 // the largest request body read
	policy sameorigin.Policy
	live   bool
	mux    *http.ServeMux
	turn   chan struct{} // one save at a time: the save under way holds its token
}

// An Option adjusts an Editor.
type Option func(*settings)

type settings struct {
	hosts []string
	live  *inspect.Live
}

// AllowHosts has an Editor answer requests for these names too (a port
// in them is ignored), beside IP addresses and localhost. Give the Live
// the same names (inspect.AllowHosts).
func AllowHosts(names ...string) Option {
	return func(s *settings) { s.hosts = append(s.hosts, names...) }
}

// Live serves the game's live view at live/ beside the editor, where the
// page reads the running agent's events to show its decisions on the
// tree. A game that reloads its tree tells the live view
// (inspect.Live.SetHeader).
func Live(l *inspect.Live) Option { return func(s *settings) { s.live = l } }

// New returns an Editor of the tree file at path, which must exist: the
// registry reads and checks it (with cfg, as the game builds it), and
// names the palette's values. A path that is a link is followed now, and
// the file it leads to is the one saved.
func New[M any](path string, reg *btjson.Registry[M], cfg bt.Config[M], opts ...Option) (*Editor[M], error) {
	if reg == nil {
		return nil, errors.New("editor: a nil registry")
	}
	schema, err := reg.Schema()
	if err != nil {
		return nil, fmt.Errorf("editor: %w", err)
	}
	resolved, err := filepath.EvalSymlinks(path)
	if err == nil {
		resolved, err = filepath.Abs(resolved)
	}
	if err != nil {
		return nil, fmt.Errorf("editor: the tree file: %w", err)
	}
	info, err := os.Stat(resolved)
	if err != nil {
		return nil, fmt.Errorf("editor: the tree file: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("editor: %s is not a regular file", path)
	}
	var s settings
	for _, o := range opts {
		if o != nil {
			o(&s)
		}
	}
	limit := reg.Limits.Bytes
	if limit <= 0 {
		limit = btjson.DefaultMaxBytes
	}
	e := &Editor[M]{path: resolved, name: filepath.Base(path), reg: reg, cfg: cfg, schema: schema,
		limit:  escaped(limit),
		policy: sameorigin.Allow(s.hosts...), mux: http.NewServeMux(), turn: make(chan struct{}, 1)}
	e.mux.HandleFunc("GET /{$}", e.page)
	e.mux.HandleFunc("GET /file", e.file)
	e.mux.HandleFunc("GET /schema", e.serveSchema)
	e.mux.HandleFunc("POST /check", e.check)
	e.mux.HandleFunc("POST /save", e.save)
	if s.live != nil {
		e.live = true
		e.mux.Handle("/live/", http.StripPrefix("/live", s.live))
	}
	return e, nil
}

// ServeHTTP serves the page at the mount point, and what it asks for, to
// requests for a name the Editor answers from its own page or none; it
// refuses others with 403 Forbidden. No response may be framed, by any
// page (see sameorigin.Unframed).
func (e *Editor[M]) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sameorigin.Unframed(w.Header())
	switch err := e.policy.Check(r); err {
	case nil:
		e.mux.ServeHTTP(w, r)
	case sameorigin.ErrHost:
		http.Error(w, fmt.Sprintf("editor: this editor does not answer for %q: open it at localhost or an IP address, "+
			"or have the game allow the name (editor.AllowHosts)", r.Host), http.StatusForbidden)
	default:
		http.Error(w, fmt.Sprintf("editor: a request from another site (%q) is refused", r.Header.Get("Origin")), http.StatusForbidden)
	}
}

func (e *Editor[M]) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// A policy of the page's own, beside the one that forbids framing it.
	w.Header().Add("Content-Security-Policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:")
	w.Write(pageHTML)
}

func (e *Editor[M]) serveSchema(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/schema+json")
	w.Write(e.schema)
}

// A fileState is the file as the page reads it.
type fileState struct {
	Name    string `json:"name"`
	Text    string `json:"text"`
	Version string `json:"version"` // what a save names to say which file it changes
	Live    bool   `json:"live"`    // whether the game's live view is served at live/
}

func (e *Editor[M]) file(w http.ResponseWriter, r *http.Request) {
	data, err := e.read()
	if err != nil {
		http.Error(w, "editor: "+err.Error(), http.StatusInternalServerError)
		return
	}
	reply(w, http.StatusOK, fileState{Name: e.name, Text: string(data), Version: version(data), Live: e.live})
}

// read reads the file, and refuses one larger than a request may be, or
// anything but a regular file in its place: it opens what is there
// without waiting (openFile), and looks at what it opened before it
// reads. (A named pipe would keep the read waiting for a writer, and a
// save holding the lock with it.)
func (e *Editor[M]) read() ([]byte, error) {
	f, err := openFile(e.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", e.name)
	}
	n := e.limit
	if n < math.MaxInt64 { // saturating: see escaped
		n++
	}
	data, err := io.ReadAll(io.LimitReader(f, n))
	if err == nil && int64(len(data)) > e.limit {
		err = fmt.Errorf("%s is larger than a tree file may be", e.name)
	}
	return data, err
}

// escaped returns the largest request that can carry a file of n bytes:
// its text escaped in JSON, at worst 6 bytes a byte, and the rest of the
// request; as much as an int64 holds when that is more.
func escaped(n int) int64 {
	const most = (math.MaxInt64 - 4096) / 6
	if int64(n) > most {
		return math.MaxInt64
	}
	return 6*int64(n) + 4096
}

// version names the content of a file.
func version(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:12])
}

// A problem is an error of the tree a page sent, as the page shows it:
// where the file says it (a JSON path such as "$.children[2].action",
// and a line and column), and what it is. A problem that has no place in
// the file (the tree as a whole) has an empty path.
type problem struct {
	Path    string `json:"path"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message"`
}

// problems returns what the loader and bt.Build find wrong with a tree
// file, each placed where the file says it when it can be.
func (e *Editor[M]) problems(text []byte) []problem {
	_, err := e.reg.Build(e.cfg, text)
	if err == nil {
		return nil
	}
	errs := joined.Split(err)
	out := make([]problem, 0, len(errs))
	for _, err := range errs {
		var at *btjson.Error
		if errors.As(err, &at) {
			msg := at.Err
			var placed *decide.Error // Build's, which names the node by its tree path: the page shows it on the node
			if errors.As(msg, &placed) {
				msg = placed.Err
			}
			out = append(out, problem{Path: at.Path, Line: at.Line, Column: at.Column, Message: msg.Error()})
		} else {
			out = append(out, problem{Message: err.Error()})
		}
	}
	return out
}

// A change is a tree the page sent: to check, or to save over the
// version of the file it last read.
type change struct {
	Text string `json:"text"`
	Base string `json:"base"`
}

// readChange reads a change from r, or answers the request with why it
// cannot and returns false.
func (e *Editor[M]) readChange(w http.ResponseWriter, r *http.Request) (change, bool) {
	var c change
	// Only JSON: a page of another site cannot send it without asking
	// first (a form or plain text it can), which the Origin check refuses.
	if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || ct != "application/json" {
		http.Error(w, "editor: send the tree as application/json", http.StatusUnsupportedMediaType)
		return c, false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, e.limit))
	dec.DisallowUnknownFields()
	err := dec.Decode(&c)
	if err == nil {
		if _, end := dec.Token(); end != io.EOF { // one object, and nothing after it
			err = errors.New("more after the change")
		}
	}
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			http.Error(w, "editor: the tree is larger than a tree file may be", http.StatusRequestEntityTooLarge)
		} else {
			http.Error(w, `editor: a change is {"text": "the tree file", "base": "the version it changes"}`, http.StatusBadRequest)
		}
		return c, false
	}
	return c, true
}

// A checked is the answer to a check or a refused save.
type checked struct {
	Problems []problem `json:"problems"`
}

func (e *Editor[M]) check(w http.ResponseWriter, r *http.Request) {
	c, ok := e.readChange(w, r)
	if !ok {
		return
	}
	reply(w, http.StatusOK, checked{Problems: nonNil(e.problems([]byte(c.Text)))})
}

// A saved is the answer to a save: the file as written, which may be
// laid out anew (btjson.Registry.Format), and its version.
type saved struct {
	fileState
	Error string `json:"error,omitempty"` // why a save was refused
}

// save saves a change that builds, over the version of the file it
// names: 200 with the file as saved; 409 with the file as it is when it
// changed on disk since the page read it; 422 with the problems of a tree
// that does not build. One save at a time reads, compares and writes the
// file; what depends on the change alone (its problems, its layout) is
// worked out before its turn, and a save whose request ends while it
// waits for its turn leaves.
func (e *Editor[M]) save(w http.ResponseWriter, r *http.Request) {
	c, ok := e.readChange(w, r)
	if !ok {
		return
	}
	text := []byte(c.Text)
	ps := e.problems(text)
	var out []byte
	if len(ps) == 0 {
		out = e.layOut(text)
	}
	select {
	case e.turn <- struct{}{}:
		defer func() { <-e.turn }()
	case <-r.Context().Done():
		http.Error(w, "editor: the request ended before its turn to save: nothing was saved", http.StatusServiceUnavailable)
		return
	}
	now, err := e.read()
	if err != nil {
		http.Error(w, "editor: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if v := version(now); v != c.Base {
		reply(w, http.StatusConflict, saved{fileState: fileState{Name: e.name, Text: string(now), Version: v, Live: e.live},
			Error: "the file changed on disk since the page read it: nothing was saved"})
		return
	}
	if len(ps) > 0 {
		reply(w, http.StatusUnprocessableEntity, checked{Problems: ps})
		return
	}
	if err := writeFile(e.path, out); err != nil {
		http.Error(w, "editor: "+err.Error(), http.StatusInternalServerError)
		return
	}
	reply(w, http.StatusOK, saved{fileState: fileState{Name: e.name, Text: string(out), Version: version(out), Live: e.live}})
}

// layOut returns a tree file that builds as the file laid out as btjson
// writes files (Format), keeping its "$schema"; or the file as it is,
// when Marshal cannot write what it holds. Neither it nor a check has
// the registry remember what its factories make (Format and Build do
// not), so the editor keeps nothing of what it checked.
func (e *Editor[M]) layOut(text []byte) []byte {
	out, err := e.reg.Format(text)
	if err != nil {
		return text
	}
	var root struct {
		Schema string `json:"$schema"`
	}
	if json.Unmarshal(text, &root) == nil && root.Schema != "" && bytes.HasPrefix(out, []byte("{")) {
		quoted, _ := json.Marshal(root.Schema) // a string always encodes
		out = append(append(append([]byte(`{"$schema": `), quoted...), ", "...), out[1:]...)
	}
	if e.problems(out) != nil { // what Marshal wrote must build as the file did
		return text
	}
	return out
}

// writeFile replaces the file at path with data at once: written to a
// file beside it, then renamed over it, with the file's permissions, so
// that a game reading it never reads half a tree.
func writeFile(path string, data []byte) (err error) {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	dir, base := filepath.Split(path)
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func nonNil(ps []problem) []problem {
	if ps == nil {
		return []problem{}
	}
	return ps
}
