package hashinglab

import "github.com/loadlab/loadlab/tui/widget"

// Headline is each scheme's figures for the spec as the headless report
// gives them, whatever nodes have left or joined on screen since.
func (l *Lab) Headline() []widget.Figure { return l.spec.Figures(l.studies) }
