package queue

import (
	"fmt"
	"math"
)

// Peak EWMA as Finagle's balancer keeps it (docs/sources.md, §MECH.2):
// each server's cost is a moving average of its response times that jumps
// to any response slower than itself and otherwise decays toward the
// newer ones with weight exp(-Δt / Decay), Δt the time since it was last
// brought up to date. Reading it brings it up to date with a response of
// 0, so an idle server's cost fades.

// penalty is the cost of a server with jobs out and no response yet, as
// Finagle's (the largest long shifted right 16).
const penalty = float64(math.MaxInt64 >> 16)

// observe brings server k's average up to now with a response time rtt.
func (s *Sim) observe(k int, rtt float64) {
	w := math.Exp(-(s.now - s.stamp[k]) / s.cfg.Decay)
	if rtt > s.ewma[k] {
		s.ewma[k] = rtt
	} else {
		s.ewma[k] = s.ewma[k]*w + rtt*(1-w)
	}
	s.stamp[k] = s.now
}

// cost is server k's cost now: its average times its jobs + 1, or the
// penalty when it holds jobs and has answered none.
func (s *Sim) cost(k int) float64 {
	s.observe(k, 0)
	if s.ewma[k] == 0 && s.jobs[k] != 0 {
		return penalty + float64(s.jobs[k])
	}
	return s.ewma[k] * float64(s.jobs[k]+1)
}

// popArrival takes the arrival time of server k's oldest job off its
// queue (a server serves first come, first served).
func (s *Sim) popArrival(k int) float64 {
	q, h := s.fifo[k], s.head[k]
	at := q[h]
	h++
	switch {
	case int(h) == len(q): // empty: start the slice over
		s.fifo[k], h = q[:0], 0
	case h >= 1024 && int(h) > len(q)/2: // mostly spent: move the rest down
		n := copy(q, q[h:])
		s.fifo[k], h = q[:n], 0
	}
	s.head[k] = h
	return at
}

// peakEWMA is Finagle's balancer: of d servers drawn, the one of least
// cost.
type peakEWMA struct{ drawing }

func (peakEWMA) pick(s *Sim) int {
	best, least := 0, 0.0
	for i := range s.cfg.D {
		c := s.pickable()
		s.look(c)
		if cost := s.cost(c); i == 0 || cost < least {
			best, least = c, cost
		}
		if i%interruptEvery == interruptEvery-1 && s.interrupt != nil && s.interrupt() {
			s.halted = true
			return best
		}
	}
	return best
}

// label is "peak-ewma" for the usual two servers drawn, "peak-ewma-d"
// for another d.
func (peakEWMA) label(c Config) string {
	if c.D != 2 {
		return fmt.Sprintf("peak-ewma-%d", c.D)
	}
	return c.Policy.String()
}

// build starts each server's average at 0 now, its jobs' arrival times
// taken as now.
func (peakEWMA) build(s *Sim) {
	if s.ewma != nil {
		return
	}
	n := s.cfg.Servers
	s.ewma, s.stamp, s.fifo, s.head = make([]float64, n), make([]float64, n), make([][]float64, n), make([]int32, n)
	for k, q := range s.jobs {
		for range q {
			s.fifo[k] = append(s.fifo[k], s.now)
		}
		s.stamp[k] = s.now
	}
}
