package widget

import (
	"strings"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/charmbracelet/lipgloss"
)

// canvasView renders an ntcharts canvas as its own View does, but a run of
// cells that share a foreground and weight is written once instead of
// cell by cell: a 160x48 chart is a few hundred runs, not seven thousand
// cells; blanks join the run they fall in. Charts here style cells by
// foreground and bold only (no background, no underline), so a blank
// looks the same in any of their styles. A look whose Render writes a run
// whole, between the codes it writes around any one character, is rendered
// once a chart and its runs written between those codes.
func canvasView(c *canvas.Model) string {
	type look struct {
		fg   lipgloss.TerminalColor
		bold bool
	}
	// codes are what a look renders around a run, where it renders the run
	// whole (an underline is rendered a character at a time)
	type codes struct {
		before, after string
		whole         bool
	}
	var b strings.Builder
	var run []rune
	var cur look
	var curStyle lipgloss.Style
	seen := map[look]codes{}
	flush := func() {
		if len(run) == 0 {
			return
		}
		k, ok := seen[cur]
		if !ok {
			before, after, _ := strings.Cut(curStyle.Render("x"), "x")
			k = codes{before, after, curStyle.Render("x x") == before+"x x"+after}
			seen[cur] = k
		}
		if k.whole {
			b.WriteString(k.before)
			b.WriteString(string(run))
			b.WriteString(k.after)
		} else {
			b.WriteString(curStyle.Render(string(run)))
		}
		run = run[:0]
	}
	for y := range c.Height() {
		if y > 0 {
			flush()
			b.WriteByte('\n')
		}
		for x := range c.Width() {
			p := canvas.Point{X: x, Y: y}
			r := c.Cell(p).Rune
			if r == 0 {
				r = ' '
			}
			// A blank looks the same in any foreground: it joins the run
			// it falls in rather than starting one.
			if r != ' ' {
				st := c.GetCellStyle(p)
				if l := (look{st.GetForeground(), st.GetBold()}); l != cur {
					flush()
					cur, curStyle = l, *st // its renderer's: the terminal's colour profile
				}
			}
			run = append(run, r)
		}
	}
	flush()
	return b.String()
}
