package flipflop

import (
	"fmt"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/engine"
)

// At the end of a run its headline figures (worked out from the engine's
// state, as the TUI shows them) are its Result's, as the report gives
// them.
func TestFiguresAtTheEndAreTheResults(t *testing.T) {
	enginetest.FiguresAtEnd(t, engine.SetNames(Sets), with, New, func(c Config, r Result) []engine.Figure {
		group := SetWords(c)
		return []engine.Figure{
			{Key: "writes", Group: group, Name: "DNS writes", Value: engine.Digits(r.DNSWrites)},
			{Key: "flips", Group: group, Name: "flips", Value: engine.Digits(r.Flips)},
			{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%d/min", r.PeakWrites)},
			{Key: "in-service", Group: group, Name: "mean in DNS", Value: fmt.Sprintf("%.1f of %d", r.MeanInService, c.Instances)},
			{Key: "dead", Group: group, Name: "dead in DNS", Value: fmt.Sprintf("%.1f min", r.DeadMinutes)},
		}
	})
}

// with is the default config with a protection set.
func with(set string) Config {
	c := DefaultConfig()
	c.Protections, _ = engine.SetNamed(Sets, set)
	return c
}
