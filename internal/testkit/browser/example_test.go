package browser_test

import (
	"fmt"

	"github.com/foresight-bt/foresight/internal/testkit/browser"
)

// FileURL makes a local file's address for Navigate.
func ExampleFileURL() {
	fmt.Println(browser.FileURL("/tmp/a fight.html"))
	// Output:
	// file:///tmp/a%20fight.html
}
