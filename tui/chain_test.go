package tui

import (
	"strings"
	"testing"
)

// AWS 2025's night is one story in four parts: } opens the next part, {
// the part before, each keeping the run it leaves; every part says at
// its opening where the one before left off; a scenario outside a story,
// and a story's ends, say so.
func TestAWS2025NightIsOneChain(t *testing.T) {
	t.Parallel()
	m := openAsShipped(t, "dns-race", 120, 40)
	if !strings.Contains(plain(m), "part 1 of 4 of AWS 2025's night · } the next part") {
		t.Errorf("dns-race should open as the night's first part:\n%s", plain(m))
	}
	press(m, "{")
	if !strings.Contains(m.note, "this is the first part of AWS 2025's night") {
		t.Errorf("{ on the first part: %q", m.note)
	}
	for _, want := range []struct{ name, opens string }{
		{"lease-storm", "the DNS race left DynamoDB's record empty at 11:48 PM"},
		{"network-manager", "the lease storm ended at 5:28 AM"},
		{"health-flip-flop", "the Network Manager's backlog left new instances without their network"},
	} {
		m.Update(keyMsg("}"))
		if m.scenario.Name != want.name {
			t.Fatalf("} opened %s, want %s", m.scenario.Name, want.name)
		}
		if v := plain(m); !strings.Contains(strings.Join(strings.Fields(v), " "), want.opens) {
			t.Errorf("%s should open saying where the part before left off (%q):\n%s", want.name, want.opens, v)
		}
	}
	press(m, "}")
	if m.scenario.Name != "health-flip-flop" || !strings.Contains(m.note, "the last part of AWS 2025's night (4 of 4)") {
		t.Errorf("} on the last part: %s, %q", m.scenario.Name, m.note)
	}
	press(m, "{")
	if m.scenario.Name != "network-manager" {
		t.Errorf("{ opened %s, want network-manager", m.scenario.Name)
	}
	m = openAt(t, "cascade-lecture", 80, 24)
	press(m, "}")
	if m.scenario.Name != "cascade-lecture" || !strings.Contains(m.note, "this scenario stands alone") {
		t.Errorf("} outside a story: %s, %q", m.scenario.Name, m.note)
	}
}

// A part's end card says where the night goes on, and how.
func TestPartsEndSayingWhatComesNext(t *testing.T) {
	t.Parallel()
	m := openAt(t, "network-manager", 80, 24)
	for m.lab.Step() {
	}
	m.redraw()
	if v := plain(m); !strings.Contains(v, "} AWS 2025's night goes on: health-flip-flop") {
		t.Errorf("network-manager's end card should say what comes next:\n%s", v)
	}
}
