package siteoutagelab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40: as it opens, and after 40 steps.
func TestBodyGoldens(t *testing.T) {
	l := labtest.Open(t, New, "the-planet-2008")
	labtest.Goldens(t, l, "open")
	labtest.Play(l, 40)
	labtest.Goldens(t, l, "played")
}
