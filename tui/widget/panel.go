package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Panel is a framed box of a fixed outer size: the focused one in the
// thick accent frame, the others in the rounded one.
type Panel struct {
	Focused bool
}

// Inner is the room inside a w x h panel.
func (p Panel) Inner(st *Styles, w, h int) (iw, ih int) {
	frame := p.frame(st)
	return max(0, w-frame.GetHorizontalFrameSize()), max(0, h-frame.GetVerticalFrameSize())
}

// Render frames body lines in exactly w x h cells: lines past the room are
// dropped, and a long line is cut with an ellipsis.
func (p Panel) Render(st *Styles, body []string, w, h int) string {
	frame := p.frame(st)
	iw, ih := p.Inner(st, w, h)
	inner := FitLines(body, iw, ih)
	if iw == 0 || ih == 0 {
		inner = strings.Repeat("\n", max(0, ih-1))
	}
	return frame.Width(max(0, w-frame.GetHorizontalBorderSize())).Height(ih).Render(inner)
}

func (p Panel) frame(st *Styles) lipgloss.Style {
	if p.Focused {
		return st.Focused
	}
	return st.Panel
}
