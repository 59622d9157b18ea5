package engine

import (
	"strings"
	"unicode/utf8"
)

// Table is a report's table as its cells are written: the headless text
// report and the TUI print the same cells, so a figure is formatted once.
// Each row has as many cells as Header; the first column names the row.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
	// Note, if not empty, is a line that belongs under the table.
	Note string
	// Names is how many leading columns hold names, which read
	// left-aligned; the rest are figures, right-aligned.
	Names int
}

// Widths is each column's width in runes: its widest cell or header.
func (t Table) Widths() []int {
	widths := make([]int, len(t.Header))
	for c, h := range t.Header {
		widths[c] = utf8.RuneCountInString(h)
		for _, row := range t.Rows {
			widths[c] = max(widths[c], utf8.RuneCountInString(row[c]))
		}
	}
	return widths
}

// Line writes the cells of the columns cols, gap spaces apart, each
// padded to its width: names left-aligned, figures right-aligned, with no
// trailing blanks.
func (t Table) Line(cells []string, cols, widths []int, gap int) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", gap))
		}
		pad := strings.Repeat(" ", widths[c]-utf8.RuneCountInString(cells[c]))
		if c < t.Names {
			b.WriteString(cells[c] + pad)
		} else {
			b.WriteString(pad + cells[c])
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// Columns is 0, 1, ... up to the table's last column.
func (t Table) Columns() []int {
	cols := make([]int, len(t.Header))
	for i := range cols {
		cols[i] = i
	}
	return cols
}
