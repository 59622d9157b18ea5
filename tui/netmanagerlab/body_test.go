package netmanagerlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "network-manager"},
		// to 11:28 AM, the throttle relaxed at once on the right
		{Name: "relaxed", Scenario: "network-manager", Steps: 360},
	})
}
