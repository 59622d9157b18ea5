package rng

import "math"

// doublesBlock is how many doubles Doubles draws ahead.
const doublesBlock = 64

// Doubles is a Source for programs that draw only doubles (random, uniform,
// expovariate, gauss). It draws random()'s values a block ahead and takes
// log(1 - u) for the whole block in one call into the C library, so that
// exponential and normal variates pay no call per draw. Its values equal a
// Source's with the same seed, in the same order, to the last bit.
type Doubles struct {
	src       *Source
	u, logs   [doublesBlock]float64
	next      int
	logged    bool
	gaussNext float64
	hasGauss  bool
}

// NewDoubles returns a Doubles seeded as random.Random(seed) would be.
func NewDoubles(seed int64) *Doubles {
	d := &Doubles{src: New(seed)}
	d.next = doublesBlock
	return d
}

// draw returns the next double and its index in the block.
func (d *Doubles) draw() int {
	if d.next == doublesBlock {
		for i := range d.u {
			d.u[i] = d.src.Random()
		}
		d.next, d.logged = 0, false
	}
	d.next++
	return d.next - 1
}

// log1m is log(1 - u) for the double at index i.
func (d *Doubles) log1m(i int) float64 {
	if !d.logged {
		libmLog1mBlock(&d.u, &d.logs)
		d.logged = true
	}
	return d.logs[i]
}

// Random returns the next float in [0, 1), as random.random().
func (d *Doubles) Random() float64 { return d.u[d.draw()] }

// Uniform returns a + (b-a)*random(), as random.uniform.
func (d *Doubles) Uniform(a, b float64) float64 { return a + (b-a)*d.Random() }

// ExpoVariate returns -log(1 - random()) / lambda, as random.expovariate.
func (d *Doubles) ExpoVariate(lambda float64) float64 { return -d.log1m(d.draw()) / lambda }

// Gauss returns a normal variate as random.gauss, caching the second value
// of each Box-Muller pair as Source.Gauss does.
func (d *Doubles) Gauss(mu, sigma float64) float64 {
	if d.hasGauss {
		d.hasGauss = false
		return mu + d.gaussNext*sigma
	}
	x2pi := d.Random() * 2 * math.Pi
	g2rad := math.Sqrt(-2.0 * d.log1m(d.draw()))
	z := libmCos(x2pi) * g2rad
	d.gaussNext = libmSin(x2pi) * g2rad
	d.hasGauss = true
	return mu + z*sigma
}
