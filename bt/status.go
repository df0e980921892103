package bt

import "fmt"

// Status is what a node reports from Begin and Update: still Running, or
// finished with Success or Failure. The zero Status is not valid; a node
// that returns it is treated as failed and the tree reports an error.
type Status uint8

// The statuses.
const (
	Running Status = iota + 1
	Success
	Failure
)

// valid reports whether s is Running, Success or Failure.
func (s Status) valid() bool { return s >= Running && s <= Failure }

// String returns "Running", "Success", "Failure", or "Status(n)".
func (s Status) String() string {
	switch s {
	case Running:
		return "Running"
	case Success:
		return "Success"
	case Failure:
		return "Failure"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// MarshalText encodes the status as its name.
func (s Status) MarshalText() ([]byte, error) {
	if !s.valid() {
		return nil, fmt.Errorf("bt: cannot encode invalid %v", s)
	}
	return []byte(s.String()), nil
}
