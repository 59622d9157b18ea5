package queue

import "github.com/loadlab/loadlab/sim/engine"

// Result is a run's measures since the warm-up, time-averaged.
type Result struct {
	// Fractions[i] is the share of time-weighted servers holding exactly i
	// jobs; Tail[i] those holding at least i.
	Fractions []float64 `json:"fractions"`
	Tail      []float64 `json:"tail"`
	MeanQueue float64   `json:"mean_queue"`
	// MeanResponse is the mean time a job spends in the system, by
	// Little's law from the measured mean and the measured arrival rate.
	MeanResponse float64 `json:"mean_response"`
	// SlowQueue is the mean jobs at a slow server, for a fleet with some.
	SlowQueue float64 `json:"slow_queue,omitempty"`
	MaxQueue  int     `json:"max_queue"`
	Events    int64   `json:"events"`
	// Theory is the mean field of the policy's d choices, for random
	// (d = 1), jsq-d, and stale-d (the fresh board it falls short of);
	// none for jsq and round-robin, which are not d-choice rules.
	Theory *Theory `json:"theory,omitempty"`
	// Errors are the jobs that failed (at a gray server) since the
	// warm-up, ErrorShare their share of the jobs served; Ejections the
	// ejections since t = 0, and PanicShare the share of the time since
	// the warm-up the balancer spent panicking.
	Errors     int     `json:"errors,omitempty"`
	ErrorShare float64 `json:"error_share,omitempty"`
	Ejections  int     `json:"ejections,omitempty"`
	PanicShare float64 `json:"panic_share,omitempty"`
	// Switches are the switches applied, each at its time.
	Switches []engine.Switch `json:"switches,omitempty"`
}

// Result measures the run so far. It writes nothing, so a run read at
// every step ends on the figures of one read only at its end, to the bit.
func (s *Sim) Result() Result {
	span := s.now - s.cfg.Warmup
	r := Result{MaxQueue: s.maxQueue, Events: s.events, Switches: s.switches.Applied()}
	if span <= 0 {
		return r
	}
	n := float64(s.cfg.Servers)
	for i := range s.area {
		r.Fractions = append(r.Fractions, s.areaNow(i)/(span*n))
	}
	r.Tail = make([]float64, len(r.Fractions))
	acc := 0.0
	for i := len(r.Fractions) - 1; i >= 0; i-- {
		acc += r.Fractions[i]
		r.Tail[i] = acc
	}
	for i := 1; i < len(r.Tail); i++ {
		r.MeanQueue += r.Tail[i]
	}
	if lambda := float64(s.arrived) / span / n; lambda > 0 {
		r.MeanResponse = r.MeanQueue / lambda
	}
	if h := s.health; h != nil {
		r.Errors, r.Ejections, r.PanicShare = h.errors, h.ejectionsTotal, h.panicTime/span
		if h.served > 0 {
			r.ErrorShare = float64(h.errors) / float64(h.served)
		}
	}
	if s.cfg.Slow > 0 {
		area := s.slowArea
		if from := max(s.jobsAt, s.cfg.Warmup); s.now > from {
			area += float64(s.slowJobs) * (s.now - from)
		}
		r.SlowQueue = area / (span * float64(s.cfg.Slow))
	}
	if d, ok := s.cfg.Choices(); ok && len(s.switches.Applied()) == 0 { // a switched run mixes two regimes: no one mean field
		th := NewTheory(s.cfg.Load, d, max(10, len(r.Fractions)-1))
		r.Theory = &th
	}
	return r
}

// Now is the simulated time.
func (s *Sim) Now() float64 { return s.now }

// Jobs is each server's queue; the slice is the engine's own.
func (s *Sim) Jobs() []int32 { return s.jobs }

// Config is the run's config.
func (s *Sim) Config() Config { return s.cfg }
