package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab"
)

// L shows the headline's key figures in large digits above the charts,
// each run's first where runs are compared, and hides them again (a lab
// without headline figures says so: a step of the catalogue's pass).
func TestLectureStrip(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-lecture", 160, 48)
	before := plain(m)
	if !strings.Contains(before, "so far S1 success") {
		t.Fatalf("no headline line:\n%s", before)
	}
	for range 30 { // three seconds: success has its first sample
		m.lab.Step()
	}
	press(m, "L")
	v := plain(m)
	if !strings.Contains(v, "S1 success") || !strings.Contains(v, "S6 success") || !strings.Contains(v, "▀") || !strings.Contains(v, "so far S1 hi-prio") {
		t.Errorf("L should draw each run's first figure large (S1's and S6's success) and keep the rest on the line above:\n%s", v)
	}
	checkFits(t, m, 160, 48)
	press(m, "L")
	if v := plain(m); !strings.Contains(v, "so far S1 success") || strings.Contains(v, "▀▀") {
		t.Errorf("L again should return to the one line:\n%s", v)
	}
}

// ownsL reports whether the lab binds L to a key of its own.
func ownsL(m *Model) bool {
	full := m.lab.KeyMap().FullHelp()
	for _, col := range full {
		for _, b := range col {
			if slices.Contains(b.Keys(), "L") && b.Help() != lab.CommonKeys.Lecture.Help() {
				return true
			}
		}
	}
	return false
}

// M belongs to the scenario it was pressed in: a newly opened scenario
// plays through, and one resumed stops where it stopped.
func TestMomentsStayWithTheirScenario(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-lecture", 80, 24)
	press(m, "M")
	if !m.stopAtMoments {
		t.Fatal("M should turn stopping at moments on")
	}
	press(m, "esc")
	pick := func(name string) {
		for i, it := range m.picker.Items() {
			if si, ok := it.(scenarioItem); ok && si.sc.Name == name {
				m.picker.Select(i)
			}
		}
		press(m, "enter")
	}
	pick("thundering-herd")
	if !m.stopAtMoments {
		t.Error("a newly opened scenario should stop at its moments")
	}
	press(m, "M", "esc")
	pick("cascade-lecture")
	if !m.stopAtMoments {
		t.Error("the resumed scenario should stop at moments again")
	}
}

// The headline keeps its figures whatever the trial count: small-steps
// and heavy-load-blog name one trial's max (and gap, hot), which a run of
// 10, 50 or 200 trials gives as the mean max; p2c names the mean max,
// which one trial gives as its max. After T and end, line 2 once read only
// "✓ final".
func TestHeadlineWhateverTheTrials(t *testing.T) {
	t.Parallel()
	cases := []struct {
		scenario string
		presses  int // T presses: 1, 10, 50, 200 trials from 1
		want     []string
	}{
		{"small-steps", 1, []string{"one mean max", "two mean max", "lower than one in"}},
		{"small-steps", 2, []string{"one mean max", "lower than one in"}},
		{"small-steps", 3, []string{"one mean max", "of 200"}},
		{"heavy-load-blog", 1, []string{"one mean max", "two mean max"}},
		{"p2c-paired-4096", 1, []string{"one max", "two max"}},
	}
	for _, tc := range cases {
		m := openAt(t, tc.scenario, 160, 48)
		for range tc.presses {
			press(m, "T")
		}
		if tc.scenario == "heavy-load-blog" { // 10 trials of 10,000 balls: fewer balls
			press(m, "{", "{", "{")
		}
		drive(m, "end")
		head := strings.Split(plain(m), "\n")[1]
		for _, want := range tc.want {
			if !strings.Contains(head, want) {
				t.Errorf("%s after %d T and end: headline %q has no %q", tc.scenario, tc.presses, head, want)
			}
		}
	}
}

// A lab only keys move has no run to be over: its headline gives its
// setup's figures with neither "so far" nor "final" (hrw-vs-ring), while
// the exact lab's computed results are final.
func TestKeyDrivenHeadlineHasNoRunMark(t *testing.T) {
	t.Parallel()
	m := openAt(t, "hrw-vs-ring", 80, 24)
	if head := strings.Split(plain(m), "\n")[1]; !strings.HasPrefix(head, "HRW spread") {
		t.Errorf("hrw-vs-ring's headline reads %q", head)
	}
	m, _ = openEnum(t, "exact-dp-32", 80, 24)
	if head := strings.Split(plain(m), "\n")[1]; !strings.HasPrefix(head, "✓ final one E[max]") {
		t.Errorf("exact-dp-32's headline reads %q", head)
	}
}
