package remirror

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// SetWords names a protection set in a class's words ("backoff + cap").
func SetWords(p Protections) string {
	if name := SetName(p); name != "none" {
		return strings.ReplaceAll(name, "+", " + ")
	}
	return "no protection"
}

// Figures is the run's headline so far, under the keys scenarios quote it
// by: peak (the highest share of the volumes stuck), stuck (the share
// now), lost (lost for good), recovery (from 12:47 AM until no volume is
// stuck: more than the run after it when it never came), api (the worst
// share of the region's API calls failing), failed (nodes the race
// failed), and with a bulkhead api-without (the worst share that would
// have failed without it), with the customers in several zones customers
// (the worst share of them down).
func (e *Engine) Figures() []engine.Figure {
	s, c := e.Snapshot(), e.cfg
	group := SetWords(c.Protections)
	v := float64(c.Volumes)
	figs := []engine.Figure{
		{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%.1f%%", 100*s.PeakStuck)},
		{Key: "stuck", Group: group, Name: "stuck", Value: fmt.Sprintf("%.2f%%", 100*float64(s.Stuck+s.Stranded)/v)},
		{Key: "lost", Group: group, Name: "lost", Value: fmt.Sprintf("%.2f%%", 100*float64(s.Lost)/v)},
		{Key: "recovery", Group: group, Name: "recovery", Value: Recovery(s.RecoveredAt, e.Done(), c.Minutes())},
		{Key: "api", Group: group, Name: "API errors", Value: fmt.Sprintf("%.0f%%", 100*s.Totals.PeakAPIErrors)},
		{Key: "failed", Group: group, Name: "nodes failed", Value: fmt.Sprint(s.Totals.Failed)},
	}
	if c.Bulkhead {
		figs = append(figs, engine.Figure{Key: "api-without", Group: group, Name: "without it", Value: fmt.Sprintf("%.0f%%", 100*s.Totals.PeakUnshielded)})
	}
	if c.Spread {
		figs = append(figs, engine.Figure{Key: "customers", Group: group, Name: "customers down", Value: fmt.Sprintf("%.1f%%", 100*s.Totals.PeakCustomersDown)})
	}
	return figs
}

// Recovery writes the time from 12:47 AM until no volume was stuck, the
// run's recovery minute given (-1: none yet): "41 min", or past the run's
// end ">83 h", or "not yet" while the run goes on.
func Recovery(recoveredAt int, done bool, minutes int) string {
	switch {
	case recoveredAt >= 0:
		return engine.Duration(float64(60 * (recoveredAt - TriggerAt + 1)))
	case done:
		return fmt.Sprintf(">%d h", max(0, minutes-TriggerAt)/60)
	}
	return "not yet"
}
