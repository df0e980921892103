package greet

// snippet greet
// Greet says hello.
func Greet() string { return "hello" }

// end snippet greet
