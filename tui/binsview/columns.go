// Package binsview is the drawing the two balls-into-bins labs share (the
// bins lab and the enumeration lab), and the supermarket's stepper with
// them: a column a bin (or a server's queue), with the mean and hot lines
// the lesson reads, and the bins' numbers under them. It is not a lab, and
// imports only tui/widget.
package binsview

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/widget"
)

// Eighths are the block characters for 0/8 .. 8/8 of a cell.
var Eighths = []rune{' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// Columns is a column chart of Rows rows, one column per value, drawn by
// hand because ntcharts cannot draw what the bins lesson needs: reference
// lines across the bars that show only where no bar covers them ('─' for
// the mean, '┄' for the hot threshold), a value-dependent ink per column
// (hot bins) and marked columns (the bins the latest ball looked at), all
// readable without colour.
type Columns struct {
	Values   []float64
	ColWidth int
	Rows     int
	Top      float64 // value of the top edge
	// Mean and HotAt draw their lines; 0 draws none. A value at or above
	// HotAt is drawn in the warn style.
	Mean, HotAt float64
	// Marked columns are drawn in the marker style.
	Marked map[int]bool
	// HotFrom, when above 0, draws columns from that index on as hot (a
	// distribution, whose x axis is the load).
	HotFrom int
	// Gap leaves the last cell of every column blank, so that wide
	// neighbouring bars read as separate bins.
	Gap bool
	// Bar is the style of an ordinary column.
	Bar lipgloss.Style
	// Expect, when set, is each column's expected value (theory), marked
	// ◆ on the row it falls in, in the marker style, when it rounds to at
	// least 1. A bar never gives a cell to it: above the bar's top the
	// mark stands in the column; inside the bar it stands in the gap beside
	// it (with Gap), or, with no gap, the bar's cell keeps its block in the
	// mark's ink.
	Expect []float64
	// Axis numbers the left edge at round whole values above 0 ("4┤"), so that
	// heights read as numbers; AxisWidth is the room it takes.
	Axis bool
}

// top is the value of the chart's top edge. With an axis it is whole and
// round-ish (a whole number up to 10, then 1, 1.2, 1.4, 1.5, 1.6, 1.8, 2,
// 2.5, 3 ... 9 times a power of ten), so that the axis names its top with
// a number a class reads at a glance; and it depends on Top alone, never
// on the rows, so that the axis stays put when a note under the chart
// comes or goes and takes a row with it (small-steps read 4┤, then 6┤
// after tab). Rows may then span a fraction of a value: the axis numbers
// each value on the row its bar tops out in.
func (c Columns) top() float64 {
	t := max(c.Top, 1)
	if !c.Axis {
		return t
	}
	return niceCeil(math.Ceil(t - 1e-9))
}

// niceCeil is the round-ish whole number at or above t: t itself up to
// 10, then the first of 1, 1.2, 1.4, 1.5, 1.6, 1.8, 2, 2.5, 3, 3.5, 4,
// 4.5, 5, 6, 7, 8, 9 and 10 times a power of ten that holds it.
func niceCeil(t float64) float64 {
	if t <= 10 {
		return t
	}
	pow := math.Pow(10, math.Floor(math.Log10(t)))
	for _, m := range []float64{1, 1.2, 1.4, 1.5, 1.6, 1.8, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10} {
		if v := math.Round(m * pow); v >= t-1e-9 {
			return v
		}
	}
	return t
}

// ticks are the whole values the axis numbers, each on the row a bar of
// that value tops out in (the row whose top edge it is, when it falls on
// one): round values and the top edge. Every height numbers some values
// below the top, so that 3, 2 and 1 keep their numbers when the rows do
// not divide the top evenly.
func (c Columns) ticks() (vals []int, rows []int) {
	top := c.top()
	cell := top / float64(c.Rows)
	last := 0             // the row of the tick below the next, counted from the top
	n := max(2, c.Rows/3) // a number every three rows or so; every value that has two rows
	if 2*int(top) <= c.Rows {
		n = int(top)
	}
	for _, v := range widget.NiceTicks(0, top, max(1, min(n, int(top)))) {
		if v <= 0 || v >= top || v != math.Trunc(v) {
			continue // 0 is the bottom edge
		}
		r := c.row(v, cell)
		if r >= 2 && (len(rows) == 0 || r < last) { // a row between it and the top's number; one number a row
			vals, rows, last = append(vals, int(v)), append(rows, r), r
		}
	}
	return append(vals, int(top)), append(rows, 0)
}

// row is the row, counted from the top, that a bar of value v tops out in
// when each row spans cell: the row the axis numbers v on, and so the row
// of a line or mark at v (a bin holding the hot threshold reaches the hot
// line, not the row under it). A value above the top is on the top row; 0
// and below have no row (-1).
func (c Columns) row(v, cell float64) int {
	if v <= 0 {
		return -1
	}
	return max(0, c.Rows-max(1, int(math.Ceil(v/cell-1e-9))))
}

// AxisWidth is the columns the axis takes at the left of every row: the
// widest number and its tick. It is 0 without Axis.
func (c Columns) AxisWidth() int {
	if !c.Axis {
		return 0
	}
	w := 1
	vals, _ := c.ticks()
	for _, v := range vals {
		w = max(w, len(engine.Digits(int64(v))))
	}
	return w + 1
}

// axisCells is each row's axis: a number and '┤' on the tick rows, '│'
// elsewhere.
func (c Columns) axisCells() []string {
	out := make([]string, c.Rows)
	w := c.AxisWidth()
	if w == 0 {
		return out
	}
	for r := range out {
		out[r] = strings.Repeat(" ", w-1) + "│"
	}
	vals, rows := c.ticks()
	for i, v := range vals {
		out[rows[i]] = fmt.Sprintf("%*s┤", w-1, engine.Digits(int64(v)))
	}
	return out
}

// LabelRow writes labels at their columns in a row of width cells, left to
// right, dropping any that would touch the one before: bin numbers under
// bars, loads under a distribution.
func LabelRow(width int, at []int, labels []string) string {
	row := []rune(strings.Repeat(" ", width))
	free := 0
	for i, x := range at {
		l := []rune(labels[i])
		if x < free || x+len(l) > width {
			continue
		}
		copy(row[x:], l)
		free = x + len(l) + 1
	}
	return string(row)
}

// ink says how a cell is drawn; runs of one ink are rendered together.
type ink int

const (
	inkBar ink = iota
	inkHot
	inkMean
	inkMarked
)

// inkWriter renders a line as runs of equally styled text.
type inkWriter struct {
	styles [4]lipgloss.Style
	b      strings.Builder
	run    []rune
	cur    ink
}

func (w *inkWriter) put(r rune, n int, i ink) {
	if i != w.cur && len(w.run) > 0 {
		w.flush()
	}
	w.cur = i
	for ; n > 0; n-- {
		w.run = append(w.run, r)
	}
}

func (w *inkWriter) flush() {
	if len(w.run) > 0 {
		w.b.WriteString(w.styles[w.cur].Render(string(w.run)))
		w.run = w.run[:0]
	}
}

func (w *inkWriter) String() string {
	w.flush()
	s := w.b.String()
	w.b.Reset()
	return s
}

// Render draws the chart's rows, top first.
func (c Columns) Render(st *widget.Styles) []string {
	out := make([]string, c.Rows)
	top := c.top()
	kind := widget.ColumnChart
	if top == math.Trunc(top) && float64(c.Rows) >= top {
		kind = widget.CountChart // a row or more a unit
	}
	st.Saw(kind, len(c.Values)*c.ColWidth, c.Rows)
	cellValue := top / float64(c.Rows)
	lineRow := func(v float64) int { return c.row(v, cellValue) }
	meanRow, hotRow := lineRow(c.Mean), lineRow(c.HotAt)
	axis := c.axisCells()
	w := &inkWriter{styles: [4]lipgloss.Style{c.Bar, st.Warn, st.Text, st.Marker}}
	for r := 0; r < c.Rows; r++ {
		if axis[r] != "" {
			w.b.WriteString(st.Muted.Render(axis[r]))
		}
		floor := float64(c.Rows-1-r) * cellValue
		for i, v := range c.Values {
			const eps = 1e-9 // rounding: a whole value fills its cell
			fill := (v - floor) / cellValue
			ch := '█'
			switch {
			case fill <= eps:
				ch = ' '
			case fill < 1-eps:
				ch = Eighths[max(1, int(fill*8+eps))]
			}
			in := inkBar
			if (c.HotAt > 0 && v >= c.HotAt) || (c.HotFrom > 0 && i >= c.HotFrom) {
				in = inkHot
			}
			if c.Marked[i] {
				in = inkMarked
			}
			switch {
			case ch == ' ' && r == hotRow:
				ch, in = '┄', inkHot
			case ch == ' ' && r == meanRow:
				ch, in = '─', inkMean
			case ch == '█' && r == meanRow: // through a bar, below its top: the line goes on
				ch, in = '━', inkMean
			}
			width := c.ColWidth
			if c.Gap && c.ColWidth > 1 {
				width--
			}
			expect := i < len(c.Expect) && c.Expect[i] >= 0.5 && lineRow(c.Expect[i]) == r
			open := ch == ' ' || ch == '─' || ch == '┄' // no bar in the cell: the mark may take it
			switch {
			case expect && open:
				w.put('◆', 1, inkMarked)
				if width > 1 {
					w.put(ch, width-1, in)
				}
			case expect && !(c.Gap && c.ColWidth > 1): // no gap to stand in: the bar's own cell in the mark's ink
				w.put(ch, 1, inkMarked)
				if width > 1 {
					w.put(ch, width-1, in)
				}
			default:
				w.put(ch, width, in)
			}
			if c.Gap && c.ColWidth > 1 {
				switch {
				case expect && !open: // inside the bar: beside it, in the gap
					w.put('◆', 1, inkMarked)
				case r == hotRow:
					w.put('┄', 1, inkHot)
				case r == meanRow:
					w.put('─', 1, inkMean)
				default:
					w.put(' ', 1, inkBar)
				}
			}
		}
		out[r] = w.String()
	}
	return out
}

// BinNumbers numbers n columns of colW cells under a chart from 0, every
// column when the numbers fit with a space between them, else every 2nd,
// 5th, 10th...
func BinNumbers(n, colW int) string { return Numbers(n, colW, 0) }

// Numbers is BinNumbers counting from first.
func Numbers(n, colW, first int) string {
	width := len(textfmt.Int(first+n-1)) + 1
	stride := 1
	for _, s := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		stride = s
		if s*colW >= width {
			break
		}
	}
	var at []int
	var labels []string
	for b := 0; b < n; b += stride {
		at, labels = append(at, b*colW), append(labels, textfmt.Int(first+b))
	}
	return LabelRow(n*colW, at, labels)
}
