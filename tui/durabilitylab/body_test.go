package durabilitylab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, labtest.OnDesktop(New), []labtest.State{
		// as it opens
		{Name: "open", Scenario: "durability-years"},
		// 20 steps in
		{Name: "played", Scenario: "durability-years", Steps: 20},
		// at its end: both charts on one log scale, each name on its line's row
		{Name: "end", Scenario: "durability-years", Steps: -1, Sizes: [][2]int{{80, 24}, {160, 48}}},
	})
}
