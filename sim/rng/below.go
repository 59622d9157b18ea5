package rng

import (
	"math"
	"math/bits"
)

// Below is randrange(n) made ready: the shift and bound of CPython's
// _randbelow for one n, so that a loop drawing many values below the same
// n pays for neither the checks nor the bit length per draw.
type Below struct {
	shift uint32
	n     uint32
}

// NewBelow prepares draws below n, for n in [1, 2**32).
func NewBelow(n int) Below {
	if n <= 0 || uint64(n) > math.MaxUint32 {
		panic("rng: NewBelow needs 1 <= n < 2**32")
	}
	return Below{shift: 32 - uint32(bits.Len32(uint32(n))), n: uint32(n)}
}

// Draw returns s.RandBelow(n) for the n of b, consuming the same words.
func (s *Source) Draw(b Below) int {
	for {
		if r := s.mt.next32() >> b.shift; r < b.n {
			return int(r)
		}
	}
}

// DrawSeq fills dst[i] with a draw below bounds[i], consuming the stream
// exactly as those RandBelow calls in turn would; the first distinct
// draws must also differ from the draws before them, a repeat being drawn
// again as random.sample's set branch does. It runs over the stream's
// words without a branch on what they hold, so that rejections, which
// come at random, cost no mispredicted jumps.
func (s *Source) DrawSeq(dst []uint32, bounds []Below, distinct int) {
	m := &s.mt
	i := m.index
	for k := 0; k < len(dst); {
		if i >= mtN {
			m.refill()
			i = 0
		}
		b := bounds[k]
		r := m.out[i] >> b.shift
		i++
		ok := (uint64(r) - uint64(b.n)) >> 63 // 1 when r < n
		if k < distinct {
			for _, prev := range dst[:k] {
				x := uint64(r ^ prev)
				ok &= (x | -x) >> 63 // 0 when r repeats prev
			}
		}
		dst[k] = r
		k += int(ok)
	}
	m.index = i
}
