package siteoutage

import (
	"fmt"
	"testing"

	"github.com/loadlab/loadlab/internal/enginetest"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
)

// At the end of a run its headline figures (worked out from the engine's
// state, as the TUI shows them) are its Result's, as the report gives
// them.
func TestFiguresAtTheEndAreTheResults(t *testing.T) {
	enginetest.FiguresAtEnd(t, engine.SetNames(Sets), with, New, func(c Config, r Result) []engine.Figure {
		group := SetWords(c.Protections)
		var want []engine.Figure
		back, never := 0.0, false
		for i, g := range r.Groups {
			want = append(want, engine.Figure{Key: "year", Group: group, Name: GroupNames[i] + " mean", Value: fmt.Sprintf("%.2f%% a year", 100*g.YearAvailability)})
			if i == 0 {
				continue // one site has no standby
			}
			if g.RecoveryH < 0 {
				never = true
			}
			back = max(back, g.RecoveryH)
		}
		v := avail.Round(back)
		if never {
			v = "never"
		}
		return append(want, engine.Figure{Key: "back", Group: group, Name: "standbys back", Value: v})
	})
}

// with is the default config with a protection set.
func with(set string) Config {
	c := DefaultConfig()
	c.Protections, _ = engine.SetNamed(Sets, set)
	return c
}
