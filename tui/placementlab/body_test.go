package placementlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "placement-lecture"},
		// 30 steps in
		{Name: "played", Scenario: "placement-lecture", Steps: 30},
		// a third of the way through the lecture's table, with a rack-aware
		// object of the keys' own under an AZ failure: the boxes, the verdict,
		// and the bars with their exact marks
		{Name: "third", Scenario: "placement-lecture", Steps: 200000, Keys: []string{"3", "f", "f", "f"}},
	})
}
