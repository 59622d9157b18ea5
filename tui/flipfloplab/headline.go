package flipfloplab

import (
	"fmt"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each run's figures so far, under the keys scenarios quote
// them by: writes (DNS writes), flips (check results that flipped), peak
// (the most writes in a minute), in-service (instances in DNS, on
// average) and dead (minutes dead instances spent in DNS while the
// automation ran).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.Runs {
		s := r.Engine.Snapshot()
		group := setWords(r.Cfg)
		mean := float64(r.Cfg.Instances)
		if s.Second > 0 {
			mean = s.ServiceSum / float64(s.Second)
		}
		figs = append(figs,
			widget.Figure{Key: "writes", Group: group, Name: "DNS writes", Value: textfmt.Digits(s.Totals.Writes)},
			widget.Figure{Key: "flips", Group: group, Name: "flips", Value: textfmt.Digits(s.Totals.Flips)},
			widget.Figure{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%d/min", s.Totals.PeakWrites)},
			widget.Figure{Key: "in-service", Group: group, Name: "in service", Value: fmt.Sprintf("%.1f", mean)},
			widget.Figure{Key: "dead", Group: group, Name: "dead in DNS", Value: fmt.Sprintf("%.1f min", s.DeadMinutes)},
		)
	}
	return figs
}
