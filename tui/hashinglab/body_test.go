package hashinglab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40, as it opens.
func TestBodyGoldens(t *testing.T) { labtest.BodyGoldens(t, New, "hrw-vs-ring", 0) }
