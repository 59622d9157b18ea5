package tui

import (
	"strings"
	"testing"
)

// N plays the lab's config to its end on 100 seeds from its own, off the
// UI loop, and shows each headline figure's spread with the seed on
// screen marked; 1 runs 10 seeds instead, esc goes back; a lab that
// draws nothing says so.
func TestOverSeedsInTheShell(t *testing.T) {
	t.Parallel()
	m := openAt(t, "heavy-load-blog", 80, 24)
	_, cmd := m.Update(keyMsg("N"))
	if !m.seeds.open || m.seeds.n != 100 {
		t.Fatalf("N: open %v, %d seeds", m.seeds.open, m.seeds.n)
	}
	run(m, cmd)
	v := plain(m)
	for _, want := range []string{"heavy-load-blog over 100 seeds (42..141)", "one: max  mean 125.9", "▲ 126 on this seed: above 50 of 100, level with 11", "▲"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q:\n%s", want, v)
		}
	}
	checkFits(t, m, 80, 24)
	_, cmd = m.Update(keyMsg("1"))
	run(m, cmd)
	if v := plain(m); !strings.Contains(v, "over 10 seeds (42..51)") {
		t.Errorf("1 should run 10 seeds:\n%s", v)
	}
	press(m, "esc")
	if m.seeds.open || strings.Contains(plain(m), "over 10 seeds") {
		t.Errorf("esc should go back to the lab")
	}
	m = openAt(t, "network-manager", 80, 24)
	press(m, "N")
	if m.seeds.open || !strings.Contains(m.note, "draws no random numbers") {
		t.Errorf("network-manager N: open %v, %q", m.seeds.open, m.note)
	}
}
