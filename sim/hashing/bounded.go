package hashing

import (
	"context"
	"math"
)

// DefaultEpsilon is the bounded ring's ε at its default: no node above
// 1.25 x the mean, HAProxy's hash-balance-factor 125.
const DefaultEpsilon = 0.25

// Capacity is the most keys a node of the bounded ring holds when keys
// keys are over n nodes: ceil((1 + ε) x keys / n) (Mirrokni, Thorup and
// Zadimoghaddam, "Consistent Hashing with Bounded Loads", 2018).
func Capacity(keys, n int, epsilon float64) int {
	v := (1 + epsilon) * float64(keys) / float64(max(n, 1))
	if r := math.Round(v); math.Abs(v-r) <= 1e-9*max(1, v) {
		return int(r) // 1.1 x 100 is 110.00000000000001 in floating point, and its ceiling 110
	}
	return int(math.Ceil(v))
}

// Assign places every key (hs[i] its hash) in order and writes each one's
// node into out: for the bounded ring, the first node clockwise from the
// key that is below its capacity, so that where a key goes depends on the
// keys placed before it; for every other scheme, its Owner.
func (m *Mapping) Assign(ctx context.Context, names []string, hs []uint64, out []int32) error {
	step := every(m)
	if m.scheme != Bounded {
		for i, h := range hs {
			if i%step == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			out[i] = int32(m.Owner(names[i], h))
		}
		return nil
	}
	r := m.ring()
	capacity := int32(Capacity(len(hs), len(m.nodes), m.epsilon))
	load := make([]int32, len(m.nodes))
	for i, h := range hs {
		if i%step == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		k := r.firstPoint(mix(h))
		for load[r.nodeOf[k]] >= capacity { // the ring's total capacity is above the keys: a node has room
			if k++; k == len(r.points) {
				k = 0
			}
		}
		out[i] = r.nodeOf[k]
		load[r.nodeOf[k]]++
	}
	return nil
}
