package widget

import (
	"fmt"
	"math"
	"strings"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/canvas/graph"
	"github.com/charmbracelet/lipgloss"
)

// HBar is one horizontal bar: a label, stacked parts from the left (each
// drawn with its own rune, so that they part without colour), and a mark
// at a value of its own (say, the exact value the bar estimates; NaN for
// none).
type HBar struct {
	Label string
	Parts []HBarPart
	Mark  float64
}

// HBarPart is one stacked part of a bar.
type HBarPart struct {
	Value float64
	Rune  rune
	Style lipgloss.Style
}

// HBars draws horizontal bars on one scale from 0 to Max: the labels and
// the axis laid out as ntcharts' horizontal bar chart lays them out (on a
// pooled ntcharts canvas), and each part written in whole cells of its own
// rune, with the marks on top. Charts side by side or stacked that pass
// the same Max and width share their scale.
type HBars struct {
	Bars      []HBar
	Max       float64
	LabelW    int // the label column, at least the longest label
	MarkRune  rune
	MarkStyle lipgloss.Style
}

// Render draws one row a bar into w cells.
func (h HBars) Render(st *Styles, w int) string {
	labelW := h.LabelW
	for _, b := range h.Bars {
		labelW = max(labelW, Width(b.Label))
	}
	if len(h.Bars) == 0 || w < labelW+4 || !(h.Max > 0) {
		return FitLines(nil, w, len(h.Bars))
	}
	// ntcharts' horizontal bar chart, as it draws with our labels: each
	// label at its row's start, the axis after the longest (in bytes);
	// its bars are drawn over below, on our own scale.
	c := takeCanvas(w, len(h.Bars))
	axis := 0
	labels := make([]string, len(h.Bars))
	for i, b := range h.Bars {
		labels[i] = fmt.Sprintf("%-*s", labelW, b.Label)
		axis = max(axis, len(labels[i]))
	}
	graph.DrawVerticalLineDown(&c, canvas.Point{X: axis}, st.Muted)
	for i, l := range labels {
		c.SetStringWithStyle(canvas.Point{Y: i}, l, st.Text)
	}
	x0 := labelW + 1 // the first cell of a bar, past the label and the axis
	span := float64(w - x0)
	cell := func(v float64) int { return x0 + int(math.Round(v/h.Max*span)) }
	for row, b := range h.Bars {
		for x := x0; x < w; x++ { // ntcharts' own scale differs by a cell: ours throughout
			c.SetCell(canvas.Point{X: x, Y: row}, canvas.NewCell(' '))
		}
		at := 0.0
		var last HBarPart
		for _, p := range b.Parts { // each part's rune over its whole cells
			from, to := cell(at), cell(at+max(0, p.Value))
			for x := from; x < min(to, w); x++ {
				c.SetCell(canvas.Point{X: x, Y: row}, canvas.NewCellWithStyle(p.Rune, p.Style))
			}
			at += max(0, p.Value)
			if p.Value > 0 {
				last = p
			}
		}
		// A bar shorter than a cell past its whole cells still shows: an
		// eighth block for what is left, so that 2 % is not nothing.
		if cells := at / h.Max * span; at > 0 {
			whole := int(math.Floor(cells))
			if eighths := int((cells - float64(whole)) * 8); eighths > 0 && x0+whole < w {
				c.SetCell(canvas.Point{X: x0 + whole, Y: row}, canvas.NewCellWithStyle([]rune("▏▎▍▌▋▊▉")[eighths-1], last.Style))
			}
		}
		if !math.IsNaN(b.Mark) {
			c.SetCell(canvas.Point{X: min(cell(b.Mark), w-1), Y: row}, canvas.NewCellWithStyle(h.MarkRune, h.MarkStyle))
		}
	}
	rows := strings.Split(canvasView(&c), "\n")
	giveBack(c)
	return FitLines(rows, w, len(h.Bars))
}

// Axis is a row of round values under bars of the same w and scale:
// "0%   25%   50%" at their cells.
func (h HBars) Axis(st *Styles, w int, format func(float64) string) string {
	labelW := h.LabelW
	for _, b := range h.Bars {
		labelW = max(labelW, Width(b.Label))
	}
	x0 := labelW + 1
	span := float64(w - x0)
	row := []rune(strings.Repeat(" ", max(0, w)))
	end := 0
	for _, v := range NiceTicks(0, h.Max, max(2, int(span)/8)) {
		label := []rune(format(v))
		x := x0 + int(math.Round(v/h.Max*span)) - len(label)/2
		x = min(max(x, end, x0), w-len(label))
		if x < end || x < 0 {
			continue
		}
		copy(row[x:], label)
		end = x + len(label) + 1
	}
	return st.Muted.Render(string(row))
}
