package availlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// v shows the lecture's tables on screen, not only headless: three nines
// to five (MTTR 10 h to 6 min at MTTF 10,000 h, each path 100x) and the
// MTTF x MTTR grid, at 80x24 as at 120x40.
func TestLecturesTablesOnScreen(t *testing.T) {
	l := labtest.Open(t, New, "availability-lecture")
	labtest.Press(t, l, "v")
	for _, size := range [][2]int{{80, 18}, {120, 34}} {
		body := labtest.Body(t, l, size[0], size[1])
		for _, want := range []string{"10.01 h", "6.00 min", "100x", "99.99000 % (52.55 min)", "90.9091 % (33.18 days)", "MTTR 100 h"} {
			if !strings.Contains(body, want) {
				t.Errorf("%dx%d: no %q:\n%s", size[0], size[1], want, body)
			}
		}
	}
	if body := labtest.Body(t, l, 120, 34); !strings.Contains(body, "make MTTF 100x longer") {
		t.Errorf("at 120x40 the MTTF path should be said:\n%s", body)
	}
}
