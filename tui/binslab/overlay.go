package binslab

import (
	"math"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/tui/widget"
)

// overlayPanel draws every strategy's load distribution in one chart on
// one pair of axes: how many bins hold each load, a step per load and a
// line per strategy named at its right end, so that the spreads compare
// at a glance.
func (l *Lab) overlayPanel(r widget.Rect, st *widget.Styles) string {
	sc := sharedScale(l.snap.Lanes, 0, false)
	ts := widget.TimeSeries{
		XMin: float64(sc.lo), XMax: float64(max(sc.hi, sc.lo+1)), YMin: 0,
		YMax:   math.Ceil(float64(sc.countTop(1)) * 1.1),
		XLabel: func(v float64) string { return textfmt.Int(int(v)) },
		// Most lines end at 0 bins at the top load: JoinEnds gives them one
		// label on their row, not a stack climbing the axis beside 1,000┤.
	}.With(widget.Whole, widget.JoinRows, widget.JoinEnds)
	for i, lane := range l.snap.Lanes {
		counts := lane.ByLoad
		ts.Lines = append(ts.Lines, widget.Line{Name: lane.Strategy.Name, Style: st.SeriesStyle(i), Value: func(x float64) float64 {
			return stepAt(counts, x)
		}})
	}
	ts.NamesWidth = namesOnRows(ts, r.H-st.Panel.GetVerticalFrameSize()-2, r.W/3)
	return l.chartPanel(r, st, "load distributions together", "bins (y) holding each load (x): a line per strategy", ts)
}

// namesOnRows is the names column that holds, side by side, the names of
// the lines that end on one row of a chart h rows high (at the top load
// most end at 0 bins: "one two" on the 0 row, not "two" a row above it),
// at most limit cells; the names past it move to the next free row.
func namesOnRows(ts widget.TimeSeries, h, limit int) int {
	used := map[int]int{}
	w := 0
	for i, line := range ts.Lines {
		r := ts.EndRow(i, h)
		if used[r] > 0 {
			used[r] += 2 // ", " between the names of lines that end together
		}
		used[r] += len(line.Name)
		w = max(w, used[r]+1)
	}
	return min(w, limit)
}

// stepAt is the bins holding load round(x): loads are whole numbers, so
// the chart draws each as a flat step a load wide, not a slope between
// neighbouring loads that no bin holds.
func stepAt(counts []int, x float64) float64 {
	k := int(math.Floor(x + 0.5))
	if k < 0 || k >= len(counts) {
		return 0
	}
	return float64(counts[k])
}
