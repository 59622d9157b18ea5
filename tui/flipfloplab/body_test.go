package flipfloplab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40: as it opens, and after 60 steps.
func TestBodyGoldens(t *testing.T) {
	l := labtest.Open(t, New, "health-flip-flop")
	labtest.Goldens(t, l, "open")
	labtest.Play(l, 60)
	labtest.Goldens(t, l, "played")
}
