package tui

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/durabilitylab"
)

// endOfYears runs a durability scenario's years to their end.
func endOfYears(t *testing.T, scenario string, w, h int) *Model {
	t.Helper()
	m := openAt(t, scenario, w, h)
	l := m.lab.(*durabilitylab.Lab)
	for l.Step() {
	}
	m.redraw()
	return m
}

// On the lost-for-good chart random's few dozen losses are drawn on a row
// of their own, above the strategies that lost nothing, and named there,
// at every size.
func TestDurabilitySmallCountsStayVisible(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}, {160, 48}} {
		m := endOfYears(t, "durability-years", size.w, size.h)
		view := plain(m)
		if strings.Contains(view, "1 of 2 · objects short of a majority") { // a small screen: one chart at a time
			press(m, "tab")
			view = plain(m)
		}
		lost := view[strings.Index(view, "objects lost for good"):]
		rows := strings.Split(lost, "\n")
		random, none := -1, -1
		for i, r := range rows {
			switch {
			case strings.HasSuffix(r, " random"):
				random = i
			case strings.HasSuffix(r, " greedy rack-aware az-aware"):
				none = i
			}
		}
		if random < 0 || none < 0 || random >= none || !strings.ContainsFunc(rows[random], func(r rune) bool { return r >= 0x2801 && r <= 0x28ff }) {
			t.Errorf("%dx%d: random named on row %d, the strategies that lost nothing on row %d:\n%s", size.w, size.h, random, none, lost)
		}
	}
}

// A scenario whose question is a spread gives the lab's own N its count:
// durability-over-seeds runs 40 seeds, as its lesson says.
func TestDurabilityOverItsOwnSeeds(t *testing.T) {
	t.Parallel()
	m := openAt(t, "durability-over-seeds", 80, 24)
	_, cmd := m.Update(keyMsg("N"))
	run(m, cmd)
	m.redraw()
	if v := plain(m); !strings.Contains(v, "over 40 seeds (425-464)") || !strings.Contains(v, "12 (30 %)") {
		t.Errorf("N on durability-over-seeds:\n%s", v)
	}
}
