package dnsracelab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The body at 80x24 and 120x40, as it opens, and after 3 steps.
func TestBodyGoldens(t *testing.T) { labtest.BodyGoldens(t, New, "dns-race", 3) }
