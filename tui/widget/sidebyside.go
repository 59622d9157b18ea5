package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// SideBySide lays panels out in one row of equal widths, a column between
// them, each exactly h lines. Its contract: every panel draws with the one
// scale it is given, so equal heights (or lengths, or columns) mean equal
// values in every panel it holds. A caller computes the scale over all the
// panels' data, never per panel.
func SideBySide[S any](w, h int, scale S, panels ...func(w, h int, scale S) string) string {
	if len(panels) == 0 {
		return FitLines(nil, w, h)
	}
	pw := (w - (len(panels) - 1)) / len(panels)
	cells := make([]string, len(panels))
	for i, draw := range panels {
		body := FitLines(strings.Split(draw(pw, h, scale), "\n"), pw, h)
		if i < len(panels)-1 {
			body = lipgloss.NewStyle().Width(pw + 1).Render(body)
		}
		cells[i] = body
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, cells...)
}
