package flipfloplab

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/flipflop"
)

func press(t *testing.T, l *Lab, k string) {
	t.Helper()
	if out := l.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}); out.Err != nil {
		t.Fatalf("%s: %v", k, out.Err)
	}
}

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
		if l.spec.Runs != c.runs {
			t.Errorf("after %s: runs %q, want %q", c.key, l.spec.Runs, c.runs)
		}
	}
	press(t, l, "a")
	if l.spec.DisableAtMin != l.spec.DurationMin {
		t.Errorf("a: switch-off at %d, want never (%d)", l.spec.DisableAtMin, l.spec.DurationMin)
	}
	press(t, l, "a")
	if flipflop.Clock(l.spec.DisableAtMin) != "9:36 AM" {
		t.Errorf("a again: switch-off at %s, want 9:36 AM", flipflop.Clock(l.spec.DisableAtMin))
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
