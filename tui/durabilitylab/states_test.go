package durabilitylab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// durability-years at its end: both charts on one log scale, each name on
// its line's row.
func TestBodyAtTheEnd(t *testing.T) {
	l := labtest.Open(t, New, "durability-years")
	labtest.Play(l, -1)
	labtest.GoldensAt(t, l, "end", [2]int{80, 24}, [2]int{160, 48})
}
