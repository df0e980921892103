package greet

// snippet open

var a = 1

// end snippet never

// snippet twice

var b = 2

// end snippet twice

// snippet twice

var c = 3

// end snippet twice
