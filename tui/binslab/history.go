package binslab

import (
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/tui/widget"
)

// historyPanel draws every strategy's max load as the balls of the current
// trial arrive, with the mean load m/n as a reference line, in one chart:
// the lanes share its axes by construction.
func (l *Lab) historyPanel(r widget.Rect, st *widget.Styles) string {
	s := l.snap
	perBin := 1 / float64(l.spec.Bins)
	top := float64(s.Balls) * perBin
	ts := widget.TimeSeries{
		XMin: 0, XMax: float64(s.Balls), YMin: 0,
		XLabel: func(v float64) string { return compact(v) },
	}.With(widget.Whole, widget.JoinEnds)
	for i, lane := range s.Lanes {
		rises := lane.Rises
		if p, ok := rises.Last(); ok {
			top = max(top, p.Y)
		}
		ts.Lines = append(ts.Lines, widget.Line{Name: lane.Strategy.Name, Style: st.SeriesStyle(i), Bounded: true, End: float64(s.Ball), Value: rises.StepAt})
	}
	ts.Lines = append(ts.Lines, widget.Line{Name: "mean", Style: st.Muted, Bounded: true, End: float64(s.Ball),
		Value: func(x float64) float64 { return x * perBin }})
	ts.YMax = math.Ceil(top*1.1) + 1
	return l.chartPanel(r, st, "max load as the balls arrive", "each line is a strategy's fullest bin; mean = balls placed / bins", ts)
}

// chartPanel frames a chart of the whole body: its title with the trial
// and the ball, the chart, a legend line. Rows may fall between whole
// values on a short range: the y axis then says so rather than round a
// row's value to one it does not have.
func (l *Lab) chartPanel(r widget.Rect, st *widget.Styles, title, legend string, ts widget.TimeSeries) string {
	frame := st.Panel
	iw := r.W - frame.GetHorizontalFrameSize()
	ih := r.H - frame.GetVerticalFrameSize()
	s := l.snap
	ts.YLabel = func(v float64) string { return widget.AxisLabel(v, ts.YMax, ih) }
	head := st.Title.Render(title) + st.Muted.Render(fmt.Sprintf("  trial %s, ball %s of %s", textfmt.Int(s.Trial+1), textfmt.Int(s.Ball), textfmt.Int(s.Balls)))
	lines := append([]string{head}, strings.Split(ts.Render(st, iw, max(1, ih-2)), "\n")...)
	return frame.Width(iw + frame.GetHorizontalPadding()).Render(widget.FitLines(append(lines, st.Muted.Render(legend)), iw, ih))
}

// compact writes an axis number short: 950, 4.1k, 2.5M.
func compact(v float64) string {
	switch a := math.Abs(v); {
	case a >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case a >= 1e4:
		return fmt.Sprintf("%.3gk", v/1e3)
	}
	return fmt.Sprintf("%.0f", v)
}
