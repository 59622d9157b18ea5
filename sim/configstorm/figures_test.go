package configstorm

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
	for _, name := range []string{"none", "cut", "backoff", "keep-on-error", "cut+backoff"} {
		p, _ := ParseSet(name)
		c := DefaultConfig()
		c.Protections = p
		e, _ := New(c)
		for e.Step() {
		}
		r := e.Result()
		served := "–"
		if r.SuccessAfterFix >= 0 {
			served = fmt.Sprintf("%.1f%%", 100*r.SuccessAfterFix)
		}
		back, after := r.Recovered, Span(r.AfterFixS)
		if back == "" {
			back, after = "never", ">"+Span(r.RunAfterFixS)
		}
		group := SetWords(p)
		want := []engine.Figure{
			{Key: "served", Group: group, Name: "served after fix", Value: served},
			{Key: "back", Group: group, Name: "back", Value: back},
			{Key: "after-fix", Group: group, Name: "fix to back", Value: after},
			{Key: "peak", Group: group, Name: "peak", Value: engine.Compact(r.PeakLoad) + " q/s"},
		}
		if got := e.Figures(); !slices.Equal(got, want) {
			t.Errorf("%s: figures\n%v\nwant the result's\n%v", name, got, want)
		}
	}
}
