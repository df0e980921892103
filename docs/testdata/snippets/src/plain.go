package greet

import "fmt"

// snippet add

// Add adds.
func Add(a, b int) int { return a + b }

// end snippet add

// ExampleAdd is in a file go test does not read Examples from.
func ExampleAdd() {
	fmt.Println(Add(1, 2))
	// Output: 3
}
