package cascade

import "math"

// The guards on svc's database calls and the retries at every layer
// (docs/sources.md, §MECH.4): client-side throttling, the adaptive limit
// and the retry cap.

// guard lets a database call go, or refuses it at svc (client-side
// throttling, then the adaptive limit) and fails it there.
func (e *Engine) guard(r *request) bool {
	if e.cfg.Throttle {
		e.throttle.add(e.now, 0)
		requests, accepts := e.throttle.sums(e.now)
		if p := math.Max(0, (float64(requests)-e.cfg.ThrottleK*float64(accepts))/float64(requests+1)); p > 0 && e.src.Random() < p {
			e.stats.throttled++
			if e.followed(r) {
				e.trace(r, "is refused at svc by client-side throttling (refusing %.0f %% of db calls)", 100*p)
			}
			e.callFailed(r, 2)
			return false
		}
	}
	if e.cfg.Limiter != NoLimit {
		if !e.limiter.allow() {
			e.stats.limitRejected++
			if e.followed(r) {
				e.trace(r, "is refused at svc: %d db calls in flight, the adaptive limit", e.limiter.inflight)
			}
			e.callFailed(r, 2)
			return false
		}
		r.limited, *e.reqs.dbAt(r.rid) = true, e.now
	}
	return true
}

// unlimit gives back r's permit of the limiter, if it holds one, with
// what its call met.
func (e *Engine) unlimit(r *request, failed bool) {
	if r.limited {
		r.limited = false
		e.limiter.done(e.now-*e.reqs.dbAt(r.rid), failed, e.cfg.LimitTimeout)
	}
}

// retryAllowed reports whether the retry cap lets one more retry through
// (always, without the cap), and counts it.
func (e *Engine) retryAllowed() bool {
	if !e.cfg.RetryCap {
		return true
	}
	requests, retries := e.retryCap.sums(e.now)
	if float64(retries+1) > e.cfg.RetryCapRatio*float64(requests) {
		e.stats.capRefused++
		return false
	}
	e.retryCap.add(e.now, 1)
	return true
}

// callFailed is the failure of r's call at stage (in its queue past the
// wait limit, refused at svc, failed fast by the breaker, or answered
// with an error). With retries at every layer, the caller tries it again
// at once, up to MaxRetries times, and then its own call fails to the
// layer above; the client's retries are fail's.
func (e *Engine) callFailed(r *request, stage int) {
	if stage == 2 && r.dep == 0 {
		e.unlimit(r, true)
	}
	if !e.cfg.LayerRetries || stage == 0 {
		e.fail(r, true)
		return
	}
	if r.cb {
		e.recordCall(r, true)
	}
	e.releaseFrom(r, stage)
	if int(r.tries[stage]) < e.cfg.MaxRetries && e.retryAllowed() {
		r.tries[stage]++
		e.stats.layerRetries++
		if e.followed(r) {
			e.trace(r, "is retried at once by %s (try %d)", [3]string{"", "api", "svc"}[stage], r.tries[stage]+1)
		}
		e.enter(r, stage)
		return
	}
	r.tries[stage] = 0
	e.callFailed(r, stage-1)
}

// releaseFrom gives back r's slots at stage and the stages below it,
// keeping those of the layers above, which wait on the call.
func (e *Engine) releaseFrom(r *request, stage int) {
	layers := [2]int{dbLayer + int(r.dep), svcLayer}
	n := 1
	if stage <= 1 {
		n = 2
	}
	for _, name := range layers[:n] {
		l := e.layers[name]
		l.popBusy(r) // a call that failed is in no queue: it timed out of it, or never joined
		l.popHeld(r)
	}
}
