package hashinglab

import "github.com/loadlab/loadlab/tui/widget"

// Headline is each scheme's figures as the headless report gives them
// until a node leaves or joins on screen; from then on, the cluster's as
// it stands, the latest change's moves beside their ideal, so that the
// headline and the panels tell one run.
func (l *Lab) Headline() []widget.Figure {
	if l.c.Last != nil {
		return l.c.Figures()
	}
	return l.spec.FiguresOf(l.studies)
}
