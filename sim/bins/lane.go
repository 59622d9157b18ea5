package bins

import (
	"sync/atomic"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// lane is one strategy's bins during a trial. Placing a ball touches only
// the chosen bin and the running max; the other figures are computed from
// the loads when asked for (at the end of a trial, or for a snapshot).
type lane struct {
	strategy Strategy
	loads    []int32
	snapshot []int32 // Stale: the loads as last refreshed
	byLoad   []int   // scratch for figures: byLoad[k] = bins holding k balls
	sorted   []int32 // scratch for figures when a histogram would be too long
	max      int32
	sumSq    int64      // set by countLoads
	src      rng.Source // Sequential: this strategy's own position in the stream
	cand     []int32    // Sequential: candidates of the latest batch
	chosen   int        // bin of the latest ball, -1 before the first
	// rises records (ball, new max) each time the max grows, while track
	// is set: the max over time, and what moments are found from.
	rises engine.Series
	track bool
	// stop, when set, cuts long passes over the bins short: the run was
	// cancelled and its figures will be thrown away.
	stop *atomic.Bool
	// fresh says the loads were just allocated and are still zero.
	fresh bool
}

// passChunk is how many bins a long pass handles between looks at stop.
const passChunk = 1 << 20

func (l *lane) stopped() bool { return l.stop != nil && l.stop.Load() }

// Decision is what a strategy did with the latest ball: the candidates it
// read, the loads it compared (before the ball) and the bin it chose.
type Decision struct {
	Candidates []int
	Compared   []int
	Chosen     int
}

func (l *lane) reset() {
	if !l.fresh {
		for i := 0; i < len(l.loads) && !l.stopped(); i += passChunk {
			clear(l.loads[i:min(i+passChunk, len(l.loads))])
		}
		clear(l.snapshot)
	}
	l.fresh = false
	l.max = 0
	l.chosen = -1
	l.rises.Reset()
}

// maxRises bounds the rises a lane records in one trial: the max grows at
// most once per ball, and a run of a few bins and billions of balls must not
// keep a point per ball. Past it the history stops growing.
const maxRises = 1 << 16

// rose records that the max reached top with ball (numbered from 1). It
// runs only when the max grows, outside the per-ball fast path.
func (l *lane) rose(ball int, top int32) {
	if l.track && l.rises.Len() < maxRises {
		l.rises.Append(engine.Point{X: float64(ball), Y: float64(top)})
	}
}

// run places a batch of balls, numbered from ball0, whose candidates are
// laid out ball after ball in cands, stride values per ball. One loop per
// rule keeps the switch out of the per-ball path; a batch of one ball is how
// Step advances.
func (l *lane) run(cands []int32, stride, ball0 int) {
	loads := l.loads
	top := l.max
	bin := int32(-1)
	switch s := l.strategy; s.Kind {
	case One, Correlated:
		for i := 0; i < len(cands); i += stride {
			bin = cands[i]
			v := loads[bin] + 1
			loads[bin] = v
			if v > top {
				top = v
				l.rose(ball0+1+i/stride, v)
			}
		}
	case Two:
		for i := 0; i+1 < len(cands); i += stride {
			bin = cands[i]
			c := cands[i+1]
			lb, lc := loads[bin], loads[c]
			if lc < lb { // a conditional move: a branch would be guessed wrong half the time
				bin, lb = c, lc
			}
			v := lb + 1
			loads[bin] = v
			if v > top {
				top = v
				l.rose(ball0+1+i/stride, v)
			}
		}
	case Anti:
		for i := 0; i+1 < len(cands); i += stride {
			bin = cands[i]
			c := cands[i+1]
			lb, lc := loads[bin], loads[c]
			if lc > lb {
				bin, lb = c, lc
			}
			v := lb + 1
			loads[bin] = v
			if v > top {
				top = v
				l.rose(ball0+1+i/stride, v)
			}
		}
	case Stale:
		snap := l.snapshot
		// due counts down to the next refresh: a division per ball
		// would cost more than the rest of the rule.
		due := (s.Refresh - ball0%s.Refresh) % s.Refresh
		for i := 0; i+1 < len(cands); i += stride {
			if due == 0 {
				copy(snap, loads)
				due = s.Refresh
			}
			due--
			bin = cands[i]
			c := cands[i+1]
			if snap[c] < snap[bin] {
				bin = c
			}
			v := loads[bin] + 1
			loads[bin] = v
			if v > top {
				top = v
				l.rose(ball0+1+i/stride, v)
			}
		}
	case DChoice:
		for i := 0; i+s.D <= len(cands); i += stride {
			bin = cands[i]
			for _, c := range cands[i+1 : i+s.D] {
				if loads[c] < loads[bin] {
					bin = c
				}
			}
			v := loads[bin] + 1
			loads[bin] = v
			if v > top {
				top = v
				l.rose(ball0+1+i/stride, v)
			}
		}
	case Left:
		g := int32(len(loads) / s.D)
		for i := 0; i+s.D <= len(cands); i += stride {
			bin = cands[i] % g
			for j, c := range cands[i+1 : i+s.D] {
				if c = int32(j+1)*g + c%g; loads[c] < loads[bin] {
					bin = c
				}
			}
			v := loads[bin] + 1
			loads[bin] = v
			if v > top {
				top = v
				l.rose(ball0+1+i/stride, v)
			}
		}
	}
	l.max = top
	l.chosen = int(bin)
}

// decision reconstructs what the rule saw for the latest ball from its raw
// candidates: the loads before the ball are the current ones, less the ball
// itself on the chosen bin. Stale rules saw their snapshot instead.
func (l *lane) decision(raw []int32) Decision {
	d := Decision{Chosen: l.chosen}
	if l.chosen < 0 {
		return d
	}
	k := l.strategy.Draws()
	if l.strategy.Kind == Correlated {
		k = 2
	}
	g := len(l.loads) / max(l.strategy.D, 1)
	for j := 0; j < k; j++ {
		c := int(raw[min(j, len(raw)-1)])
		switch l.strategy.Kind {
		case Correlated:
			c = int(raw[0])
		case Left:
			c = j*g + c%g
		}
		seen := int(l.loads[c])
		if c == l.chosen {
			seen--
		}
		if l.strategy.Kind == Stale {
			seen = int(l.snapshot[c])
		}
		d.Candidates = append(d.Candidates, c)
		d.Compared = append(d.Compared, seen)
	}
	return d
}
