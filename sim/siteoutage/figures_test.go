package siteoutage

import (
	"fmt"
	"slices"
	"testing"

	"github.com/loadlab/loadlab/sim/avail"
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
		want = append(want, engine.Figure{Key: "back", Group: group, Name: "standbys back", Value: v})
		if got := e.Figures(); !slices.Equal(got, want) {
			t.Errorf("%s: figures\n%v\nwant the result's\n%v", set.Name, got, want)
		}
	}
}
