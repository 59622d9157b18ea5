package supermarketlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "supermarket-steps"},
		// 40 steps in
		{Name: "played", Scenario: "supermarket-steps", Steps: 40},
		// 100 time units in: jsq-2 against random on the same arrivals, the
		// bars with their mean-field marks, the means over time
		{Name: "200-steps", Scenario: "supermarket-90", Steps: 200},
		// the stepper after three jobs: each policy's ten queues on one scale,
		// the servers the latest job looked at (1, 2) and the one it joined (▲)
		{Name: "three-jobs", Scenario: "supermarket-steps", Steps: 3},
	})
}
