package greet_test

import "fmt"

func Example_group() {
	// snippet group
	fmt.Println("hi")
	// end snippet group
	// Output:
	// hi
}
