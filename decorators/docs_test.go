package decorators_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The code the package's comments show builds: each Decorate in a
// snippet has the End that closes its scope, as Build demands. (For's
// comment showed b.Decorate(...).Do("wait", wait), which Build refuses.)
func TestDocSnippetsCloseTheirScopes(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var snippet []string
		check := func() {
			code := strings.Join(snippet, "\n")
			if opened, closed := strings.Count(code, ".Decorate("), strings.Count(code, "End()"); opened != closed {
				t.Errorf("%s: a snippet opens %d scopes and closes %d:\n%s", name, opened, closed, code)
			}
			snippet = snippet[:0]
		}
		for _, line := range strings.Split(string(src), "\n") {
			if code, ok := strings.CutPrefix(line, "//\t"); ok {
				snippet = append(snippet, code)
				continue
			}
			check()
		}
	}
}
