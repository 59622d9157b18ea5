package cascade

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Figures is a run's headline, the set's name its group, under the keys
// scenarios quote it by: success, good, high, low, db, aux (shares of
// requests, "–" before the first of a kind), backlog (the api queue's
// peak at a 2 s sample, as section 26.4.1 takes it) and p95 (latency of
// the run's successes, ms).
func (r Result) Figures(set string) []engine.Figure {
	pct := func(key, name string, a, b int) engine.Figure {
		v := "–"
		if b > 0 {
			v = fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
		}
		return engine.Figure{Key: key, Group: set, Name: name, Value: v}
	}
	figs := []engine.Figure{
		pct("success", "success", r.OK, r.Arrived),
		pct("good", "good", r.Good, r.Arrived),
		pct("high", "hi-prio", r.HiOK, r.HiTotal),
		pct("low", "lo-prio", r.LoOK, r.LoTotal),
		pct("db", "db class", r.DBOK, r.DBTotal),
		pct("aux", "aux class", r.AuxOK, r.AuxTotal),
		{Key: "backlog", Group: set, Name: "backlog peak", Value: engine.Digits(int64(r.BacklogPeak))},
		{Key: "p95", Group: set, Name: "p95 of the run", Value: p95(r)},
	}
	figs = append(figs, engine.Figure{Key: "sent", Group: set, Name: "db sent per accepted", Value: ratio(r.DBSent, r.DBAccepted)})
	if r.SlowSentPerAccepted > 0 {
		figs = append(figs, engine.Figure{Key: "sent-slow", Group: set, Name: "in the slowdown", Value: fmt.Sprintf("%.2f", r.SlowSentPerAccepted)})
	}
	if r.LayerRetries+r.ClientRetries+r.CapRefused > 0 { // retries: how they multiply the calls
		figs = append(figs,
			engine.Figure{Key: "db-calls", Group: set, Name: "db calls a request", Value: ratio(r.DBSent, r.Arrived)},
			engine.Figure{Key: "retried", Group: set, Name: "retries a request", Value: ratio(r.LayerRetries+r.ClientRetries, r.Arrived)})
	}
	return figs
}

// ratio is a/b to two decimals, "–" when b is 0.
func ratio(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f", float64(a)/float64(b))
}

// p95 is the run's p95 latency, "–" before the first success.
func p95(r Result) string {
	if r.OK == 0 {
		return "–"
	}
	return fmt.Sprintf("%.0f ms", r.P95LatencyMs)
}
