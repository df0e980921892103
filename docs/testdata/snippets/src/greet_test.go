package greet_test

import "fmt"

// snippet whole-example

func Example_hello() {
	// snippet hello
	names := []string{"Ada", "Brian"}
	// snippet loop
	for _, n := range names {
		fmt.Println("hello,", n)
	}
	// end snippet hello
	fmt.Println("bye")
	// end snippet loop

	// Output:
	// hello, Ada
	// hello, Brian
	// bye
}

// end snippet whole-example

// ExampleSilent prints, and checks nothing.
func ExampleSilent() {
	fmt.Println("unchecked")
}

// ExampleQuiet prints nothing, and checks that.
func ExampleQuiet() {
	// Output:
}
