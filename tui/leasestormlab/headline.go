package leasestormlab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each run's figures so far, under the keys scenarios quote
// them by: goodput (the latest minute's leases a second), wasted (the
// share of the manager's work since DynamoDB returned done for droplets
// that had given up: its name says since when, as it counts the
// collapse's hours too, unlike the panel's share of the latest minute),
// recovered (when every droplet held a lease again) and without
// (droplets without a lease now).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.Runs {
		s := r.Engine.Snapshot()
		group := setWords(r.Cfg.Protections)
		since := "wasted since " + leasestorm.Clock(leasestorm.LeadMin+r.Cfg.OutageMin)
		goodput := 0.0
		if p, ok := s.Series.Goodput.Last(); ok {
			goodput = p.Y
		}
		wasted := "not yet" // DynamoDB is not back
		if back := leasestorm.LeadMin + r.Cfg.OutageMin; float64(s.Second) >= 60*float64(back) {
			wasted = "0.0%"
		}
		if s.Totals.ServedAfter > 0 {
			wasted = fmt.Sprintf("%.1f%%", 100*float64(s.Totals.WastedAfter)/float64(s.Totals.ServedAfter))
		}
		recovered := "not yet"
		switch {
		case s.RecoveredAt >= 0:
			recovered = leasestorm.Clock(s.RecoveredAt)
		case r.Engine.Done():
			recovered = "never"
		}
		figs = append(figs,
			widget.Figure{Key: "goodput", Group: group, Name: "goodput", Value: fmt.Sprintf("%.1f/s", goodput)},
			widget.Figure{Key: "wasted", Group: group, Name: since, Value: wasted},
			widget.Figure{Key: "recovered", Group: group, Name: "recovered", Value: recovered},
			widget.Figure{Key: "without", Group: group, Name: "without a lease", Value: fmt.Sprint(s.Without)},
		)
	}
	return figs
}
