// Command web builds the arena for a browser, as WebAssembly, into a
// folder (the page, Go's wasm_exec.js and arena.wasm), and serves it:
//
//	go run ./cmd/web -serve localhost:8080   # then open http://localhost:8080/
//	go run ./cmd/web -out site               # only write the folder
//
// Run it from the arena's module (examples/arena). Serving keeps to the
// address given; a port of 0 picks a free one, and the address is
// printed.
package main

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

//go:embed index.html
var page []byte

// arena is the package of the game, built for the browser.
const arena = "github.com/foresight-bt/foresight/examples/arena"

func main() {
	out := flag.String("out", "", "the folder to write the site to (default: a temporary one)")
	serve := flag.String("serve", "", "serve the site at this address, such as localhost:8080")
	flag.Parse()
	if err := run(*out, *serve); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(1)
	}
}

func run(out, serve string) error {
	if out == "" && serve == "" {
		return errors.New("give -out DIR to write the site, -serve ADDR to serve it, or both")
	}
	if out == "" {
		dir, err := os.MkdirTemp("", "arena-web")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		out = dir
	}
	if err := Build(out); err != nil {
		return err
	}
	if serve == "" {
		fmt.Println("web: wrote the arena to", out)
		return nil
	}
	ln, err := net.Listen("tcp", serve)
	if err != nil {
		return err
	}
	fmt.Printf("web: the arena is at http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: http.FileServer(http.Dir(out)), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}

// Build writes the site to dir: the page, Go's wasm_exec.js, and the
// arena built for GOOS=js GOARCH=wasm.
func Build(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644); err != nil {
		return err
	}
	root, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	js, err := wasmExec(root)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "arena.wasm"), arena)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build for the browser: %v\n%s", err, b)
	}
	return nil
}

// wasmExec reads Go's wasm_exec.js from the toolchain at root: lib/wasm
// since Go 1.24, misc/wasm before.
func wasmExec(root string) ([]byte, error) {
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(root, p)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in the Go toolchain at %s", root)
}

func goEnv(name string) (string, error) {
	b, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(b)), nil
}
