package hashing

import "context"

// TableFor is the Maglev table size for n nodes: the smallest prime above
// 100 x n, the size at which Maglev's paper (Eisenbud et al., NSDI 2016,
// §3.4) keeps every node's share of the table within 1 % of the others'.
func TableFor(n int) int {
	m := 100*max(n, 1) + 1
	for !prime(m) {
		m++
	}
	return m
}

// prime reports whether m is prime.
func prime(m int) bool {
	if m < 2 {
		return false
	}
	for d := 2; d*d <= m; d++ {
		if m%d == 0 {
			return false
		}
	}
	return true
}

// maglev is Maglev's lookup table: each entry's node.
type maglev struct{ tableOwner []int32 }

// fillTable fills Maglev's lookup table of m.table entries (§3.4,
// Pseudocode 1): each node walks its own permutation of the entries,
// offset + j x skip mod M, and the nodes take turns claiming the next
// entry of theirs still free, so that each ends with M/n entries, give or
// take one.
func fillTable(ctx context.Context, m *Mapping) (placer, error) {
	size := m.table
	t := &maglev{tableOwner: make([]int32, size)}
	for i := range t.tableOwner {
		t.tableOwner[i] = -1
	}
	if len(m.nodes) == 0 {
		return t, nil
	}
	// pos[i] is node i's next entry on its permutation, offset + j x skip
	// mod M, stepped by an addition and a subtraction
	pos, skip := make([]int, len(m.nodes)), make([]int, len(m.nodes))
	for i, h := range m.hashes {
		pos[i] = int(mix(h^0x6d61676c65766f66) % uint64(size))
		skip[i] = int(mix(h^0x6d61676c65767370)%uint64(size-1)) + 1
	}
	step := func(i int) {
		if pos[i] += skip[i]; pos[i] >= size {
			pos[i] -= size
		}
	}
	filled := 0
	for {
		for i := range m.nodes {
			for t.tableOwner[pos[i]] >= 0 {
				step(i)
			}
			t.tableOwner[pos[i]] = int32(i)
			step(i)
			if filled++; filled == size {
				return t, nil
			}
			if filled%checkEvery == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
	}
}

func (t *maglev) owner(_ *Mapping, _ string, kh uint64) int {
	return int(t.tableOwner[mix(kh)%uint64(len(t.tableOwner))])
}

// without fills the table again, of the same size, over the nodes left.
func (t *maglev) without(ctx context.Context, _, out *Mapping, _ []int32) (placer, error) {
	return fillTable(ctx, out)
}

// TableShares are the entries of Maglev's table each node holds, in the
// mapping's node order; nil for any other scheme.
func (m *Mapping) TableShares() []int {
	t, ok := m.p.(*maglev)
	if !ok {
		return nil
	}
	out := make([]int, len(m.nodes))
	for _, o := range t.tableOwner {
		out[o]++
	}
	return out
}
