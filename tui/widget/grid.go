package widget

import "github.com/charmbracelet/lipgloss"

// Rect is a panel's outer size.
type Rect struct{ W, H int }

// Grid places n panels of at least minW columns in a w x h area, as many
// per row as fit, rows of equal height; the remainder of a division goes
// to the first columns and rows. It returns the panels in reading order and
// the number of columns.
func Grid(n, w, h, minW int) ([]Rect, int) {
	if n == 0 || w < 1 || h < 1 {
		return nil, 0
	}
	cols := max(1, min(n, w/max(1, minW)))
	rows := (n + cols - 1) / cols
	out := make([]Rect, n)
	for i := range out {
		r, c := i/cols, i%cols
		cw := w / cols
		if c < w%cols {
			cw++
		}
		rh := h / rows
		if r < h%rows {
			rh++
		}
		out[i] = Rect{cw, rh}
	}
	return out, cols
}

// JoinGrid joins rendered panels row by row, cols per row.
func JoinGrid(panels []string, cols int) string {
	var rows []string
	for i := 0; i < len(panels); i += max(1, cols) {
		rows = append(rows, lipgloss.JoinHorizontal(lipgloss.Top, panels[i:min(i+max(1, cols), len(panels))]...))
	}
	return lipgloss.JoinVertical(lipgloss.Left, rows...)
}
