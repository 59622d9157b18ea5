package configstorm

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Figures is the run's headline so far, under the keys scenarios quote it
// by: served (the mean share of reads served from the fix to the cut, or
// to the end without one), back (when the site was back), after-fix (how
// long after the fix: more than the run after it when never) and peak
// (the most queries the database was sent in a second).
func (e *Engine) Figures() []engine.Figure {
	s := e.Snapshot()
	group := SetWords(e.cfg.Protections)
	served, back, after := "–", "not yet", "–" // before the fix there is no after
	if s.SuccessAfterFix >= 0 {
		served, after = fmt.Sprintf("%.1f%%", 100*s.SuccessAfterFix), "not yet"
	}
	switch {
	case s.RecoveredAt >= 0:
		back, after = ElapsedS(s.RecoveredAt), Span(s.AfterFixS)
	case e.Done():
		back, after = "never", ">"+Span(s.RunAfterFixS)
	}
	return []engine.Figure{
		{Key: "served", Group: group, Name: "served after fix", Value: served},
		{Key: "back", Group: group, Name: "back", Value: back},
		{Key: "after-fix", Group: group, Name: "fix to back", Value: after},
		{Key: "peak", Group: group, Name: "peak", Value: engine.Compact(s.PeakLoad) + " q/s"},
	}
}
