package hashing

import (
	"context"
	"slices"
)

// skeleton is the skeleton-based HRW's structure (source §HRW): a
// complete fanout-way tree of clusters over leaves, the ids of each level
// (ids[d] has fanout^d), each leaf's nodes, and per level the clusters
// whose nodes have all left.
type skeleton struct {
	ids    [][]uint64
	leaves [][]int32
	empty  [][]bool
}

// buildSkeleton lays a complete fanout-way tree over fanout^k leaves, k
// as large as leaves of at least fanout nodes allow, and splits the nodes
// in order over the leaves as evenly as can be (sizes differ by one). Every
// cluster of a level then holds as many leaves, so that a plain score at
// each level spreads keys evenly (to the leaves' one-node difference, a few
// per cent at most), with no weights to compute. A cluster's id is its
// level and place, which a leaving node does not change.
func buildSkeleton(ctx context.Context, m *Mapping) (placer, error) {
	sk := &skeleton{}
	n, f := len(m.nodes), m.fanout
	leaves := 1
	for leaves*f*f <= n {
		leaves *= f
	}
	for d, width := 0, 1; width <= leaves; d, width = d+1, width*f {
		ids, empty := make([]uint64, width), make([]bool, width)
		for i := range ids {
			ids[i] = mix(uint64(d)<<40 | uint64(i) + 1)
		}
		sk.ids, sk.empty = append(sk.ids, ids), append(sk.empty, empty)
	}
	sk.leaves = make([][]int32, leaves)
	all := make([]int32, n) // the leaves' nodes, in order
	for i := range all {
		if i%checkEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		all[i] = int32(i)
	}
	for j := range leaves {
		lo, hi := n*j/leaves, n*(j+1)/leaves
		sk.leaves[j] = all[lo:hi:hi]
	}
	return sk, nil
}

// owner walks the tree from its root, at each level to the cluster of
// the highest score that is not empty, then to the leaf's node of the
// highest score.
func (sk *skeleton) owner(m *Mapping, _ string, kh uint64) int {
	c := 0 // the root's place in its level
	for d := 1; d < len(sk.ids); d++ {
		first := c * m.fanout
		ids, empty := sk.ids[d][first:first+m.fanout], sk.empty[d][first:first+m.fanout]
		best, bestScore := -1, uint64(0)
		for k, id := range ids {
			if s := score(kh, id); !empty[k] && (best < 0 || s > bestScore) {
				best, bestScore = k, s
			}
		}
		c = first + best
	}
	best, bestScore := -1, uint64(0)
	for _, n := range sk.leaves[c] {
		if s := score(kh, m.hashes[n]); best < 0 || s > bestScore {
			best, bestScore = int(n), s
		}
	}
	return best
}

// without drops the nodes that left from their clusters and keeps every
// id, so that only their keys move (a cluster left empty is passed over).
func (sk *skeleton) without(_ context.Context, m, _ *Mapping, at []int32) (placer, error) {
	out := &skeleton{ids: sk.ids}
	for _, e := range sk.empty {
		out.empty = append(out.empty, slices.Clone(e))
	}
	out.leaves = make([][]int32, len(sk.leaves))
	last := len(out.empty) - 1
	for j, leaf := range sk.leaves {
		for _, n := range leaf {
			if to := at[n]; to >= 0 {
				out.leaves[j] = append(out.leaves[j], to)
			}
		}
		out.empty[last][j] = len(out.leaves[j]) == 0
	}
	for d := last - 1; d >= 0; d-- { // a cluster of empty clusters is empty
		for c := range out.empty[d] {
			all := true
			for k := range m.fanout {
				all = all && out.empty[d+1][c*m.fanout+k]
			}
			out.empty[d][c] = all
		}
	}
	return out, nil
}
