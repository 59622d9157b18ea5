package placement

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Headline is the table's figures so far: each row's share of trials that
// lost a majority (key: the event, group: the strategy), "—" before its
// first trial; rounded as the lecture rounds, the share then a percentage.
func (t *Table) Headline() []engine.Figure {
	var figs []engine.Figure
	for _, r := range t.Rows() {
		v := "—"
		if r.Total > 0 {
			v = fmt.Sprintf("%.2f%%", 100*(float64(r.LoseMajority)/float64(r.Total)))
		}
		figs = append(figs, engine.Figure{Key: r.Event.String(), Group: r.Strategy.String(), Name: eventWord(r.Event), Value: v})
	}
	return figs
}

// eventWord is an event as the headline names it.
func eventWord(e Event) string {
	switch e {
	case AZFailure:
		return "AZ"
	case Correlated:
		return "all"
	}
	return e.String()
}

// Headline is the years' figures so far: each strategy's objects lost for
// good ("lost") and those that were once short of a majority of reachable
// replicas ("unavailable").
func (d *Durability) Headline() []engine.Figure {
	var figs []engine.Figure
	for _, r := range d.Results() {
		figs = append(figs,
			engine.Figure{Key: "lost", Group: r.Strategy, Name: "lost", Value: engine.Digits(int64(r.Lost))},
			engine.Figure{Key: "unavailable", Group: r.Strategy, Name: "unavailable", Value: engine.Digits(int64(r.LostMajority))},
		)
	}
	return figs
}
