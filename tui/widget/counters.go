package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Counter is a named figure: "backlog 1,204".
type Counter struct {
	Name, Value string
}

// Counters packs counters into at most rows lines of w cells, in order,
// two spaces apart. A counter never splits or loses its number to an
// ellipsis: one that does not fit in the rows left is dropped whole, with
// every counter after it, and the rows it would have taken stay as they
// are, so a panel's height never depends on its figures.
func Counters(st *Styles, w, rows int, cs ...Counter) []string {
	var lines []string
	var line strings.Builder
	width := 0
	for _, c := range cs {
		cell := st.Muted.Render(c.Name) + " " + st.Text.Render(c.Value)
		cw := lipgloss.Width(cell)
		if cw > w {
			break
		}
		if width > 0 && width+2+cw > w {
			lines = append(lines, line.String())
			line.Reset()
			width = 0
		}
		if len(lines) == rows {
			break
		}
		if width > 0 {
			line.WriteString("  ")
			width += 2
		}
		line.WriteString(cell)
		width += cw
	}
	if width > 0 && len(lines) < rows {
		lines = append(lines, line.String())
	}
	return PadLines(lines, rows)
}
