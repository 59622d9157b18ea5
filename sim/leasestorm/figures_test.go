package leasestorm

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
		recovered := r.RecoveredClock
		if recovered == "" {
			recovered = "never"
		}
		group := SetWords(c.Protections)
		want := []engine.Figure{
			{Key: "goodput", Group: group, Name: "goodput", Value: fmt.Sprintf("%.1f/s", r.FinalGoodput)},
			{Key: "wasted", Group: group, Name: "wasted since 2:25 AM", Value: fmt.Sprintf("%.1f%%", 100*r.WastedShareAfter)},
			{Key: "recovered", Group: group, Name: "recovered", Value: recovered},
			{Key: "without", Group: group, Name: "without a lease", Value: fmt.Sprint(r.FinalWithout)},
		}
		if got := e.Figures(); !slices.Equal(got, want) {
			t.Errorf("%s: figures\n%v\nwant the result's\n%v", set.Name, got, want)
		}
	}
}
