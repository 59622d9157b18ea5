package hashinglab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The hashing lab after a node leaves: HRW spreads its keys over every
// other node, the ring hands them to one.
func TestBodyANodeLeaves(t *testing.T) {
	l := labtest.Open(t, New, "hrw-vs-ring")
	labtest.Press(t, l, "x")
	labtest.Goldens(t, l, "leave")
}
