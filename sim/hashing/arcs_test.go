package hashing

import (
	"testing"
)

// A ring's arcs cover the circle once, in order, and a key falls in the
// arc of the node it goes to.
func TestArcsCoverTheRing(t *testing.T) {
	s := DefaultSpec()
	s.Nodes, s.Keys = 30, 3000
	names, hs := s.KeyHashes()
	for _, vnodes := range []int{1, 8} {
		m := NewMapping(Ring, s.NodeList(), vnodes, s.Fanout)
		arcs := m.Arcs()
		if arcs[0].From != 0 || arcs[len(arcs)-1].To != 1 {
			t.Fatalf("%d vnodes: the arcs run from %g to %g, not 0 to 1", vnodes, arcs[0].From, arcs[len(arcs)-1].To)
		}
		for k := 1; k < len(arcs); k++ {
			if arcs[k].From != arcs[k-1].To || arcs[k].To <= arcs[k].From {
				t.Fatalf("%d vnodes: arc %d runs %g..%g after one ending at %g", vnodes, k, arcs[k].From, arcs[k].To, arcs[k-1].To)
			}
		}
		for i, h := range hs {
			x := float64(mix(h)) / whole
			owner := m.Nodes()[m.Owner(names[i], h)].Name
			if a := arcAt(arcs, x); a.Node != owner {
				t.Fatalf("%d vnodes: key %d at %g goes to %s but lies in %s's arc %g..%g", vnodes, i, x, owner, a.Node, a.From, a.To)
			}
		}
	}
	if NewMapping(HRW, s.NodeList(), 1, 2).Arcs() != nil {
		t.Error("HRW has no ring and no arcs")
	}
}

func arcAt(arcs []Arc, x float64) Arc {
	for _, a := range arcs {
		if x <= a.To {
			return a
		}
	}
	return arcs[len(arcs)-1]
}

// The stretches handed over are where the moved keys lie: on a leave of a
// ring of one point a node, the leaver's one arc, to the node after it;
// on a join, the newcomer's arc, from the node after it.
func TestHandoversAreWhereKeysMoved(t *testing.T) {
	s := DefaultSpec()
	s.Nodes, s.Keys = 30, 3000
	names, hs := s.KeyHashes()
	for _, vnodes := range []int{1, 4} {
		for _, join := range []bool{false, true} {
			before := NewMapping(Ring, s.NodeList(), vnodes, s.Fanout)
			changed, node := before.Without(13), "node-13"
			if join {
				changed, node = before.With(NewNode(30, 1)), "node-30"
			}
			hand := Handovers(before, changed)
			if vnodes == 1 && len(hand) != 1 {
				t.Fatalf("one point a node, join %v: %d stretches handed over, want 1", join, len(hand))
			}
			for _, h := range hand {
				if join && h.After != node || !join && h.Before != node {
					t.Errorf("join %v: %s handed to %s, not %s's", join, h.Before, h.After, node)
				}
			}
			for i, kh := range hs {
				was, is := before.Nodes()[before.Owner(names[i], kh)].Name, changed.Nodes()[changed.Owner(names[i], kh)].Name
				x := float64(mix(kh)) / whole
				in := false
				for _, h := range hand {
					in = in || x > h.From && x <= h.To || x == 0 && h.From == 0
				}
				if in != (was != is) {
					t.Fatalf("%d vnodes, join %v: key %d (%s, then %s) in a handover: %v", vnodes, join, i, was, is, in)
				}
			}
		}
	}
}

// A leave tells the nodes that took keys, and a join those that gave them
// up: on a ring of one point a node, one each.
func TestChurnNamesHeirsAndDonors(t *testing.T) {
	s := DefaultSpec()
	s.Nodes, s.Keys, s.VNodes = 30, 30000, 1
	names, hs := s.KeyHashes()
	a := NewAssignment(NewMapping(Ring, s.NodeList(), s.VNodes, s.Fanout), names, hs)
	a.Remove(13)
	if heirs := nonzero(a.Churn.MovedIn); len(heirs) != 1 || a.Churn.MovedIn[heirs[0]] != a.Churn.Moved {
		t.Errorf("node-13's keys went to nodes %v, want all to one", heirs)
	}
	if donors := nonzero(a.Churn.MovedOut); len(donors) != 0 {
		t.Errorf("a leave took keys from staying nodes %v", donors)
	}
	a.Add(NewNode(30, 1))
	if donors := nonzero(a.Churn.MovedOut); len(donors) != 1 || a.Churn.MovedOut[donors[0]] != a.Churn.Moved {
		t.Errorf("node-30's keys came from nodes %v, want all from one", donors)
	}
}

func nonzero(counts []int) []int {
	var out []int
	for i, c := range counts {
		if c > 0 {
			out = append(out, i)
		}
	}
	return out
}
