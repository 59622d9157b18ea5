package hashing

import "context"

// hrw is rendezvous hashing (Thaler and Ravishankar's highest random
// weight): a key goes to the node of the highest score of key and node.
// It keeps no structure beyond the nodes' hashes.
type hrw struct{}

func (hrw) owner(m *Mapping, _ string, kh uint64) int {
	best, bestScore := 0, uint64(0)
	for i, h := range m.hashes {
		if s := score(kh, h); i == 0 || s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

func (p hrw) without(context.Context, *Mapping, *Mapping, []int32) (placer, error) { return p, nil }

// weightedHRW is HRW with each score scaled by its node's weight, so that
// a node's share of the keys is its share of the weight.
type weightedHRW struct{}

func (weightedHRW) owner(m *Mapping, _ string, kh uint64) int {
	best, bestScore := 0, -1.0
	for i, n := range m.nodes {
		if s := weighted(score(kh, n.hash), n.Weight); s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

func (p weightedHRW) without(context.Context, *Mapping, *Mapping, []int32) (placer, error) {
	return p, nil
}

// rawHRW is HRW on an unmixed FNV-1a score of key and node together: the
// skew the mixing step avoids.
type rawHRW struct{}

func (rawHRW) owner(m *Mapping, key string, _ uint64) int {
	best, bestScore, raw := 0, uint64(0), fnv1a(key)
	for i, n := range m.nodes {
		if s := fnv1aMore(raw, n.Name); i == 0 || s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

func (p rawHRW) without(context.Context, *Mapping, *Mapping, []int32) (placer, error) { return p, nil }
