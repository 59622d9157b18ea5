package hashing

import (
	"context"
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/rng"
)

// Nodes leaving or joining all at once map every key as taking them out
// one by one (the highest index first) or adding them one by one does, for
// every scheme, however many leave: the ring's walk past the points of
// nodes that left (at most half of them) and its two rings for the joining
// nodes included. The rings laid at once are the rings laid again over the
// nodes that remain.
func TestAllAtOnceIsOneByOne(t *testing.T) {
	ctx := context.Background()
	s := DefaultSpec()
	s.Keys = 3000
	names, hs := s.KeyHashes()
	for _, n := range []int{1, 2, 7, 60} {
		s.Nodes = n
		nodes := s.NodeList()
		for _, vnodes := range []int{1, 5} {
			for _, sc := range []Scheme{HRW, WeightedHRW, Skeleton, Ring, RawHRW} {
				m := NewMapping(sc, nodes, vnodes, 3)
				for _, r := range []int{0, 1, n / 2, n/2 + 1, n - 1} {
					if r >= n {
						continue
					}
					removed := rng.New(int64(n*100+r)).Sample(n, r)
					left := make([]bool, n)
					for _, i := range removed {
						left[i] = true
					}
					one := m
					for _, i := range slices.Backward(slices.Sorted(slices.Values(removed))) {
						one = one.Without(i)
					}
					byName := map[string]int32{}
					for i, nd := range nodes {
						byName[nd.Name] = int32(i)
					}
					got, err := ownersWithout(ctx, m, removed, left, names, hs)
					if err != nil {
						t.Fatal(err)
					}
					for i, h := range hs {
						if want := byName[one.Nodes()[one.Owner(names[i], h)].Name]; got[i] != want {
							t.Fatalf("%s over %d nodes (%d vnodes), %d leaving: key %d goes to %d, one by one to %d", sc, n, vnodes, r, i, got[i], want)
						}
					}
					if r > 0 && sc == Ring {
						gone, _ := m.withoutAll(ctx, removed)
						again := NewMapping(Ring, one.Nodes(), vnodes, 3)
						if g, a := gone.ring(), again.ring(); !slices.Equal(g.points, a.points) || !slices.Equal(g.nodeOf, a.nodeOf) {
							t.Errorf("ring over %d nodes, %d leaving: not the ring laid again", n, r)
						}
					}
				}
				for _, a := range []int{1, 3, 2 * n} {
					added := make([]Node, a)
					one := m
					for j := range added {
						added[j] = NewNode(n+j, 1)
						one = one.With(added[j])
					}
					got, err := ownersWith(ctx, m, added, names, hs)
					if err != nil {
						t.Fatal(err)
					}
					for i, h := range hs {
						if want := int32(one.Owner(names[i], h)); got[i] != want {
							t.Fatalf("%s over %d nodes (%d vnodes), %d joining: key %d goes to %d, one by one to %d", sc, n, vnodes, a, i, got[i], want)
						}
					}
					if sc == Ring {
						joined, _ := m.withAll(ctx, added)
						again := NewMapping(Ring, one.Nodes(), vnodes, 3)
						if j, a := joined.ring(), again.ring(); !slices.Equal(j.points, a.points) || !slices.Equal(j.nodeOf, a.nodeOf) {
							t.Errorf("ring over %d nodes, %d joining: not the ring laid again", n, a)
						}
					}
				}
			}
		}
	}
}

// The ring is sorted, ties by node, with every node's points, for sizes
// across the two levels of its sort.
func TestRingOrder(t *testing.T) {
	s := DefaultSpec()
	for _, c := range []struct{ nodes, vnodes int }{{1, 1}, {3, 11}, {1000, 40}, {3000, 700}} {
		s.Nodes = c.nodes
		hs := hashesOf(s.NodeList())
		points, owner, err := ringOf(context.Background(), hs, c.vnodes, 0)
		if err != nil {
			t.Fatal(err)
		}
		perNode := make([]int, c.nodes)
		for i := range points {
			perNode[owner[i]]++
			if i > 0 && (points[i-1] > points[i] || points[i-1] == points[i] && owner[i-1] > owner[i]) {
				t.Fatalf("%d nodes x %d: points %d and %d out of order", c.nodes, c.vnodes, i-1, i)
			}
		}
		for i, k := range perNode {
			if k != c.vnodes {
				t.Fatalf("%d nodes x %d: node %d has %d points", c.nodes, c.vnodes, i, k)
			}
		}
	}
}

// A bucket of many points, with ties, is sorted stably.
func TestSortPointsStable(t *testing.T) {
	points, owner := make([]uint64, 100), make([]int32, 100)
	for i := range points {
		points[i], owner[i] = uint64(99-i)%7, int32(i)
	}
	sortPoints(points, owner)
	for i := 1; i < len(points); i++ {
		if points[i-1] > points[i] || points[i-1] == points[i] && owner[i-1] > owner[i] {
			t.Fatalf("points %d and %d out of order: (%d, %d) then (%d, %d)", i-1, i, points[i-1], owner[i-1], points[i], owner[i])
		}
	}
}
