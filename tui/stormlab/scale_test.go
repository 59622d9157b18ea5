package stormlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// No jitter's storm over full jitter's ends at the pair's last retry
// (700 ms), not at decorrelated jitter's 3,042 ms; l draws the heights on
// a linear scale, where full jitter's 26 stands far under the herd's 1,000.
func TestThePairFillsTheAxisAndLIsLinear(t *testing.T) {
	l := labtest.Open(t, New, "thundering-herd")
	labtest.Play(l, 1000)
	body := labtest.Body(t, l, 80, 24)
	if !strings.Contains(body, "600       700") || strings.Contains(body, " 3000\n") {
		t.Errorf("the axis should end at 700 ms:\n%s", body)
	}
	labtest.Press(t, l, "l")
	body = labtest.Body(t, l, 80, 24)
	if !strings.Contains(body, "linear scale") || !strings.Contains(body, " 500┤") {
		t.Errorf("l should draw a linear scale:\n%s", body)
	}
	if strings.Count(body, "0└") != 2 {
		t.Errorf("both storms should stay on screen at 80x24:\n%s", body)
	}
}

// d and u put 26.3.2's deadline and budget on and say so; K, a and p move
// the retries, the base and the cap, each drawing the storms again.
func TestStormGuardsAndLevers(t *testing.T) {
	l := labtest.Open(t, New, "thundering-herd").(*Lab)
	labtest.Press(t, l, "d", "u")
	if l.spec.DeadlineMs != 1000 || l.spec.Budget != 0.1 {
		t.Fatalf("d u: deadline %v, budget %v", l.spec.DeadlineMs, l.spec.Budget)
	}
	if body := labtest.Body(t, l, 80, 18); !strings.Contains(body, "deadline 1000 ms; budget 0.1") {
		t.Errorf("the guards should be said:\n%s", body)
	}
	if got := l.storms[0].TotalRetries; got != 100 {
		t.Errorf("no jitter under the budget sends %d retries, want 100", got)
	}
	labtest.Press(t, l, "d", "u", "K", "a", "p")
	if s := l.spec; s.Retries != 4 || s.BaseMs != 50 || s.CapMs != 1000 || s.DeadlineMs != 0 || s.Budget != 0 {
		t.Errorf("d u K a p: %+v", s)
	}
	if got := l.storms[0].TotalRetries; got != 4000 {
		t.Errorf("4 retries of 1000 clients: %d sent", got)
	}
}
