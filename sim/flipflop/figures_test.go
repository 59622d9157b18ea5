package flipflop

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
	for _, set := range Sets {
		c := DefaultConfig()
		c.Protections = set.Protections
		e, _ := New(c)
		for e.Step() {
		}
		r := e.Result()
		group := SetWords(c)
		want := []engine.Figure{
			{Key: "writes", Group: group, Name: "DNS writes", Value: engine.Digits(r.DNSWrites)},
			{Key: "flips", Group: group, Name: "flips", Value: engine.Digits(r.Flips)},
			{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%d/min", r.PeakWrites)},
			{Key: "in-service", Group: group, Name: "in service", Value: fmt.Sprintf("%.1f", r.MeanInService)},
			{Key: "dead", Group: group, Name: "dead in DNS", Value: fmt.Sprintf("%.1f min", r.DeadMinutes)},
		}
		if got := e.Figures(); !slices.Equal(got, want) {
			t.Errorf("%s: figures\n%v\nwant the result's\n%v", set.Name, got, want)
		}
	}
}
