package browser

// AwaitWithin is Await with a deadline of the test's choosing, for a test
// of a failure that need not take Await's half minute.
var AwaitWithin = awaitWithin
