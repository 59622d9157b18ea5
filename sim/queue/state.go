package queue

import "github.com/loadlab/loadlab/sim/engine"

// What a view reads of a run as it goes: its moments, series, levels and,
// for the stepper and the herd, the latest arrival and the board.

// Moments are the run's moments so far: the first queue at 7, the herd on
// a stale board. The slice is the engine's own.
func (s *Sim) Moments() []engine.Moment { return s.moments }

// MeanSeries is the mean jobs per server at each whole time unit.
func (s *Sim) MeanSeries() engine.SeriesView { return s.meanSeries.View() }

// AverageSeries is, at each whole time unit past the warm-up, the mean
// jobs per server averaged over the time since the warm-up: the measure
// Result's MeanQueue gives at the run's end.
func (s *Sim) AverageSeries() engine.SeriesView { return s.averageSeries.View() }

// Sent is the jobs sent to each server since PeriodStart, for a run that
// counts them (stale-d's, or one with a Window); nil for the others. The
// slice is the engine's own.
func (s *Sim) Sent() []int32 { return s.sent }

// PeriodStart is when the period Sent counts over began: the board's
// latest refresh.
func (s *Sim) PeriodStart() float64 { return s.periodEnd - s.period }

// Board is each server's queue as stale-d's board shows it (copied at
// PeriodStart); nil for the other policies. The slice is the engine's own.
func (s *Sim) Board() []int32 { return s.board }

// Looked is the servers the latest arrival looked at, in the order drawn
// (one twice when drawn twice), with Trace; for random, round-robin and
// jsq, the server it joined. The slice is the engine's own.
func (s *Sim) Looked() []int32 { return s.looked }

// Chosen is the server the latest arrival joined; -1 before the first.
func (s *Sim) Chosen() int { return s.chosen }

// Arrivals is the jobs that have arrived since t = 0.
func (s *Sim) Arrivals() int { return s.arrivedAll }

// Share is the share of servers holding exactly i jobs now.
func (s *Sim) Share(i int) float64 {
	if i < 0 || i >= len(s.count) {
		return 0
	}
	return s.count[i] / float64(s.cfg.Servers)
}

// ShareAtLeast is the share of servers holding i jobs or more now.
func (s *Sim) ShareAtLeast(i int) float64 {
	total := 0.0
	for j := max(i, 0); j < len(s.count); j++ {
		total += s.count[j]
	}
	return total / float64(s.cfg.Servers)
}

// SlowMean is the mean jobs at a slow server now (0 for a fleet without).
func (s *Sim) SlowMean() float64 {
	if s.cfg.Slow == 0 {
		return 0
	}
	return float64(s.slowJobs) / float64(s.cfg.Slow)
}

// Total is the jobs in the system now.
func (s *Sim) Total() int { return s.total }

// Mean is the mean jobs per server now.
func (s *Sim) Mean() float64 { return float64(s.total) / float64(s.cfg.Servers) }

// Events is the events run so far.
func (s *Sim) Events() int64 { return s.events }

// Ejected is the servers ejected now, and Panicking whether the balancer
// balances across every server because too few are healthy.
func (s *Sim) Ejected() int {
	if s.health == nil {
		return 0
	}
	return s.health.ejected
}

// Panicking reports whether the balancer is in panic now.
func (s *Sim) Panicking() bool { return s.health != nil && s.health.panicking }
