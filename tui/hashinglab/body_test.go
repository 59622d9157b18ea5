package hashinglab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "hrw-vs-ring"},
		// after a node leaves: HRW spreads its keys over every other node, the
		// ring hands them to one
		{Name: "leave", Scenario: "hrw-vs-ring", Keys: []string{"x"}},
	})
}
