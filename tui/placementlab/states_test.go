package placementlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The placement lab a third of the way through the lecture's table, with
// a rack-aware object of the keys' own under an AZ failure: the boxes, the
// verdict, and the bars with their exact marks.
func TestBodyHandPlacedUnderAZFailure(t *testing.T) {
	l := labtest.Open(t, New, "placement-lecture")
	labtest.Play(l, 200000)
	labtest.Press(t, l, "3", "f", "f", "f")
	labtest.Goldens(t, l, "third")
}
