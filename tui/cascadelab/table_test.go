package cascadelab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/tui/lab/labtest"
)

// v shows the lecture's table of the six sets, worked out off the UI
// loop; once its work is in, the table on screen holds every cell the
// headless report prints, at 80 columns as at 160.
func TestLecturesTableOnScreen(t *testing.T) {
	l := labtest.Open(t, labtest.OnDesktop(New), "cascade-lecture").(*Lab)
	labtest.Working(t, l, "v", 80, 24, "running S1-S6")()
	rep, ok, err := l.sets.For(specKey(l.tableSpec()))
	if !ok || err != nil {
		t.Fatalf("the table is not in: %v", err)
	}
	want := rep.Comparison()
	if len(want.Rows) != 6 {
		t.Fatalf("the table has %d rows, want S1-S6", len(want.Rows))
	}
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		body := labtest.Body(t, l, size[0], size[1])
		for _, row := range want.Rows {
			for _, cell := range row {
				if !strings.Contains(body, cell) {
					t.Errorf("%dx%d: the table lacks %s's %q:\n%s", size[0], size[1], row[0], cell, body)
				}
			}
		}
	}
	// The same seed and sets as the report of loadlab run cascade.
	spec := cascade.DefaultSpec()
	headless, err := spec.RunAll(t.Context(), 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, w := rep.Comparison(), headless.Comparison(); strings.Join(flat(got.Rows), "|") != strings.Join(flat(w.Rows), "|") {
		t.Errorf("the screen's table differs from the headless one:\n%v\n%v", got.Rows, w.Rows)
	}
	labtest.Press(t, l, "v")
	if body := labtest.Body(t, l, 80, 24); !strings.Contains(body, "S1 timeline") || !strings.Contains(body, "11753") {
		t.Errorf("the second v does not show S1's timeline:\n%s", body)
	}
}

func flat(rows [][]string) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r...)
	}
	return out
}
