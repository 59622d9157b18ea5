package binslab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/widget"
)

// barRows is the height of the max-distribution charts under the table.
const barRows = 9

// trialsRows is how many rows the trials table needs for n strategies: a
// caption, a header, the strategies, a blank line, the comparison header
// and one comparison per other strategy.
func trialsRows(n int) int { return 2 + n + 2 + max(0, n-1) }

// trialsPanel draws source §P2C's table, live: per strategy the mean, median
// and p95 of the max load over the finished trials, every strategy against
// the baseline trial by trial, and, where there is room, the distribution
// of the max as bar charts on shared axes.
func (l *Lab) trialsPanel(r widget.Rect, st *widget.Styles) string {
	frame := st.Panel
	if l.view.trials {
		frame = st.Focused
	}
	iw := r.W - frame.GetHorizontalFrameSize()
	ih := r.H - frame.GetVerticalFrameSize()
	lines := l.trialsLines(st)
	if room := ih - len(lines) - 1; len(l.result.Trials) > 0 {
		if charts := l.maxDistributions(st, iw, min(room, barRows+3)); charts != "" {
			lines = append(lines, st.Muted.Render(widget.FirstFit(iw, "trials by their max load (shared axes: trials up, max load across)", "trials by their max load")))
			lines = append(lines, strings.Split(charts, "\n")...)
		}
	}
	return frame.Width(iw + frame.GetHorizontalPadding()).Render(widget.FitLines(lines, iw, max(0, ih)))
}

// trialsWidth is the panel width the table needs once every comparison is
// in it, so that the layout does not move when the first trial ends.
func (l *Lab) trialsWidth() int {
	res := l.result
	nameW := textfmt.Widest(res.Strategies, len("strategy"))
	w := len(rowsHeader(nameW))
	if len(res.Paired) > 0 {
		w = max(w, len(pairedHeader(nameW, res.Paired[0].B)))
	}
	return w + 4 // the border and the padding
}

func rowsHeader(nameW int) string {
	return fmt.Sprintf("%-*s %8s %6s %4s %6s", nameW, "strategy", "mean", "median", "p95", "fluid")
}

func pairedHeader(nameW int, baseline string) string {
	return fmt.Sprintf("%-*s %6s %6s %6s  median diff  (max load against %s)", nameW, "strategy", "lower", "equal", "higher", baseline)
}

// trialsLines are the table's caption, its rows and, once a trial is
// done, the comparisons.
func (l *Lab) trialsLines(st *widget.Styles) []string {
	title, muted, text, series := st.Title, st.Muted, st.Text, st.SeriesStyle
	res := l.result
	done := len(res.Trials)
	nameW := textfmt.Widest(res.Strategies, len("strategy"))
	lines := []string{title.Render(fmt.Sprintf("max load over %s of %s", textfmt.Int(done), engine.Count(l.spec.Trials, "trial")))}
	lines = append(lines, muted.Render(rowsHeader(nameW)))
	for i, name := range res.Strategies {
		s := res.Summary[name]
		row := fmt.Sprintf(" %8.3f %6g %4d %6s", s.MaxMean, s.MaxMedian, s.MaxP95, theoryShort(s.Theory))
		if done == 0 {
			row = fmt.Sprintf(" %8s %6s %4s %6s", "-", "-", "-", theoryShort(s.Theory))
		}
		lines = append(lines, series(i).Render(fmt.Sprintf("%-*s", nameW, name))+text.Render(row))
	}
	if len(res.Paired) == 0 || done == 0 {
		return lines
	}
	lines = append(lines, "", muted.Render(pairedHeader(nameW, res.Paired[0].B)))
	for _, p := range res.Paired {
		lines = append(lines, text.Render(fmt.Sprintf("%-*s %6d %6d %6d  %+g", nameW, p.A, p.Lower, p.Equal, p.Higher, p.MedianDiff)))
	}
	return lines
}

// maxDistributions draws one bar chart per strategy of how many trials
// ended at each max load, side by side over the same loads and counts.
func (l *Lab) maxDistributions(st *widget.Styles, w, h int) string {
	res := l.result
	// The charts change only when a trial ends: draw them once per trial.
	key := barsKey{trials: len(res.Trials), w: w, h: h, theme: st.Theme, run: l.runs}
	if l.bars.key != key {
		l.bars.out, l.bars.seen = widget.Measure(st, func(st *widget.Styles) string { return l.drawMaxDistributions(st, w, h) })
		l.bars.key = key
	}
	l.bars.seen.Tell(st) // the charts drawn, as if drawn again
	return l.bars.out
}

// barsKey is what the max-distribution charts depend on.
type barsKey struct {
	trials, w, h int
	theme        string
	run          int
}

func (l *Lab) drawMaxDistributions(st *widget.Styles, w, h int) string {
	res := l.result
	lo, hi, top := -1, 0, 0
	for _, name := range res.Strategies {
		for _, c := range res.Summary[name].MaxDistribution {
			if lo < 0 {
				lo = c.Max
			}
			lo, hi, top = min(lo, c.Max), max(hi, c.Max), max(top, c.Trials)
		}
	}
	if lo < 0 {
		return ""
	}
	var labels []string
	for k := lo; k <= hi; k++ {
		labels = append(labels, fmt.Sprint(k))
	}
	rects, cols := widget.Grid(len(res.Strategies), w, h, 24)
	if len(rects) == 0 {
		return ""
	}
	panels := make([]string, len(rects))
	chartW, chartH := rects[0].W, rects[0].H // the narrowest and shortest: one load a column, one count a row, in every chart
	for _, r := range rects {
		chartW, chartH = min(chartW, r.W), min(chartH, r.H)
	}
	if chartH-1-1-2 < widget.ReadableRows { // the name, a line of shares, the axis and its numbers
		return ""
	}
	// P(max = k), the numbers beside the bars: two lines where the bars
	// keep five rows; every chart gives them as many rows as the longest
	// takes, so that the bars side by side stay on one axis.
	probRows := 1
	if chartH-1-2-2 >= widget.ReadableRows {
		probRows = 2
	}
	probs := make([][]string, len(res.Strategies))
	taken := 0
	for i, name := range res.Strategies {
		probs[i] = maxShares(res.Summary[name].MaxDistribution, chartW-2, probRows)
		taken = max(taken, len(probs[i]))
	}
	if chartH-1-taken-2 < widget.ReadableRows { // shares that took more lines than planned leave the bars too short
		return ""
	}
	for i, name := range res.Strategies {
		values := make([]float64, hi-lo+1)
		for _, c := range res.Summary[name].MaxDistribution {
			values[c.Max-lo] = float64(c.Trials)
		}
		b := widget.Bars{Labels: labels, Values: values, YMax: float64(top), Style: st.SeriesStyle(i).UnsetBold()}
		chart := strings.Split(b.Render(st, chartW-2, chartH-1-taken), "\n")
		for _, p := range widget.PadLines(probs[i], taken) {
			chart = append(chart, st.Text.Render(p))
		}
		body := widget.FitLines(append([]string{st.SeriesStyle(i).Render(name)}, chart...), rects[i].W-2, rects[i].H)
		panels[i] = lipgloss.NewStyle().Width(rects[i].W).Render(body) // two columns between charts
	}
	return widget.JoinGrid(panels, cols)
}
