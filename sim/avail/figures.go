package avail

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Figures is the study's headline with the watched machine's availability
// measured so far: the formula's availability and nines (keys
// "availability", "nines"), the repair time the target needs ("repair")
// or the MTTF that does as well ("mttf"), the measured availability
// ("measured") and the repair time the target needs of each fleet of the
// scale table ("fleet"): the lecture's figures of 26.4.3.
func (r Report) Figures(measured float64) []engine.Figure {
	target := TargetPercent(r.Target)
	figs := []engine.Figure{
		{Key: "availability", Name: "A", Value: Percent(r.Single.Availability)},
		{Key: "nines", Name: "nines", Value: fmt.Sprintf("%.2f", r.Single.Nines)},
		{Key: "repair", Name: "for " + target + ": repair within", Value: Duration(r.Single.MTTRForTargetH)},
		{Key: "mttf", Name: "or an MTTF of", Value: Lifetime(r.Single.MTTFForTargetH)},
		{Key: "measured", Name: "measured", Value: Percent(measured)},
	}
	for _, f := range r.Scale {
		figs = append(figs, engine.Figure{Key: "fleet", Group: "for " + target + " repair within",
			Name: engine.Count(f.Machines, "machine"), Value: Duration(f.MTTRForTargetS / 3600)})
	}
	return figs
}

// Headline is the study's figures with the machine's whole watch.
func (r Report) Headline() []engine.Figure { return r.Figures(r.Measured.Availability) }

// Lifetime is an MTTF of h hours in words: whole hours from 100 h, as
// Duration below.
func Lifetime(h float64) string {
	if h >= 100 {
		return fmt.Sprintf("%.0f h", h)
	}
	return Duration(h)
}

// Theory is what a sweep draws beside the measured availability: the
// formula's, A = MTTF / (MTTF + MTTR), which the watched machine's share
// of time up approaches over a long watch (26.4.3).
func (s Spec) Theory() []engine.Figure {
	if s.MTTF <= 0 || s.MTTR < 0 {
		return nil
	}
	return []engine.Figure{{Key: "measured", Name: "formula: MTTF / (MTTF + MTTR)", Value: strings.TrimSuffix(Percent(s.MTTF/(s.MTTF+s.MTTR)), " %")}}
}
