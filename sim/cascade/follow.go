package cascade

import (
	"fmt"
	"math"
)

// Follow picks a request to follow: the K-th (from 0) to arrive at or
// after time T.
type Follow struct {
	T float64
	K int
}

// Stage is one step of a followed request's journey.
type Stage struct {
	At   float64 `json:"t"`
	What string  `json:"what"`
}

// journey records the followed request.
type journey struct {
	want   *Follow
	seen   int // arrivals at or after T so far
	rid    int // -1 until chosen
	stages []Stage
}

func (e *Engine) followArrival(r *request) {
	j := &e.journey
	if j.want == nil || j.rid >= 0 || e.now < j.want.T {
		return
	}
	if j.seen == j.want.K {
		j.rid = r.rid
		prio := "low"
		if r.high {
			prio = "high"
		}
		dep := [2]string{"db", "aux"}[r.dep]
		e.trace(r, "arrives (%s priority, calls %s)", prio, dep)
	}
	j.seen++
}

// trace notes a step of r's journey if r is the followed request.
func (e *Engine) trace(r *request, format string, args ...any) {
	if j := &e.journey; j.rid >= 0 && r.rid == j.rid {
		j.stages = append(j.stages, Stage{At: e.now, What: fmt.Sprintf(format, args...)})
	}
}

// followed reports whether r is the request followed.
func (e *Engine) followed(r *request) bool { return e.journey.rid >= 0 && r.rid == e.journey.rid }

// Journey is the followed request's stages so far.
func (e *Engine) Journey() []Stage { return append([]Stage{}, e.journey.stages...) }

// FollowNext starts following the next request to arrive, dropping any
// journey followed so far.
func (e *Engine) FollowNext() {
	e.journey = journey{want: &Follow{T: e.now, K: 0}, rid: -1}
}

// serviceEnd is the time of the tick in which a service of ms milliseconds
// begun in this tick ends. A layer takes a tick's work (DT) off each of its
// services every tick, starting this tick for a service that begins before
// the layer's turn (on arrival, or called by the layer above: early) and
// the next for one its queue hands a slot after it; the service ends in the
// tick whose work covers what is left, and the clock reads that tick's
// start. So a 32 ms call begun on arrival ends 30 ms later, and a tick may
// carry a request through several layers.
func (e *Engine) serviceEnd(ms float64, early bool) float64 {
	step := e.cfg.DT * 1000
	ticks := 1 // the subtractions advance makes, in its float arithmetic
	if ms/step > 1<<20 {
		ticks = int(math.Ceil(ms / step))
	} else {
		for rem := ms - step; rem > 0; rem -= step {
			ticks++
		}
	}
	if early {
		ticks--
	}
	return float64(e.tick+ticks) * e.cfg.DT
}
