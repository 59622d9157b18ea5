package hashinglab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40: as it opens, and after 0 steps.
func TestBodyGoldens(t *testing.T) {
	l := labtest.Open(t, New, "hrw-vs-ring")
	labtest.Goldens(t, l, "open")
}
