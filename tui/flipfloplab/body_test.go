package flipfloplab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40, as it opens, and after 60 steps.
func TestBodyGoldens(t *testing.T) { labtest.BodyGoldens(t, New, "health-flip-flop", 60) }
