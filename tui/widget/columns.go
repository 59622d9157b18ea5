package widget

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
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
	// ◆ on the row it falls in, over the bar or not, in the marker style.
	Expect []float64
}

// SparkBars draws "5▃ 6█ 7▅": each index whose weight is at least floor,
// with a block scaled to the largest weight.
func SparkBars(weights []float64, floor float64) string {
	top := 0.0
	for _, w := range weights {
		top = max(top, w)
	}
	var parts []string
	for k, w := range weights {
		if w >= floor && w > 0 {
			parts = append(parts, fmt.Sprintf("%d%c", k, Eighths[max(1, int(w/top*8))]))
		}
	}
	return strings.Join(parts, " ")
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
func (c Columns) Render(st *Styles) []string {
	out := make([]string, c.Rows)
	top := c.Top
	if top <= 0 {
		top = 1
	}
	cellValue := top / float64(c.Rows)
	lineRow := func(v float64) int {
		if v <= 0 {
			return -1
		}
		return c.Rows - 1 - min(c.Rows-1, int(v/cellValue))
	}
	meanRow, hotRow := lineRow(c.Mean), lineRow(c.HotAt)
	w := &inkWriter{styles: [4]lipgloss.Style{c.Bar, st.Warn, st.Text, st.Marker}}
	for r := 0; r < c.Rows; r++ {
		floor := float64(c.Rows-1-r) * cellValue
		for i, v := range c.Values {
			fill := (v - floor) / cellValue
			ch := '█'
			switch {
			case fill <= 0:
				ch = ' '
			case fill < 1:
				ch = Eighths[max(1, int(fill*8))]
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
			if i < len(c.Expect) && c.Expect[i] > 0 && lineRow(c.Expect[i]) == r {
				w.put('◆', 1, inkMarked)
				if width > 1 {
					w.put(ch, width-1, in)
				}
			} else {
				w.put(ch, width, in)
			}
			if c.Gap && c.ColWidth > 1 {
				w.put(' ', 1, inkBar)
			}
		}
		out[r] = w.String()
	}
	return out
}
