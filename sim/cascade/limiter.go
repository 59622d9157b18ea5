package cascade

import "math"

// Limiter is how svc limits its calls in flight to the database
// (docs/sources.md, §MECH.4): not at all, or by a limit that adapts to
// what the calls meet, as Netflix's concurrency-limits library does.
type Limiter int

// The limiters.
const (
	NoLimit Limiter = iota
	// AIMD adds one to the limit on a call that comes back in time while
	// at least half the limit is in use, and takes 10 % off it on a call
	// that fails or comes back after LimitTimeout.
	AIMD
	// Gradient (Gradient2) sets the limit from the ratio of a long-term
	// average response time to the latest, tolerating 1.5x: limit x
	// gradient + a queue of 4, smoothed by 0.2; the gradient stays in
	// [0.5, 1], and the long-term average sheds 5 % when it runs over
	// twice the latest.
	Gradient
)

var limiterNames = [...]string{"off", "aimd", "gradient"}

func (l Limiter) String() string { return limiterNames[l] }

// The adaptive limits' parameters, as the library's defaults have them
// where they fit a database of 10 connections: it starts at 20, stays
// within 1..200.
const (
	limitInitial, limitMin, limitMax = 20.0, 1.0, 200.0
	aimdBackoff                      = 0.9
	gradientTolerance                = 1.5
	gradientQueue                    = 4.0
	gradientSmoothing                = 0.2
	gradientLongWindow               = 600 // samples the long-term average spans
)

// limiter is the adaptive limit on svc's database calls: the limit, the
// calls in flight under it, and the gradient's long-term average.
type limiter struct {
	kind     Limiter
	limit    float64
	inflight int
	longRTT  float64
	samples  int
	rejected int
}

func newLimiter(kind Limiter) limiter { return limiter{kind: kind, limit: limitInitial} }

// allow takes a permit for a call, or refuses it at the limit.
func (l *limiter) allow() bool {
	if l.inflight >= int(l.limit) {
		l.rejected++
		return false
	}
	l.inflight++
	return true
}

// done returns a call's permit with what it met: its response time in
// seconds and whether it failed (or, for AIMD, came back after timeout).
func (l *limiter) done(rtt float64, failed bool, timeout float64) {
	inflight := l.inflight
	l.inflight--
	switch l.kind {
	case AIMD:
		switch {
		case failed || rtt > timeout:
			l.limit = math.Floor(l.limit * aimdBackoff)
		case 2*inflight >= int(l.limit):
			l.limit++
		}
	case Gradient:
		l.samples++
		if l.samples == 1 {
			l.longRTT = rtt
		} else {
			a := 2.0 / (gradientLongWindow + 1)
			l.longRTT += a * (rtt - l.longRTT)
		}
		if l.longRTT/rtt > 2 { // the long-term average runs far over the latest: let it drift down
			l.longRTT *= 0.95
		}
		if float64(inflight) < l.limit/2 { // not using the limit: no news of it
			return
		}
		gradient := max(0.5, min(1, gradientTolerance*l.longRTT/rtt))
		next := l.limit*gradient + gradientQueue
		l.limit = l.limit*(1-gradientSmoothing) + next*gradientSmoothing
	}
	l.limit = min(limitMax, max(limitMin, l.limit))
}
