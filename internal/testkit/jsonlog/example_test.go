package jsonlog_test

import (
	"fmt"
	"testing"

	"github.com/foresight-bt/foresight/internal/testkit/jsonlog"
)

// At reads a line's time, and whether it is of the events asked for.
func ExampleAt() {
	var t testing.T
	fmt.Println(jsonlog.At(&t, `{"event":"plan","t":2.5,"plan":"attack"}`, "plan", "task"))
	fmt.Println(jsonlog.At(&t, `{"event":"summary","t":40}`, "plan", "task"))
	// Output:
	// 2.5 true
	// 40 false
}
