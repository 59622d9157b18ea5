package siteoutagelab

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/sim/siteoutage"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/lab/labtest"
	"github.com/loadlab/loadlab/tui/widget"
)

// press offers the lab a key and gives its note.
func press(t *testing.T, l *Lab, k string) string { t.Helper(); return labtest.Press(t, l, k).Note }

func open(t *testing.T) *Lab {
	t.Helper()
	lb, err := New(siteoutage.DefaultSpec())
	if err != nil {
		t.Fatal(err)
	}
	return lb.(*Lab)
}

// The protection keys change the right-hand run; made like the left it
// leaves one run, and c puts the days as they were back beside it. f cuts
// the city's feed for both runs, and the title says so.
func TestKeysEditTheRuns(t *testing.T) {
	l := open(t)
	for _, c := range []struct{ key, runs string }{
		{"p", "none,drills"}, {"d", "none"}, {"c", "none,both"}, {"c", "both"}, {"d", "reserve"}, {"c", "none,reserve"},
	} {
		press(t, l, c.key)
		if l.Spec.Runs != c.runs || len(l.Runs) != strings.Count(c.runs, ",")+1 {
			t.Errorf("after %s: runs %q (%d on screen), want %q", c.key, l.Spec.Runs, len(l.Runs), c.runs)
		}
	}
	press(t, l, "f")
	if l.Spec.Fault != "city" || l.Runs[0].Cfg.Fault.String() != "city" {
		t.Errorf("f: fault %q", l.Spec.Fault)
	}
	if title := l.Info().Title; !strings.Contains(title, "feed cut") {
		t.Errorf("title %q", title)
	}
}

// The recovery the protections change is in the headline: every customer
// with a standby back after days as it was, after the failover's half
// hour with both protections.
func TestHeadlineSaysHowLongRecoveryTakes(t *testing.T) {
	l := open(t)
	for l.Step() {
	}
	got := map[string]string{}
	for _, f := range l.Headline() {
		got[f.Group+"/"+f.Name] = f.Value
	}
	if got["as it was/standbys back"] != "4.04 days" || got["reserved + drilled/standbys back"] != "30 min" {
		t.Errorf("headline %v", got)
	}
	if got["as it was/one site mean"] != "99.25% a year" {
		t.Errorf("one site's year %q", got["as it was/one site mean"])
	}
}

// While H1 is dark the headline gives the downtime so far, not a year's
// share that still reads 99.99 %.
func TestHeadlineMidOutageSaysDowntime(t *testing.T) {
	l := open(t)
	for range 200 {
		l.Step()
	}
	for _, f := range l.Headline() {
		if f.Key == "year" && !strings.HasSuffix(f.Value, " down") {
			t.Errorf("%s %s mid-outage: %q, want a downtime", f.Group, f.Name, f.Value)
		}
	}
}

// The incident's timeline is on screen at every size: beside the runs on
// a wide screen, above them on a narrow one, whole in the shell's i; the
// phases are marked under the charts once reached.
func TestTheTimelineIsOnScreen(t *testing.T) {
	st := widget.NewStyles(themes.All[len(themes.All)-1]) // mono
	l := open(t)
	for range 200 { // past 10 PM: the explosion, the evening and the trucks reached
		l.Step()
	}
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		screen := ansi.Strip(l.Render(lab.Frame{W: size[0], H: size[1], St: st}))
		// the latest event whole, at 80 columns on two lines
		for _, want := range []string{"▶S May 31 10 PM", "staff let in", "cooling allow"} {
			if !strings.Contains(screen, want) {
				t.Errorf("%dx%d: no %q on screen:\n%s", size[0], size[1], want, screen)
			}
		}
		// the phases marked under the charts: T, and S beside it where the
		// plot is wide enough to part the evening from 5:55 PM
		if !regexp.MustCompile(`(?m)^\s+TS?\s`).MatchString(screen) {
			t.Errorf("%dx%d: no row of phase marks:\n%s", size[0], size[1], screen)
		}
		for i, line := range strings.Split(screen, "\n") {
			if ansi.StringWidth(line) > size[0] || i >= size[1] {
				t.Errorf("%dx%d: line %d too wide or too many: %q", size[0], size[1], i, line)
			}
		}
	}
	title, events, now := l.Info().Chronicle()
	screen := title + "\n" + ansi.Strip(strings.Join(widget.TimelineWrapped(st, 80, 18, events, now), "\n"))
	for _, want := range []string{"the lecture's timeline", "Jun 2 5 PM"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the whole timeline lacks %q:\n%s", want, screen)
		}
	}
}

// A toggle that makes the right run like the left says so, and the same
// key again puts the right run back beside it.
func TestAMergeSaysSoAndUndoes(t *testing.T) {
	l := open(t)
	press(t, l, "p")
	if note := press(t, l, "d"); l.Spec.Runs != "none" || !strings.Contains(note, "like the left: one panel shows both; d again puts") {
		t.Errorf("d merged to %q, saying %q", l.Spec.Runs, note)
	}
	if press(t, l, "d"); l.Spec.Runs != "none,drills" {
		t.Errorf("d again: %q", l.Spec.Runs)
	}
}
