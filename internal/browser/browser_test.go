package browser_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/foresight-bt/foresight/internal/browser"
)

// A page is driven as a person would: type, press a key, read what shows;
// an error in the page is caught.
func TestDrive(t *testing.T) {
	path := browser.Find()
	if path == "" {
		if os.Getenv("INSPECT_REQUIRE_BROWSER") != "" {
			t.Fatal("INSPECT_REQUIRE_BROWSER is set and there is no chromium on the PATH")
		}
		t.Skip("no chromium on the PATH")
	}
	b, err := browser.Start(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	p, err := b.NewPage(800, 600)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	page := `data:text/html,<input id="t"><p id="out"></p><script>
t.onkeydown = e => { if (e.key === "Enter") out.textContent = "typed " + t.value + (e.shiftKey ? " with shift" : ""); };
</script>`
	if err := p.Navigate(page); err != nil {
		t.Fatal(err)
	}
	if err := p.WaitFor(context.Background(), `document.getElementById("t")`, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := p.Click("#t"); err != nil {
		t.Fatal(err)
	}
	if err := p.Type("12.5"); err != nil {
		t.Fatal(err)
	}
	if err := p.Press("Enter", true); err != nil {
		t.Fatal(err)
	}
	var out string
	if err := p.Eval(`document.getElementById("out").textContent`, &out); err != nil {
		t.Fatal(err)
	}
	if out != "typed 12.5 with shift" {
		t.Errorf("the page shows %q", out)
	}
	if err := p.Press("F13", false); err == nil {
		t.Error("an unknown key: no error")
	}
	if len(p.Errors()) != 0 {
		t.Fatalf("errors before any: %q", p.Errors())
	}
	if err := p.Eval(`setTimeout(() => { console.error("boom"); null.x; }, 0)`, nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	errs := strings.Join(p.Errors(), "\n")
	if !strings.Contains(errs, "console.error: boom") || !strings.Contains(errs, "exception: ") {
		t.Errorf("the page's errors were not caught: %q", errs)
	}
	png, err := p.Screenshot()
	if err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("Screenshot: %d bytes, %v", len(png), err)
	}
}
