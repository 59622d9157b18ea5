package placement

import "github.com/loadlab/loadlab/sim/rng"

// Hand is the draws of objects placed and domains failed one at a time,
// by a user beside a table: its own stream (the spec's seed + 1), so that
// what the user does never changes the table's draws.
type Hand struct {
	topo     Topology
	replicas int
	src      *rng.Source
}

// NewHand starts a spec's hand draws.
func NewHand(s Spec) *Hand {
	return &Hand{topo: s.Topology, replicas: s.Replicas, src: rng.New(s.Seed + 1)}
}

// Place places one object by strategy s: the nodes of its replicas.
func (h *Hand) Place(s Strategy) []int { return Place(s, h.topo, h.replicas, h.src) }

// Location is a location of event e drawn at random, uniformly.
func (h *Hand) Location(e Event) int { return h.src.RandBelow(e.Locations(h.topo)) }
