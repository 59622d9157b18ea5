package hashing

import (
	"context"
	"slices"
)

// ownersWithout maps every key as m.withoutAll(removed) would, and gives
// the owners in m's order of the nodes; left[i] says node i is removed.
// When at most half the nodes leave a ring, that ring is not laid: a key
// goes to the first point at or past it, on m's ring, whose node stayed
// (the same point: the ring without them keeps the others' order), a
// point or two further on average.
func ownersWithout(ctx context.Context, m *Mapping, removed []int, left []bool, names []string, hs []uint64) ([]int32, error) {
	if r := m.ring(); m.scheme == Ring && 2*len(removed) <= len(m.nodes) {
		out, step := make([]int32, len(hs)), every(m)
		for i, h := range hs {
			if i%step == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			k, _ := slices.BinarySearch(r.points, mix(h))
			for ; ; k++ {
				if k == len(r.points) {
					k = 0 // round to the first
				}
				if o := r.nodeOf[k]; !left[o] {
					out[i] = o
					break
				}
			}
		}
		return out, nil
	}
	gone, err := m.withoutAll(ctx, removed)
	if err != nil {
		return nil, err
	}
	out, err := owners(ctx, gone, names, hs)
	if err != nil {
		return nil, err
	}
	kept := make([]int32, 0, len(gone.nodes)) // gone's node j is m's kept[j]
	for i := range m.nodes {
		if !left[i] {
			kept = append(kept, int32(i))
		}
	}
	for i, o := range out {
		out[i] = kept[o]
	}
	return out, nil
}

// ownersWith maps every key as m.withAll(added) would. A ring is not
// merged: the added nodes get a ring of their own, and a key goes to the
// nearer of its points on the two, ties to the old ring's (the older
// node), both rounding to their first point only when neither has a point
// at or past the key.
func ownersWith(ctx context.Context, m *Mapping, added []Node, names []string, hs []uint64) ([]int32, error) {
	if m.scheme != Ring {
		joined, err := m.withAll(ctx, added)
		if err != nil {
			return nil, err
		}
		return owners(ctx, joined, names, hs)
	}
	points, owner, err := ringOf(ctx, hashesOf(added), m.vnodes, len(m.nodes))
	if err != nil {
		return nil, err
	}
	r := m.ring()
	out, step := make([]int32, len(hs)), every(m)
	for i, h := range hs {
		if i%step == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		x := mix(h)
		k, _ := slices.BinarySearch(r.points, x)
		j, _ := slices.BinarySearch(points, x)
		pastOld, pastNew := k == len(r.points), j == len(points)
		if pastOld && pastNew {
			k, j, pastOld, pastNew = 0, 0, false, false
		}
		if pastOld || !pastNew && points[j] < r.points[k] {
			out[i] = owner[j]
		} else {
			out[i] = r.nodeOf[k]
		}
	}
	return out, nil
}
