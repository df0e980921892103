package curvejs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/foresight-bt/foresight/internal/web/curvejs"
)

func TestInline(t *testing.T) {
	tests := []struct {
		name, page string
		ok         bool
	}{
		{"one marker", "<script>\n" + curvejs.Marker + "\n</script>", true},
		{"none", "<script></script>", false},
		{"two", curvejs.Marker + curvejs.Marker, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := curvejs.Inline(tt.page)
			switch {
			case ok != tt.ok:
				t.Fatalf("Inline: ok %v, want %v", ok, tt.ok)
			case !ok && got != tt.page:
				t.Errorf("a page refused came back changed: %q", got)
			case ok && (strings.Contains(got, curvejs.Marker) || !strings.Contains(got, "function curveAt(c, x) {")):
				t.Errorf("the script is not in place of the marker:\n%s", got)
			}
		})
	}
}

func ExampleInline() {
	page, ok := curvejs.Inline("<script>" + curvejs.Marker + "</script>")
	fmt.Println(ok, strings.Contains(page, "function curveAt"))
	// Output: true true
}
