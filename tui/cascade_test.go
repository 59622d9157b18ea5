package tui

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/tui/cascadelab"
)

// With M on, stepping stops at the slowdown, whose caption says what to
// watch; c shows one set, and a preset key replays the run with it to the
// same time.
func TestCascadeMomentsAndPresets(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-lecture", 100, 30)
	press(m, "M")
	for range 160 {
		if press(m, "n"); m.caption != "" && strings.Contains(m.caption, "db slows") {
			break
		}
	}
	if !strings.Contains(plain(m), "moment: S1 and S6 15.00 s: the db slows 20x") {
		t.Fatalf("no stop at the slowdown:\n%s", plain(m))
	}
	drive(m, "c") // one set
	drive(m, "Z") // keys from the start
	drive(m, "6") // S6
	if v := plain(m); !strings.Contains(v, "S6: 0.25 s timeout · retry x3 with backoff · on: breaker bulkhead shed budget") || !strings.Contains(v, "t 15.00") {
		t.Errorf("6 should replay S6 to 15 s:\n%s", v)
	}
	press(m, "B")
	if v := plain(m); !strings.Contains(v, "custom: 0.25 s timeout · retry x3 with backoff · on: bulkhead shed budget · off: breaker") {
		t.Errorf("B should make a custom set without the breaker:\n%s", v)
	}
}

// By default a protection key switches the run from the moment on screen:
// the clock does not move back, the title says what was switched when, a
// switch mark stands on the charts, and stepping back over the switch
// replays it (the screen after back and forward equals the one before).
func TestCascadeSwitchesFromNow(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-lecture", 120, 40)
	drive(m, "c") // one set: S1
	for range 180 {
		press(m, "n")
	}
	press(m, "o")
	press(m, "B")
	v := plain(m)
	at := regexp.MustCompile(`S1, then timeout tuned from (\d+\.\d\d) s, then breaker on from (\d+\.\d\d) s`).FindStringSubmatch(v)
	if at == nil || at[1] != at[2] || !strings.Contains(v, "t "+at[1]) {
		t.Fatalf("o and B should switch from the time on the clock without a restart:\n%s", v)
	}
	for range 60 {
		press(m, "n")
	}
	before := plain(m)
	if !strings.Contains(before, "┊") || !strings.Contains(before, "┊ a switch") {
		t.Errorf("the charts should mark the switch with ┊:\n%s", before)
	}
	target := m.seek.steps // back over the switch (a tenth, twice: one replay each), and on again
	drive(m, "<")
	drive(m, "<")
	for m.seek.steps < target {
		press(m, "n")
	}
	if after := plain(m); after != before {
		t.Errorf("back over the switch and forward again should replay it:\nbefore\n%s\nafter\n%s", before, after)
	}
	press(m, "Z")
	press(m, "6")
	if v := plain(m); !strings.Contains(v, "S6 (every protection)") || strings.Contains(v, "then breaker") {
		t.Errorf("Z then 6 should rerun S6 from the start, the switches dropped:\n%s", v)
	}
}

// cascade-lecture compares S1 and S6 side by side in lockstep, on one x
// scale; shift+4 puts S4 on the right; c shows one set, and c again
// compares.
func TestCascadeCompare(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-lecture", 160, 48)
	l := m.lab.(*cascadelab.Lab)
	for range 250 {
		l.Step()
	}
	m.redraw()
	v := plain(m)
	if !strings.Contains(v, "S1 vs S6") || !strings.Contains(v, "S6: 0.25 s timeout · retry x3 with backoff") {
		t.Fatalf("c should compare S1 with S6:\n%s", v)
	}
	checkFits(t, m, 160, 48)
	press(m, "$")
	if v := plain(m); !strings.Contains(v, "S1 vs S4") || !strings.Contains(v, "t  0.00") {
		t.Errorf("shift+4 should restart S1 vs S4:\n%s", v)
	}
	press(m, "c")
	if strings.Contains(plain(m), " vs ") {
		t.Error("c should show one set")
	}
	press(m, "c")
	if !strings.Contains(plain(m), "S1 vs S6") {
		t.Error("c again should compare S1 with S6")
	}
	press(m, "a") // paired arrivals: both sides meet the same requests
	for range 200 {
		l.Step()
	}
	m.redraw()
	v = plain(m)
	arrived := regexp.MustCompile(`of (\d+) arrived`).FindAllStringSubmatch(v, -1)
	if !strings.Contains(v, "arrivals paired") || len(arrived) != 2 || arrived[0][1] != arrived[1][1] {
		t.Errorf("a should pair the arrivals of S1 and S6 (arrived %v):\n%s", arrived, v)
	}
}

// f follows the next request to arrive; its journey replaces the moments
// under the charts as it unfolds.
func TestCascadeFollow(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-presets", 120, 40)
	press(m, " ", "4") // pause, S4
	l := m.lab.(*cascadelab.Lab)
	for range 160 {
		l.Step()
	}
	press(m, "f")
	for range 4 {
		press(m, "n")
	}
	v := plain(m)
	if !strings.Contains(v, "request followed (f follows the next):") || !strings.Contains(v, "queues at db: all 10 slots taken") {
		t.Errorf("no journey after f:\n%s", v)
	}
	checkFits(t, m, 120, 40)
}

// At 80x24 the followed request's journey fits under the pools, its
// arrival first and its end last, panels row for row in line.
func TestCascadeFollowFits80x24(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-lecture", 80, 24)
	l := m.lab.(*cascadelab.Lab)
	for range 180 {
		l.Step()
	}
	press(m, "f")
	for range 40 {
		press(m, "n")
	}
	v := plain(m)
	for _, want := range []string{"request followed", "arrives", "succeeds"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in the journey at 80x24:\n%s", want, v)
		}
	}
	checkFits(t, m, 80, 24)
}

// z zooms to the seconds around now, where the pools fill in columns of
// their own; g chooses the success rate's grain in the whole view.
func TestCascadeZoomAndGrain(t *testing.T) {
	t.Parallel()
	m := openAt(t, "cascade-lecture", 80, 24)
	l := m.lab.(*cascadelab.Lab)
	for range 155 {
		l.Step()
	}
	m.redraw()
	if v := showCard(t, m, "ok/2s"); !strings.Contains(v, "60s") {
		t.Fatalf("the whole minute with the lecture's 2 s samples should show first:\n%s", v)
	}
	press(m, "z")
	v := plain(m)
	if strings.Contains(v, "60s") || !strings.Contains(v, "14s") || !strings.Contains(v, "ok/100ms") {
		t.Errorf("z should show 6 s around 15.5 s, per 100 ms:\n%s", v)
	}
	press(m, "g")
	if !strings.Contains(plain(m), "z shows the whole run, where g chooses") {
		t.Errorf("g zoomed should say why it does nothing:\n%s", plain(m))
	}
	press(m, "z", "g")
	if v := plain(m); !strings.Contains(v, "60s") || !strings.Contains(v, "ok/100ms") {
		t.Errorf("g should switch to 100 ms over the whole run:\n%s", v)
	}
	press(m, "g")
	if !strings.Contains(plain(m), "ok/2s") {
		t.Error("g again should return to the 2 s samples")
	}
}

// BenchmarkCascadeFrame160x48 is one frame of cascade-lecture (S1 against
// S6) 30 s in at 160x48: a step of both runs, the redraw and View.
func BenchmarkCascadeFrame160x48(b *testing.B) {
	m, _ := New(Options{Scenario: "cascade-lecture", Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	l := m.lab.(*cascadelab.Lab)
	for range 300 {
		l.Step()
	}
	for i := 0; i < b.N; i++ {
		if l.Done() {
			l.Restart()
		}
		l.Step()
		m.redraw()
		_ = m.View()
	}
}
