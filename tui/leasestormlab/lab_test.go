package leasestormlab

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/leasestorm"
)

func press(t *testing.T, l *Lab, k string) string {
	t.Helper()
	out := l.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	if out.Err != nil {
		t.Fatalf("%s: %v", k, out.Err)
	}
	return out.Note
}

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
		if l.spec.Runs != c.runs || len(l.runs) != strings.Count(c.runs, ",")+1 {
			t.Errorf("after %s: runs %q (%d on screen), want %q", c.key, l.spec.Runs, len(l.runs), c.runs)
		}
	}
	if _, changed := l.Title(); changed {
		t.Errorf("back to the runs it opened with, the title still says changed")
	}
}

// The outage, rate and timeout keys move through their steps and stop at
// the ends, saying so.
func TestStepsOfTheKeys(t *testing.T) {
	lb, _ := New(leasestorm.DefaultSpec())
	l := lb.(*Lab)
	press(t, l, "o")
	if l.spec.OutageMin != 120 {
		t.Errorf("o from 157 min: %d", l.spec.OutageMin)
	}
	for range 20 {
		press(t, l, "d")
	}
	if l.spec.TimeoutS != 5 || !strings.Contains(press(t, l, "d"), "end of its range") {
		t.Errorf("d to the end: timeout %d", l.spec.TimeoutS)
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
