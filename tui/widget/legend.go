package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Key is one entry of a legend: a mark drawn in its style, and what it
// means in words, so that colour never carries the meaning alone.
type Key struct {
	Mark    string
	Style   lipgloss.Style
	Meaning string
}

// Legend writes the keys on one line, cut to w cells.
func Legend(st *Styles, w int, keys ...Key) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k.Style.Render(k.Mark) + " " + st.Muted.Render(k.Meaning)
	}
	return Truncate(strings.Join(parts, st.Muted.Render(" ")), w)
}

// LegendLines writes the keys in lines of w cells, each key whole: one that
// does not fit starts the next line.
func LegendLines(st *Styles, w int, keys ...Key) []string {
	var lines []string
	line, width := "", 0
	for _, k := range keys {
		part := k.Style.Render(k.Mark) + " " + st.Muted.Render(k.Meaning)
		pw := Width(part)
		if width > 0 && width+1+pw > w {
			lines = append(lines, line)
			line, width = "", 0
		}
		if width > 0 {
			line, width = line+" ", width+1
		}
		line, width = line+part, width+pw
	}
	return append(lines, Truncate(line, w))
}
