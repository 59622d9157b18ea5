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

// showCard presses tab until the screen holds want, where a small screen
// shows one panel or chart at a time.
func showCard(t *testing.T, m *Model, want string) string {
	t.Helper()
	for range 8 {
		if v := plain(m); strings.Contains(v, want) {
			return v
		}
		press(m, "tab")
	}
	t.Fatalf("no card with %q:\n%s", want, plain(m))
	return ""
}
