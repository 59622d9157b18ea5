package flipfloplab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/tui/lab/labtest"
	"github.com/loadlab/loadlab/tui/widget"
)

// press offers the lab a key and gives its note.
func press(t *testing.T, l *Lab, k string) string { t.Helper(); return labtest.Press(t, l, k).Note }

// The protection keys change the right-hand run; a switches the
// automation off at 9:36 AM or never.
func TestKeys(t *testing.T) {
	lb, err := New(flipflop.DefaultSpec())
	if err != nil {
		t.Fatal(err)
	}
	l := lb.(*Lab)
	for _, c := range []struct{ key, runs string }{
		{"x", "none,both"}, {"h", "none,cap"}, {"x", "none"}, {"c", "none,hysteresis"}, {"c", "hysteresis"},
	} {
		press(t, l, c.key)
		if l.Spec.Runs != c.runs {
			t.Errorf("after %s: runs %q, want %q", c.key, l.Spec.Runs, c.runs)
		}
	}
	press(t, l, "a")
	if l.Spec.DisableAtMin != l.Spec.DurationMin {
		t.Errorf("a: switch-off at %d, want never (%d)", l.Spec.DisableAtMin, l.Spec.DurationMin)
	}
	press(t, l, "a")
	if flipflop.Clock(l.Spec.DisableAtMin) != "9:36 AM" {
		t.Errorf("a again: switch-off at %s, want 9:36 AM", flipflop.Clock(l.Spec.DisableAtMin))
	}
}

// A morning whose minute would hold the screen longer than a frame is
// refused with its estimate.
func TestAHeavyMinuteIsRefused(t *testing.T) {
	s := flipflop.DefaultSpec()
	s.Instances, s.IntervalS = flipflop.MaxInstances, 1
	if _, err := New(s); err == nil || !strings.Contains(err.Error(), "one step would take") {
		t.Errorf("got %v", err)
	}
}

// A toggle that makes the right run like the left leaves one panel and
// says so; the same key again puts the right run back beside the left,
// so the comparison is never lost to two presses.
func TestToggleTwiceKeepsTheComparison(t *testing.T) {
	lb, _ := New(flipflop.DefaultSpec())
	l := lb.(*Lab)
	for _, c := range []struct{ key, runs, note string }{
		{"h", "none", "the right run is now no protection, like the left: one panel shows both; h again puts hysteresis 4 back beside it"},
		{"K", "none", ""}, // other keys keep the left in mind
		{"h", "none,hysteresis", "no protection vs hysteresis 5"},
		{"x", "none,both", ""},
		{"h", "none,cap", ""},
		{"x", "none", "x again puts cap 10/min back"},
		{"x", "none,cap", ""},
		{"c", "cap", ""},
		{"x", "none", ""}, // one run by c: no left to come back
		{"x", "cap", ""},
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
	s := flipflop.DefaultSpec()
	s.Runs, s.K, s.CapPerMin, s.Seed = "hysteresis,both", 10, 1000, 1<<31
	lb, err := New(s)
	if err != nil {
		t.Fatal(err)
	}
	l := lb.(*Lab)
	for _, k := range []string{"a", "k", "j", "x", "a", "h", "c", "c", "x", "h"} {
		n := press(t, l, k)
		if lines := widget.Wrap(n, 79); len(lines) > 2 {
			t.Errorf("%s: the note takes %d lines at 80 columns: %q", k, len(lines), n)
		}
	}
}
