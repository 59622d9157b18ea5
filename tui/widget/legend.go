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
