// Package testsize sizes the tests of long claims: fights of many
// minutes, claims over many seeds, properties over many cases. By default
// each runs at a size that checks the claim in a fraction of the time,
// so that the README's test command takes under a minute on two cores;
// with $FORESIGHT_FULL set (as .ci/run sets it) each runs at its full
// size; under -short, smaller still.
//
// It is a test kit (internal/testkit): only test files, the public test
// kit bt/bttest and other test kits import it; the library's own code
// never does.
package testsize

import (
	"os"
	"testing"
)

// Env names the environment variable that asks for the full sizes.
const Env = "FORESIGHT_FULL"

// Full reports whether the full sizes are asked for: $FORESIGHT_FULL is
// set to anything but "" or "0".
func Full() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Pick returns full when the full sizes are asked for, short under
// -short, and normal otherwise.
func Pick[T any](short, normal, full T) T {
	switch {
	case Full():
		return full
	case testing.Short():
		return short
	}
	return normal
}
