package availlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The availability lab after 300 quarter-cycles of its machine.
func TestBodyAfter300(t *testing.T) {
	l := labtest.Open(t, New, "availability-lecture")
	labtest.Play(l, 300)
	labtest.Goldens(t, l, "300-steps")
}
