package widget

import (
	"bytes"
	"strings"
	"testing"

	"github.com/NimbleMarkets/ntcharts/canvas"
	"github.com/NimbleMarkets/ntcharts/linechart"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/themes"
	"github.com/muesli/termenv"
)

func TestCanvasViewWritesWhatRenderWould(t *testing.T) {
	for _, prof := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		r := lipgloss.NewRenderer(&bytes.Buffer{}, termenv.WithProfile(prof))
		r.SetColorProfile(prof)
		for i, th := range themes.All {
			st := NewStylesFor(th, r)
			lc := newLineChart(40, 8, 0, 10, 0, 10, linechart.WithStyles(st.Muted, st.Muted, st.Text))
			lc.DrawXYAxisAndLabel()
			lc.Canvas.SetStringWithStyle(canvas.Point{X: 3, Y: 3}, "ab  cd", st.Bad.Bold(true)) // underlined in mono
			lc.Canvas.SetStringWithStyle(canvas.Point{X: 9, Y: 3}, "  ⣿⡀  ", st.Series[0])
			lc.Canvas.SetStringWithStyle(canvas.Point{X: 0, Y: 5}, "   z", st.Text)
			got, want := canvasView(&lc.Canvas), renderedByRuns(&lc.Canvas)
			doneWith(lc)
			if got != want {
				t.Fatalf("profile %v, theme %d:\n%q\nwant\n%q", prof, i, got, want)
			}
		}
	}
}

// renderedByRuns is canvasView as it was before it kept each look's codes:
// every run rendered by its style. The codes it keeps must write the same.
func renderedByRuns(c *canvas.Model) string {
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
