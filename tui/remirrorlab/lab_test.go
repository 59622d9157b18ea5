package remirrorlab

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

func open(t *testing.T, runs string) *Lab {
	t.Helper()
	lb, err := New(remirror.SpecOf(remirror.DefaultConfig(), runs), nil)
	if err != nil {
		t.Fatal(err)
	}
	return lb.(*Lab)
}

func press(t *testing.T, l *Lab, k string) string {
	t.Helper()
	out := l.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	if out.Err != nil || !out.Handled {
		t.Fatalf("%s: handled %v, %v", k, out.Handled, out.Err)
	}
	return out.Note
}

// The protection keys change the right-hand run; made like the left it
// leaves one run, and c puts no protection back beside it.
func TestProtectionKeysEditTheRightRun(t *testing.T) {
	l := open(t, "none,backoff+cap")
	for _, c := range []struct{ key, runs string }{
		{"h", "none,backoff+cap+bulkhead"}, {"o", "none,cap+bulkhead"}, {"k", "none,bulkhead"}, {"m", "none,bulkhead+spread"},
		{"h", "none,spread"}, {"m", "none"}, {"c", "none,backoff+cap"}, {"c", "backoff+cap"}, {"c", "none,backoff+cap"},
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

// x takes the 8:20 AM cut away from both runs and puts it back; w and W
// move the wave through its steps and stop at the ends, saying so.
func TestCutAndWave(t *testing.T) {
	l := open(t, "none,backoff")
	if press(t, l, "x"); l.Spec.CutAt != "never" || l.Runs[1].Cfg.CutAt != -1 {
		t.Errorf("x: cut at %q", l.Spec.CutAt)
	}
	if press(t, l, "x"); l.Spec.CutAt != "8:20 AM" || l.Runs[0].Cfg.CutAt != remirror.LectureCutAt {
		t.Errorf("x again: cut at %q", l.Spec.CutAt)
	}
	press(t, l, "w")
	if l.Spec.CutShare != 0.02 {
		t.Errorf("w from 2.5%%: %v", l.Spec.CutShare)
	}
	for range 20 {
		press(t, l, "W")
	}
	if l.Spec.CutShare != 0.1 || !strings.Contains(press(t, l, "W"), "end of its range") {
		t.Errorf("W to the end: %v", l.Spec.CutShare)
	}
}

// The view keys say what they show, every time.
func TestViewKeysSaySo(t *testing.T) {
	l := open(t, "none")
	for _, k := range []string{"z", "z", "z", "v", "v"} {
		if note := press(t, l, k); note == "" {
			t.Errorf("%s said nothing", k)
		}
	}
}

// A zone whose minute would hold the screen longer than a frame is
// refused with its estimate.
func TestAHeavyStepIsRefused(t *testing.T) {
	s := remirror.DefaultSpec()
	s.Volumes, s.Nodes = remirror.MaxVolumes, remirror.MaxNodes
	if _, err := New(s, nil); err == nil || !strings.Contains(err.Error(), "one step would take") {
		t.Errorf("got %v", err)
	}
}

// Every chart has the timeline's phases marked under it, and the marks
// sit where the lecture's times fall: at 80x24 (two charts) and 160x48
// (three), the trigger at 12:47 AM is marked under each once the run has
// passed it, and the timeline shows its latest event.
func TestPhasesMarkedOnEveryChart(t *testing.T) {
	l := open(t, "none,backoff+cap")
	for l.minute() < 6*60 {
		l.Step()
	}
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	if themes.All[len(themes.All)-1].Name != "mono" {
		t.Fatal("the last theme is not mono")
	}
	// at 80x18 a chart of one run at a time, at 160x41 three of both
	for _, size := range []struct{ w, h, marks int }{{80, 18, 1}, {160, 41, 6}} {
		screen := ansi.Strip(l.Render(lab.Frame{W: size.w, H: size.h, St: st}))
		marks := 0
		for _, line := range strings.Split(screen, "\n") {
			// a row of marks holds both runs' side by side: count its Ts
			if f := strings.Fields(line); len(f) >= 3 && f[0] == "T" && f[1] == "R" && f[2] == "S" {
				marks += strings.Count(line, "T")
			}
		}
		if marks != size.marks {
			t.Errorf("%dx%d: %d marks of the trigger, want %d (a row under each chart drawn):\n%s", size.w, size.h, marks, size.marks, screen)
		}
		if !strings.Contains(screen, "▶S 5:30 AM") {
			t.Errorf("%dx%d: the timeline does not point at 5:30 AM:\n%s", size.w, size.h, screen)
		}
	}
}

// A bulkhead run opens on the region's API errors, with the share that
// would fail without the bulkhead beside it, at 80x24 as at 160x48; v
// steps through the three charts under the stuck volumes and back.
func TestTheBulkheadsLessonIsDrawn(t *testing.T) {
	l := open(t, "bulkhead,backoff")
	if l.lower != apiChart {
		t.Fatalf("a bulkhead run opens on chart %d, not the API errors", l.lower)
	}
	for l.minute() < 8*60 {
		l.Step()
	}
	st := widget.NewStyles(themes.All[0])
	for _, size := range []struct{ w, h int }{{80, 18}, {160, 41}} {
		f := lab.Frame{W: size.w, H: size.h, St: st}
		screen := ansi.Strip(l.Render(f))
		if !strings.Contains(screen, "no bulkhead") && l.NextPanel() { // a chart at a time: the next
			screen = ansi.Strip(l.Render(f))
		}
		if !strings.Contains(screen, "no bulkhead") || !strings.Contains(screen, "API errors") {
			t.Errorf("%dx%d: no API errors chart with and without the bulkhead:\n%s", size.w, size.h, screen)
		}
	}
	var got []int
	for range lowerCharts {
		press(t, l, "v")
		got = append(got, l.lower)
	}
	if got[0] != capacityChart || got[1] != searchesChart || got[2] != apiChart {
		t.Errorf("v steps through %v", got)
	}
	if open(t, "none,backoff").lower != capacityChart {
		t.Errorf("without a bulkhead the lab does not open on capacity")
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

// j and J size the cap; where no run has it, they say k is what puts it on.
func TestTheCapsSizeSaysWhenNoRunHasIt(t *testing.T) {
	l := open(t, "none,backoff")
	if note := press(t, l, "j"); !strings.Contains(note, "no run has the cap: k puts it on the right run") {
		t.Errorf("j without a cap says %q", note)
	}
	press(t, l, "k")
	if note := press(t, l, "J"); !strings.Contains(note, "a cap of 200") {
		t.Errorf("J with the cap says %q", note)
	}
}
