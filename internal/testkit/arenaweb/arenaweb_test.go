package arenaweb

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/testkit/browser"
	"github.com/foresight-bt/foresight/internal/testkit/testsize"
)

// The deadlines of the steps that drive other programs.
const (
	buildDeadline = 5 * time.Minute // go run ./cmd/web: Ebitengine for WebAssembly, from an empty cache
	// The page loads 16 MB of WebAssembly and draws its frames in
	// software: on two cores shared with other builds, 30 frames took over
	// two minutes.
	frameDeadline = 3 * time.Minute
)

// Shot is where the test leaves its screenshot, for the README
// (docs/arena.png): ARENA_SHOT=path.
const shotEnv = "ARENA_SHOT"

// The arena runs in a browser: built for WebAssembly, served on
// loopback, opened in headless Chromium (WebGL drawn by SwiftShader), it
// draws its frames, and the picture shows the arenas and the troll maps
// with their agents in their colours, not a blank canvas.
func TestArenaInBrowser(t *testing.T) {
	if !testsize.Full() && os.Getenv(browser.RequireEnv) == "" {
		t.Skipf("the arena's browser test builds Ebitengine for WebAssembly: it runs with $%s or $%s set, as CI runs it",
			testsize.Env, browser.RequireEnv)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on the PATH to build the arena with")
	}
	site := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), buildDeadline)
	defer cancel()
	build := exec.CommandContext(ctx, "go", "run", "./cmd/web", "-out", site)
	build.Dir = filepath.Join("..", "..", "..", "examples", "arena")
	if out, err := build.CombinedOutput(); err != nil {
		if ctx.Err() != nil {
			t.Fatalf("go run ./cmd/web (the arena for WebAssembly) did not finish within %v", buildDeadline)
		}
		t.Fatalf("go run ./cmd/web: %v\n%s", err, out)
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(site)), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()

	path := browser.Find()
	if path == "" {
		if os.Getenv(browser.RequireEnv) != "" {
			t.Fatalf("no chromium on the PATH; $%s is set, so the browser tests must run", browser.RequireEnv)
		}
		t.Skip("browser: no chromium on the PATH (install chromium, or set $CHROMIUM)")
	}
	b, err := browser.Start(path, "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--enable-webgl",
		"--ignore-gpu-blocklist")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	page, err := b.NewPage(1280, 720)
	if err != nil {
		t.Fatal(err)
	}
	defer page.Close()
	if err := page.Navigate("http://" + ln.Addr().String() + "/"); err != nil {
		t.Fatal(err)
	}
	wait, stop := context.WithTimeout(context.Background(), frameDeadline)
	defer stop()
	if err := page.WaitFor(wait, "window.arenaError || (window.arenaFrames || 0) >= 30", frameDeadline); err != nil {
		var frames any
		page.Eval("window.arenaFrames", &frames)
		t.Fatalf("the arena's page drew %v frames within %v, not 30: %v (page errors: %v)", frames, frameDeadline, err, page.Errors())
	}
	var failed string
	if page.Eval("window.arenaError || ''", &failed); failed != "" {
		t.Fatalf("the arena did not start: %s", failed)
	}
	var frames any
	page.Eval("window.arenaFrames", &frames)
	t.Logf("%v frames drawn", frames)
	shot, err := page.Screenshot()
	if err != nil {
		t.Fatal(err)
	}
	if out := os.Getenv(shotEnv); out != "" {
		if err := os.WriteFile(out, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("the screenshot is not a PNG: %v", err)
	}
	checkPicture(t, img)
}

// The colours the arena draws its agents in (the scenes' own: jedi.Arena.Scene and troll.World.Scene).
var (
	jediBlue   = color.RGBA{0x1f, 0x77, 0xb4, 0xff} // a Jedi, and the troll
	partner    = color.RGBA{0x17, 0xbe, 0xcf, 0xff}
	background = color.RGBA{0x1b, 0x1e, 0x24, 0xff}
	ground     = color.RGBA{0xf1, 0xf0, 0xe6, 0xff} // a troll's map: a filled rectangle
	tree       = color.RGBA{0x5f, 0xae, 0x5a, 0xff} // a cell
	bridge     = color.RGBA{0xd9, 0xbf, 0x8c, 0xff} // a filled rectangle on the ground
)

// checkPicture checks that the picture is the arena with agents drawn:
// mostly the game's background, Jedi and partners in each of the four
// arenas across the top, trolls in each of the four maps below, each map
// drawn whole (its ground, its trees and its bridges: rectangles and
// cells), and the captions' white text.
func checkPicture(t *testing.T, img image.Image) {
	t.Helper()
	b := img.Bounds()
	if b.Dx() < 1000 || b.Dy() < 600 {
		t.Fatalf("the screenshot is %dx%d", b.Dx(), b.Dy())
	}
	sx, sy := float64(b.Dx())/1280, float64(b.Dy())/720
	count := func(x0, y0, x1, y1 int, want func(c color.RGBA) bool) int {
		n := 0
		for y := int(float64(y0) * sy); y < int(float64(y1)*sy); y++ {
			for x := int(float64(x0) * sx); x < int(float64(x1)*sx); x++ {
				r, g, bl, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				if want(color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 0xff}) {
					n++
				}
			}
		}
		return n
	}
	near := func(want color.RGBA) func(color.RGBA) bool {
		return func(c color.RGBA) bool {
			d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
			return d(c.R, want.R)+d(c.G, want.G)+d(c.B, want.B) < 24
		}
	}
	white := func(c color.RGBA) bool { return c.R > 220 && c.G > 220 && c.B > 220 }
	if bg := count(0, 0, 1280, 720, near(background)); bg < 1280*720/2 {
		t.Errorf("only %d pixels of the game's background: the canvas is not the arena", bg)
	}
	for i := range 4 {
		x0 := i * 320
		if n := count(x0, 20, x0+320, 400, near(jediBlue)); n < 30 {
			t.Errorf("arena %d: %d pixels of a Jedi's blue, want a Jedi drawn", i+1, n)
		}
		if n := count(x0, 20, x0+320, 400, near(partner)); n < 30 {
			t.Errorf("arena %d: %d pixels of the partner's blue, want a partner drawn", i+1, n)
		}
	}
	for i := range 4 { // a troll under each decider: htn, bt, goap, fsm
		x0 := i * 320
		if n := count(x0, 400, x0+320, 700, near(jediBlue)); n < 30 {
			t.Errorf("troll map %d: %d pixels of the troll's blue, want a troll drawn", i+1, n)
		}
		for _, part := range []struct {
			name   string
			colour color.RGBA
			least  int
		}{{"ground", ground, 20000}, {"trees", tree, 100}, {"bridges", bridge, 50}} {
			if n := count(x0, 400, x0+320, 700, near(part.colour)); n < part.least {
				t.Errorf("troll map %d: %d pixels of its %s, want them drawn", i+1, n, part.name)
			}
		}
	}
	if n := count(0, 0, 1280, 720, white); n < 2000 {
		t.Errorf("%d white pixels: want the titles and the agents' captions written", n)
	}
}
