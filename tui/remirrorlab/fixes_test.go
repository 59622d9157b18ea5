package remirrorlab

import (
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// The lecture's other fixes as switches on both runs: f fixes the nodes'
// race, and the storm stays at its wave (5.03 %, nothing lost); g doubles
// the secondary network, and the storm is over by noon.
func TestTheLecturesOtherFixes(t *testing.T) {
	for _, c := range []struct {
		key              string
		peakMax, noonMax float64
	}{{"f", 0.0504, 0.05}, {"g", 0.0504, 0.0}} {
		l := labtest.Open(t, labtest.OnDesktop(New), "aws-2011-remirror").(*Lab)
		labtest.Press(t, l, c.key)
		for !l.Done() {
			labtest.Play(l, 1000)
		}
		res := l.Runs[0].Engine.Result()
		if res.PeakStuck > c.peakMax || res.StuckAtNoon > c.noonMax || res.Lost > 0 {
			t.Errorf("%s: peak %.4f, noon %.4f, lost %.4f; want at most %.4f, %.4f and none", c.key, res.PeakStuck, res.StuckAtNoon, res.Lost, c.peakMax, c.noonMax)
		}
	}
}
