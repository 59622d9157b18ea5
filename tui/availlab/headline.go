package availlab

import "github.com/loadlab/loadlab/tui/widget"

// Headline is the study's figures with the availability the watched
// machine has measured so far, as the report gives them.
func (l *Lab) Headline() []widget.Figure {
	figs := l.report.Figures(l.watch.Machine().Measured())
	if l.watch.Machine().Now() == 0 { // nothing watched yet: no figure to give
		for i := range figs {
			if figs[i].Key == "measured" {
				figs[i].Value = "–"
			}
		}
	}
	return figs
}
