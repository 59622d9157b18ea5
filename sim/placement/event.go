package placement

import "fmt"

// Event is a failure: every node of one domain fails together.
type Event int

// The failure events, in the lecture's order.
const (
	NodeFailure Event = iota
	RackFailure
	AZFailure
	// Correlated fails every node, as a shared software bug or a config
	// pushed everywhere does: no placement escapes it.
	Correlated
)

// Events are every event, in the lecture's order.
var Events = []Event{NodeFailure, RackFailure, AZFailure, Correlated}

var eventNames = [...]string{"node", "rack", "az", "correlated"}

func (e Event) String() string { return eventNames[e] }

// ParseEvent reads an event's name.
func ParseEvent(s string) (Event, error) {
	for i, n := range eventNames {
		if n == s {
			return Event(i), nil
		}
	}
	return 0, fmt.Errorf("unknown event %q", s)
}

// Locations is how many places the event can strike; each is equally
// likely.
func (e Event) Locations(t Topology) int {
	switch e {
	case NodeFailure:
		return t.Nodes()
	case RackFailure:
		return t.Racks()
	case AZFailure:
		return t.AZs
	}
	return 1
}

// Span is the nodes location loc of the event takes down: [lo, hi).
func (e Event) Span(t Topology, loc int) (lo, hi int) {
	switch e {
	case NodeFailure:
		return loc, loc + 1
	case RackFailure:
		return loc * t.NodesPerRack, (loc + 1) * t.NodesPerRack
	case AZFailure:
		return loc * t.NodesPerAZ(), (loc + 1) * t.NodesPerAZ()
	}
	return 0, t.Nodes()
}

// Size is the nodes one location of the event takes down.
func (e Event) Size(t Topology) int {
	lo, hi := e.Span(t, 0)
	return hi - lo
}
