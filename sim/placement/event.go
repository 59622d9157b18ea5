package placement

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

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
	// VersionFailure fails every node of one software version, as a bug in
	// that version does; with one version it is Correlated.
	VersionFailure
)

// Events are every event: the lecture's four, then one version's failure.
var Events = []Event{NodeFailure, RackFailure, AZFailure, Correlated, VersionFailure}

var eventNames = [...]string{"node", "rack", "az", "correlated", "version"}

func (e Event) String() string { return eventNames[e] }

// ParseEvent reads an event's name.
func ParseEvent(s string) (Event, error) { return engine.ParseName[Event](eventNames[:], s) }

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
	case VersionFailure:
		return max(1, t.Versions)
	}
	return 1
}

// failure is the nodes one location of an event takes down: those in
// [lo, hi) whose number is rem modulo mod (every one when mod is 0).
type failure struct{ lo, hi, mod, rem int }

func (f failure) down(n int) bool {
	return f.lo <= n && n < f.hi && (f.mod == 0 || n%f.mod == f.rem)
}

// failure is location loc of the event.
func (e Event) failure(t Topology, loc int) failure {
	lo, hi := e.Span(t, loc)
	if e == VersionFailure && t.Versions > 1 {
		return failure{lo, hi, t.Versions, loc}
	}
	return failure{lo, hi, 0, 0}
}

// Span is the range of nodes location loc of the event takes down: [lo,
// hi), of which a version's failure takes only that version's.
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

// Size is the nodes the first location of the event takes down.
func (e Event) Size(t Topology) int {
	f, n := e.failure(t, 0), 0
	for i := f.lo; i < f.hi; i++ {
		if f.down(i) {
			n++
		}
	}
	return n
}

// Where names location loc of the event: "rack 4 (nodes 12-14)".
func (e Event) Where(t Topology, loc int) string {
	lo, hi := e.Span(t, loc)
	span := fmt.Sprintf("nodes %d-%d", lo, hi-1)
	switch e {
	case NodeFailure:
		return fmt.Sprintf("node %d", loc)
	case RackFailure:
		return fmt.Sprintf("rack %d (%s)", loc, span)
	case AZFailure:
		return fmt.Sprintf("AZ %d (%s)", loc, span)
	case VersionFailure:
		return fmt.Sprintf("version %d (every node n with n mod %d = %d)", loc, max(1, t.Versions), loc)
	}
	return fmt.Sprintf("every node (%s)", span)
}

// Down reports whether location loc of the event takes node n down.
func (e Event) Down(t Topology, loc, n int) bool { return e.failure(t, loc).down(n) }
