package availlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "availability-lecture"},
		// after 300 quarter-cycles of its machine
		{Name: "300-steps", Scenario: "availability-lecture", Steps: 300},
	})
}
