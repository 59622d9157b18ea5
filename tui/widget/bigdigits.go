package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// bigGlyphs are the characters drawn three rows high, in half blocks so
// that a stroke is heavy enough to read from the back of a room. A
// figure's baseline is the top half of the third row.
var bigGlyphs = map[rune][3]string{
	'0': {"█▀█", "█ █", "▀▀▀"},
	'1': {"▀█ ", " █ ", "▀▀▀"},
	'2': {"▀▀█", "█▀▀", "▀▀▀"},
	'3': {"▀▀█", " ▀█", "▀▀▀"},
	'4': {"█ █", "▀▀█", "  ▀"},
	'5': {"█▀▀", "▀▀█", "▀▀▀"},
	'6': {"█▀▀", "█▀█", "▀▀▀"},
	'7': {"▀▀█", "  █", "  ▀"},
	'8': {"█▀█", "█▀█", "▀▀▀"},
	'9': {"█▀█", "▀▀█", "▀▀▀"},
	'.': {" ", " ", "▀"},
	',': {" ", " ", "▜"},
	':': {"▄", " ", "▀"},
	'-': {"  ", "▀▀", "  "},
	'—': {"   ", "▀▀▀", "   "},
	'%': {"▀ ▞", " ▞ ", "▞ ▀"},
	' ': {" ", " ", " "},
}

// bigRows draws value three rows high, a blank column between glyphs.
// Runs of characters without a big glyph (units: ms, s, y) are written
// small on the bottom row, as they would follow a number in print.
func bigRows(value string) [3]string {
	var rows [3]strings.Builder
	var small []rune
	put := func(g [3]string) {
		for i := range rows {
			if rows[i].Len() > 0 {
				rows[i].WriteByte(' ')
			}
			rows[i].WriteString(g[i])
		}
	}
	flush := func() {
		if len(small) > 0 {
			pad := strings.Repeat(" ", len(small))
			put([3]string{pad, pad, string(small)})
			small = small[:0]
		}
	}
	for _, r := range value {
		g, ok := bigGlyphs[r]
		if !ok && Width(string(r)) == 1 {
			small = append(small, r)
			continue
		}
		flush()
		if !ok { // a wide character: room for it, drawn small
			g = [3]string{"  ", "  ", string(r)}
		}
		put(g)
	}
	flush()
	return [3]string{rows[0].String(), rows[1].String(), rows[2].String()}
}

// BigFigure is a figure for a projector: its label on one line, then its
// value three rows high, four lines of one width. The value carries the
// meaning in shape alone; no colour is needed to read it.
func BigFigure(st *Styles, label, value string) string {
	big := bigRows(value)
	w := max(Width(label), Width(big[0]))
	pad := func(s string) string { return s + strings.Repeat(" ", w-Width(s)) }
	lines := []string{st.Muted.Render(pad(label))}
	for _, r := range big {
		lines = append(lines, st.Title.Render(pad(r)))
	}
	return strings.Join(lines, "\n")
}

// BigStrip lays figures side by side in w cells, three cells apart, in
// bands of four rows: a figure that does not fit beside the others starts
// the next band, so no figure is ever cut. A figure's label is its group
// and name ("S1 success"). One too wide for w even alone is written small
// (its label, then its value).
func BigStrip(st *Styles, w int, figs []Figure) string {
	var bands []string
	var band []string
	width := 0
	for _, f := range figs {
		fig := BigFigure(st, figureLabel(f), f.Value)
		if Width(fig) > w {
			fig = smallFigure(st, w, f)
		}
		fw := Width(fig)
		if len(band) > 0 && width+3+fw > w {
			bands = append(bands, lipgloss.JoinHorizontal(lipgloss.Top, band...))
			band, width = nil, 0
		}
		if len(band) > 0 {
			band = append(band, "   ")
			width += 3
		}
		band = append(band, fig)
		width += fw
	}
	if len(band) > 0 {
		bands = append(bands, lipgloss.JoinHorizontal(lipgloss.Top, band...))
	}
	return strings.Join(bands, "\n")
}

// smallFigure is a figure on the four rows of a big one, its value in
// ordinary characters on the last; only a name or value wider than w is
// cut.
func smallFigure(st *Styles, w int, f Figure) string {
	name, value := Truncate(figureLabel(f), w), Truncate(f.Value, w)
	fw := max(Width(name), Width(value))
	pad := func(s string) string { return s + strings.Repeat(" ", fw-Width(s)) }
	blank := pad("")
	return strings.Join([]string{st.Muted.Render(pad(name)), blank, blank, st.Title.Render(pad(value))}, "\n")
}

func figureLabel(f Figure) string {
	if f.Group == "" {
		return f.Name
	}
	return f.Group + " " + f.Name
}
