package hashing

import "context"

// jump is Lamping and Veach's jump consistent hash ("A Fast, Minimal
// Memory, Consistent Hash Algorithm", 2014): key's bucket in 0..n-1. Grown
// to n+1 buckets, a key moves only to the new bucket, and 1/(n+1) of the
// keys do; the buckets are numbers, so only the last can leave without
// renumbering the ones after it.
func jump(key uint64, n int) int {
	b, j := int64(-1), int64(0)
	for j < int64(n) {
		b = j
		key = key*2862933555777941757 + 1
		j = int64(float64(b+1) * (float64(int64(1)<<31) / float64((key>>33)+1)))
	}
	return int(b)
}

// jumpHash places keys by jump: its buckets are the nodes in order.
type jumpHash struct{}

func (jumpHash) owner(m *Mapping, _ string, kh uint64) int { return jump(mix(kh), len(m.nodes)) }

func (p jumpHash) without(context.Context, *Mapping, *Mapping, []int32) (placer, error) {
	return p, nil
}
