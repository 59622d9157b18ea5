package exactlab

import (
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// final reports whether the exact figures are in: once computed they are
// final, whatever the stepper plays.
func (l *Lab) final() bool { return l.ready }

// Headline is the exact figures as the report gives them; while the
// computation runs, each key reads "—".
func (l *Lab) Headline() []widget.Figure {
	if !l.ready {
		return bins.PendingExactFigures()
	}
	return l.result.Headline()
}
