package flipflop

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// SetWords names a run's protections in a class's words, with their
// numbers ("hysteresis 3 + cap 20/min").
func SetWords(c Config) string {
	h := fmt.Sprintf("hysteresis %d", c.K)
	cp := fmt.Sprintf("cap %d/min", c.CapPerMin)
	switch {
	case c.Hysteresis && c.Cap:
		return h + " + " + cp
	case c.Hysteresis:
		return h
	case c.Cap:
		return cp
	}
	return "no protection"
}

// Figures is the run's headline so far, under the keys scenarios quote it
// by: writes (DNS writes), flips (check results that flipped), peak (the
// most writes in a minute), in-service (instances in DNS, on average, of how many) and
// dead (minutes dead instances spent in DNS while the automation ran).
func (e *Engine) Figures() []engine.Figure {
	s := e.Snapshot()
	group := SetWords(e.cfg)
	mean := float64(e.cfg.Instances)
	if s.Second > 0 {
		mean = s.ServiceSum / float64(s.Second)
	}
	return []engine.Figure{
		{Key: "writes", Group: group, Name: "DNS writes", Value: engine.Digits(s.Totals.Writes)},
		{Key: "flips", Group: group, Name: "flips", Value: engine.Digits(s.Totals.Flips)},
		{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%d/min", s.Totals.PeakWrites)},
		{Key: "in-service", Group: group, Name: "mean in DNS", Value: fmt.Sprintf("%.1f of %d", mean, e.cfg.Instances)},
		{Key: "dead", Group: group, Name: "dead in DNS", Value: fmt.Sprintf("%.1f min", s.DeadMinutes)},
	}
}
