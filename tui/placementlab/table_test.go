package placementlab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// From 120 columns the lecture's whole table is on screen, its cells the
// headless report's: under the bars where the rows allow (160x48), else
// behind v; at 80 columns v says the size it needs. Each table says how
// many objects a row places (4,000 a place here, 1,000 in
// correlated-failure: why their random AZ rows differ).
func TestLecturesWholeTable(t *testing.T) {
	l := labtest.Open(t, New, "placement-lecture")
	for !l.Done() {
		labtest.Play(l, 100000)
	}
	want := []string{"4,000 objects at each place", "732/2925 = 25.03%", "84/2925 = 2.87%", "1/3 = 33.33%"}
	has := func(body string, what []string) bool {
		for _, w := range what {
			if !strings.Contains(body, w) {
				return false
			}
		}
		return true
	}
	if body := labtest.Body(t, l, 160, 44); !has(body, want[1:]) {
		t.Errorf("at 160x48 the table should stand under the bars:\n%s", body)
	}
	labtest.Press(t, l, "v")
	if body := labtest.Body(t, l, 120, 36); !has(body, want) {
		t.Errorf("v at 120x40 should show the whole table:\n%s", body)
	}
	if body := labtest.Body(t, l, 80, 18); !strings.Contains(body, "the lecture's table needs") {
		t.Errorf("v at 80x24 should say the size the table needs:\n%s", body)
	}
	labtest.Press(t, l, "v")
	if body := labtest.Body(t, l, 80, 18); !strings.Contains(body, "AZ 0") {
		t.Errorf("v again should show the topology:\n%s", body)
	}
}
