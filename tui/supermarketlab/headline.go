package supermarketlab

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each policy's figures since the warm-up, time-averaged as
// the report measures them, under the keys scenarios quote them by: mean
// (jobs a server), 7+ (the share of servers holding 7 or more) and theory
// (the mean field's mean jobs a server, for the d-choice rules; a fresh
// board's for stale-d); and random (random's mean field, the reference a
// chart draws when no panel runs random). Before the warm-up ends each
// measure is "—".
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.runs {
		c, res := r.sim.Config(), r.result()
		group := shortName(c)
		mean, tail := "—", "—"
		if len(res.Fractions) > 0 {
			mean, tail = fmt.Sprintf("%.2f", res.MeanQueue), fmt.Sprintf("%.2f%%", 100*at(res.Tail, 7))
		}
		figs = append(figs,
			widget.Figure{Key: "mean", Group: group, Name: "mean", Value: mean},
			widget.Figure{Key: "7+", Group: group, Name: "7+", Value: tail})
		if d, ok := c.Choices(); ok {
			th := queue.NewTheory(c.Load, d, 10)
			figs = append(figs, widget.Figure{Key: "theory", Group: group, Name: "mean field", Value: fmt.Sprintf("%.2f", th.MeanQueue)})
		}
	}
	if random := l.randomReference(); random > 0 {
		figs = append(figs, widget.Figure{Key: "random", Group: "random", Name: "mean field", Value: fmt.Sprintf("%.2f", random)})
	}
	return figs
}

// at is v[i], or 0 past its end (no server ever held that many).
func at(v []float64, i int) float64 {
	if i < len(v) {
		return v[i]
	}
	return 0
}
