package availlab

import (
	"fmt"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/tui/widget"
)

// Headline is the formula's availability and nines, the repair time the
// target needs (key "repair") or the MTTF that does as well ("mttf"), the availability the watched machine has
// measured so far ("measured"), and the repair time the target needs of
// each fleet of the study ("fleet"), the lecture's figures of 26.4.3.
func (l *Lab) Headline() []widget.Figure {
	s := l.spec
	a := avail.Availability(s.MTTF, s.MTTR)
	figs := []widget.Figure{
		{Key: "availability", Name: "A", Value: avail.Percent(a)},
		{Key: "nines", Name: "nines", Value: fmt.Sprintf("%.2f", avail.Nines(a))},
		{Key: "repair", Name: "for " + avail.TargetPercent(s.Target) + ": repair within", Value: avail.Duration(avail.MTTRForTarget(s.MTTF, s.Target))},
		{Key: "mttf", Name: "or an MTTF of", Value: mttf(avail.MTTFForTarget(s.MTTR, s.Target))},
		{Key: "measured", Name: "measured", Value: avail.Percent(l.watch.Machine().Measured())},
	}
	r, err := s.Run()
	if err != nil {
		return figs
	}
	for _, f := range r.Scale {
		figs = append(figs, widget.Figure{Key: "fleet", Group: "for " + avail.TargetPercent(s.Target) + " repair within:",
			Name: textfmt.Count(f.Machines, "machine"), Value: avail.Duration(f.MTTRForTargetS / 3600)})
	}
	return figs
}
