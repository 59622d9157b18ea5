package exactlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The stepper three balls into the first counterexample.
func TestBodyStepper(t *testing.T) {
	l := labtest.Open(t, New, "counterexample-n4")
	labtest.Play(l, 3)
	labtest.Goldens(t, l, "three-balls")
}

// The enumeration's table of exact-n4 at 80x24.
func TestBodyTable(t *testing.T) {
	labtest.GoldensAt(t, labtest.Open(t, New, "exact-n4"), "table", [2]int{80, 24})
}
