package hashing

import "math"

// FNV-1a, 64 bits.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnv1a(s string) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// fnv1aMore goes on hashing s after a running hash h.
func fnv1aMore(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// mix is MurmurHash3's 64-bit finalizer: every input bit moves every
// output bit. FNV-1a alone leaves names that differ in their last bytes
// with scores that differ in a few high bits only, which skews HRW.
func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// score is a key's score at a node from their hashes.
func score(key, node uint64) uint64 { return mix(key ^ node) }

// unit is a score as a float in (0, 1).
func unit(s uint64) float64 { return (float64(s>>11) + 0.5) * (1.0 / (1 << 53)) }

// weighted is weighted HRW's score: -w / ln u. A node of weight w wins a
// share w / sum(w) of the keys.
func weighted(s uint64, w float64) float64 { return -w / math.Log(unit(s)) }
