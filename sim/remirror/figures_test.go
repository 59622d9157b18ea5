package remirror

import (
	"fmt"
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// At the end of a run its headline figures (worked out from the engine's
// state, as the TUI shows them) are its Result's, as the report gives
// them.
func TestFiguresAtTheEndAreTheResults(t *testing.T) {
	for _, name := range []string{"none", "backoff+cap", "bulkhead", "spread"} {
		p, _ := ParseSet(name)
		c := DefaultConfig()
		c.Protections = p
		e, _ := New(c)
		for e.Step() {
		}
		r := e.Result()
		recovery := fmt.Sprintf(">%d h", r.RunAfterMin/60)
		if r.RecoveryMin >= 0 {
			recovery = engine.Duration(60 * float64(r.RecoveryMin))
		}
		group := SetWords(p)
		pct := func(v float64, format string) string { return fmt.Sprintf(format, 100*v) }
		want := []engine.Figure{
			{Key: "peak", Group: group, Name: "peak", Value: pct(r.PeakStuck, "%.1f%%")},
			{Key: "stuck", Group: group, Name: "stuck", Value: pct(r.FinalStuck, "%.2f%%")},
			{Key: "lost", Group: group, Name: "lost", Value: pct(r.Lost, "%.2f%%")},
			{Key: "recovery", Group: group, Name: "recovery", Value: recovery},
			{Key: "api", Group: group, Name: "API errors", Value: pct(r.PeakAPIErrors, "%.0f%%")},
			{Key: "failed", Group: group, Name: "nodes failed", Value: fmt.Sprint(r.FailedNodes)},
		}
		if p.Bulkhead {
			want = append(want, engine.Figure{Key: "api-without", Group: group, Name: "without it", Value: pct(r.PeakUnshielded, "%.0f%%")})
		}
		if p.Spread {
			want = append(want, engine.Figure{Key: "customers", Group: group, Name: "customers down", Value: pct(r.PeakCustomersDown, "%.1f%%")})
		}
		if got := e.Figures(); !slices.Equal(got, want) {
			t.Errorf("%s: figures\n%v\nwant the result's\n%v", name, got, want)
		}
	}
}
