package configstormlab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each run's figures so far, under the keys scenarios quote
// them by: served (the mean share of reads served from the fix to the cut,
// or to the end without one), back (when the site was back), after-fix
// (how long after the fix: more than the run after it when never) and peak
// (the most queries the database was sent in a second).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.Runs {
		s := r.Engine.Snapshot()
		group := configstorm.SetWords(r.Cfg.Protections)
		served, back, after := "–", "not yet", "–" // before the fix there is no after
		if s.SuccessAfterFix >= 0 {
			served, after = fmt.Sprintf("%.1f%%", 100*s.SuccessAfterFix), "not yet"
		}
		switch {
		case s.RecoveredAt >= 0:
			back, after = configstorm.ElapsedS(s.RecoveredAt), configstorm.Span(s.AfterFixS)
		case r.Engine.Done():
			back, after = "never", ">"+configstorm.Span(s.RunAfterFixS)
		}
		figs = append(figs,
			widget.Figure{Key: "served", Group: group, Name: "served after fix", Value: served},
			widget.Figure{Key: "back", Group: group, Name: "back", Value: back},
			widget.Figure{Key: "after-fix", Group: group, Name: "fix to back", Value: after},
			widget.Figure{Key: "peak", Group: group, Name: "peak", Value: shortCount(s.PeakLoad) + " q/s"},
		)
	}
	return figs
}
