package queue

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Health is how the balancer keeps failing servers out, as Envoy's
// outlier detection and panic threshold have it (docs/sources.md,
// §MECH.3). Times are in service times.
type Health struct {
	// Eject is outlier ejection: a server is ejected after ConsecErrors
	// errors in a row, or at an Interval's end when its success rate over
	// the interval is below the mean less SRFactor standard deviations of
	// the servers that served SRVolume jobs in it (when SRHosts or more
	// did); for EjectBase times the number of times it has been ejected;
	// never more than MaxEject of the servers at once (one at the least).
	// An ejected server comes back at the first interval's end past its
	// time.
	Eject               bool
	ConsecErrors        int
	Interval, EjectBase float64
	MaxEject, SRFactor  float64
	SRVolume, SRHosts   int
	// Unhealthy servers fail their health checks though they serve well
	// (a check that is itself broken): the balancer leaves them out.
	Unhealthy int
	// Panic is the share of servers that must be healthy (neither
	// failing their checks nor ejected); below it the balancer panics and
	// balances across every server. 0: never.
	Panic float64
}

// DefaultHealth is Envoy's defaults (consecutive 5xx 5, interval 10 s,
// base ejection 30 s, max ejection 10 %, success rate factor 1.9 over 100
// requests on 5 hosts, panic below 50 % healthy), a service time read as
// 0.1 s: an interval of 100, a base ejection of 300. A server at 90 %
// serves about 90 jobs an interval, so the success rate's volume is 50,
// half Envoy's 100, that busy servers meet it. Nothing on.
func DefaultHealth() Health {
	return Health{ConsecErrors: 5, Interval: 100, EjectBase: 300, MaxEject: 0.1, SRFactor: 1.9, SRVolume: 50, SRHosts: 5, Panic: 0.5}
}

// active reports whether the balancer leaves any server out.
func (h Health) active() bool { return h.Eject || h.Unhealthy > 0 }

func (h Health) validate(c Config) error {
	switch {
	case h.Unhealthy < 0 || h.Unhealthy > c.Servers-c.Gray:
		return engine.Invalid("unhealthy", "must be in 0..servers-gray (%d), got %d", c.Servers-c.Gray, h.Unhealthy)
	case !(h.Panic >= 0 && h.Panic <= 1):
		return engine.Invalid("panic", "must be in [0, 1], got %v", h.Panic)
	case h.Eject && !(h.MaxEject >= 0 && h.MaxEject <= 1):
		return engine.Invalid("max-eject", "must be in [0, 1], got %v", h.MaxEject)
	case h.Eject && (h.ConsecErrors < 1 || !(h.Interval > 0) || !(h.EjectBase > 0) || !(h.SRFactor >= 0) || h.SRVolume < 1 || h.SRHosts < 1):
		return engine.Invalid("eject", "needs its parameters (consecutive errors, interval, base time, success-rate factor, volume, hosts) above 0")
	case h.active() && c.Policy != Random && c.Policy != RoundRobin && c.Policy != JSQD && c.Policy != PeakEWMA:
		return engine.Invalid("policy", "must be random, round-robin, jsq-d or peak-ewma with ejection or health checks, got %s", c.Policy)
	}
	return nil
}

// health is the balancer's view of the servers: the eligible ones (not
// ejected, passing their checks), each server's ejections and errors in
// a row, this interval's jobs and successes, and the run's counts.
type health struct {
	elig, eligAt      []int32
	until             []float64
	ejections, consec []int32
	done, ok          []int32
	ejected           int
	next              float64 // the next interval's end
	panicking         bool
	// the run's counts: jobs served and errors since the warm-up,
	// ejections since t = 0, and the time spent panicking since the
	// warm-up
	served, errors, ejectionsTotal int
	panicTime                      float64
	// fail draws which of a gray server's jobs fail (seed+3), when some
	// but not all do
	fail *rng.Doubles
}

// newHealth sets the servers up: the falsely unhealthy ones (the
// Unhealthy before the gray ones) out, every other eligible.
func newHealth(c Config) *health {
	n := c.Servers
	h := &health{eligAt: make([]int32, n), until: make([]float64, n), ejections: make([]int32, n), consec: make([]int32, n),
		done: make([]int32, n), ok: make([]int32, n), next: c.Interval}
	lo := n - c.Gray - c.Unhealthy
	for k := range n {
		h.eligAt[k] = -1
		if k < lo || k >= n-c.Gray {
			h.eligAt[k] = int32(len(h.elig))
			h.elig = append(h.elig, int32(k))
		}
	}
	if c.Gray > 0 && c.GrayFail > 0 && c.GrayFail < 1 {
		h.fail = rng.NewDoubles(c.Seed + 3)
	}
	return h
}

// pickable is a server drawn for a job: among the eligible, or among all
// when the balancer panics or none is eligible.
func (s *Sim) pickable() int {
	h := s.health
	if h == nil || h.panicking || len(h.elig) == 0 {
		return s.choose(s.cfg.Servers)
	}
	return int(h.elig[s.choose(len(h.elig))])
}

// eligible reports whether the balancer may send server k a job.
func (s *Sim) eligible(k int) bool {
	h := s.health
	return h == nil || h.panicking || len(h.elig) == 0 || h.eligAt[k] >= 0
}

// served takes a job's end at server k: an error for a gray server's
// failing share, counted toward its ejection.
func (s *Sim) served(k int) {
	h := s.health
	if h == nil {
		return
	}
	failed := s.class(k) == 2 && (s.cfg.GrayFail >= 1 || h.fail != nil && h.fail.Random() < s.cfg.GrayFail)
	h.done[k]++
	if s.now >= s.cfg.Warmup {
		h.served++
	}
	if !failed {
		h.ok[k]++
		h.consec[k] = 0
		return
	}
	if s.now >= s.cfg.Warmup {
		h.errors++
	}
	h.consec[k]++
	if s.cfg.Eject && int(h.consec[k]) >= s.cfg.ConsecErrors && h.eligAt[k] >= 0 {
		s.eject(k)
	}
}

// eject takes server k out for its time, unless the cap on the share
// ejected is reached.
func (s *Sim) eject(k int) {
	h := s.health
	if h.ejected+1 > max(1, int(s.cfg.MaxEject*float64(s.cfg.Servers))) {
		return
	}
	h.ejections[k]++
	h.until[k] = s.now + s.cfg.EjectBase*float64(h.ejections[k])
	h.ejected++
	h.ejectionsTotal++
	i, last := h.eligAt[k], h.elig[len(h.elig)-1]
	h.elig[i], h.eligAt[last] = last, i
	h.elig = h.elig[:len(h.elig)-1]
	h.eligAt[k] = -1
	h.consec[k] = 0
	s.setPanic()
}

// setPanic works out whether too few servers are healthy.
func (s *Sim) setPanic() {
	h := s.health
	healthy := s.cfg.Servers - s.cfg.Unhealthy - h.ejected
	h.panicking = s.cfg.Panic > 0 && float64(healthy) < s.cfg.Panic*float64(s.cfg.Servers)
}

// intervalEnd brings back the servers whose ejection is over, ejects the
// success-rate outliers of the interval just ended, and starts the next.
func (s *Sim) intervalEnd() {
	h := s.health
	n := s.cfg.Servers
	for k := range n {
		if h.eligAt[k] < 0 && h.until[k] > 0 && h.until[k] <= s.now {
			h.until[k] = 0
			h.eligAt[k] = int32(len(h.elig))
			h.elig = append(h.elig, int32(k))
			h.ejected--
		}
	}
	if s.cfg.Eject {
		sum, sq, hosts := 0.0, 0.0, 0
		for k := range n {
			if int(h.done[k]) >= s.cfg.SRVolume {
				r := float64(h.ok[k]) / float64(h.done[k])
				sum, sq, hosts = sum+r, sq+r*r, hosts+1
			}
		}
		if hosts >= s.cfg.SRHosts {
			mean := sum / float64(hosts)
			floor := mean - s.cfg.SRFactor*math.Sqrt(max(0, sq/float64(hosts)-mean*mean))
			for k := range n {
				if int(h.done[k]) >= s.cfg.SRVolume && float64(h.ok[k])/float64(h.done[k]) < floor && h.eligAt[k] >= 0 {
					s.eject(k)
				}
			}
		}
	}
	clear(h.done)
	clear(h.ok)
	s.setPanic()
}
