package widget

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// tableGap is the blank columns between a table's columns.
const tableGap = 2

// Table draws an engine's table as the headless report prints its cells,
// right-aligned, in w columns: where every column does not fit, the
// columns after the first go in bands, each band under the last with the
// first column (the row's name) again, so that no cell is ever cut. A
// highlight row (its first cell; "" none) is drawn in the accent style.
func Table(st *Styles, w int, t engine.Table, highlight string) []string {
	widths := t.Widths()
	var lines []string
	if t.Title != "" {
		lines = append(lines, Wrap(t.Title, w)...)
	}
	for i, band := range bands(widths, w) {
		if i > 0 {
			lines = append(lines, "")
		}
		cols := append([]int{0}, band...)
		lines = append(lines, st.Muted.Render(t.Line(t.Header, cols, widths, tableGap)))
		for _, row := range t.Rows {
			style := st.Text
			if highlight != "" && row[0] == highlight {
				style = st.Accent
			}
			lines = append(lines, style.Render(t.Line(row, cols, widths, tableGap)))
		}
	}
	if t.Note != "" {
		lines = append(lines, Wrap(t.Note, w)...)
	}
	return lines
}

// TableRows is how many rows Table takes in w columns.
func TableRows(w int, t engine.Table) int {
	return len(Table(&Styles{}, w, t, ""))
}

// bands splits the columns after the first into as few bands as fit w,
// each led by the first column, as even in width as that many allow (a
// last band of one column under five reads as an afterthought).
func bands(widths []int, w int) [][]int {
	pack := func(limit int) [][]int {
		var out [][]int
		used := limit + 1
		for c := 1; c < len(widths); c++ {
			if used+tableGap+widths[c] > limit && (len(out) == 0 || len(out[len(out)-1]) > 0) {
				out = append(out, nil)
				used = widths[0]
			}
			out[len(out)-1] = append(out[len(out)-1], c)
			used += tableGap + widths[c]
		}
		return out
	}
	best := pack(w)
	for limit := w - 1; limit > widths[0]; limit-- {
		b := pack(limit)
		if len(b) > len(best) {
			break
		}
		best = b
	}
	return best
}

// FitTables draws tables one under another, a blank line between them, in
// w x h: where they do not fit, first their notes and then their titles
// give way; nil where their rows alone do not fit.
func FitTables(st *Styles, w, h int, ts ...engine.Table) []string {
	draw := func() []string {
		var lines []string
		for i, t := range ts {
			if i > 0 {
				lines = append(lines, "")
			}
			lines = append(lines, Table(st, w, t, "")...)
		}
		return lines
	}
	for _, drop := range []func(t *engine.Table){func(*engine.Table) {}, func(t *engine.Table) { t.Note = "" }, func(t *engine.Table) { t.Title = "" }} {
		for i := range ts {
			drop(&ts[i])
		}
		if lines := draw(); len(lines) <= h {
			return lines
		}
	}
	return nil
}
