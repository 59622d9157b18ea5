package widget

import (
	"fmt"
	"math"
	"strings"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/canvas/graph"
	"github.com/NimbleMarkets/ntcharts/linechart"
	"github.com/charmbracelet/lipgloss"
)

// Bars is a bar chart with a numbered value axis, drawn with ntcharts: the
// axes of its line chart and its column drawing (its bar chart has no
// value axis). Panels compared side by side pass the same Labels and YMax,
// so that equal bars mean equal values.
type Bars struct {
	Labels []string
	Values []float64
	YMax   float64
	Style  lipgloss.Style
	// Marked columns get a ▲ on the axis under them, in MarkStyle: shapes
	// that pick them out without colour.
	Marked    []bool
	MarkStyle lipgloss.Style
	// Log draws heights as log10(1 + value), numbered at 1, 10, 100...,
	// so that 15 beside 1,000 still shows; the caller says so.
	Log bool
	// Line, when above zero, is a value drawn across the plot as a dashed
	// line (╌) in the cells the bars leave empty, on the row a bar of that
	// value tops out in: a mean to read the bars against.
	Line float64
	// Groups, when set, replaces Values and Style: each label's slot holds
	// one bar of every group side by side, in order, on the shared axis.
	Groups []BarGroup
}

// BarGroup is one series of a grouped bar chart: a value a label.
type BarGroup struct {
	Values []float64
	Style  lipgloss.Style
}

// groups is the chart's series: Groups, or Values as the one.
func (b Bars) groups() []BarGroup {
	if len(b.Groups) > 0 {
		return b.Groups
	}
	return []BarGroup{{Values: b.Values, Style: b.Style}}
}

// height is the share of the plot's height a value reaches.
func (b Bars) height(v float64) float64 {
	if b.Log {
		return math.Log10(1+v) / math.Log10(1+b.YMax)
	}
	return v / b.YMax
}

// ticks are the values the value axis numbers.
func (b Bars) ticks(h int) []float64 {
	if b.Log {
		out := []float64{0}
		for v := 1.0; v <= b.YMax; v *= 10 {
			out = append(out, v)
		}
		return out
	}
	var out []float64
	for _, v := range NiceTicks(0, b.YMax, max(2, (h-2)/2)) {
		if b.YMax < 1 || v == math.Trunc(v) {
			out = append(out, v)
		}
	}
	return out
}

// Render draws the chart into w x h cells: h-1 rows of bars over the axis
// and one row of labels. Empty labels leave their column unlabelled; the
// others are written where they fit.
func (b Bars) Render(st *Styles, w, h int) string {
	groups := b.groups()
	n := len(groups[0].Values)
	if n == 0 || h < 4 || w < 8 || !(b.YMax > 0) {
		st.Saw(ColumnChart, 0, 0)
		return FitLines(nil, w, h)
	}
	// Bars count things: their axis takes whole values once a whole one
	// fits.
	ticks := b.ticks(h)
	labelW := 1
	for _, v := range ticks {
		labelW = max(labelW, len(AxisLabel(v, b.YMax, h)))
	}
	blank := strings.Repeat(" ", labelW)
	lc := newLineChart(w, h, 0, 1, 0, b.YMax,
		linechart.WithXYSteps(1, 1),
		linechart.WithStyles(st.Muted, st.Muted, st.Text),
		linechart.WithYLabelFormatter(func(int, float64) string { return blank }))
	lc.DrawXYAxisAndLabel()
	o := lc.Origin()
	lc.Canvas.FillLine(o.Y+1, canvas.Cell{Rune: ' '})
	gw, gh := lc.GraphWidth(), lc.GraphHeight()
	st.Saw(ColumnChart, gw, gh)
	// Round values on the value axis, each on the row a bar of that value
	// tops out in.
	last := o.Y + 1 // the row of the tick above the last one drawn
	for _, v := range ticks {
		row := o.Y
		if v > 0 {
			row = o.Y - max(1, int(math.Ceil(b.height(v)*float64(gh)-1e-9))) // the row a bar of v tops out in
		}
		if row >= last {
			continue // two ticks on one row: the lower keeps it
		}
		last = row
		lc.Canvas.SetStringWithStyle(canvas.Point{X: 0, Y: row}, fmt.Sprintf("%*s", labelW, AxisLabel(v, b.YMax, h)), st.Muted)
		if v > 0 { // zero sits on the axis's corner
			lc.Canvas.SetRuneWithStyle(canvas.Point{X: o.X, Y: row}, '┤', st.Muted)
		}
	}
	slot, colW := b.slots(gw, n, len(groups))
	free := 0 // the first column of the label row not yet written
	for i := range n {
		x := o.X + 1 + i*slot
		if x+colW*len(groups) > o.X+1+gw {
			break
		}
		for g, group := range groups {
			height := b.height(group.Values[i]) * float64(gh)
			for dx := range colW {
				graph.DrawColumnBottomToTop(&lc.Canvas, canvas.Point{X: x + g*colW + dx, Y: o.Y - 1}, height, group.Style)
			}
		}
		if i < len(b.Marked) && b.Marked[i] {
			lc.Canvas.SetCell(canvas.Point{X: x, Y: o.Y}, canvas.NewCellWithStyle('▲', b.MarkStyle))
		}
		if i < len(b.Labels) && b.Labels[i] != "" && x >= free && x+len(b.Labels[i]) <= w {
			lc.Canvas.SetStringWithStyle(canvas.Point{X: x, Y: o.Y + 1}, b.Labels[i], st.Muted)
			free = x + len(b.Labels[i]) + 1
		}
	}
	if b.Line > 0 && b.Line <= b.YMax {
		row := o.Y - max(1, int(math.Ceil(b.height(b.Line)*float64(gh)-1e-9)))
		for x := o.X + 1; x <= o.X+gw; x++ {
			if p := (canvas.Point{X: x, Y: row}); lc.Canvas.Cell(p).Rune == ' ' || lc.Canvas.Cell(p).Rune == 0 {
				lc.Canvas.SetCell(p, canvas.NewCellWithStyle('╌', st.Text))
			}
		}
	}
	rows := strings.Split(canvasView(&lc.Canvas), "\n")
	doneWith(lc)
	return FitLines(rows, w, h)
}

// slots are the columns each bar takes, gap included, and each group's
// width, for n bars of groups groups over gw columns: a bar a column at
// least, so that past gw bars the last ones are not drawn.
func (b Bars) slots(gw, n, groups int) (slot, colW int) {
	slot = max(1, gw/n)
	colW = max(1, min(3, (slot-1)/groups))
	if slot <= groups {
		colW = 1
	}
	return slot, colW
}

// Shown is how many bars, from the first, Render draws in w x h cells:
// fewer than the values where the columns run out.
func (b Bars) Shown(w, h int) int {
	groups := b.groups()
	n := len(groups[0].Values)
	if n == 0 || h < 4 || w < 8 || !(b.YMax > 0) {
		return 0
	}
	labelW := 1
	for _, v := range b.ticks(h) {
		labelW = max(labelW, len(AxisLabel(v, b.YMax, h)))
	}
	gw := w - labelW - 1 // Render's plot: the labels and the axis to its left
	slot, colW := b.slots(gw, n, len(groups))
	shown := 0
	for i := range n {
		if 1+i*slot+colW*len(groups) > 1+gw {
			break
		}
		shown++
	}
	return shown
}

// AxisLabel writes an axis value of a chart of h rows: whole numbers when
// each row spans at least one or the value is whole, else one decimal, so
// that no row is labelled with a count it does not reach.
func AxisLabel(v, top float64, h int) string {
	if top >= float64(h) || v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
