package siteoutage

import (
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
)

// SetWords names a protection set in a class's words ("reserved +
// drilled").
func SetWords(p Protections) string {
	switch {
	case p.Reserve && p.Drills:
		return "reserved + drilled"
	case p.Reserve:
		return "power reserved"
	case p.Drills:
		return "drilled"
	}
	return "as it was"
}

// GroupNames are the placements as the charts and the headline name them.
var GroupNames = [3]string{"one site", "one city", "2 providers"}

// Figures is the run's headline so far, under the keys scenarios quote it
// by: year (each placement's mean customer's downtime so far, and at the
// end its availability for the year with this outage in it: while H1 is
// dark a year's share says too little, three hours down being still
// 99.97 %) and back (how long after the explosion every customer with a
// standby ran again: the recovery the protections change).
func (e *Engine) Figures() []engine.Figure {
	group := SetWords(e.cfg.Protections)
	means := e.MeanDownHours()
	var figs []engine.Figure
	for g, name := range GroupNames {
		v := fmt.Sprintf("%.2f%% a year", 100*avail.YearAvailability(means[g]))
		switch {
		case e.Done():
		case means[g] == 0:
			v = "0 h down"
		default:
			v = avail.Duration(means[g]) + " down"
		}
		figs = append(figs, engine.Figure{Key: "year", Group: group, Name: name + " mean", Value: v})
	}
	return append(figs, engine.Figure{Key: "back", Group: group, Name: "standbys back", Value: e.standbysBack()})
}

// standbysBack is how long after the explosion every customer with a
// standby ran again: "not yet" while some are down, "never" if the run
// ends first.
func (e *Engine) standbysBack() string {
	s := e.Snapshot()
	last := math.Inf(-1)
	for g := 1; g < 3; g++ {
		if s.Size[g] == 0 {
			continue
		}
		if s.BackAt[g] < 0 {
			if e.Done() {
				return "never"
			}
			return "not yet"
		}
		last = max(last, s.BackAt[g])
	}
	if math.IsInf(last, -1) {
		return "none have one"
	}
	return avail.Round((last - LeadMin) / 60)
}
