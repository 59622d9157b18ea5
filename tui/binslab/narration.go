package binslab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// narration is one line per ball placed at narrating speeds, the latest
// last, the way the stepper tells its balls: "ball 7: one 12(0) → 12 │
// two 12(1) 13(0) → 13".
type narration struct {
	trial int
	balls []int
	lines []string
}

// maxNarrated is the lines kept; the panel shows the latest that fit.
const maxNarrated = 64

// note records the snapshot's latest ball, once, dropping any line past it
// (after a step back).
func (n *narration) note(s bins.Snapshot) {
	if s.Trial != n.trial {
		n.trial, n.balls, n.lines = s.Trial, n.balls[:0], n.lines[:0]
	}
	for len(n.balls) > 0 && n.balls[len(n.balls)-1] >= s.Ball {
		n.balls, n.lines = n.balls[:len(n.balls)-1], n.lines[:len(n.lines)-1]
	}
	if s.Ball == 0 || len(s.Lanes) == 0 || s.Lanes[0].Last.Chosen < 0 {
		return
	}
	parts := make([]string, len(s.Lanes))
	for i, lane := range s.Lanes {
		parts[i] = lane.Strategy.Name + " " + decisionLine(lane.Last)
	}
	n.balls = append(n.balls, s.Ball)
	n.lines = append(n.lines, fmt.Sprintf("ball %s: %s", textfmt.Int(s.Ball), strings.Join(parts, " │ ")))
	if len(n.lines) > maxNarrated {
		n.balls, n.lines = n.balls[1:], n.lines[1:]
	}
}

// narrationRows is the log's height under lanes of height h in a grid of
// gridRows: what is left once each lane has room for a chart of six rows
// or so, up to 6, and none below 2.
func narrationRows(h, gridRows int) int {
	rows := min(6, h-gridRows*(laneMinHeight+6))
	if rows < 2 {
		return 0
	}
	return rows
}

// render draws the latest lines that fit, the newest in the text style,
// under a line that reads the format when there is room for it.
func (n *narration) render(w, h int, st *widget.Styles) string {
	var lines []string
	if h >= 5 {
		lines = append(lines, st.Muted.Render("each ball: candidate(load) … → chosen bin"))
	}
	from := max(0, len(n.lines)-(h-len(lines)))
	for i, l := range n.lines[from:] {
		style := st.Muted
		if from+i == len(n.lines)-1 {
			style = st.Text
		}
		lines = append(lines, style.Render(widget.Truncate(l, w)))
	}
	return lipgloss.NewStyle().Render(widget.FitLines(lines, w, h))
}
