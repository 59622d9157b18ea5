package rng

import (
	"math"
	"math/bits"
)

// Source is a CPython-compatible random stream. The zero value is not
// seeded; use New or Seed. Copying a Source forks the stream.
type Source struct {
	mt        mt19937
	gaussNext float64
	hasGauss  bool
}

// New returns a Source seeded as random.Random(seed) would be.
func New(seed int64) *Source {
	s := &Source{}
	s.Seed(seed)
	return s
}

// Seed reseeds the stream as random.seed(seed) does for an integer: abs(seed)
// is split into 32-bit words, least significant first, and fed to
// init_by_array. It also drops the cached Gauss value.
func (s *Source) Seed(seed int64) {
	u := uint64(seed)
	if seed < 0 {
		u = uint64(-seed) // two's complement also handles math.MinInt64
	}
	key := [2]uint32{uint32(u), uint32(u >> 32)}
	n := 1
	if key[1] != 0 {
		n = 2
	}
	s.mt.initByArray(key[:n])
	s.hasGauss = false
	s.gaussNext = 0
}

// Uint32 returns the next raw 32-bit output of the twister.
func (s *Source) Uint32() uint32 { return s.mt.next32() }

// Random returns a float in [0, 1) with 53 random bits, as random.random().
func (s *Source) Random() float64 {
	a := s.mt.next32() >> 5
	b := s.mt.next32() >> 6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// GetRandBits returns k random bits for 0 <= k <= 32, as random.getrandbits.
func (s *Source) GetRandBits(k uint) uint32 {
	if k == 0 {
		return 0
	}
	if k > 32 {
		panic("rng: GetRandBits supports at most 32 bits")
	}
	return s.mt.next32() >> (32 - k)
}

// RandBelow returns an integer in [0, n) as random.randrange(n) does: it draws
// bit_length(n) bits (of n, not n-1, as CPython does) until the value is
// below n. n must be in [1, 2**32).
func (s *Source) RandBelow(n int) int {
	if n <= 0 || uint64(n) > math.MaxUint32 {
		panic("rng: RandBelow needs 1 <= n < 2**32")
	}
	shift := 32 - uint(bits.Len32(uint32(n)))
	for {
		r := s.mt.next32() >> shift
		if int(r) < n {
			return int(r)
		}
	}
}

// FillBelow fills dst with successive RandBelow(n) draws, for n in
// [1, 2**31). It consumes the stream exactly as len(dst) calls would. The
// rejection step is branch-free (a rejected draw is written and then
// overwritten), which matters because for n just above a power of two half
// of the draws are rejected at random.
func (s *Source) FillBelow(dst []int32, n int) {
	if n <= 0 || n > math.MaxInt32 {
		panic("rng: FillBelow needs 1 <= n < 2**31")
	}
	shift := 32 - uint(bits.Len32(uint32(n)))
	limit := uint64(n)
	m := &s.mt
	for k := 0; k < len(dst); {
		if m.index >= mtN {
			m.refill()
		}
		// A word gives at most one value, so the next w words cannot
		// overfill dst: the inner loop needs no check but its range.
		w := min(mtN-m.index, len(dst)-k)
		d := dst[k : k+w]
		j := 0
		for _, x := range m.out[m.index : m.index+w] {
			r := x >> shift
			d[j] = int32(r)
			j += int((uint64(r) - limit) >> 63) // 1 when r < n
		}
		m.index += w
		k += j
	}
}

// Skip advances the stream past count RandBelow(n) draws.
func (s *Source) Skip(count, n int) {
	var buf [256]int32
	for count > 0 {
		k := min(count, len(buf))
		s.FillBelow(buf[:k], n)
		count -= k
	}
}

// Uniform returns a + (b-a)*random(), as random.uniform.
func (s *Source) Uniform(a, b float64) float64 { return a + (b-a)*s.Random() }

// ExpoVariate returns an exponential variate with rate lambda, as
// random.expovariate: -log(1 - random()) / lambda.
func (s *Source) ExpoVariate(lambda float64) float64 {
	return -libmLog(1.0-s.Random()) / lambda
}

// Gauss returns a normal variate with mean mu and standard deviation sigma,
// as random.gauss: the Box-Muller pair is drawn once and its second value is
// cached for the next call.
func (s *Source) Gauss(mu, sigma float64) float64 {
	if s.hasGauss {
		s.hasGauss = false
		return mu + s.gaussNext*sigma
	}
	x2pi := s.Random() * 2 * math.Pi
	g2rad := math.Sqrt(-2.0 * libmLog(1.0-s.Random()))
	z := libmCos(x2pi) * g2rad
	s.gaussNext = libmSin(x2pi) * g2rad
	s.hasGauss = true
	return mu + z*sigma
}

// nvMagic is random.NV_MAGICCONST, 4 exp(-1/2) / sqrt(2).
var nvMagic = 4 * math.Exp(-0.5) / math.Sqrt(2.0)

// NormalVariate returns a normal variate with mean mu and standard
// deviation sigma, as random.normalvariate: Kinderman and Monahan's ratio
// of uniforms, drawing pairs until one is accepted (no value is cached,
// unlike Gauss).
func (s *Source) NormalVariate(mu, sigma float64) float64 {
	for {
		u1 := s.Random()
		u2 := 1.0 - s.Random()
		z := nvMagic * (u1 - 0.5) / u2
		if z*z/4.0 <= -libmLog(u2) {
			return mu + z*sigma
		}
	}
}

// Choice returns the index random.choice would pick from a sequence of
// length n.
func (s *Source) Choice(n int) int { return s.RandBelow(n) }

// Shuffle permutes n elements in place through swap, as random.shuffle.
func (s *Source) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, s.RandBelow(i+1))
	}
}

// Sample returns k distinct indices of a population of size n, in selection
// order, as random.sample(range(n), k). Like CPython it keeps a pool list
// when n is small against k and a set of selected indices otherwise; the
// two branches consume the stream differently.
func (s *Source) Sample(n, k int) []int {
	if k < 0 || k > n {
		panic("rng: Sample needs 0 <= k <= n")
	}
	result := make([]int, k)
	var pool []int
	s.SampleInto(result, n, &pool)
	return result
}

// SampleInto is Sample with k = len(dst), written into dst. pool is
// scratch for the small-population branch, grown as needed; with room in
// it and k at most 32, SampleInto allocates nothing.
func (s *Source) SampleInto(dst []int, n int, pool *[]int) {
	k := len(dst)
	if k > n {
		panic("rng: SampleInto needs len(dst) <= n")
	}
	setsize := 21
	if k > 5 {
		setsize += 1 << (2 * uint(math.Ceil(math.Log(float64(3*k))/math.Log(4))))
	}
	if n <= setsize {
		p := (*pool)[:0]
		for i := range n {
			p = append(p, i)
		}
		*pool = p
		for i := range k {
			j := s.RandBelow(n - i)
			dst[i] = p[j]
			p[j] = p[n-i-1]
		}
		return
	}
	var selected map[int]struct{}
	if k > 32 { // a set; below, a scan of the few chosen is as good
		selected = make(map[int]struct{}, k)
	}
	taken := func(j, i int) bool {
		if selected != nil {
			_, dup := selected[j]
			return dup
		}
		for _, v := range dst[:i] {
			if v == j {
				return true
			}
		}
		return false
	}
	for i := range k {
		j := s.RandBelow(n)
		for taken(j, i) {
			j = s.RandBelow(n)
		}
		if selected != nil {
			selected[j] = struct{}{}
		}
		dst[i] = j
	}
}

// Exp is the C library's exp, which CPython's math.exp calls: programs that
// mix math.exp with random draws (a Poisson sampler's threshold) compare
// equal only with the same exp.
func Exp(x float64) float64 { return libmExp(x) }
