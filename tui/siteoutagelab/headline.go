package siteoutagelab

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/siteoutage"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is each run's figures so far, under the keys scenarios quote
// them by: year (each placement's mean customer's downtime so far, and at
// the end its availability for the year with this outage in it) and back (how long after the explosion
// every customer with a standby ran again: the recovery the protections
// change).
func (l *Lab) Headline() []widget.Figure {
	var figs []widget.Figure
	for _, r := range l.Runs {
		group := setWords(r.Cfg.Protections)
		means := r.Engine.MeanDownHours()
		for g, name := range groupNames {
			// While H1 is dark a year's share says too little (three
			// hours down is still 99.97 %): the mean downtime so far says
			// it, and the year's share is the final figure.
			v := fmt.Sprintf("%.2f%% a year", 100*avail.YearAvailability(means[g]))
			switch {
			case r.Engine.Done():
			case means[g] == 0:
				v = "0 h down"
			default:
				v = avail.Duration(means[g]) + " down"
			}
			figs = append(figs, widget.Figure{Key: "year", Group: group, Name: name + " mean", Value: v})
		}
		figs = append(figs, widget.Figure{Key: "back", Group: group, Name: "standbys back", Value: standbysBack(r)})
	}
	return figs
}

// standbysBack is how long after the explosion every customer with a
// standby ran again: "not yet" while some are down, "never" if the run
// ends first.
func standbysBack(r run) string {
	s := r.Engine.Snapshot()
	last := math.Inf(-1)
	for g := 1; g < 3; g++ {
		if s.Size[g] == 0 {
			continue
		}
		if s.BackAt[g] < 0 {
			if r.Engine.Done() {
				return "never"
			}
			return "not yet"
		}
		last = max(last, s.BackAt[g])
	}
	if math.IsInf(last, -1) {
		return "none have one"
	}
	return avail.Round((last - siteoutage.LeadMin) / 60)
}
