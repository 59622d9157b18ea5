package durabilitylab

import (
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each strategy's objects lost for good so far (key "lost")
// and those ever short of a majority ("unavailable").
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.run.Results() {
		figs = append(figs,
			widget.Figure{Key: "lost", Group: r.Strategy, Name: "lost", Value: textfmt.Digits(int64(r.Lost))},
			widget.Figure{Key: "unavailable", Group: r.Strategy, Name: "unavailable", Value: textfmt.Digits(int64(r.LostMajority))},
		)
	}
	return figs
}
