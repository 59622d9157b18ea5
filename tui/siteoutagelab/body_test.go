package siteoutagelab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, New, []labtest.State{
		// as it opens
		{Name: "open", Scenario: "the-planet-2008"},
		// 40 steps in
		{Name: "played", Scenario: "the-planet-2008", Steps: 40},
	})
}
