package binslab

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/binsview"
	"github.com/loadlab/loadlab/tui/widget"
)

// laneChart returns the chart rows and its axis rows under them.
func laneChart(lane bins.LaneSnapshot, sc scale, mode chartMode, narrate bool, w, rows int, st *widget.Styles, bar lipgloss.Style) []string {
	f := lane.Figures
	hotAt := f.Mean * sc.hot
	switch mode {
	case chartBars:
		n := len(lane.Loads)
		c := binsview.Columns{Rows: rows, Mean: f.Mean, HotAt: hotAt, Top: sc.top, Bar: bar, Axis: true}
		aw := c.AxisWidth()
		c.ColWidth = max(1, min(3, (w-aw)/n))
		c.Gap = c.ColWidth > 1
		for _, x := range lane.Loads {
			c.Values = append(c.Values, float64(x))
		}
		pad := strings.Repeat(" ", aw)
		marks := []rune(strings.Repeat(" ", n*c.ColWidth))
		if narrate && lane.Last.Chosen >= 0 {
			c.Marked = map[int]bool{}
			for _, b := range lane.Last.Candidates {
				c.Marked[b] = true
				marks[b*c.ColWidth] = '·'
			}
			marks[lane.Last.Chosen*c.ColWidth] = '▲'
		}
		out := append(c.Render(st), pad+st.Marker.Render(string(marks)))
		return append(out, st.Muted.Render(pad+binsview.BinNumbers(n, c.ColWidth)))
	case chartSorted:
		sorted := slices.Clone(lane.Loads)
		slices.SortFunc(sorted, func(a, b int32) int { return int(b - a) })
		c := binsview.Columns{ColWidth: 1, Rows: rows, Mean: f.Mean, HotAt: hotAt, Top: sc.top, Bar: bar, Axis: true}
		aw := c.AxisWidth()
		cols := max(1, min(w-aw, len(sorted)))
		for i := 0; i < cols; i++ {
			c.Values = append(c.Values, float64(sorted[i*len(sorted)/cols]))
		}
		axis := fmt.Sprintf("%*s highest %-*s lowest", aw, "", max(0, cols-16), "")
		return append(c.Render(st), st.Muted.Render(widget.Truncate(axis, w)))
	default:
		return distributionChart(lane, sc, hotAt, w, rows, st, bar)
	}
}

// distributionChart draws how many bins hold each load over the lanes'
// shared load range, merging loads into buckets when the range is wider
// than the panel.
func distributionChart(lane bins.LaneSnapshot, sc scale, hotAt float64, w, rows int, st *widget.Styles, bar lipgloss.Style) []string {
	lo, hi := sc.lo, sc.hi
	span := hi - lo + 1
	c := binsview.Columns{Rows: rows, Bar: bar, Axis: true, Top: float64(sc.countTop(1))}
	aw := c.AxisWidth() + 1 // room for a wider top once loads are merged
	bucket := sc.bucket(w)
	cols := (span + bucket - 1) / bucket
	c.ColWidth = max(1, min(4, (w-aw)/cols))
	c.Gap = c.ColWidth > 2
	c.Top = float64(sc.countTop(bucket))
	aw = c.AxisWidth()
	for col := 0; col < cols; col++ {
		sum := 0
		for k := lo + col*bucket; k < lo+(col+1)*bucket && k < len(lane.ByLoad); k++ {
			sum += lane.ByLoad[k]
		}
		c.Values = append(c.Values, float64(sum))
		expect := 0.0 // the fluid limit's bins at these loads, at the end
		for k := lo + col*bucket; sc.end && k < lo+(col+1)*bucket && k < len(lane.Theory.ExpectedCounts); k++ {
			expect += lane.Theory.ExpectedCounts[k]
		}
		c.Expect = append(c.Expect, expect)
		if c.HotFrom == 0 && hotAt > 0 && float64(lo+col*bucket) >= hotAt {
			c.HotFrom = col
		}
	}
	// The axis numbers the loads at round values under their columns and
	// underlines the hot columns with '┄', so that hot bins do not depend
	// on colour.
	width := cols * c.ColWidth
	var at []int
	var labels []string
	for _, v := range append([]float64{float64(lo)}, widget.NiceTicks(float64(lo), float64(hi), max(2, width/6))...) {
		at, labels = append(at, (int(v)-lo)/bucket*c.ColWidth), append(labels, textfmt.Int(int(v)))
	}
	axis := []rune(binsview.LabelRow(max(width, w-aw), at, labels))
	if every := binsview.Numbers(cols, c.ColWidth, lo); bucket == 1 && c.ColWidth > len(textfmt.Int(hi)) {
		axis = []rune(every) // a number under every load
	}
	if c.HotFrom > 0 {
		for i := c.HotFrom * c.ColWidth; i < width; i++ {
			if axis[i] == ' ' {
				axis[i] = '┄'
			}
		}
	}
	return append(c.Render(st), st.Muted.Render(widget.Truncate(strings.Repeat(" ", aw)+string(axis), w)))
}
