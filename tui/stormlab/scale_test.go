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
