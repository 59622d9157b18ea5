package durabilitylab

import (
	"github.com/loadlab/loadlab/internal/costcheck"

	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The screen says greedy loses all or none; N runs 100 seeds off the UI
// loop and shows each strategy's losses over them, and then how often
// greedy lost everything.
func TestLossesOverSeedsOnScreen(t *testing.T) {
	costcheck.Long(t) // a hundred decades
	l := labtest.Open(t, labtest.OnDesktop(New), "durability-years").(*Lab)
	if body := labtest.Body(t, l, 120, 36); !strings.Contains(body, "greedy's objects share three nodes: a run loses all 3000 or none") {
		t.Errorf("the years should say greedy is all or nothing:\n%s", body)
	}
	labtest.Working(t, l, "N", 80, 18, "running seeds 425 to 524")()
	body := labtest.Body(t, l, 80, 18)
	for _, want := range []string{"over 100 seeds (425-524)", "greedy", "30 (30 %)"} {
		if !strings.Contains(body, want) {
			t.Errorf("no %q:\n%s", want, body)
		}
	}
	labtest.Press(t, l, "N")
	if body := labtest.Body(t, l, 120, 36); !strings.Contains(body, "all on 30 of 100 seeds") {
		t.Errorf("back on the years, greedy's odds should be said:\n%s", body)
	}
}
