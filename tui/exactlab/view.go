package exactlab

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Resize lays the lab out for the frame: the table and the stepper side
// by side from wideWidth columns, and the editor's width.
func (l *Lab) Resize(f lab.Frame) {
	l.wide = f.W >= wideWidth
	l.editor.Width = max(10, f.W-widget.Width(l.editor.Prompt)-2)
}

// Render draws the table, the stepper (or both side by side on a wide
// screen) or the progress of the computation, and the editor under them.
func (l *Lab) Render(f lab.Frame) string {
	st := f.St
	var footer []string
	if l.edit {
		footer = []string{"", l.editor.View()}
		if l.editErr != "" {
			for _, line := range widget.Wrap(l.editErr, f.W) {
				footer = append(footer, st.Bad.Render(line))
			}
		} else {
			footer = append(footer, st.Muted.Render(l.editHint(f.W)))
		}
	}
	h := max(1, f.H-len(footer))
	var body string
	switch {
	case l.cancel != nil:
		workers := l.share.Workers()
		body = st.Muted.Render(wrap(fmt.Sprintf("computing the exact %s results for n = %d, m = %d: %s of about %s on %s… (esc cancels)",
			l.spec.Method, l.spec.Bins, l.spec.Balls, engine.Duration(time.Since(l.started).Seconds()),
			engine.Duration(l.spec.Wall(workers)), engine.Count(workers, "core")), f.W))
	case l.err != nil:
		body = st.Bad.Render(wrap("enumeration failed: "+l.err.Error(), f.W))
	case !l.ready:
		body = st.Muted.Render(wrap(fmt.Sprintf("n = %d, m = %d was cancelled before its results were in: enter computes it again (about %s), [ ] { } choose another size.",
			l.spec.Bins, l.spec.Balls, engine.Duration(l.spec.Wall(l.share.Workers()))), f.W))
	case l.fractions:
		body = l.fractionPage(f.W, h, st)
	case l.chart:
		body = l.chartPage(f.W, h, st)
	case l.wide && l.traj != nil:
		left := min(f.W/2, 84)
		table := widget.FitLines(strings.Split(l.renderTable(left-2, h, st), "\n"), left-2, h)
		body = lipgloss.JoinHorizontal(lipgloss.Top, table, "  ", l.renderStepper(f.W-left, h, st))
	case l.stepper:
		body = l.renderStepper(f.W, h, st)
	default:
		body = l.renderTable(f.W, h, st)
	}
	lines := widget.PadLines(strings.Split(body, "\n"), h)
	return widget.FitLines(append(lines[:min(len(lines), h)], footer...), f.W, f.H)
}

func wrap(s string, w int) string { return strings.Join(widget.Wrap(s, w), "\n") }
