package tui

import (
	"strings"
	"testing"
)

// The herd and its spreading are one picture: no jitter's chart above the
// chosen jitter's, on one log scale; j changes the lower one only.
func TestStormNoJitterOverAJitter(t *testing.T) {
	t.Parallel()
	m := openAt(t, "thundering-herd", 80, 24)
	drive(m, "end")
	v := plain(m)
	for _, want := range []string{"no jitter: at most 1000 in one ms", "full jitter: at most 26 in one ms", "log scale", "j: equal jitter"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q at 80x24:\n%s", want, v)
		}
	}
	if strings.Count(v, "1000┤") != 2 {
		t.Errorf("both charts should share the scale up to 1000:\n%s", v)
	}
	press(m, "j")
	if v := plain(m); !strings.Contains(v, "no jitter: at most 1000") || !strings.Contains(v, "equal jitter: at most 35") {
		t.Errorf("j should put equal jitter under no jitter:\n%s", v)
	}
	checkFits(t, m, 80, 24)
}
