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
