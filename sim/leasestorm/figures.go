package leasestorm

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// SetWords names a protection set in a class's words ("throttle + drop
// stale").
func SetWords(p Protections) string {
	switch {
	case p.Throttle && p.DropStale:
		return "throttle + drop stale"
	case p.Throttle:
		return "throttle"
	case p.DropStale:
		return "drop stale"
	case p.Stagger:
		return "staggered"
	case p.RenewExpired:
		return "renew expired"
	}
	return "no protection"
}

// Figures is the run's headline so far, under the keys scenarios quote it
// by: goodput (the latest minute's leases a second), wasted (the share of
// the manager's work since DynamoDB returned done for droplets that had
// given up: its name says since when, as it counts the collapse's hours
// too), recovered (when every droplet held a lease again) and without
// (droplets without a lease now).
func (e *Engine) Figures() []engine.Figure {
	s, c := e.Snapshot(), e.cfg
	group := SetWords(c.Protections)
	goodput := 0.0
	if p, ok := s.Series.Goodput.Last(); ok {
		goodput = p.Y
	}
	wasted := "not yet" // DynamoDB is not back
	if back := LeadMin + c.OutageMin; s.Second >= 60*int64(back) {
		wasted = "0.0%"
	}
	if s.Totals.ServedAfter > 0 {
		wasted = fmt.Sprintf("%.1f%%", 100*float64(s.Totals.WastedAfter)/float64(s.Totals.ServedAfter))
	}
	recovered := "not yet"
	switch {
	case s.RecoveredAt >= 0:
		recovered = Clock(s.RecoveredAt)
	case e.Done():
		recovered = "never"
	}
	return []engine.Figure{
		{Key: "goodput", Group: group, Name: "goodput", Value: fmt.Sprintf("%.1f/s", goodput)},
		{Key: "wasted", Group: group, Name: "wasted since " + Clock(LeadMin+c.OutageMin), Value: wasted},
		{Key: "recovered", Group: group, Name: "recovered", Value: recovered},
		{Key: "without", Group: group, Name: "without a lease", Value: fmt.Sprint(s.Without)},
	}
}
