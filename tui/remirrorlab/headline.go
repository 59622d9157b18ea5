package remirrorlab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each run's figures so far, under the keys scenarios quote
// them by: peak (the highest share of the volumes stuck), stuck (the share
// now), lost (lost for good), recovery (from 12:47 AM until no volume is
// stuck: more than the run after it when it never came), api (the worst
// share of the region's API calls failing), api-without (with a bulkhead,
// the worst share that would have failed without it), customers (with the
// customers in several zones, the worst share of them down) and failed
// (nodes the race failed).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.Runs {
		s := r.Engine.Snapshot()
		group := setWords(r.Cfg.Protections)
		v := float64(r.Cfg.Volumes)
		figs = append(figs,
			widget.Figure{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%.1f%%", 100*s.PeakStuck)},
			widget.Figure{Key: "stuck", Group: group, Name: "stuck", Value: fmt.Sprintf("%.2f%%", 100*float64(s.Stuck+s.Stranded)/v)},
			widget.Figure{Key: "lost", Group: group, Name: "lost", Value: fmt.Sprintf("%.2f%%", 100*float64(s.Lost)/v)},
			widget.Figure{Key: "recovery", Group: group, Name: "recovery", Value: Recovery(s.RecoveredAt, r.Engine.Done(), r.Cfg.Minutes())},
			widget.Figure{Key: "api", Group: group, Name: "API errors", Value: fmt.Sprintf("%.0f%%", 100*s.Totals.PeakAPIErrors)},
			widget.Figure{Key: "failed", Group: group, Name: "nodes failed", Value: fmt.Sprint(s.Totals.Failed)},
		)
		if r.Cfg.Bulkhead {
			figs = append(figs, widget.Figure{Key: "api-without", Group: group, Name: "without it", Value: fmt.Sprintf("%.0f%%", 100*s.Totals.PeakUnshielded)})
		}
		if r.Cfg.Spread {
			figs = append(figs, widget.Figure{Key: "customers", Group: group, Name: "customers down", Value: fmt.Sprintf("%.1f%%", 100*s.Totals.PeakCustomersDown)})
		}
	}
	return figs
}

// Recovery writes the time from 12:47 AM until no volume was stuck, the
// run's recovery minute given (-1: none yet): "41 min", or past the run's
// end ">83 h", or "not yet" while the run goes on.
func Recovery(recoveredAt int, done bool, minutes int) string {
	switch {
	case recoveredAt >= 0:
		return engine.Duration(float64(60 * (recoveredAt - remirror.TriggerAt + 1)))
	case done:
		return fmt.Sprintf(">%d h", max(0, minutes-remirror.TriggerAt)/60)
	}
	return "not yet"
}
