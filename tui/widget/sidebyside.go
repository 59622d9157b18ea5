package widget

import (
	"strings"
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
	rows := make([][]string, h)
	for i, draw := range panels {
		lines := PadLines(strings.Split(draw(pw, h, scale), "\n"), h)
		width := pw + 1 // each panel but the last, with the column after it
		if i == len(panels)-1 {
			width = 0 // the last, as wide as its widest line
		}
		for r, l := range lines {
			lines[r] = Truncate(l, pw)
			if i == len(panels)-1 && i > 0 { // (one panel alone is left as drawn)
				width = max(width, Width(lines[r]))
			}
		}
		for r, l := range lines {
			rows[r] = append(rows[r], l+strings.Repeat(" ", max(0, width-Width(l))))
		}
	}
	out := make([]string, h)
	for r, cells := range rows {
		out[r] = strings.Join(cells, "")
	}
	return strings.Join(out, "\n")
}
