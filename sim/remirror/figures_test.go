package remirror

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
	config := func(set string) Config { return with(t, set) }
	enginetest.FiguresAtEnd(t, []string{"none", "backoff+cap", "bulkhead", "spread"}, config, New, func(c Config, r Result) []engine.Figure {
		recovery := fmt.Sprintf(">%d h", r.RunAfterMin/60)
		if r.RecoveryMin >= 0 {
			recovery = engine.Duration(60 * float64(r.RecoveryMin))
		}
		group := SetWords(c.Protections)
		pct := func(v float64, format string) string { return fmt.Sprintf(format, 100*v) }
		want := []engine.Figure{
			{Key: "peak", Group: group, Name: "peak", Value: pct(r.PeakStuck, "%.1f%%")},
			{Key: "stuck", Group: group, Name: "stuck", Value: pct(r.FinalStuck, "%.2f%%")},
			{Key: "lost", Group: group, Name: "lost", Value: pct(r.Lost, "%.2f%%")},
			{Key: "recovery", Group: group, Name: "recovery", Value: recovery},
			{Key: "api", Group: group, Name: "API errors", Value: pct(r.PeakAPIErrors, "%.0f%%")},
			{Key: "failed", Group: group, Name: "nodes failed", Value: fmt.Sprint(r.FailedNodes)},
		}
		if c.Bulkhead {
			want = append(want, engine.Figure{Key: "api-without", Group: group, Name: "without it", Value: pct(r.PeakUnshielded, "%.0f%%")})
		}
		if c.Spread {
			want = append(want, engine.Figure{Key: "customers", Group: group, Name: "customers down", Value: pct(r.PeakCustomersDown, "%.1f%%")})
		}
		return want
	})
}
