package availlab

import "github.com/loadlab/loadlab/tui/widget"

// Headline is the study's figures with the availability the watched
// machine has measured so far, as the report gives them.
func (l *Lab) Headline() []widget.Figure { return l.report.Figures(l.watch.Machine().Measured()) }
