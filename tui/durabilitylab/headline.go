package durabilitylab

import "github.com/loadlab/loadlab/tui/widget"

// Headline is each strategy's objects lost and made unavailable so far,
// as the years give them.
func (l *Lab) Headline() []widget.Figure { return l.run.Headline() }
