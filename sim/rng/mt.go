package rng

const (
	mtN         = 624
	mtM         = 397
	matrixA     = 0x9908b0df
	upperMask   = 0x80000000
	lowerMask   = 0x7fffffff
	initialSeed = 19650218
)

// mt19937 is the Mersenne Twister state exactly as CPython's _randommodule.c
// keeps it.
type mt19937 struct {
	state [mtN]uint32
	// out holds the tempered outputs of the last twist, so that drawing a
	// word is an index check and a load, which the compiler inlines.
	out   [mtN]uint32
	index int
}

func (m *mt19937) initGenrand(s uint32) {
	m.state[0] = s
	for i := 1; i < mtN; i++ {
		prev := m.state[i-1]
		m.state[i] = 1812433253*(prev^(prev>>30)) + uint32(i)
	}
	m.index = mtN
}

// initialState is init_genrand(19650218)'s state, where every
// init_by_array starts: worked out once, copied per seed.
var initialState = func() [mtN]uint32 {
	var m mt19937
	m.initGenrand(initialSeed)
	return m.state
}()

// initByArray is the reference init_by_array that CPython calls for every
// integer seed.
func (m *mt19937) initByArray(key []uint32) {
	m.state, m.index = initialState, mtN
	i, j := 1, 0
	k := mtN
	if len(key) > k {
		k = len(key)
	}
	for ; k > 0; k-- {
		prev := m.state[i-1]
		m.state[i] = (m.state[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= mtN {
			m.state[0] = m.state[mtN-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = mtN - 1; k > 0; k-- {
		prev := m.state[i-1]
		m.state[i] = (m.state[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= mtN {
			m.state[0] = m.state[mtN-1]
			i = 1
		}
	}
	m.state[0] = 0x80000000
}

// refill twists the state and tempers the 624 new words into out, in one
// pass.
func (m *mt19937) refill() {
	s, out := &m.state, &m.out
	for kk := 0; kk < mtN-mtM; kk++ {
		y := (s[kk] & upperMask) | (s[kk+1] & lowerMask)
		y = s[kk+mtM] ^ (y >> 1) ^ (-(y & 1) & matrixA)
		s[kk] = y
		out[kk] = temper(y)
	}
	for kk := mtN - mtM; kk < mtN-1; kk++ {
		y := (s[kk] & upperMask) | (s[kk+1] & lowerMask)
		y = s[kk+mtM-mtN] ^ (y >> 1) ^ (-(y & 1) & matrixA)
		s[kk] = y
		out[kk] = temper(y)
	}
	y := (s[mtN-1] & upperMask) | (s[0] & lowerMask)
	y = s[mtM-1] ^ (y >> 1) ^ (-(y & 1) & matrixA)
	s[mtN-1] = y
	out[mtN-1] = temper(y)
	m.index = 0
}

func temper(y uint32) uint32 {
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	return y ^ (y >> 18)
}

// next32 is genrand_uint32: the next tempered 32-bit word.
func (m *mt19937) next32() uint32 {
	if m.index >= mtN {
		m.refill()
	}
	y := m.out[m.index]
	m.index++
	return y
}
