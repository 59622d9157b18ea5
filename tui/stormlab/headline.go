package stormlab

import "github.com/loadlab/loadlab/tui/widget"

// Headline is each jitter mode's busiest millisecond so far and its
// retries sent, as the storms' clock gives them.
func (l *Lab) Headline() []widget.Figure { return l.clock.Figures() }
