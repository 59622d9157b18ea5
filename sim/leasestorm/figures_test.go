package leasestorm

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
		recovered := r.RecoveredClock
		if recovered == "" {
			recovered = "never"
		}
		group := SetWords(c.Protections)
		return []engine.Figure{
			{Key: "goodput", Group: group, Name: "goodput", Value: fmt.Sprintf("%.1f/s", r.FinalGoodput)},
			{Key: "wasted", Group: group, Name: "wasted since 2:25 AM", Value: fmt.Sprintf("%.1f%%", 100*r.WastedShareAfter)},
			{Key: "recovered", Group: group, Name: "recovered", Value: recovered},
			{Key: "without", Group: group, Name: "without a lease", Value: fmt.Sprint(r.FinalWithout)},
		}
	})
}

// with is the default config with a protection set.
func with(set string) Config {
	c := DefaultConfig()
	c.Protections, _ = engine.SetNamed(Sets, set)
	return c
}
