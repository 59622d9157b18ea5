package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Figure is one of a lab's key figures: the numbers its lesson quotes.
type Figure struct {
	Name, Value string
}

// Headline writes a lab's key figures on one line of w cells, marked
// final when the run is over. Figures are shown whole or not at all: the
// ones that do not fit are left out, never cut by an ellipsis, and shown
// reports how many made it.
func Headline(st *Styles, w int, final bool, figs ...Figure) (line string, shown int) {
	var b strings.Builder
	width := 0
	tail := ""
	if final {
		tail = " ✓ final"
	}
	for _, f := range figs {
		cell := st.Muted.Render(f.Name) + " " + st.Title.Render(f.Value)
		sep := ""
		if shown > 0 {
			sep = st.Muted.Render(" · ")
		}
		if width+lipgloss.Width(sep+cell)+lipgloss.Width(tail) > w {
			break
		}
		b.WriteString(sep + cell)
		width += lipgloss.Width(sep + cell)
		shown++
	}
	if final && width+lipgloss.Width(tail) <= w {
		b.WriteString(st.OK.Render(tail))
	}
	return b.String(), shown
}
