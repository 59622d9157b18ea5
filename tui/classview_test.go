package tui

import (
	"strings"
	"testing"
)

// playToCaption steps m with the shell's own step (moments on) until a
// moment's caption holds want, at most limit steps.
func playToCaption(t *testing.T, m *Model, want string, limit int) {
	t.Helper()
	for range limit {
		if !m.stepOnce() && m.caption == "" {
			break
		}
		if strings.Contains(m.caption, want) {
			m.redraw()
			return
		}
	}
	t.Fatalf("no moment %q in %d steps", want, limit)
}

// Stopped at a moment, the status clock reads the moment's time, not the
// end of the step that reached it; + and - keep the sentence on screen.
func TestMomentClockReadsTheMoment(t *testing.T) {
	t.Parallel()
	m := openAsShipped(t, "lease-storm", 80, 24)
	playToCaption(t, m, "4:14 AM", 2000)
	status := strings.Split(plain(m), "\n")[22]
	if !strings.Contains(status, "4:14 AM") {
		t.Errorf("stopped at the 4:14 AM moment the status reads %q", status)
	}
	press(m, "+")
	if !strings.Contains(plain(m), "4:14 AM: ") || m.caption == "" {
		t.Errorf("+ took the moment's sentence away:\n%s", plain(m))
	}
}

// Every scenario opens paused at its first step, stopping at moments
// where it has any, and says how to play.
func TestEveryScenarioOpensPaused(t *testing.T) {
	t.Parallel()
	for _, sc := range catalogue(t) {
		m := openAsShipped(t, sc.Name, 80, 24)
		if m.Init(); m.play.playing {
			t.Errorf("%s opens playing", sc.Name)
		}
		if m.seek.steps != 0 {
			t.Errorf("%s opens at step %d", sc.Name, m.seek.steps)
		}
		if moves, plays := m.playsRun(); plays && !strings.Contains(plain(m), "space plays") {
			t.Errorf("%s does not say space plays:\n%s", sc.Name, plain(m))
		} else if !plays && !strings.Contains(plain(m), moves) {
			t.Errorf("%s does not say what moves it (%s):\n%s", sc.Name, moves, plain(m))
		}
		if m.lab.Info().Stops != "" && !m.stopAtMoments {
			t.Errorf("%s has moments and opens with M off", sc.Name)
		}
	}
}
