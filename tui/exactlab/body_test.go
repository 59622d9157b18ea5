package exactlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, labtest.OnDesktop(New), []labtest.State{
		// as it opens
		{Name: "open", Scenario: "counterexample-n4"},
		// 2 steps in
		{Name: "played", Scenario: "counterexample-n4", Steps: 2},
		// the stepper three balls into the first counterexample
		{Name: "three-balls", Scenario: "counterexample-n4", Steps: 3},
		// the enumeration's table at 80x24
		{Name: "table", Scenario: "exact-n4", Sizes: [][2]int{{80, 24}}},
	})
}
