package placementlab

import "github.com/loadlab/loadlab/tui/widget"

// Headline is each row's share of trials that lost a majority, as the
// table gives it.
func (l *Lab) Headline() []widget.Figure { return l.table.Headline() }
