package binsview

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/widget"
)

// The mean line runs through the bars that pass it (━ in full cells) and
// is never drawn over a bar's top (its partial cell stays).
func TestMeanLineThroughBars(t *testing.T) {
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	c := Columns{Values: []float64{1, 3.5, 4, 1.5}, ColWidth: 1, Rows: 4, Top: 4, Mean: 2}
	rows := c.Render(st)
	meanRow := rows[4-2] // the row a bar of 2 tops out in
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

// A reference line sits on the row a bar of its value tops out in, which
// is the row the axis numbers that value on: heavy-load-blog's hot line at
// 120 (top 132 in 33 rows) was drawn a row above 120┤, so a bin holding
// 120 topped out under it, and small-steps' mean of 1 sat on the row
// numbered 2.
func TestLinesOnTheirValuesRow(t *testing.T) {
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	cases := []struct {
		name      string
		top, line float64
		rows      int
		label     string
	}{
		{"heavy-load-blog sorted, 160x48", 132, 120, 33, "120┤"},
		{"heavy-load-blog sorted, 80x24", 135, 120, 9, ""},
		{"small-steps compact", 4, 1, 4, ""}, // numbered 4 and 2 only
		{"small-steps tall", 4, 1, 19, "1┤"},
		{"between rows", 10, 2.5, 4, ""},
	}
	for _, tc := range cases {
		for _, hot := range []bool{false, true} {
			c := Columns{Values: []float64{tc.line, 0}, ColWidth: 1, Rows: tc.rows, Top: tc.top, Axis: true}
			mark := "─"
			if hot {
				c.HotAt, mark = tc.line, "┄"
			} else {
				c.Mean = tc.line
			}
			out := c.Render(st)
			lineAt, barTop := -1, -1
			for r, l := range out {
				if lineAt < 0 && strings.Contains(l, mark) {
					lineAt = r
				}
				if cells := []rune(l); barTop < 0 && cells[c.AxisWidth()] != ' ' {
					barTop = r
				}
			}
			if lineAt != barTop {
				t.Errorf("%s: the line %s of %g is on row %d, the bar of %g tops out on row %d:\n%s", tc.name, mark, tc.line, lineAt, tc.line, barTop, strings.Join(out, "\n"))
			}
			if tc.label != "" && !strings.HasPrefix(strings.TrimSpace(out[lineAt]), tc.label) {
				t.Errorf("%s: the line %s of %g is on row %q, not the row numbered %s", tc.name, mark, tc.line, out[lineAt], tc.label)
			}
		}
	}
}

// The axis's top depends on the data alone, never on the rows: a note
// that comes or goes under the chart takes or gives a row, and small-steps'
// axis once read 4┤, then 6┤ after tab cleared one.
func TestTopStaysWhateverTheRows(t *testing.T) {
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	for _, c := range []struct {
		top  float64
		want string
	}{{4, "4┤"}, {3.06, "4┤"}, {126, "140┤"}, {2817, "3,000┤"}, {57, "60┤"}} {
		for rows := 2; rows <= 40; rows++ {
			out := Columns{Values: []float64{1}, ColWidth: 1, Rows: rows, Top: c.top, Axis: true}.Render(st)
			if got := strings.TrimSpace(out[0]); !strings.HasPrefix(got, c.want) {
				t.Errorf("top %g in %d rows: the axis's top reads %q, want %s", c.top, rows, got, c.want)
			}
		}
	}
}

// An expectation never takes a bar's cell: above a bar it stands in the
// column, inside one it stands in the gap beside it, and with no gap the
// bar keeps its block; every block of the bars is still drawn.
func TestExpectationBesideTheBar(t *testing.T) {
	st := widget.NewStyles(themes.All[len(themes.All)-1])
	strip := func(rows []string) string { return ansi.Strip(strings.Join(rows, "\n")) }
	for _, c := range []Columns{
		{Values: []float64{4, 1}, Expect: []float64{2, 3}, ColWidth: 3, Gap: true, Rows: 4, Top: 4},
		{Values: []float64{4, 1}, Expect: []float64{2, 3}, ColWidth: 1, Rows: 4, Top: 4},
	} {
		got := strip(c.Render(st))
		blocks := strings.Count(got, "█")
		if want := 5 * max(1, c.ColWidth-1); blocks != want {
			t.Errorf("ColWidth %d: %d blocks, want %d (a bar of 4 and a bar of 1):\n%s", c.ColWidth, blocks, want, got)
		}
		if !strings.Contains(got, "◆") {
			t.Errorf("ColWidth %d: the expectation above the short bar is not drawn:\n%s", c.ColWidth, got)
		}
	}
}
