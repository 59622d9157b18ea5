package exactlab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/binsview"
	"github.com/loadlab/loadlab/tui/widget"
)

// stepperChrome is the stepper's rows besides its bars: the label, the
// balls, a blank, the panels' borders, titles, marks, numbers and
// summaries, and four lines of narration.
const stepperChrome = 13

// renderStepper draws one choice and two choices side by side after pos
// balls of the open trajectory, with the latest ball's decision, in w x h
// cells.
func (l *Lab) renderStepper(w, h int, st *widget.Styles) string {
	t := l.traj
	cur := t.At(l.pos)
	final := t.At(t.Len())
	lines := []string{st.Title.Render(widget.Truncate(l.label, w)), ballsLine(t, l.pos, w, st), ""}

	inner := w/2 - st.Panel.GetHorizontalFrameSize()
	narration, chrome := l.narration(cur, st), stepperChrome
	if h-chrome < widget.ReadableRows { // the bars before the narration's last two lines
		chrome -= 2
		narration = narration[:min(len(narration), 2)]
	}
	top, rows := stepperScale(maxOf(final.One, final.Two), h-chrome)
	one := binsPanel("one choice: always first", cur.One, cur.OneChose, []int{cur.First}, cur.OneMax, top, rows, inner, st, 0)
	two := binsPanel("two choices: the lighter", cur.Two, cur.TwoChose, []int{cur.First, cur.Second}, cur.TwoMax, top, rows, inner, st, 1)
	lines = append(lines, lipgloss.JoinHorizontal(lipgloss.Top,
		st.Panel.Width(inner+st.Panel.GetHorizontalPadding()).Render(one),
		st.Panel.Width(inner+st.Panel.GetHorizontalPadding()).Render(two)))
	for _, n := range narration {
		lines = append(lines, widget.Truncate(n, w))
	}
	return strings.Join(lines, "\n")
}

// stepperScale is the bars' top load and rows for a trajectory whose
// fullest bin ends at most: up to 3 rows a ball in room rows, a whole
// number of rows a ball so that every load is numbered on the axis, and a
// ball of headroom above the fullest bin where the rows allow it.
func stepperScale(most, room int) (top, rows int) {
	for _, t := range []int{most + 1, max(1, most)} {
		r := max(2, min(3*t, room))
		if r > t {
			r = r / t * t
		}
		if r > rows {
			top, rows = t, r
		}
	}
	return top, rows
}

// ballsLine writes the sequence, the latest ball in brackets, scrolled so
// that the latest ball shows when the sequence is wider than w.
func ballsLine(t *bins.Trajectory, pos, w int, st *widget.Styles) string {
	const prefix = "balls: "
	tokens := make([]string, t.Len())
	for i, c := range t.Candidates {
		tokens[i] = fmt.Sprintf("(%d,%d)", c[0], c[1])
		if i == pos-1 {
			tokens[i] = "[" + tokens[i] + "]"
		}
	}
	room := w - len(prefix) - 2 // the ellipses at either end
	from, to := 0, len(tokens)
	width := func() int { return len(strings.Join(tokens[from:to], " ")) }
	for width() > room && to-from > 1 {
		// drop from the end farther from the latest ball
		if to-1 > pos || from >= pos-1 {
			to--
		} else {
			from++
		}
	}
	var parts []string
	for i := from; i < to; i++ {
		switch {
		case i == pos-1:
			parts = append(parts, st.Accent.Render(tokens[i]))
		case i < pos:
			parts = append(parts, st.Text.Render(tokens[i]))
		default:
			parts = append(parts, st.Muted.Render(tokens[i]))
		}
	}
	line := strings.Join(parts, " ")
	if from > 0 {
		line = st.Muted.Render("…") + line
	}
	if to < len(tokens) {
		line += st.Muted.Render("…")
	}
	return prefix + line
}

// binsPanel draws one rule's bins: bars on a numbered axis, the candidate
// and chosen marks, the bin numbers and the running max.
func binsPanel(title string, loads []int, chose int, cands []int, runMax, top, rows, w int, st *widget.Styles, series int) string {
	n := len(loads)
	c := binsview.Columns{Rows: rows, Top: float64(top), Gap: true, Bar: st.SeriesStyle(series).UnsetBold(), Axis: true}
	aw := c.AxisWidth()
	c.ColWidth = max(1, min(12, (w-aw)/max(1, n))) // few bins get wide bars on a wide screen
	for _, v := range loads {
		c.Values = append(c.Values, float64(v))
	}
	marks := []rune(strings.Repeat(" ", n*c.ColWidth))
	if chose >= 0 {
		c.Marked = map[int]bool{chose: true}
		for j := len(cands) - 1; j >= 0; j-- { // one bin twice: "1", the first
			marks[cands[j]*c.ColWidth] = rune('1' + j)
		}
		marks[chose*c.ColWidth+min(1, c.ColWidth-1)] = '▲'
	}
	pad := strings.Repeat(" ", aw)
	out := []string{st.SeriesStyle(series).Render(title)}
	out = append(out, c.Render(st)...)
	out = append(out, pad+st.Marker.Render(string(marks)), st.Muted.Render(pad+binsview.BinNumbers(n, c.ColWidth)))
	summary := fmt.Sprintf("max %d  loads %v", runMax, loads)
	out = append(out, st.Text.Render(widget.Truncate(summary, w)))
	return strings.Join(out, "\n")
}

// narration explains the latest ball in words, and the outcome at the end.
func (l *Lab) narration(cur bins.TrajectoryStep, st *widget.Styles) []string {
	if cur.Ball == 0 {
		return []string{st.Muted.Render("n steps, p steps back · marks: 1 first, 2 second candidate, ▲ chosen")}
	}
	compare := fmt.Sprintf("two choices compare loads %d and %d: bin %d.", cur.FirstLoad, cur.SecondLoad, cur.TwoChose)
	switch {
	case cur.First == cur.Second: // one bin, looked at twice: nothing to compare
		compare = fmt.Sprintf("two choices look at bin %d twice (load %d): bin %d, no choice.", cur.First, cur.FirstLoad, cur.TwoChose)
	case cur.FirstLoad == cur.SecondLoad:
		compare = fmt.Sprintf("two choices compare loads %d and %d: bin %d (a tie goes to first).", cur.FirstLoad, cur.SecondLoad, cur.TwoChose)
	}
	out := []string{
		st.Text.Render(fmt.Sprintf("ball %d: candidates first %d, second %d.", cur.Ball, cur.First, cur.Second)),
		st.Text.Render(fmt.Sprintf("one choice takes first: bin %d.", cur.OneChose)),
		st.Text.Render(compare),
	}
	if cur.Ball == l.traj.Len() {
		verdict := st.Muted.Render("the same max")
		switch {
		case cur.TwoMax > cur.OneMax:
			verdict = st.Bad.Render("two choices end worse than one")
		case cur.TwoMax < cur.OneMax:
			verdict = st.OK.Render("two choices end better than one")
		}
		out = append(out, fmt.Sprintf("final max: one choice %d, two choices %d: ", cur.OneMax, cur.TwoMax)+verdict)
	}
	return out
}

func maxOf(xs ...[]int) int {
	m := 0
	for _, x := range xs {
		for _, v := range x {
			m = max(m, v)
		}
	}
	return m
}
