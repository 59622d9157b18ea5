package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
)

// chartMode is how a lane draws its bins.
type chartMode int

const (
	// chartBars draws one bar per bin; only when every bin fits.
	chartBars chartMode = iota
	// chartDistribution draws how many bins hold each load.
	chartDistribution
	// chartSorted draws the loads from highest to lowest.
	chartSorted
)

func (c chartMode) String() string {
	return [...]string{"bins", "load distribution", "sorted loads"}[c]
}

// binsView draws a balls-into-bins snapshot: one panel per strategy and the
// trials table. It never steps the engine.
type binsView struct {
	mode      chartMode
	focus     int
	decisions bool // show the latest ball's candidates and choice
}

// minChartRows is the chart height below which figure lines give way, the
// theory line first (the trials table repeats it).
const minChartRows = 4

// barsFit reports whether one column per bin fits a lane of inner width w.
func barsFit(bins, w int) bool { return bins <= w }

// nextMode cycles the chart modes, skipping bars when they do not fit.
func (v binsView) nextMode(bins, laneInner int) chartMode {
	m := (v.mode + 1) % 3
	if m == chartBars && !barsFit(bins, laneInner) {
		m = chartDistribution
	}
	return m
}

func (v binsView) render(lab *binsLab, lay labLayout, st Styles) string {
	var blocks []string
	if len(lay.lanes) > 0 {
		var rows []string
		var row []string
		for i, lane := range lab.snap.Lanes {
			row = append(row, v.lanePanel(i, lane, lab.spec.Hot, lay.lanes[i], st))
			if len(row) == lay.cols || i == len(lab.snap.Lanes)-1 {
				rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, row...))
				row = nil
			}
		}
		blocks = append(blocks, lipgloss.JoinVertical(lipgloss.Left, rows...))
	}
	if lay.table.h > 0 {
		blocks = append(blocks, trialsPanel(lab, lay.table, st))
	}
	return lipgloss.JoinVertical(lipgloss.Left, blocks...)
}

// lanePanel draws one strategy: a title, the chart, and its figures.
func (v binsView) lanePanel(i int, lane bins.LaneSnapshot, hot float64, r rect, st Styles) string {
	frame := st.Panel
	if i == v.focus {
		frame = st.Focused
	}
	iw := r.w - frame.GetHorizontalFrameSize()
	ih := r.h - frame.GetVerticalFrameSize()
	if iw < 4 || ih < 3 {
		return frame.Width(max(0, r.w-frame.GetHorizontalBorderSize())).Render("")
	}
	f := lane.Figures
	figs := []string{
		fmt.Sprintf("max %d  p99 %d  std %.2f", f.Max, f.P99, f.Std),
		fmt.Sprintf("empty %d  hot %d  gap %.2f", f.Empty, f.Hot, f.Gap),
		"top5 " + textfmt.Ints(f.Top5, " "),
		theoryLine(lane.Theory),
	}
	if iw < wideLane { // narrow: move the gap next to the theory, drop the formula
		figs[1] = fmt.Sprintf("empty %d  hot %d", f.Empty, f.Hot)
		figs[3] = fmt.Sprintf("gap %.2f  theory %s", f.Gap, theoryShort(lane.Theory))
	}
	if v.decisions && lane.Last.Chosen >= 0 {
		figs = append([]string{decisionLine(lane.Last)}, figs...)
	}
	mode := v.mode
	if mode == chartBars && !barsFit(len(lane.Loads), iw) {
		mode = chartDistribution
	}
	extra := 1 // the axis row under the chart
	chartRows := ih - 1 - len(figs) - extra
	for chartRows < minChartRows && len(figs) > 2 {
		figs = figs[:len(figs)-1]
		chartRows = ih - 1 - len(figs) - extra
	}
	chartRows = max(chartRows, 1)
	title := st.series(i).Render(lane.Strategy.Name) + st.Muted.Render("  "+mode.String())
	lines := append([]string{title}, v.laneChart(lane, hot, mode, iw, chartRows, st)...)
	for _, fl := range figs {
		lines = append(lines, st.Text.Render(fl))
	}
	return frame.Width(iw + frame.GetHorizontalPadding()).Render(fitLines(lines, iw, ih))
}

// laneChart returns the chart rows and one axis row.
func (v binsView) laneChart(lane bins.LaneSnapshot, hot float64, mode chartMode, w, rows int, st Styles) []string {
	f := lane.Figures
	hotAt := f.Mean * hot
	switch mode {
	case chartBars:
		n := len(lane.Loads)
		colW := max(1, min(3, w/n))
		c := chart{colWidth: colW, rows: rows, mean: f.Mean, hotAt: hotAt,
			top: max(float64(f.Max), hotAt*1.05, 1)}
		for _, x := range lane.Loads {
			c.values = append(c.values, float64(x))
		}
		axis := []rune(strings.Repeat(" ", n*colW))
		if v.decisions && lane.Last.Chosen >= 0 {
			c.marked = map[int]bool{}
			for _, b := range lane.Last.Candidates {
				c.marked[b] = true
				axis[b*colW] = '·'
			}
			axis[lane.Last.Chosen*colW] = '▲'
		}
		return append(c.render(st), st.Accent.Render(string(axis)))
	case chartSorted:
		sorted := slices.Clone(lane.Loads)
		slices.SortFunc(sorted, func(a, b int32) int { return int(b - a) })
		cols := min(w, len(sorted))
		c := chart{colWidth: 1, rows: rows, mean: f.Mean, hotAt: hotAt, top: max(float64(f.Max), hotAt*1.05, 1)}
		for i := 0; i < cols; i++ {
			c.values = append(c.values, float64(sorted[i*len(sorted)/cols]))
		}
		axis := fmt.Sprintf("highest %-*s lowest", max(0, cols-15), "")
		return append(c.render(st), st.Muted.Render(truncate(axis, w)))
	default:
		return distributionChart(lane, hotAt, w, rows, st)
	}
}

// distributionChart draws how many bins hold each load from the lowest load
// to the highest, merging loads into buckets when the range is wider than
// the panel.
func distributionChart(lane bins.LaneSnapshot, hotAt float64, w, rows int, st Styles) []string {
	lo, hi := lane.Figures.Min, lane.Figures.Max
	span := hi - lo + 1
	bucket := (span + w - 1) / w
	cols := (span + bucket - 1) / bucket
	colW := max(1, min(4, w/cols))
	c := chart{colWidth: colW, rows: rows}
	for col := 0; col < cols; col++ {
		sum := 0
		for k := lo + col*bucket; k < lo+(col+1)*bucket && k < len(lane.ByLoad); k++ {
			sum += lane.ByLoad[k]
		}
		c.values = append(c.values, float64(sum))
		c.top = max(c.top, float64(sum))
		if c.hotFrom == 0 && hotAt > 0 && float64(lo+col*bucket) >= hotAt {
			c.hotFrom = col
		}
	}
	// The axis names the lowest and highest load and underlines the hot
	// columns with '┄', so that hot bins do not depend on colour.
	width := cols * colW
	axis := []rune(strings.Repeat(" ", width))
	if c.hotFrom > 0 {
		for i := c.hotFrom * colW; i < width; i++ {
			axis[i] = '┄'
		}
	}
	left, right := fmt.Sprintf("load %d", lo), fmt.Sprint(hi)
	copy(axis, []rune(left))
	switch {
	case width+1+len(right) <= w: // the highest load just past the last column
		axis = append(axis, []rune(" "+right)...)
	case len(left)+len(right)+1 <= width:
		copy(axis[width-len(right):], []rune(right))
	}
	return append(c.render(st), st.Muted.Render(truncate(string(axis), w)))
}

// wideLane is the inner width from which a lane prints its figures in full.
const wideLane = 34

func theoryShort(p bins.Prediction) string {
	if p.Max == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", p.Max)
}

func theoryLine(p bins.Prediction) string {
	if p.Max == 0 {
		return "theory: " + p.Formula
	}
	return fmt.Sprintf("theory %.2f  %s", p.Max, p.Formula)
}

func decisionLine(d bins.Decision) string {
	var parts []string
	for i, c := range d.Candidates {
		parts = append(parts, fmt.Sprintf("%d(%d)", c, d.Compared[i]))
	}
	return fmt.Sprintf("%s → %d", strings.Join(parts, " "), d.Chosen)
}

// padLines cuts lines to h, or adds empty ones up to h.
func padLines(lines []string, h int) []string {
	if len(lines) > h {
		return lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// fitLines is a panel's body: exactly h lines, each at most w cells.
func fitLines(lines []string, w, h int) string {
	lines = padLines(lines, h)
	for i := range lines {
		lines[i] = truncate(lines[i], w)
	}
	return strings.Join(lines, "\n")
}

// truncate cuts s (which may hold ANSI styles) to w cells.
func truncate(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}
