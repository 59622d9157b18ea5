package binslab

import (
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each rule's figures so far, as the report gives them at the
// end: over several trials the finished trials' (bins.Result.TrialFigures),
// in one the lanes' loads so far (bins.LaneFigures), hot counted once the
// mean has reached bins.HotMinMean.
func (l *Lab) Headline() []widget.Figure {
	l.sync()
	if l.spec.Trials > 1 {
		return l.result.TrialFigures()
	}
	var figs []widget.Figure
	for _, lane := range l.snap.Lanes {
		figs = append(figs, bins.LaneFigures(lane.Strategy.Name, lane.Figures, l.hotShown())...)
	}
	return figs
}
