package durabilitylab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40: as it opens, and after 20 steps.
func TestBodyGoldens(t *testing.T) {
	l := labtest.Open(t, New, "durability-years")
	labtest.Goldens(t, l, "open")
	labtest.Play(l, 20)
	labtest.Goldens(t, l, "played")
}
