package exactlab

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/loadlab/loadlab/tui/widget"
)

// fractionLines are every rule's E[max] as its exact fraction, "name =
// p/q", wrapped to w cells with the digits run on from line to line, a
// blank line between rules.
func (l *Lab) fractionLines(w int, st *widget.Styles) []string {
	var out []string
	for i, name := range l.result.Names {
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, fullFraction(name, l.result.Exact[i].Expected(), w, st)...)
	}
	return out
}

func fullFraction(name string, e *big.Rat, w int, st *widget.Styles) []string {
	text := name + " = " + e.RatString()
	var out []string
	for len(text) > 0 {
		cut := min(len(text), max(1, w-2))
		out = append(out, st.Text.Render("  "+text[:cut]))
		text = text[cut:]
	}
	return out
}

// fractionPage is f's page: the fractions a screen at a time, from the
// line the scroll keys reached, with where it is and how to move.
func (l *Lab) fractionPage(w, h int, st *widget.Styles) string {
	all := l.fractionLines(w, st)
	rows := max(1, h-3)
	l.page = rows
	l.scroll = min(max(0, l.scroll), max(0, len(all)-rows))
	shown := all[l.scroll:min(len(all), l.scroll+rows)]
	where := fmt.Sprintf("lines %d-%d of %d", l.scroll+1, l.scroll+len(shown), len(all))
	if len(all) <= rows {
		where = "all of it"
	}
	lines := []string{
		st.Title.Render(widget.FirstFit(w, "E[max] exactly, as fractions · "+where, "E[max] exactly · "+where, "E[max] exactly")),
		st.Muted.Render(widget.FirstFit(w, "↑/↓ a line, pgup/pgdn a page · f back to the table", "↑/↓ pgup/pgdn scroll · f back", "f back")),
		"",
	}
	return strings.Join(append(lines, shown...), "\n")
}

// scrollBy moves f's page by d lines, the page's bounds kept at render.
func (l *Lab) scrollBy(d int) { l.scroll = max(0, l.scroll+d) }
