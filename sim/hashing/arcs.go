package hashing

import "math"

// Arc is a stretch of a consistent-hash ring whose keys all go to one
// node: the keys whose mixed hash falls after From and at or before To,
// both fractions of the circle from 0 (0 <= From < To <= 1).
type Arc struct {
	From, To float64
	Node     string
}

// Handover is a stretch of the ring whose keys went from one node to
// another when the nodes changed.
type Handover struct {
	From, To      float64
	Before, After string
}

// whole is the ring's size, 2^64, as a float.
const whole = 1 << 64

// Arcs are a ring's arcs round the circle from 0: a node's arc ends at
// its point, and the arc past the last point goes on round to the first
// point's node, so that it is cut in two at 0. Other schemes have none.
func (m *Mapping) Arcs() []Arc {
	r := m.ring()
	if m.scheme != Ring || len(r.points) == 0 {
		return nil
	}
	out := make([]Arc, 0, len(r.points)+1)
	from := 0.0
	for k, p := range r.points {
		to := float64(p) / whole
		if to > from {
			out = append(out, Arc{From: from, To: to, Node: m.nodes[r.nodeOf[k]].Name})
		}
		from = to
	}
	if from < 1 {
		out = append(out, Arc{From: from, To: 1, Node: m.nodes[r.nodeOf[0]].Name})
	}
	return out
}

// Handovers are the stretches of the ring whose keys go to another node
// after a change of the nodes than before it, in order round the circle:
// on a leave the leaver's arcs, on a join the new node's. Both mappings
// must be rings; otherwise there are none.
func Handovers(before, after *Mapping) []Handover {
	if before.scheme != Ring || after.scheme != Ring {
		return nil
	}
	b, a := before.ring(), after.ring()
	if len(b.points) == 0 || len(a.points) == 0 {
		return nil
	}
	// owner is the node of the keys up to x: of the first point at or past
	// it, k the index of that point (len(points): round to the first).
	owner := func(m *Mapping, r *ring, k int) string {
		if k == len(r.points) {
			k = 0
		}
		return m.nodes[r.nodeOf[k]].Name
	}
	var out []Handover
	lo := uint64(0) // the stretch under way starts past lo (at 0 for the first)
	i, j := 0, 0    // the first points of each at or past lo
	for i < len(b.points) || j < len(a.points) {
		x := uint64(math.MaxUint64)
		if i < len(b.points) {
			x = b.points[i]
		}
		if j < len(a.points) {
			x = min(x, a.points[j])
		}
		out = handOver(out, owner(before, b, i), owner(after, a, j), lo, x)
		lo = x
		for i < len(b.points) && b.points[i] == x {
			i++
		}
		for j < len(a.points) && a.points[j] == x {
			j++
		}
	}
	if lo < math.MaxUint64 {
		out = handOver(out, owner(before, b, i), owner(after, a, j), lo, math.MaxUint64)
	}
	return out
}

// handOver adds the stretch (lo, hi], whose keys went from node b to node
// a, to out if they differ, joined to the stretch before it when that
// ends at lo with the same two nodes.
func handOver(out []Handover, b, a string, lo, hi uint64) []Handover {
	if a == b {
		return out
	}
	from, to := float64(lo)/whole, float64(hi)/whole
	if n := len(out); n > 0 && out[n-1].To == from && out[n-1].Before == b && out[n-1].After == a {
		out[n-1].To = to
		return out
	}
	return append(out, Handover{From: from, To: to, Before: b, After: a})
}
