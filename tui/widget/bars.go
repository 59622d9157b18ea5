package widget

import (
	"fmt"
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
}

// Render draws the chart into w x h cells: h-1 rows of bars over the axis
// and one row of labels.
func (b Bars) Render(st *Styles, w, h int) string {
	n := len(b.Values)
	if n == 0 || h < 4 || w < 8 || !(b.YMax > 0) {
		return FitLines(nil, w, h)
	}
	lc := linechart.New(w, h, 0, 1, 0, b.YMax,
		linechart.WithXYSteps(1, 2),
		linechart.WithStyles(st.Muted, st.Muted, st.Text),
		linechart.WithYLabelFormatter(func(_ int, v float64) string { return AxisLabel(v, b.YMax, h) }))
	lc.DrawXYAxisAndLabel()
	o := lc.Origin()
	lc.Canvas.FillLine(o.Y+1, canvas.Cell{Rune: ' '})
	gw, gh := lc.GraphWidth(), lc.GraphHeight()
	slot := max(1, gw/n)
	colW := max(1, min(3, slot-1))
	if slot == 1 {
		colW = 1
	}
	labelW := 0
	for _, l := range b.Labels {
		labelW = max(labelW, len(l))
	}
	every := 1
	for every*slot < labelW+1 && every < n {
		every++
	}
	for i, v := range b.Values {
		x := o.X + 1 + i*slot
		if x+colW > o.X+1+gw {
			break
		}
		height := v / b.YMax * float64(gh)
		for dx := range colW {
			graph.DrawColumnBottomToTop(&lc.Canvas, canvas.Point{X: x + dx, Y: o.Y - 1}, height, b.Style)
		}
		if i%every == 0 && i < len(b.Labels) {
			lc.Canvas.SetStringWithStyle(canvas.Point{X: x, Y: o.Y + 1}, b.Labels[i], st.Muted)
		}
	}
	return FitLines(strings.Split(canvasView(&lc.Canvas), "\n"), w, h)
}

// AxisLabel writes an axis value of a chart of h rows: whole numbers when
// each row spans at least one, else one decimal, so that no row is labelled
// with a count it does not reach.
func AxisLabel(v, top float64, h int) string {
	if top >= float64(h) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
