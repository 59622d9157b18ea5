package placementlab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each strategy's share of objects that lost their majority
// under each failure, so far, keyed by the event's name (rack, az, ...).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.table.Rows() {
		v := "—"
		if r.Total > 0 {
			v = fmt.Sprintf("%.2f%%", 100*(float64(r.LoseMajority)/float64(r.Total))) // as the lecture rounds: the share, then a percentage
		}
		figs = append(figs, widget.Figure{Key: r.Event.String(), Group: r.Strategy.String(), Name: eventWord(r.Event), Value: v})
	}
	return figs
}

// eventWord is an event as the headline names it.
func eventWord(e placement.Event) string {
	switch e {
	case placement.AZFailure:
		return "AZ"
	case placement.Correlated:
		return "all"
	}
	return e.String()
}
