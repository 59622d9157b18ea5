package widget

import (
	"strings"
)

// Counter is a named figure: "backlog 1,204".
type Counter struct {
	Name, Value string
}

// Counters packs counters into at most rows lines of w cells, in order,
// " · " between them. A counter never splits or loses its number to an
// ellipsis: one that does not fit where the packing has got to is left
// out whole and the next ones are tried, so the most telling (first) are
// the ones kept; the rows it does not fill stay blank, so a panel's
// height never depends on its figures.
func Counters(st *Styles, w, rows int, cs ...Counter) []string {
	var lines []string
	var line strings.Builder
	width := 0
	sep := st.Muted.Render(" · ")
	for _, c := range cs {
		cell := st.Muted.Render(c.Name) + " " + st.Text.Render(c.Value)
		cw := Width(cell)
		switch {
		case cw > w:
		case width == 0:
			line.WriteString(cell)
			width = cw
		case width+3+cw <= w:
			line.WriteString(sep + cell)
			width += 3 + cw
		case len(lines)+1 < rows:
			lines = append(lines, line.String())
			line.Reset()
			line.WriteString(cell)
			width = cw
		}
	}
	if width > 0 && len(lines) < rows {
		lines = append(lines, line.String())
	}
	return PadLines(lines, rows)
}
