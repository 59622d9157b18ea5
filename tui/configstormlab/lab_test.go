package configstormlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab/labtest"
	"github.com/loadlab/loadlab/tui/widget"
)

// press offers the lab a key and gives its note.
func press(t *testing.T, l *Lab, k string) string { t.Helper(); return labtest.Press(t, l, k).Note }

func open(t *testing.T, runs string) *Lab {
	t.Helper()
	lb, err := New(configstorm.SpecOf(configstorm.DefaultConfig(), runs))
	if err != nil {
		t.Fatal(err)
	}
	return lb.(*Lab)
}

// The protection keys change the right-hand run; made like the left it
// leaves one run, and c puts the lecture's cut back beside it.
func TestProtectionKeysEditTheRightRun(t *testing.T) {
	l := open(t, "cut,cut+backoff")
	for _, c := range []struct{ key, runs string }{
		{"e", "cut,cut+backoff+keep-on-error"}, {"o", "cut,cut+keep-on-error"}, {"x", "cut,keep-on-error"}, {"e", "cut,none"},
		{"x", "cut"}, {"c", "none,cut"}, {"c", "cut"}, {"o", "cut+backoff"}, {"c", "cut,cut+backoff"},
		{"p", "cut,cut+backoff+coalesce"}, {"p", "cut,cut+backoff"},
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

// The fix, return and capacity keys move through their steps and stop at
// the ends, saying so.
func TestStepsOfTheKeys(t *testing.T) {
	l := open(t, "cut")
	press(t, l, "f")
	if l.Spec.FixAtMin != 10 {
		t.Errorf("f from 15 min: %d", l.Spec.FixAtMin)
	}
	for range 20 {
		press(t, l, "u")
	}
	if l.Spec.RampMin != 0 || !strings.Contains(press(t, l, "u"), "end of its range") {
		t.Errorf("u to the end: ramp %d", l.Spec.RampMin)
	}
	if n := press(t, l, "W"); l.Spec.Capacity != 10000 || !strings.Contains(n, "10k a second") {
		t.Errorf("W from 5,000: %v, note %q", l.Spec.Capacity, n)
	}
}

// The lecture's timeline, which the shell's i shows whole, points at the
// run's place on it and holds the lecture's own ending.
func TestTheWholeTimeline(t *testing.T) {
	l := open(t, "cut,cut+backoff")
	st := widget.NewStyles(themes.All[len(themes.All)-1]) // mono
	for range 20 {
		l.Step()
	}
	_, events, now := l.Info().Chronicle()
	body := strings.Join(widget.TimelineWrapped(st, 80, 18, events, now), "\n")
	for _, want := range []string{"▶S 0:15", "2:30  in the lecture the site is fully back", "1:45  the lecture's team turns the site off"} {
		if !strings.Contains(body, want) {
			t.Errorf("the whole timeline lacks %q:\n%s", want, body)
		}
	}
}

// The headline says how long recovery takes with and without backoff:
// never, or its time, once the run is over.
func TestHeadlineRecovery(t *testing.T) {
	l := open(t, "none,backoff")
	for l.Step() {
	}
	got := map[string]string{}
	for _, f := range l.Headline() {
		got[f.Group+" "+f.Key] = f.Value
	}
	if got["no protection back"] != "never" || got["no protection after-fix"] != ">2 h 45 min" || got["backoff after-fix"] != "3 s" || got["no protection served"] != "5.0%" {
		t.Errorf("headline %v", got)
	}
}

// A run whose minute would hold the screen longer than a frame is
// refused with its estimate.
func TestAHeavyMinuteIsRefused(t *testing.T) {
	s := configstorm.DefaultSpec()
	s.Entries, s.Attempts = configstorm.MaxEntries, configstorm.MaxAttempts
	if _, err := New(s); err == nil || !strings.Contains(err.Error(), "one step would take") {
		t.Errorf("got %v", err)
	}
}

// A toggle that makes the right run like the left says so, and the same
// key again puts the right run back beside it.
func TestAMergeSaysSoAndUndoes(t *testing.T) {
	l := open(t, "none,backoff")
	if note := press(t, l, "o"); l.Spec.Runs != "none" || !strings.Contains(note, "like the left: one panel shows both; o again puts backoff back") {
		t.Errorf("o merged to %q, saying %q", l.Spec.Runs, note)
	}
	if press(t, l, "o"); l.Spec.Runs != "none,backoff" {
		t.Errorf("o again: %q", l.Spec.Runs)
	}
}
