package tui

import (
	"strings"
	"testing"
)

// A chart's names sit on the rows their lines end on, at 80x24: at the
// lease storm's end everything the left manager serves is wasted, so
// "wasted" shares the rate's row, and the throttle's goodput is back at
// the rate; the flip-flop's writes and flips both end near zero, on the
// zero row.
func TestCasebookNamesOnTheirLinesRows(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		scenario, row string
		names         []string
	}{
		{"lease-storm", " rate ", []string{"rate wasted", "rate goodput"}},
		{"health-flip-flop", " 0┤", []string{"writes flips"}},
	} {
		m := openAt(t, c.scenario, 120, 40) // the runs side by side
		drive(m, "end")
		press(m, "esc") // the end card put away: the charts
		v := plain(m)
		var row string
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, c.row) {
				row = l // the first chart's row
				break
			}
		}
		for _, n := range c.names {
			if !strings.Contains(row, n) {
				t.Errorf("%s at its end: %q not on the row %q:\n%s", c.scenario, n, row, v)
			}
		}
		checkFits(t, m, 120, 40)
	}
}

// The plot keeps its columns as a run goes: the y axis stands where it
// stood at the start, however wide the figures grow.
func TestCasebookPlotsHoldTheirWidth(t *testing.T) {
	t.Parallel()
	playsWholeRuns(t)
	for _, sc := range []string{"lease-storm", "health-flip-flop"} {
		for _, size := range [][2]int{{80, 24}, {160, 48}} {
			m := openAt(t, sc, size[0], size[1])
			axis := func() int {
				for _, l := range strings.Split(plain(m), "\n") {
					if i := strings.Index(l, "└"); i >= 0 {
						return i
					}
				}
				return -1
			}
			start := axis()
			drive(m, "end")
			press(m, "esc") // the end card put away: the charts
			if end := axis(); start < 0 || end != start || start > 8 {
				t.Errorf("%s at %dx%d: the x axis starts at column %d when opened, %d at the end", sc, size[0], size[1], start, end)
			}
		}
	}
}

// Without protection DNS falls hours behind, and the panel says so by
// name: how long the oldest write has waited, and the writes waiting;
// dead instances wait in DNS too.
func TestFlipFlopSaysHowFarBehindDNSIs(t *testing.T) {
	t.Parallel()
	m := openAt(t, "health-flip-flop", 160, 48)
	drive(m, "end")
	press(m, "esc") // the end card put away: the charts
	v := plain(m)
	for _, want := range []string{"DNS lag 334 min", "writes waiting 17,181", "DNS lag none", "instances DNS serves"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q at the end:\n%s", want, v)
		}
	}
	if strings.Contains(v, "DNS behind") {
		t.Errorf("a time to drain is not a delay:\n%s", v)
	}
}

// A protection switched mid-run shows the new run at the same moment: the
// shell replays it to the step the old one had reached, and the note says
// what changed.
func TestAProtectionKeyKeepsTheMoment(t *testing.T) {
	t.Parallel()
	m := openAt(t, "aws-2011-remirror", 80, 24)
	m.play.stop()
	for range 40 {
		press(m, "n")
	}
	drive(m, "Z") // the protection from the start: replayed
	drive(m, "o")
	if m.seek.steps != 40 || m.seek.going {
		t.Errorf("o at step 40: the new run is at step %d (replaying %v)", m.seek.steps, m.seek.going)
	}
	if !strings.Contains(m.note, "to the same time") {
		t.Errorf("o says %q", m.note)
	}
}

// The moments of one step are told one at a time, each whole: at 12:47
// AM the bulkhead run's storm is a stop of its own after the change, and
// the run goes on only after both.
func TestAStepsMomentsAreToldInTurn(t *testing.T) {
	t.Parallel()
	m := openAt(t, "aws-2011-backoff", 80, 24)
	m.play.stop()
	press(m, "M")
	for i := 0; m.caption == "" && i < 40; i++ {
		press(m, "n")
	}
	at := m.seek.steps
	first := plain(m)
	press(m, "n")
	second := plain(m)
	if !strings.Contains(first, "▶ moment, 1 of 2 at this step: 12:47 AM: a network change") || !strings.Contains(second, "▶ moment, 2 of 2 at this step: bulkhead, 12:47 AM: the stuck volumes'") {
		t.Fatalf("the step's two moments:\n%s\nthen\n%s", first, second)
	}
	if m.seek.steps != at || !strings.Contains(second, "re-mirroring storm)") {
		t.Errorf("the second moment moved the run (%d to %d) or was cut:\n%s", at, m.seek.steps, second)
	}
	press(m, "n")
	if m.seek.steps != at+1 {
		t.Errorf("after both moments n steps on: step %d, want %d", m.seek.steps, at+1)
	}
}

// A protection switched while the run plays replays it to the same moment
// and plays on.
func TestAProtectionKeyWhilePlayingPlaysOn(t *testing.T) {
	t.Parallel()
	m := openAt(t, "aws-2011-remirror", 80, 24)
	m.play.stop()
	for range 40 {
		press(m, "n")
	}
	m.play.start()
	drive(m, "Z")
	drive(m, "o")
	if m.seek.steps != 40 || !m.play.playing {
		t.Errorf("o while playing at step 40: at step %d, playing %v", m.seek.steps, m.play.playing)
	}
}

// In the lease storm h throttles the right run from the time on the
// clock, as the operators did: the run is not rebuilt, the title and the
// note say when, the chart marks it and T stands at that minute; a step
// back over it replays it; Z makes h rerun from the start instead.
func TestLeaseStormThrottlesFromNow(t *testing.T) {
	t.Parallel()
	m := openAt(t, "lease-storm", 120, 40)
	m.play.stop()
	drive(m, "c") // one run: the throttle
	drive(m, "Z")
	drive(m, "h")   // from the start: no protection
	drive(m, "Z")   // and from now again
	for range 222 { // to 3:00 AM
		press(m, "n")
	}
	drive(m, "h")
	v := plain(m)
	if !strings.Contains(v, "no protection, then throttle on from 3:00 AM") || !strings.Contains(m.note, "throttle=on from 3:00 AM on the run") || m.seek.steps != 222 {
		t.Fatalf("h at 3:00 AM should throttle from then on, at step 222 (at %d); note %q:\n%s", m.seek.steps, m.note, v)
	}
	for range 30 {
		press(m, "n")
	}
	before := plain(m)
	if !strings.Contains(before, "┊") {
		t.Errorf("the charts should mark the switch:\n%s", before)
	}
	target := m.seek.steps // back over the switch (a tenth: one replay), and on again
	drive(m, "<")
	for m.seek.steps < target {
		press(m, "n")
	}
	if after := plain(m); after != before {
		t.Errorf("back over the switch and on again should replay it:\nbefore\n%s\nafter\n%s", before, after)
	}
	drive(m, "Z")
	drive(m, "h")
	if v := plain(m); strings.Contains(v, "then throttle on") || !strings.Contains(v, "throttle") {
		t.Errorf("Z then h should rerun the night with the throttle from the start, the switch dropped:\n%s", v)
	}
}
