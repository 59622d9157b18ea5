package placement

import (
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/rng"
)

// A hand's draws are the stream of seed + 1, placement first, whatever
// the table does with its own.
func TestHandDrawsItsOwnStream(t *testing.T) {
	s := DefaultSpec()
	h := NewHand(s)
	src := rng.New(s.Seed + 1)
	for _, st := range Strategies {
		one := s
		one.Strategies, one.Events = st.String(), "node"
		if one.Validate() != nil {
			continue // a strategy this topology cannot serve
		}
		if got, want := h.Place(st), Place(st, s.Topology, s.Replicas, src); !slices.Equal(got, want) {
			t.Errorf("%s: hand placed %v, the stream of seed+1 %v", st, got, want)
		}
	}
	if got, want := h.Location(RackFailure), src.RandBelow(RackFailure.Locations(s.Topology)); got != want {
		t.Errorf("hand's rack %d, the stream's %d", got, want)
	}
}
