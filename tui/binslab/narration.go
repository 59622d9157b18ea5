package binslab

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/widget"
)

// narration is one line per ball, the latest last, the way the stepper
// tells its balls: "ball 7: one 12(0) → 12 │ two 12(1) 13(0) → 13". Every
// step records its line (the screen may draw less often than keys step);
// the lanes show the lines at narrating speeds.
type narration struct {
	trial int
	balls []int
	lines []string
}

// maxNarrated is the lines kept; the panel shows the latest that fit.
const maxNarrated = 64

// maxNarratedBins bounds the runs whose steps are recorded: narration
// shows only where one bar per bin fits a lane.
const maxNarratedBins = 256

// record adds the line of ball in trial from each strategy's decision.
func (n *narration) record(trial, ball int, names []string, ds []bins.Decision) {
	n.trim(trial, ball)
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = names[i] + " " + decisionLine(d)
	}
	n.balls = append(n.balls, ball)
	n.lines = append(n.lines, fmt.Sprintf("ball %s: %s", textfmt.Int(ball), strings.Join(parts, " │ ")))
	if len(n.lines) > maxNarrated {
		n.balls, n.lines = n.balls[1:], n.lines[1:]
	}
}

// trim drops the lines of another trial, and those from ball on (after a
// step back).
func (n *narration) trim(trial, ball int) {
	if trial != n.trial {
		n.trial, n.balls, n.lines = trial, n.balls[:0], n.lines[:0]
	}
	for len(n.balls) > 0 && n.balls[len(n.balls)-1] >= ball {
		n.balls, n.lines = n.balls[:len(n.balls)-1], n.lines[:len(n.lines)-1]
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
		lines = append(lines, st.Muted.Render("each ball: its candidates (their loads) → the bin chosen"))
	}
	from := max(0, len(n.lines)-(h-len(lines)))
	for i, l := range n.lines[from:] {
		style := st.Muted
		if from+i == len(n.lines)-1 {
			style = st.Text
		}
		lines = append(lines, style.Render(widget.Truncate(l, w)))
	}
	return widget.FitLines(lines, w, h)
}
