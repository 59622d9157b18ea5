package leasestormlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/tui/lab/labtest"
	"github.com/loadlab/loadlab/tui/widget"
)

// press offers the lab a key and gives its note.
func press(t *testing.T, l *Lab, k string) string { t.Helper(); return labtest.Press(t, l, k).Note }

// The protection keys change the right-hand run; made like the left it
// leaves one run, and c puts no protection back beside it.
func TestProtectionKeysEditTheRightRun(t *testing.T) {
	lb, err := New(leasestorm.DefaultSpec())
	if err != nil {
		t.Fatal(err)
	}
	l := lb.(*Lab)
	for _, c := range []struct{ key, runs string }{
		{"x", "none,both"}, {"h", "none,drop-stale"}, {"x", "none"}, {"c", "none,throttle"}, {"c", "throttle"}, {"c", "none,throttle"},
	} {
		press(t, l, c.key)
		if l.Spec.Runs != c.runs || len(l.Runs) != strings.Count(c.runs, ",")+1 {
			t.Errorf("after %s: runs %q (%d on screen), want %q", c.key, l.Spec.Runs, len(l.Runs), c.runs)
		}
	}
	if l.Info().Title != "" {
		t.Errorf("back to the runs it opened with, the title still says changed")
	}
}

// The outage, rate and timeout keys move through their steps and stop at
// the ends, saying so.
func TestStepsOfTheKeys(t *testing.T) {
	lb, _ := New(leasestorm.DefaultSpec())
	l := lb.(*Lab)
	press(t, l, "o")
	if l.Spec.OutageMin != 120 {
		t.Errorf("o from 157 min: %d", l.Spec.OutageMin)
	}
	for range 20 {
		press(t, l, "d")
	}
	if l.Spec.TimeoutS != 5 || !strings.Contains(press(t, l, "d"), "end of its range") {
		t.Errorf("d to the end: timeout %d", l.Spec.TimeoutS)
	}
}

// A night whose minute would hold the screen longer than a frame is
// refused with its estimate.
func TestAHeavyMinuteIsRefused(t *testing.T) {
	s := leasestorm.DefaultSpec()
	s.Droplets, s.TimeoutS = leasestorm.MaxDroplets, 1
	if _, err := New(s); err == nil || !strings.Contains(err.Error(), "one step would take") {
		t.Errorf("got %v", err)
	}
}

// A toggle that makes the right run like the left leaves one panel and
// says so; the same key again puts the right run back beside the left,
// so the comparison is never lost to two presses.
func TestToggleTwiceKeepsTheComparison(t *testing.T) {
	lb, _ := New(leasestorm.DefaultSpec())
	l := lb.(*Lab)
	for _, c := range []struct{ key, runs, note string }{
		{"h", "none", "the right run is now no protection, like the left: one panel shows both; h again puts throttle back beside it"},
		{"h", "none,throttle", ""},
		{"x", "none,both", ""},
		{"h", "none,drop-stale", ""},
		{"x", "none", "x again puts drop stale back"},
		{"x", "none,drop-stale", ""},
		{"c", "drop-stale", ""},
		{"x", "none", ""}, // one run by c: no left to come back
		{"x", "drop-stale", ""},
	} {
		n := press(t, l, c.key)
		if l.Spec.Runs != c.runs || len(l.Runs) != strings.Count(c.runs, ",")+1 || !strings.Contains(n, c.note) {
			t.Errorf("after %s: runs %q, note %q; want %q, saying %q", c.key, l.Spec.Runs, n, c.runs, c.note)
		}
	}
}

// The note of every key fits the shell's two lines at 80 columns, at the
// widest the numbers get, so it is never cut mid-sentence.
func TestNotesFitTwoLines(t *testing.T) {
	s := leasestorm.DefaultSpec()
	s.Runs, s.OutageMin, s.Rate, s.TimeoutS, s.Cap, s.Seed = "none,both", 360, 4.5, 3600, leasestorm.MaxQueue, 1<<31
	lb, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	l := lb.(*Lab)
	for _, k := range []string{"o", "w", "d", "j", "x", "h", "x", "h", "c", "c"} {
		n := press(t, l, k)
		if lines := widget.Wrap(n, 79); len(lines) > 2 {
			t.Errorf("%s: the note takes %d lines at 80 columns: %q", k, len(lines), n)
		}
	}
}
