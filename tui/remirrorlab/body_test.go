package remirrorlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lab's bodies at 80x24 and 120x40 (or the sizes a state names).
func TestBodyGoldens(t *testing.T) {
	labtest.Bodies(t, labtest.OnDesktop(New), []labtest.State{
		// as it opens
		{Name: "open", Scenario: "aws-2011-remirror"},
		// 40 steps in
		{Name: "played", Scenario: "aws-2011-remirror", Steps: 40},
	})
}
