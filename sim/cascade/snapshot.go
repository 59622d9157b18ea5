package cascade

import (
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
)

// seriesEvery is the ticks between points of the view series (100 ms).
const seriesEvery = 10

// series are what a view draws over time, a point every 100 ms, kept in
// append-only series that snapshots share without copying.
type series struct {
	// use is each layer's share of slots taken (api, svc, db, aux); for a
	// bulkheaded svc, bulkhead is each pool's (db, aux).
	use      [4]engine.Series
	bulkhead [2]engine.Series
	// success is the share of the attempts that ended in the last 100 ms
	// that succeeded; backlog the api queue; breaker the breaker's state,
	// every 100 ms and at each transition (transitions counts those in).
	success     engine.Series
	backlog     engine.Series
	breaker     engine.Series
	lastOK      int
	lastEnd     int
	transitions int
	// okMarks[i%len] is how many requests had succeeded at the i-th point:
	// the latencies of the last second are stats.lat from the oldest mark.
	okMarks [recentPoints + 1]int
	points  int
	scratch []float64 // for the recent p95
}

// recentPoints is the intervals between points of the recent window (1 s).
const recentPoints = 10

func (e *Engine) record() {
	s := &e.series
	t := e.now
	for i, l := range e.layers {
		s.use[i].Append(engine.Point{X: t, Y: float64(l.totalUsed()) / float64(sumInts(l.sizes))})
	}
	if e.cfg.Bulkhead {
		l := e.layers[svcLayer]
		for p := range 2 {
			s.bulkhead[p].Append(engine.Point{X: t, Y: float64(l.used[p]) / float64(l.sizes[p])})
		}
	}
	ended := e.stats.ok + e.stats.failed
	rate := 1.0
	if d := ended - s.lastEnd; d > 0 {
		rate = float64(e.stats.ok-s.lastOK) / float64(d)
	}
	s.lastOK, s.lastEnd = e.stats.ok, ended
	s.success.Append(engine.Point{X: t, Y: rate})
	s.backlog.Append(engine.Point{X: t, Y: float64(e.layers[apiLayer].queue.len())})
	s.breaker.Append(engine.Point{X: t, Y: float64(e.breaker.state)})
	s.okMarks[s.points%len(s.okMarks)] = len(e.stats.lat)
	s.points++
}

// recentP95 is the p95 latency, ms, of the requests that succeeded in the
// last second (the index int(0.95 n) of their sorted latencies, as the
// run's p95), and how many there were.
func (e *Engine) recentP95() (float64, int) {
	s := &e.series
	from := 0
	if s.points > recentPoints {
		from = s.okMarks[s.points%len(s.okMarks)]
	}
	s.scratch = append(s.scratch[:0], e.stats.lat[from:]...)
	n := len(s.scratch)
	if n == 0 {
		return 0, 0
	}
	slices.Sort(s.scratch)
	return s.scratch[int(float64(n)*0.95)] * 1000, n
}

// runLatency is the mean and p95 latency, ms, of the successes so far:
// the p95 is the latency at index int(0.95 n) of their sorted latencies,
// read off the histogram of whole ticks.
func (e *Engine) runLatency() (mean, p95 float64) {
	n := len(e.stats.lat)
	if n == 0 {
		return 0, 0
	}
	sum, cum, at := 0.0, 0, int(float64(n)*0.95)
	p95 = -1
	for k, c := range e.stats.latTicks {
		sum += float64(k*c) * e.cfg.DT
		cum += c
		if p95 < 0 && cum > at {
			p95 = float64(k) * e.cfg.DT * 1000
		}
	}
	return sum / float64(n) * 1000, p95
}

// recordTransitions puts the breaker's new transitions in its series as
// they happen: a state may last less than 100 ms (half-open often does),
// and a view stopped at a transition shows it.
func (e *Engine) recordTransitions() {
	s := &e.series
	for _, tr := range e.breaker.log[s.transitions:] {
		s.breaker.Append(engine.Point{X: tr.At, Y: float64(tr.To)})
	}
	s.transitions = len(e.breaker.log)
}

func sumInts(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// Snapshot is the run's state for a view: the time, the running counts,
// the series over time, and the breaker.
type Snapshot struct {
	T, Duration float64
	Done        bool
	// Use, Bulkhead, Success, Backlog and Breaker are the series of the
	// series type; Bulkhead is empty without the bulkhead.
	Use      [4]engine.SeriesView
	Bulkhead [2]engine.SeriesView
	Success  engine.SeriesView
	Backlog  engine.SeriesView
	Breaker  engine.SeriesView
	State    BreakerState
	// Running counts.
	Arrived, Attempts, OK, Good, Failed, FastFail, Shed, Retries, DepCalls int
	HiOK, HiTotal, LoOK, LoTotal, DBOK, DBTotal, AuxOK, AuxTotal           int
	// RecentP95 is the p95 latency, ms, of the RecentOK requests that
	// succeeded in the last second.
	RecentP95 float64
	RecentOK  int
	// RunMeanMs and RunP95Ms are the mean and p95 latency, ms, of every
	// success so far, as Result takes them at the end.
	RunMeanMs, RunP95Ms float64
	Moments             []engine.Moment
	// Journey is the followed request's stages so far.
	Journey []Stage
}

// Snapshot takes the state without copying the series.
func (e *Engine) Snapshot() Snapshot {
	s := &e.series
	snap := Snapshot{T: e.now, Duration: e.cfg.Duration, Done: e.Done(), State: e.breaker.state,
		Success: s.success.View(), Backlog: s.backlog.View(), Breaker: s.breaker.View(),
		Arrived: e.stats.arrived, Attempts: e.stats.attempts, OK: e.stats.ok, Good: e.stats.good, Failed: e.stats.failed,
		FastFail: e.stats.fastFail, Shed: e.stats.shed, Retries: e.stats.attempts - e.stats.arrived, DepCalls: e.stats.depCalls,
		HiOK: e.stats.prio[0][0], HiTotal: e.stats.prio[0][1], LoOK: e.stats.prio[1][0], LoTotal: e.stats.prio[1][1],
		DBOK: e.stats.class[0][0], DBTotal: e.stats.class[0][1], AuxOK: e.stats.class[1][0], AuxTotal: e.stats.class[1][1],
		Moments: e.Moments(),
		Journey: e.journey.stages[:len(e.journey.stages):len(e.journey.stages)]}
	snap.RecentP95, snap.RecentOK = e.recentP95()
	snap.RunMeanMs, snap.RunP95Ms = e.runLatency()
	for i := range s.use {
		snap.Use[i] = s.use[i].View()
	}
	for i := range s.bulkhead {
		snap.Bulkhead[i] = s.bulkhead[i].View()
	}
	return snap
}

// Moments are the moments found so far, in step order. The slice is
// shared: callers must not modify it.
func (e *Engine) Moments() []engine.Moment {
	return e.moments.found[:len(e.moments.found):len(e.moments.found)]
}
