package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The bars' axis keeps its numbers whatever takes a row from the chart:
// the note a step back writes, a jump, a resize.
func TestAxisSurvivesStepping(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 40)
	press(m, "n", "n", "n", "n", "n")
	for _, k := range []string{"b", "home", "end", "resize"} {
		if k == "resize" {
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 39})
		} else {
			drive(m, k)
		}
		for _, want := range []string{"3┤", "2┤", "1┤"} {
			if v := plain(m); !strings.Contains(v, want) {
				t.Errorf("after %s the axis lost %s:\n%s", k, want, v)
			}
		}
	}
}

// Every row of lanes numbers its count axis alike, whatever the height
// leaves each row: d-choices' top row read 3,200 where left:4 below it
// read 4,500.
func TestOneScaleForEveryRowOfLanes(t *testing.T) {
	t.Parallel()
	tick := regexp.MustCompile(`(\d[\d,]*)┤`)
	for h := 30; h <= 48; h++ {
		m := openAt(t, "d-choices", 120, h)
		for range 3 * 4096 {
			binsSnap(m).Step()
		}
		m.redraw()
		var tops []string // the top number of each row of lanes
		for _, line := range strings.Split(plain(m), "\n") {
			if strings.Contains(line, "max load over") {
				break // the trials table's charts have axes of their own
			}
			if strings.HasPrefix(line, "┏") || strings.HasPrefix(line, "╭") {
				tops = append(tops, "")
			}
			if mt := tick.FindStringSubmatch(line); mt != nil && len(tops) > 0 && tops[len(tops)-1] == "" {
				tops[len(tops)-1] = mt[1]
			}
		}
		for _, top := range tops {
			if top != tops[0] && top != "" {
				t.Errorf("at 120x%d the rows of lanes top out at %v:\n%s", h, tops, plain(m))
				break
			}
		}
	}
}

// The result is on the first screen: p2c-paired-4096 at 80x24, played to
// its end with nothing but space and the speed keys, says over its lanes
// that two choices' max was lower than one choice's in 200 of 200 trials
// and anti's higher in 194, as §P2C publishes.
func TestTrialCountsOnTheFirstScreen(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 80, 24)
	for m.play.stepsPerSecond() != 0 {
		press(m, "+")
	}
	press(m, " ")
	for i := 0; !m.lab.Done() && i < 10000; i++ {
		m.Update(tickMsg{gen: m.play.gen, at: time.Now()})
	}
	v := plain(m)
	for _, want := range []string{"✓ final", "two mean max 3.03 · lower than one in 200 of 200", "anti mean max 8.27 · higher than one in 194 of 200"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q on the screen at the end:\n%s", want, v)
		}
	}
}

// The status gives the run's seed and the trial as a class looks them up,
// then the trial's own seed where there is room.
func TestStatusGivesTheRunsSeed(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 120, 40)
	for range 4096 + 10 {
		binsSnap(m).Step()
	}
	if s := strings.Join(m.lab.Status(), " │ "); !strings.HasPrefix(s, "seed 20260927, trial 2 of 200 │ ball 10/4,096 │ trial seed 20260928") {
		t.Errorf("status %q", s)
	}
}

// At 120x40 the trials table takes the slots the last row of lanes leaves
// empty, so that the lanes keep the rows it took under them, and with
// three rules it stands under the lanes; at 80x24 tab shows it.
func TestTrialsTableUsesTheEmptySlots(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 120, 40)
	for range 4096 {
		binsSnap(m).Step()
	}
	m.redraw()
	beside := false
	for _, line := range strings.Split(plain(m), "\n") {
		beside = beside || (strings.Contains(line, "│ anti ") && strings.Contains(line, "max load over 1 of 200 trials"))
	}
	if !beside {
		t.Errorf("the table should stand beside anti's lane:\n%s", plain(m))
	}
	for _, sc := range []string{"correlated-candidates", "anti-choice", "stale-herd"} {
		if v := plain(openAt(t, sc, 120, 40)); !strings.Contains(v, "max load over 0 of") {
			t.Errorf("%s at 120x40: no trials table:\n%s", sc, v)
		}
		m := openAt(t, sc, 80, 24)
		press(m, "tab", "tab", "tab") // past the three lanes
		if v := plain(m); !strings.Contains(v, "max load over 0 of") {
			t.Errorf("%s at 80x24: tab shows no trials table:\n%s", sc, v)
		}
	}
}

// A bare dchoice or left runs with the d the keys set, and says it: after
// d down to 1 the panels, the headline and the title read dchoice:1 and
// left:1, where they once still read dchoice and left.
func TestPanelsSayD(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 40)
	press(m, " ", "3", "7", "d")
	v := plain(m)
	lines := strings.Split(v, "\n")
	for _, want := range []string{"dchoice:1", "left:1"} {
		if !strings.Contains(lines[0], want) || !strings.Contains(lines[1], want+" max") || !strings.Contains(v, "┃ "+want) && !strings.Contains(v, "│ "+want) {
			t.Errorf("no %s in the title, the headline and a panel:\n%s", want, v)
		}
	}
}

// Lanes too short for a chart whose axis reads are not drawn as frames
// or one-row charts: at 80x24 with all seven rules the lab shows the
// ones that have room, says so, and tab moves on; under the lecture
// strip, where not one has room, it says that instead of five empty
// frames.
func TestFewerLanesRatherThanUnreadable(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 80, 24)
	press(m, "3", "4", "5", "6", "7")
	v := plain(m)
	if !strings.Contains(v, "rules 1-3 of 7") || strings.Contains(v, "anti  bins") {
		t.Errorf("seven rules at 80x24 under a two-line note should show three, and say so:\n%s", v)
	}
	press(m, "tab", "tab", "tab", "tab", "tab", "tab") // onto left:2, the seventh
	if v := plain(m); !strings.Contains(v, "rules 5-7 of 7") || !strings.Contains(v, "left:2  bins") {
		t.Errorf("tab onto the seventh lane should show it:\n%s", v)
	}
	checkFits(t, m, 80, 24)
	m = openAt(t, "p2c-paired-4096", 80, 24)
	for range 4096 { // a trial's figures in the strip
		binsSnap(m).Step()
	}
	press(m, "L")
	if v := plain(m); strings.Contains(v, "Too short to draw") {
		t.Errorf("the lecture strip at 80x24 shows three figures large and leaves the lanes their room:\n%s", v)
	}
}

// In "distributions together" the names of the lines that end on one row
// sit on it together, not stacked up the axis: p2c's five beside 0┤ at
// 160x48 ("anti" once sat beside 1000┤), heavy-load-blog's one and two on
// one row at 80x24.
func TestOverlayNamesOnTheirRow(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 160, 48)
	for range 1500 {
		binsSnap(m).Step()
	}
	press(m, "v")
	zero := ""
	for _, l := range strings.Split(plain(m), "\n") {
		if strings.Contains(l, "   0┤") {
			zero = l
		}
	}
	for _, name := range []string{"one", "two", "correlated", "stale", "anti"} {
		if !strings.Contains(zero, name) {
			t.Errorf("p2c: %s is not on the 0┤ row %q:\n%s", name, zero, plain(m))
		}
	}
	m = openAt(t, "heavy-load-blog", 80, 24)
	drive(m, "end")
	press(m, "v")
	together := false
	for _, l := range strings.Split(plain(m), "\n") {
		together = together || strings.Contains(l, "0┤") && (strings.Contains(l, "one two") || strings.Contains(l, "one, two"))
	}
	if v := plain(m); !together {
		t.Errorf("heavy-load-blog: one and two should end on one row together:\n%s", v)
	}
}
