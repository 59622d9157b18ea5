package cascade

import "fmt"

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
