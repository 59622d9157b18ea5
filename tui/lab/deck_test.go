package lab

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/widget"
)

// chartOf draws a line chart of w x h cells: a plot a readable minimum
// judges by its rows and columns.
func chartOf(f Frame) string {
	ts := widget.TimeSeries{XMin: 0, XMax: 1, YMin: 0, YMax: 1,
		XLabel: func(float64) string { return "" }, YLabel: func(float64) string { return "1" },
		Lines: []widget.Line{{Name: "a", Value: func(x float64) float64 { return x }}}}
	return ts.Render(f.St, f.W, f.H)
}

// The deck draws the first layout whose charts read, pages through its
// cards with Next, and starts again from the richest when the layouts
// change under it (c takes a run away): never an empty body.
func TestDeckFallsBackAndRecovers(t *testing.T) {
	st := widget.NewStyles(themes.All[0])
	two := Layout{Cards: 1, Draw: func(_ int, f Frame) string { // two charts stacked: each half the rows
		return chartOf(Frame{W: f.W, H: f.H / 2, St: f.St}) + "\n" + chartOf(Frame{W: f.W, H: f.H - f.H/2, St: f.St})
	}}
	one := Layout{Cards: 2, Name: func(i int) string { return []string{"first", "second"}[i] }, Draw: func(_ int, f Frame) string { return chartOf(f) }}
	var d Deck
	f := Frame{W: 60, H: 12, St: st}
	if body := d.Render(f, two, one); !strings.HasPrefix(body, "1 of 2 · first") || d.Next() != true {
		t.Fatalf("12 rows for two charts should page one at a time:\n%s", body)
	}
	if body := d.Render(f, two, one); !strings.HasPrefix(body, "2 of 2 · second") {
		t.Errorf("Next should show the second card:\n%s", body)
	}
	if body := d.Render(Frame{W: 60, H: 30, St: st}, two, one); strings.Contains(body, "of 2") || d.Next() {
		t.Errorf("30 rows hold both charts together, with nothing to page:\n%s", body)
	}
	d.Render(f, two, one)
	if body := d.Render(f, two); strings.TrimSpace(body) == "" || strings.Contains(body, "of 2") {
		t.Errorf("with one layout left the deck must draw it:\n%q", body)
	}
}
