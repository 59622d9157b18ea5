package exactlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40: as it opens, and after 2 steps.
func TestBodyGoldens(t *testing.T) {
	l := labtest.Open(t, New, "counterexample-n4")
	labtest.Goldens(t, l, "open")
	labtest.Play(l, 2)
	labtest.Goldens(t, l, "played")
}
