package configstorm

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
	enginetest.FiguresAtEnd(t, []string{"none", "cut", "backoff", "keep-on-error", "cut+backoff"}, with, New, func(c Config, r Result) []engine.Figure {
		served := "–"
		if r.SuccessAfterFix >= 0 {
			served = fmt.Sprintf("%.1f%%", 100*r.SuccessAfterFix)
		}
		back, after := r.Recovered, Span(r.AfterFixS)
		if back == "" {
			back, after = "never", ">"+Span(r.RunAfterFixS)
		}
		group := SetWords(c.Protections)
		return []engine.Figure{
			{Key: "served", Group: group, Name: "served after fix", Value: served},
			{Key: "back", Group: group, Name: "back", Value: back},
			{Key: "after-fix", Group: group, Name: "fix to back", Value: after},
			{Key: "peak", Group: group, Name: "peak", Value: engine.Compact(r.PeakLoad) + " q/s"},
		}
	})
}
