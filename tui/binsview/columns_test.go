package binsview

import (
	"github.com/loadlab/loadlab/tui/widget"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/themes"
)

// The mean line runs through the bars that pass it (━ in full cells) and
// is never drawn over a bar's top (its partial cell stays).
func TestMeanLineThroughBars(t *testing.T) {
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	c := Columns{Values: []float64{1, 3.5, 4, 2.5}, ColWidth: 1, Rows: 4, Top: 4, Mean: 2}
	rows := c.Render(st)
	meanRow := rows[4-1-2] // the row of value 2
	if !strings.Contains(meanRow, "━") || !strings.Contains(meanRow, "─") {
		t.Errorf("mean row %q should run through the bars (━) and the gaps (─)", meanRow)
	}
	if !strings.Contains(meanRow, "▄") {
		t.Errorf("mean row %q hid the top of the bar that ends on it", meanRow)
	}
	if top := rows[0]; !strings.ContainsAny(top, "▁▂▃▄▅▆▇█") {
		t.Errorf("top row %q lost the bars' tops", top)
	}
}

// The axis numbers every whole load at any height, not only where the
// rows divide the top evenly: 16 balls in 16 bins keep 1, 2 and 3 when a
// note takes a row from the chart (19 rows for a top of 4), each on the
// row its bar tops out in.
func TestAxisNumbersAtEveryHeight(t *testing.T) {
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	for rows := 8; rows <= 40; rows++ {
		c := Columns{Values: []float64{1, 2, 3}, ColWidth: 1, Rows: rows, Top: 4, Axis: true}
		out := c.Render(st)
		if len(out) != rows {
			t.Fatalf("%d rows drawn in %d", len(out), rows)
		}
		axis := strings.Join(out, "\n")
		for v, want := range []string{"1┤", "2┤", "3┤", "4┤"} {
			if !strings.Contains(axis, want) {
				t.Errorf("%d rows: no %s on the axis:\n%s", rows, want, axis)
			}
			for r, line := range out { // the bar of that value tops out on its row
				if cells := []rune(line); v < 3 && strings.HasPrefix(line, want) && (cells[2+v] == ' ' || (r > 0 && []rune(out[r-1])[2+v] != ' ')) {
					t.Errorf("%d rows: the bar of %d does not top out on its number:\n%s", rows, v+1, axis)
				}
			}
		}
	}
}
