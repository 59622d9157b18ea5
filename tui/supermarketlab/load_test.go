package supermarketlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// ] goes to 0.99, and past it the note names the range; a run at 0.95
// whose random queues are still filling says on screen that it has not
// settled; the stepper says in words what a job found.
func TestLoadRangeAndSettling(t *testing.T) {
	l := labtest.Open(t, New, "supermarket-90").(*Lab)
	labtest.Press(t, l, "]")
	if l.spec.Load != 0.95 {
		t.Fatalf("] from 0.9: load %v", l.spec.Load)
	}
	for !l.Done() {
		labtest.Play(l, 100000)
	}
	if body := labtest.Body(t, l, 80, 18); !strings.Contains(body, "not settled: average 14.76, field 19.00") {
		t.Errorf("random at 0.95 should say it has not settled:\n%s", body)
	}
	labtest.Press(t, l, "]")
	if l.spec.Load != 0.99 {
		t.Fatalf("] from 0.95: load %v", l.spec.Load)
	}
	if out := labtest.Press(t, l, "]"); !strings.Contains(out.Note, "0.05 to 0.99") {
		t.Errorf("] at 0.99: %q", out.Note)
	}
	s := labtest.Open(t, New, "supermarket-steps")
	labtest.Play(s, 4)
	if body := labtest.Body(t, s, 80, 18); !strings.Contains(body, "random: joined #4, found it idle") {
		t.Errorf("the stepper should say what the job found:\n%s", body)
	}
}
