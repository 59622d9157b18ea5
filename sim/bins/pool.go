package bins

import "sync"

// lanePool keeps the lanes of finished headless runs for the next one: a
// sweep runs the same config over hundreds of seeds, and allocating (and
// collecting) a lane's bins costs more than clearing them. Only RunAll
// returns lanes, after its last look at them; an Engine a view holds
// keeps its own, since its snapshots share the lanes' series.
var lanePool sync.Pool

// newLane returns a lane of strategy s over bins empty bins, reusing a
// pooled one's memory when it has some.
func newLane(s Strategy, bins int) *lane {
	l, _ := lanePool.Get().(*lane)
	if l == nil {
		l = &lane{}
	}
	l.strategy, l.chosen, l.fresh = s, -1, true
	l.loads = zeroed(l.loads, bins)
	l.snapshot = l.snapshot[:0]
	if s.Kind == Stale {
		l.snapshot = zeroed(l.snapshot, bins)
	}
	l.cand = zeroed(l.cand, s.Draws())
	l.max, l.sumSq, l.track, l.stop = 0, 0, false, nil
	l.rises.Reset()
	return l
}

// zeroed is b resized to n zeros, in b's memory when it is big enough.
func zeroed(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	b = b[:n]
	clear(b)
	return b
}

// release gives the engine's lanes to the pool. The engine must not be
// used after it.
func (e *Engine) release() {
	for _, l := range e.lanes {
		l.stop = nil
		lanePool.Put(l)
	}
	e.lanes = nil
}
