package cookbook_test

import (
	"fmt"
	"strings"

	"github.com/foresight-bt/foresight/bt"
	"github.com/foresight-bt/foresight/trace"
)

// Room is what a burglar knows of the room it wants into.
type Room struct {
	DoorLocked, HasWindow bool
	Inside                bool
}

// Into a room by the door, or else by the window: the FSM document's
// example of fallbacks. A Priority tries the door first; when opening it
// fails (it is locked), the door's sequence fails, and the window gets
// its turn. A failure is an expected answer that the fallback takes in
// stride, not the end of the behaviour; when every way fails, "enter the
// room" fails, and whatever runs it (a search of the house) moves on to
// the next room. The order is the design, and nothing need be predicted:
// a plain fallback, no decider.
func Example_doorThenWindow() {
	n := bt.New[Room]()
	do := func(name string, ok func(r *Room) bool) bt.Def[Room] {
		return n.Do(name, bt.Instant(ok, nil))
	}
	tree, err := bt.Build(bt.Config[Room]{}, n.Priority("enter the room",
		n.Sequence("by the door",
			do("open the door", func(r *Room) bool { return !r.DoorLocked }),
			do("walk in", func(r *Room) bool { r.Inside = true; return true })),
		n.Sequence("by the window",
			do("open the window", func(r *Room) bool { return r.HasWindow }),
			do("climb in", func(r *Room) bool { r.Inside = true; return true })),
	))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range []Room{{}, {DoorLocked: true, HasWindow: true}, {DoorLocked: true}} {
		var did []string
		agent, _ := tree.NewAgent(1)
		agent.SetTracer(trace.NewActions(tree.Nodes(), func(a *trace.ActionReport) { did = append(did, a.Name) }))
		status, _ := agent.Tick(&r, 0)
		fmt.Printf("locked %-5v window %-5v → %v: %s\n", r.DoorLocked, r.HasWindow, status, strings.Join(did, ", "))
	}
	// Output:
	// locked false window false → Success: open the door, walk in
	// locked true  window true  → Success: open the door, open the window, climb in
	// locked true  window false → Failure: open the door, open the window
}
