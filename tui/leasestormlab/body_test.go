package leasestormlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "lease-storm"},
		// 60 steps in
		{Name: "played", Scenario: "lease-storm", Steps: 60},
	})
}
