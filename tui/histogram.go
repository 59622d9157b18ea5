package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// eighths are the block characters for 0/8 .. 8/8 of a cell.
var eighths = []rune{' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'}

// chart is a column chart of height rows. Each column is one value; a value
// at or above hotAt is drawn in the hot style and the rows of the mean and
// hot thresholds are marked where no bar covers them: '─' for the mean, '┄'
// for the hot line, so that neither depends on colour.
type chart struct {
	values      []float64
	colWidth    int
	rows        int
	top         float64 // value of the top edge
	mean, hotAt float64 // 0 draws no line
	// marked columns are drawn in the chosen style (the latest ball's bins).
	marked map[int]bool
	// hotFrom, when above 0, draws columns from that index on as hot (the
	// distribution chart, whose x axis is the load).
	hotFrom int
	// gap leaves the last cell of every column blank, so that wide
	// neighbouring bars read as separate bins.
	gap bool
}

// sparkBars draws "5▃ 6█ 7▅": each index whose weight is at least floor,
// with a block scaled to the largest weight.
func sparkBars(weights []float64, floor float64) string {
	top := 0.0
	for _, w := range weights {
		top = max(top, w)
	}
	var parts []string
	for k, w := range weights {
		if w >= floor && w > 0 {
			parts = append(parts, fmt.Sprintf("%d%c", k, eighths[max(1, int(w/top*8))]))
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

func (st Styles) ink(i ink) lipgloss.Style {
	switch i {
	case inkHot:
		return st.Hot
	case inkMean:
		return st.Mean
	case inkMarked:
		return st.Chosen
	}
	return st.Bar
}

// inkWriter renders a line as runs of equally styled text.
type inkWriter struct {
	st  Styles
	b   strings.Builder
	run []rune
	cur ink
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
		w.b.WriteString(w.st.ink(w.cur).Render(string(w.run)))
		w.run = w.run[:0]
	}
}

func (w *inkWriter) String() string {
	w.flush()
	s := w.b.String()
	w.b.Reset()
	return s
}

func (c chart) render(st Styles) []string {
	out := make([]string, c.rows)
	top := c.top
	if top <= 0 {
		top = 1
	}
	cellValue := top / float64(c.rows)
	lineRow := func(v float64) int {
		if v <= 0 {
			return -1
		}
		return c.rows - 1 - min(c.rows-1, int(v/cellValue))
	}
	meanRow, hotRow := lineRow(c.mean), lineRow(c.hotAt)
	w := &inkWriter{st: st}
	for r := 0; r < c.rows; r++ {
		floor := float64(c.rows-1-r) * cellValue
		for i, v := range c.values {
			fill := (v - floor) / cellValue
			ch := '█'
			switch {
			case fill <= 0:
				ch = ' '
			case fill < 1:
				ch = eighths[max(1, int(fill*8))]
			}
			in := inkBar
			if (c.hotAt > 0 && v >= c.hotAt) || (c.hotFrom > 0 && i >= c.hotFrom) {
				in = inkHot
			}
			if c.marked[i] {
				in = inkMarked
			}
			if ch == ' ' {
				switch r {
				case hotRow:
					ch, in = '┄', inkHot
				case meanRow:
					ch, in = '─', inkMean
				}
			}
			if c.gap && c.colWidth > 1 {
				w.put(ch, c.colWidth-1, in)
				w.put(' ', 1, inkBar)
			} else {
				w.put(ch, c.colWidth, in)
			}
		}
		out[r] = w.String()
	}
	return out
}
