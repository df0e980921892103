// Package sameorigin decides which requests a game's local web views
// answer (the inspector's live view, the tree editor): those for a name
// that only the machine itself can be (an IP address, localhost and the
// names under it) or that the game allows, and not those a page of
// another site sends. A page of another site therefore cannot read or
// drive a view, even by making its own name resolve to the machine's
// address (DNS rebinding).
//
// It is a web helper (internal/web): it imports only engine helpers
// (internal/engine), and the library's web views (inspect, editor) and the
// commands import it.
package sameorigin

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
)

// The reasons Check refuses a request.
var (
	ErrHost   = errors.New("a name the view does not answer for")
	ErrOrigin = errors.New("a request from another site")
)

// A Policy says which names a view answers beside the loopback ones and
// IP addresses. Its zero value answers only those.
type Policy struct {
	hosts []string // lower case, without port
}

// Allow returns a Policy that also answers for names (a port in them is
// ignored).
func Allow(names ...string) Policy {
	var p Policy
	for _, n := range names {
		p.hosts = append(p.hosts, Host(n))
	}
	return p
}

// Check returns nil for a request the view answers: its Host is a name
// the policy answers for, and its Origin, if it has one, is the view's
// own. Otherwise it returns an error that wraps ErrHost or ErrOrigin.
func (p Policy) Check(r *http.Request) error {
	if !p.answers(Host(r.Host)) {
		return ErrHost
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil // not sent by a page of another site
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !strings.EqualFold(u.Host, r.Host) {
		return ErrOrigin
	}
	return nil
}

// answers reports whether the view answers requests for host: an IP
// address (which no other site can make its own), localhost or a name
// under it (which browsers resolve to the machine itself), or an allowed
// name.
func (p Policy) answers(host string) bool {
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	return slices.Contains(p.hosts, host)
}

// Host returns the name in a Host header or an allowed name, without
// port, brackets or final dot, in lower case.
func Host(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.ToLower(strings.TrimSuffix(host, "."))
}

// Unframed sets the headers that forbid every page, the view's own
// included, to show the response in a frame: X-Frame-Options, which
// every browser reads, and Content-Security-Policy's frame-ancestors,
// which supersedes it. A page of another site that framed a view could
// lay a decoy over it that lets a click through to the view (a click
// that pauses the game, say); the Origin check cannot see such a click,
// which is the view's own page's. A view sets them on every response,
// refusals and errors included, before anything else; a response that
// sets a policy of its own adds it (Header.Add), and the browser keeps
// to both.
func Unframed(h http.Header) {
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
}

// Listen listens for a view on addr: on the loopback interface when addr
// names no host (":8080" is "localhost:8080"), so that a view reached
// from other machines is one asked for by name ("0.0.0.0:8080"). Its
// error says why addr cannot be listened on, and not addr, which the
// caller names as its user gave it (a flag's value, say).
func Listen(addr string) (net.Listener, error) {
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		addr = net.JoinHostPort("localhost", port)
	}
	ln, err := net.Listen("tcp", addr)
	var op *net.OpError
	if errors.As(err, &op) {
		err = op.Err // its own message repeats the address, as rewritten
	}
	return ln, err
}
