package tui

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"
)

// A user opens placement-lecture from the picker, places an az-aware object
// and fails AZs under it: one replica an AZ, so an AZ failure takes one and
// the majority holds; a greedy object's replicas share AZ 0.
func TestFlowInjectAZFailure(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	pick(tm, "placement-lecture")
	tm.Send(keyMsg("4"))
	tm.Send(keyMsg("f"))
	tm.Send(keyMsg("f"))
	tm.Send(keyMsg("f")) // node, rack, then an AZ
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("fails.")) && bytes.Contains(b, []byte("the majority (2) holds"))
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	v := plain(final)
	// one replica lost and two standing on the boxes (the legend has one of each)
	if strings.Count(v, "✖") != 2 || strings.Count(v, "●") != 3 || !regexp.MustCompile(`AZ \d \(nodes \d+-\d+\) fails\.`).MatchString(v) ||
		!strings.Contains(v, "az-aware placement") {
		t.Errorf("no AZ failure taking one of an az-aware object's replicas:\n%s", v)
	}
}

// Mid-run the bar being filled is a running estimate and says so, with
// how many of its objects are placed; at 80x24 e pages from its first
// press to the failures the footer names, and the end is marked final.
func TestPlacementRunningEstimatesAndPages(t *testing.T) {
	t.Parallel()
	m := openAt(t, "placement-lecture", 80, 24)
	for range 200 {
		m.lab.Step()
	}
	m.setNote("", false) // the opening note gone, as after any key
	m.redraw()
	v := plain(m)
	if !strings.Contains(v, "~ random, node: after 200 of 108,000 objects") || !strings.Contains(v, "random     ~  0.0%") {
		t.Errorf("no running estimate said so:\n%s", v)
	}
	if !strings.Contains(v, "e: az, correlated") {
		t.Fatalf("the footer should name the failures e shows:\n%s", v)
	}
	press(m, "e")
	if v := plain(m); !strings.Contains(v, "az failure (9 nodes)") || !strings.Contains(v, "e: node, rack") {
		t.Errorf("e's first press should show the AZ and correlated bars:\n%s", v)
	}
	drive(m, "end")
	if v := plain(m); !strings.Contains(v, "lost majority, final") || strings.Contains(v, "~") {
		t.Errorf("the end should be marked final, no estimate left:\n%s", v)
	}
	checkFits(t, m, 80, 24)
}

// The availability lab speaks hours on its MTTR axis, fits its fleet
// table at 160x48 with a five-nines target, and f/F watch the table's
// fleets, the one watched marked and named in the status.
func TestAvailabilityFleetsAndHours(t *testing.T) {
	t.Parallel()
	m := openAt(t, "availability-lecture", 160, 48)
	press(m, "G")
	v := plain(m)
	for _, want := range []string{"repair for 99.999 %", "100,000   52.56 min      0.03 s", "1 h", "10 h"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q at 160x48 with 99.999 %%:\n%s", want, v)
		}
	}
	m = openAt(t, "scale-needs-fast-repair", 80, 24) // a card at a time: the table, then the strip
	if v := showCard(t, m, "▶ 12,000"); !strings.Contains(showCard(t, m, "a fleet of 12,000"), "a fleet of 12,000") {
		t.Errorf("the strip should watch the fleet of 12,000:\n%s", v)
	}
	press(m, "F")
	if v := showCard(t, m, "▶ 100,000"); !strings.Contains(showCard(t, m, "MTTF 52.56 min"), "MTTF 52.56 min") {
		t.Errorf("F should watch the fleet of 100,000:\n%s", v)
	}
	press(m, "F")
	if !strings.Contains(m.note, "from 1 machine to 100,000 machines") {
		t.Errorf("F past the largest fleet should say the range, said %q", m.note)
	}
	press(m, "f", "f", "f", "f")
	if v := showCard(t, m, "▶ 1 "); !strings.Contains(v, "▶ 1 ") {
		t.Errorf("f should come down to one machine:\n%s", v)
	}
}

// The headline's figures are the shares that lost a majority, and it says
// so before them: the strategy and the failure alone name no measure.
func TestPlacementHeadlineSaysMajorityLost(t *testing.T) {
	t.Parallel()
	for _, sc := range []string{"placement-lecture", "sites-and-providers"} {
		m := openAt(t, sc, 80, 24)
		if head := strings.Split(plain(m), "\n")[1]; !strings.HasPrefix(head, "so far objects that lost a majority, by what failed: ") {
			t.Errorf("%s: the headline reads %q", sc, head)
		}
	}
}
