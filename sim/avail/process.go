package avail

import "github.com/loadlab/loadlab/sim/rng"

// Process is one machine failing and being repaired in simulated time: up
// for an exponential time of mean MTTF, then down for an exponential time
// of mean MTTR, over and over. Its measured availability converges to
// Availability(MTTF, MTTR).
type Process struct {
	mttf, mttr float64
	src        *rng.Source
	now        float64 // hours
	up         bool
	next       float64 // when the state changes
	upTime     float64
	failures   int
}

// NewProcess starts a machine up at t = 0.
func NewProcess(mttf, mttr float64, seed int64) *Process {
	p := &Process{mttf: mttf, mttr: mttr, src: rng.New(seed), up: true}
	p.next = p.src.ExpoVariate(1 / mttf)
	return p
}

// Advance runs the machine for dt hours.
func (p *Process) Advance(dt float64) {
	end := p.now + dt
	for p.next <= end {
		if p.up {
			p.upTime += p.next - p.now
			p.failures++
			p.now, p.up = p.next, false
			p.next = p.now + p.src.ExpoVariate(1/p.mttr)
		} else {
			p.now, p.up = p.next, true
			p.next = p.now + p.src.ExpoVariate(1/p.mttf)
		}
	}
	if p.up {
		p.upTime += end - p.now
	}
	p.now = end
}

// Now is the simulated time, hours.
func (p *Process) Now() float64 { return p.now }

// Up reports whether the machine is up now.
func (p *Process) Up() bool { return p.up }

// Failures is how many times it has failed.
func (p *Process) Failures() int { return p.failures }

// Measured is the share of time up so far.
func (p *Process) Measured() float64 {
	if p.now == 0 {
		return 1
	}
	return p.upTime / p.now
}
