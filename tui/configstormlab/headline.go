package configstormlab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each run's figures so far, under the keys scenarios quote
// them by: served (the share of reads served from the fix to the cut),
// back (when the site was back), after-fix (how long after the fix) and
// peak (the most queries a second the database was sent).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.runs {
		s := r.engine.Snapshot()
		group := configstorm.SetWords(r.cfg.Protections)
		served, back, after := "not yet", "not yet", "not yet"
		if s.SuccessAfterFix >= 0 {
			served = fmt.Sprintf("%.1f%%", 100*s.SuccessAfterFix)
		}
		switch {
		case s.RecoveredAt >= 0:
			back, after = configstorm.ElapsedS(s.RecoveredAt), configstorm.Span(s.AfterFixS)
		case r.engine.Done():
			back, after = "never", "never"
		}
		figs = append(figs,
			widget.Figure{Key: "served", Group: group, Name: "served", Value: served},
			widget.Figure{Key: "back", Group: group, Name: "back at", Value: back},
			widget.Figure{Key: "after-fix", Group: group, Name: "after the fix", Value: after},
			widget.Figure{Key: "peak", Group: group, Name: "peak", Value: shortCount(s.PeakLoad) + " q/s"},
		)
	}
	return figs
}
