// Package arenaweb tests the arena example (examples/arena, a module of
// its own) in a browser: it builds the arena for WebAssembly with the
// arena's own command, serves it on loopback, opens it in headless
// Chromium and checks that the picture shows the arenas with their
// agents drawn, and the troll maps whole (ground, trees, bridges). It
// lives in the library's module so that it can drive Chromium with
// internal/testkit/browser, which the arena's module cannot import. It
// has no code of its own.
//
// It is a test kit (internal/testkit): only test files, the public test
// kit bt/bttest and other test kits import it; the library's own code
// never does.
package arenaweb
