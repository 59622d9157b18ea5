package widget

import (
	"strings"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/charmbracelet/lipgloss"
)

// canvasView renders an ntcharts canvas as its own View does, but a run of
// cells that share a foreground and weight is rendered once instead of
// cell by cell: a 160x48 chart is a few hundred style renders, not seven
// thousand; blanks join the run they fall in. Charts here style cells by
// foreground and bold only (no background, no underline), so a blank
// looks the same in any of their styles.
func canvasView(c *canvas.Model) string {
	type look struct {
		fg   lipgloss.TerminalColor
		bold bool
	}
	var b strings.Builder
	var run []rune
	var cur look
	var curStyle lipgloss.Style
	flush := func() {
		if len(run) > 0 {
			b.WriteString(curStyle.Render(string(run)))
			run = run[:0]
		}
	}
	for y := range c.Height() {
		if y > 0 {
			flush()
			b.WriteByte('\n')
		}
		for x := range c.Width() {
			cell := c.Cell(canvas.Point{X: x, Y: y})
			r := cell.Rune
			if r == 0 {
				r = ' '
			}
			// A blank looks the same in any foreground: it joins the run
			// it falls in rather than starting one.
			if l := (look{cell.Style.GetForeground(), cell.Style.GetBold()}); l != cur && r != ' ' {
				flush()
				cur, curStyle = l, cell.Style // its renderer's: the terminal's colour profile
			}
			run = append(run, r)
		}
	}
	flush()
	return b.String()
}
