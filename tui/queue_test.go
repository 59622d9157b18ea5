package tui

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/loadlab/loadlab/tui/supermarketlab"
)

// The supermarket lab 100 time units in: jsq-2 against random on the same
// arrivals, the bars with their mean-field marks, the means over time.
func TestGoldenSupermarket(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "supermarket-90", size.w, size.h)
			l := m.lab.(*supermarketlab.Lab)
			for range 200 {
				l.Step()
			}
			m.redraw()
			checkFits(t, m, size.w, size.h)
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}

// The supermarket stepper after three jobs: each policy's ten queues on
// one numbered scale, the servers the latest job looked at (1, 2) and the
// one it joined (▲), what finished since the job before.
func TestGoldenSupermarketSteps(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "supermarket-steps", size.w, size.h)
			press(m, " ", "n", "n", "n")
			checkFits(t, m, size.w, size.h)
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}

// The hashing lab after a node leaves: HRW spreads its keys over every
// other node, the ring hands them to one.
func TestGoldenHashing(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "hrw-vs-ring", size.w, size.h)
			press(m, "x")
			checkFits(t, m, size.w, size.h)
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}

// A user opens supermarket-90 from the picker and switches the left policy
// from jsq-2 to jsq with p: the run restarts at t = 0 with the new policy
// named.
func TestFlowSwitchPolicy(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	pick(tm, "supermarket-90")
	tm.Send(keyMsg("p"))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("jsq now")) && bytes.Contains(b, []byte("jsq against random"))
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if v := plain(final); !strings.Contains(v, "jsq now") || !strings.Contains(v, "random now") {
		t.Errorf("after p the panels should be jsq and random:\n%s", v)
	}
}
