package stormlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40, as it opens, and after 30 steps.
func TestBodyGoldens(t *testing.T) { labtest.BodyGoldens(t, New, "thundering-herd", 30) }
