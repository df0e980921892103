package sameorigin_test

import (
	"errors"
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/internal/web/sameorigin"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		allow        []string
		host, origin string
		want         error
	}{
		{nil, "localhost:8080", "", nil},
		{nil, "LOCALHOST.:8080", "http://localhost.:8080", nil}, // the origin is the name asked for, in any case
		{nil, "game.localhost", "", nil},
		{nil, "127.0.0.1:80", "http://127.0.0.1:80", nil},
		{nil, "[::1]:80", "https://[::1]:80", nil},
		{nil, "[fe80::1%eth0]:80", "", nil},
		{nil, "evil.example:8080", "", sameorigin.ErrHost},
		{[]string{"Game.Example:9"}, "game.example.:8080", "", nil},
		{nil, "localhost:8080", "http://evil.example", sameorigin.ErrOrigin},
		{nil, "localhost:8080", "null", sameorigin.ErrOrigin},
		{nil, "localhost:8080", "file://", sameorigin.ErrOrigin},
		{nil, "localhost:8080", "http://localhost:9090", sameorigin.ErrOrigin},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = tt.host
		if tt.origin != "" {
			r.Header.Set("Origin", tt.origin)
		}
		if got := sameorigin.Allow(tt.allow...).Check(r); !errors.Is(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("%v: Host %q, Origin %q: %v, want %v", tt.allow, tt.host, tt.origin, got, tt.want)
		}
	}
}

func ExamplePolicy_Check() {
	r := httptest.NewRequest("POST", "/save", nil)
	r.Host = "localhost:8080"
	r.Header.Set("Origin", "http://evil.example")
	fmt.Println(sameorigin.Allow().Check(r))
	// Output: a request from another site
}

// An address without a host is listened on at the loopback interface
// only.
func TestListen(t *testing.T) {
	t.Parallel()
	ln, err := sameorigin.Listen(":0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		t.Errorf(":0 listens on %v", ln.Addr())
	}
}

// An address that cannot be listened on is refused with why, and without
// the address, which the caller names as its user wrote it.
func TestListenRefuses(t *testing.T) {
	t.Parallel()
	taken, err := sameorigin.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, addr := range []string{taken.Addr().String(), "127.0.0.1:99999"} {
		ln, err := sameorigin.Listen(addr)
		if err == nil {
			ln.Close()
			t.Errorf("%s: listened on", addr)
			continue
		}
		if msg := err.Error(); msg == "" || strings.Contains(msg, addr) || strings.Contains(msg, "listen tcp") {
			t.Errorf("%s: %q", addr, msg)
		}
	}
}
