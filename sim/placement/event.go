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
	// SiteFailure darkens every node of one site, as The Planet's H1 went
	// dark on 2008-05-31 (§26.2.9); with one site it is Correlated.
	SiteFailure
	// CityFailure darkens every site of one city, as a power feed they
	// share would.
	CityFailure
)

// Events are every event: the lecture's four, one version's failure, then
// the site level's two.
var Events = []Event{NodeFailure, RackFailure, AZFailure, Correlated, VersionFailure, SiteFailure, CityFailure}

var eventNames = [...]string{"node", "rack", "az", "correlated", "version", "site", "city"}

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
		return t.TotalAZs()
	case VersionFailure:
		return max(1, t.Versions)
	case SiteFailure:
		return t.NumSites()
	case CityFailure:
		return t.NumCities()
	}
	return 1
}

// failure is the nodes one location of an event takes down: those in
// [lo, hi) whose number is rem modulo mod (every one when mod is 0).
type failure struct{ lo, hi, mod, rem int }

func (f failure) down(n int) bool {
	return f.lo <= n && n < f.hi && (f.mod == 0 || n%f.mod == f.rem)
}

// count is how many nodes f takes down, counted without a walk over them
// (a version's failure over tens of thousands of versions and nodes).
func (f failure) count() int {
	if f.mod == 0 {
		return f.hi - f.lo
	}
	below := func(x int) int { // nodes in [0, x) of remainder rem
		n := x / f.mod
		if x%f.mod > f.rem {
			n++
		}
		return n
	}
	return below(f.hi) - below(f.lo)
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
	case SiteFailure:
		return loc * t.NodesPerSite(), (loc + 1) * t.NodesPerSite()
	case CityFailure:
		per := t.CitySites() * t.NodesPerSite()
		return loc * per, (loc + 1) * per
	}
	return 0, t.Nodes()
}

// Size is the nodes the first location of the event takes down.
func (e Event) Size(t Topology) int { return e.failure(t, 0).count() }

// Nodes says how many nodes one location of the event takes down: "9
// nodes", or "13-14 nodes" where its locations differ (27 nodes in 2
// versions).
func (e Event) Nodes(t Topology) string {
	lo, hi := -1, 0
	for loc := range e.Locations(t) {
		n := e.failure(t, loc).count()
		if lo < 0 || n < lo {
			lo = n
		}
		hi = max(hi, n)
	}
	switch {
	case lo == hi && hi == 1:
		return "1 node"
	case lo == hi:
		return fmt.Sprintf("%d nodes", hi)
	}
	return fmt.Sprintf("%d-%d nodes", lo, hi)
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
	case SiteFailure:
		return fmt.Sprintf("site %d (%s)", loc, span)
	case CityFailure:
		k := t.CitySites()
		return fmt.Sprintf("city %d, sites %d-%d (%s)", loc, loc*k, (loc+1)*k-1, span)
	}
	return fmt.Sprintf("every node (%s)", span)
}

// Down reports whether location loc of the event takes node n down.
func (e Event) Down(t Topology, loc, n int) bool { return e.failure(t, loc).down(n) }
