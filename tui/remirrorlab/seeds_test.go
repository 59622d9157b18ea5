package remirrorlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// Beside the seed's storm the lab gives the figures over 40 seeds, worked
// out off the UI loop: seed 425's 13.9 % peak is one draw of a range.
func TestFiguresOverSeedsBesideTheSeed(t *testing.T) {
	l := labtest.Open(t, labtest.OnDesktop(New), "aws-2011-remirror").(*Lab) // Open carries out Init's work
	if l.Init() != nil {
		t.Error("Init starts the same work again")
	}
	body := labtest.Body(t, l, 160, 44)
	if !strings.Contains(body, "seed 425 is one draw of the race; no protection, over seeds 425-464: 12.26 % stuck at noon on April 21 (8.09-16.49), 1.02 % at the end (0.66-1.33), 0.063 % lost") {
		t.Errorf("no figures over seeds:\n%s", body)
	}
	labtest.Play(l, 20) // past the cut at 12:47 AM
	if body := labtest.Body(t, l, 80, 18); !strings.Contains(body, "the cut strands 5 %, the race's failed nodes the rest") {
		t.Errorf("the stuck chart's title should tell the wave from the race:\n%s", body)
	}
}
