package stormlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40: as it opens, and after 30 steps.
func TestBodyGoldens(t *testing.T) {
	l := labtest.Open(t, New, "thundering-herd")
	labtest.Goldens(t, l, "open")
	labtest.Play(l, 30)
	labtest.Goldens(t, l, "played")
}
