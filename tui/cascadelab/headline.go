package cascadelab

import (
	"fmt"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each set's figures so far, under the keys scenarios quote
// them by: success, good, high, low, db, aux (shares of requests),
// backlog (the api queue's peak at a 2 s sample, as lecture 26.4.1 takes
// it) and p95 (latency of the run's successes, ms).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.runs {
		res := r.result()
		pct := func(key, name string, a, b int) widget.Figure {
			v := "–" // no request of the kind yet: no share to give
			if b > 0 {
				v = fmt.Sprintf("%.1f%%", textfmt.Percent(a, b))
			}
			return widget.Figure{Key: key, Group: r.name, Name: name, Value: v}
		}
		figs = append(figs,
			pct("success", "success", res.OK, res.Arrived),
			pct("good", "good", res.Good, res.Arrived),
			pct("high", "hi-prio", res.HiOK, res.HiTotal),
			pct("low", "lo-prio", res.LoOK, res.LoTotal),
			pct("db", "db class", res.DBOK, res.DBTotal),
			pct("aux", "aux class", res.AuxOK, res.AuxTotal),
			widget.Figure{Key: "backlog", Group: r.name, Name: "backlog peak", Value: textfmt.Digits(int64(res.BacklogPeak))},
			widget.Figure{Key: "p95", Group: r.name, Name: "p95 of the run", Value: fmt.Sprintf("%.0f ms", res.P95LatencyMs)},
		)
	}
	return figs
}

// result is the run's figures at its latest step, worked out once a step.
func (r *run) result() *cascade.Result {
	if r.res == nil || r.resAt != r.engine.Pos().Step {
		res := r.engine.Result()
		r.res, r.resAt = &res, r.engine.Pos().Step
	}
	return r.res
}
