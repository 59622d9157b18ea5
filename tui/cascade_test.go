package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/loadlab/loadlab/tui/cascadelab"
)

// The cascade lab 20 simulated seconds into S4: the pools over time, the
// breaker band aligned with the chart, success and backlog, the counters
// and the latest moments.
func TestGoldenCascade(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "breaker-explained", size.w, size.h)
			l := m.lab.(*cascadelab.Lab)
			for range 200 {
				l.Step()
			}
			m.redraw()
			checkFits(t, m, size.w, size.h)
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}

// With M on, stepping stops at the slowdown, whose caption says what to
// watch; a preset key restarts at t = 0 with that set.
func TestCascadeMomentsAndPresets(t *testing.T) {
	m := openAt(t, "cascade-lecture", 100, 30)
	press(m, "M")
	for range 160 {
		if press(m, "n"); m.caption != "" && strings.Contains(m.caption, "slows down") {
			break
		}
	}
	if !strings.Contains(plain(m), "moment: S1 15.00 s: the database slows down 20x") {
		t.Fatalf("no stop at the slowdown:\n%s", plain(m))
	}
	press(m, "6")
	if v := plain(m); !strings.Contains(v, "S6: timeout tuned · retry backoff · breaker on · bulkhead on · shed on · budget on") || !strings.Contains(v, "t  0.00") {
		t.Errorf("6 should restart on S6:\n%s", v)
	}
	press(m, "b")
	if v := plain(m); !strings.Contains(v, "custom: timeout tuned · retry backoff · breaker off") {
		t.Errorf("b should make a custom set without the breaker:\n%s", v)
	}
}

// cascade-lecture compares S1 and S6 side by side in lockstep, on one x
// scale; shift+4 puts S4 on the right; c shows one set, and c again
// compares.
func TestCascadeCompare(t *testing.T) {
	m := openAt(t, "cascade-lecture", 160, 48)
	l := m.lab.(*cascadelab.Lab)
	for range 250 {
		l.Step()
	}
	m.redraw()
	v := plain(m)
	if !strings.Contains(v, "S1 vs S6") || !strings.Contains(v, "S6: timeout tuned · retry backoff") {
		t.Fatalf("c should compare S1 with S6:\n%s", v)
	}
	checkFits(t, m, 160, 48)
	golden.RequireEqual(t, []byte(v))
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
}

// f follows the next request to arrive; its journey replaces the moments
// under the charts as it unfolds.
func TestCascadeFollow(t *testing.T) {
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
