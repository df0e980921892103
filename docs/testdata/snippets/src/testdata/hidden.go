package hidden

// snippet hidden
var x = 1

// end snippet hidden
