package exactlab

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Render draws the table, the stepper or the progress of the computation.
func (l *Lab) Render(f lab.Frame) string {
	st := f.St
	var body string
	switch {
	case !l.ready:
		workers := float64(runtime.GOMAXPROCS(0))
		body = st.Muted.Render(fmt.Sprintf("computing the exact %s results for n = %d, m = %d: %s of about %s on %g cores… (esc cancels)",
			l.spec.Method, l.spec.Bins, l.spec.Balls, engine.Duration(time.Since(l.started).Seconds()),
			engine.Duration(l.spec.Cost(int(workers)).Seconds/workers), workers))
	case l.err != nil:
		body = st.Bad.Render("enumeration failed: " + l.err.Error())
	case l.stepper:
		body = l.renderStepper(f)
	default:
		body = l.renderTable(f)
	}
	var footer []string
	if l.edit {
		footer = []string{"", l.editor.View()}
		if l.editErr != "" {
			footer = append(footer, st.Bad.Render(l.editErr))
		} else {
			footer = append(footer, st.Muted.Render("enter steps through it, esc cancels"))
		}
	}
	lines := widget.PadLines(strings.Split(body, "\n"), max(0, f.H-len(footer)))
	return widget.FitLines(append(lines, footer...), f.W, f.H)
}

// renderTable draws each strategy's exact max-load distribution, the
// better/same/worse bar and the counterexample browser.
func (l *Lab) renderTable(f lab.Frame) string {
	st := f.St
	r := l.result
	var lines []string
	what := "by dynamic programming over load multisets"
	if r.Brute != nil {
		what = fmt.Sprintf("over all %s inputs by brute force", textfmt.Digits(r.Brute.Inputs))
	}
	lines = append(lines, st.Title.Render(fmt.Sprintf("Exact max load, %d balls into %d bins, ", l.spec.Balls, l.spec.Bins))+st.Muted.Render(what), "")
	nameW := textfmt.Widest(r.Names, 10)
	lines = append(lines, st.Muted.Render(fmt.Sprintf("%-*s %-16s %9s   P(max = k)", nameW, "strategy", "E[max]", "≈")))
	for i, name := range r.Names {
		e := r.Exact[i].Expected()
		fl, _ := e.Float64()
		lines = append(lines, st.SeriesStyle(i).Render(fmt.Sprintf("%-*s ", nameW, name))+
			st.Text.Render(fmt.Sprintf("%-16s %9.6f   ", textfmt.Fraction(e, 16), fl))+distributionText(r.Exact[i], st))
	}
	if r.Brute == nil {
		return strings.Join(append(lines, "", st.Muted.Render("e types a candidate sequence to step through")), "\n")
	}
	tv := r.Brute.TwoVsOne
	lines = append(lines, "", st.Text.Render("two choices against one, input by input"))
	lines = append(lines, pairedBar(tv, min(f.W-2, 72), st))
	lines = append(lines, st.OK.Render("█ better "+textfmt.Digits(tv.Better))+"   "+st.Muted.Render("▒ same "+textfmt.Digits(tv.Same))+"   "+st.Bad.Render("░ worse "+textfmt.Digits(tv.Worse)))
	ces := r.Brute.Counterexamples
	if len(ces) == 0 {
		return strings.Join(append(lines, "", st.Muted.Render("no input where two choices end worse · e types a sequence")), "\n")
	}
	lines = append(lines, "", st.Text.Render(fmt.Sprintf("counterexamples (%s in all; first %d listed) · enter steps through one · e types your own", textfmt.Digits(tv.Worse), len(ces))))
	room := max(1, f.H-len(lines))
	first := min(max(0, l.cursor-room+1), max(0, len(ces)-room))
	for i := first; i < len(ces) && i < first+room; i++ {
		c := ces[i]
		row := fmt.Sprintf("%3d  input %-7s %s  one %v  two %v", i+1, textfmt.Digits(c.Index), textfmt.Candidates(c.Candidates), c.One, c.Two)
		if i == l.cursor {
			lines = append(lines, st.Accent.Render("▸ "+row))
		} else {
			lines = append(lines, st.Text.Render("  "+row))
		}
	}
	return strings.Join(lines, "\n")
}

// distributionText draws the max loads with probability at least 0.0005.
func distributionText(ex bins.Exact, st *widget.Styles) string {
	ps := make([]float64, len(ex.Prob))
	for k, p := range ex.Prob {
		ps[k], _ = p.Float64()
	}
	return st.SeriesStyle(0).Render(widget.SparkBars(ps, 0.0005))
}

// pairedBar is one bar split into better, same and worse in proportion,
// each non-zero part at least one cell wide, told apart by its fill.
func pairedBar(tv bins.PairedCounts, w int, st *widget.Styles) string {
	total := float64(tv.Better + tv.Same + tv.Worse)
	cells := func(c int64) int {
		if c == 0 {
			return 0
		}
		return max(1, int(float64(c)/total*float64(w)+0.5))
	}
	b, wo := cells(tv.Better), cells(tv.Worse)
	s := max(0, w-b-wo)
	if tv.Same == 0 {
		s = 0
	}
	return st.OK.Render(strings.Repeat("█", b)) + st.Muted.Render(strings.Repeat("▒", s)) + st.Bad.Render(strings.Repeat("░", wo))
}

// renderStepper draws one choice and two choices side by side after pos
// balls of the open trajectory, with the latest ball's decision.
func (l *Lab) renderStepper(f lab.Frame) string {
	st := f.St
	t := l.traj
	cur := t.At(l.pos)
	final := t.At(t.Len())
	lines := []string{st.Title.Render(l.label)}
	seq := make([]string, t.Len())
	for i, c := range t.Candidates {
		s := fmt.Sprintf("(%d,%d)", c[0], c[1])
		switch {
		case i == l.pos-1:
			seq[i] = st.Accent.Render("[" + s + "]")
		case i < l.pos:
			seq[i] = st.Text.Render(s)
		default:
			seq[i] = st.Muted.Render(s)
		}
	}
	lines = append(lines, "balls: "+strings.Join(seq, " "), "")

	panelW := f.W / 2
	inner := panelW - st.Panel.GetHorizontalFrameSize()
	top := maxOf(final.One, final.Two) + 1
	unit := max(1, min(3, (f.H-13)/top)) // rows per ball, whole so bars read as counts
	rows := unit * top
	one := l.binsPanel("one choice: always first", cur.One, cur.OneChose, []int{cur.First}, cur.OneMax, top, rows, inner, st, 0)
	two := l.binsPanel("two choices: the lighter", cur.Two, cur.TwoChose, []int{cur.First, cur.Second}, cur.TwoMax, top, rows, inner, st, 1)
	lines = append(lines, lipgloss.JoinHorizontal(lipgloss.Top,
		st.Panel.Width(inner+st.Panel.GetHorizontalPadding()).Render(one),
		st.Panel.Width(inner+st.Panel.GetHorizontalPadding()).Render(two)))
	lines = append(lines, l.narration(cur, st)...)
	return strings.Join(lines, "\n")
}

// binsPanel draws one rule's bins: bars, the candidate and chosen marks,
// the bin numbers and the running max.
func (l *Lab) binsPanel(title string, loads []int, chose int, cands []int, runMax, top, rows, w int, st *widget.Styles, series int) string {
	n := len(loads)
	colW := max(1, min(12, w/max(1, n))) // few bins get wide bars on a wide screen
	c := widget.Columns{ColWidth: colW, Rows: rows, Top: float64(top), Gap: true, Bar: st.SeriesStyle(series).UnsetBold()}
	for _, v := range loads {
		c.Values = append(c.Values, float64(v))
	}
	marks := []rune(strings.Repeat(" ", n*colW))
	labels := []rune(strings.Repeat(" ", n*colW))
	if chose >= 0 {
		c.Marked = map[int]bool{chose: true}
		for j, b := range cands {
			marks[b*colW] = rune('1' + j)
		}
		marks[chose*colW+min(1, colW-1)] = '▲'
	}
	// Number every bin when the numbers fit, else every step-th bin.
	step := 1
	for step*colW < len(fmt.Sprint(n-1))+1 && colW < len(fmt.Sprint(n-1)) {
		step++
	}
	for b := 0; b < n; b += step {
		for i, r := range fmt.Sprint(b) {
			if b*colW+i < len(labels) {
				labels[b*colW+i] = r
			}
		}
	}
	out := []string{st.SeriesStyle(series).Render(title)}
	out = append(out, c.Render(st)...)
	out = append(out, st.Marker.Render(string(marks)), st.Muted.Render(string(labels)))
	summary := fmt.Sprintf("max %d  loads %v", runMax, loads)
	out = append(out, st.Text.Render(widget.Truncate(summary, w)))
	return strings.Join(out, "\n")
}

// narration explains the latest ball in words, and the outcome at the end.
func (l *Lab) narration(cur bins.TrajectoryStep, st *widget.Styles) []string {
	if cur.Ball == 0 {
		return []string{st.Muted.Render("n steps forward, p back; the marks show candidate 1 (first), 2 (second) and ▲ the bin chosen")}
	}
	tie := ""
	if cur.FirstLoad == cur.SecondLoad {
		tie = " (a tie goes to first)"
	}
	out := []string{
		st.Text.Render(fmt.Sprintf("ball %d: candidates first %d, second %d.", cur.Ball, cur.First, cur.Second)),
		st.Text.Render(fmt.Sprintf("one choice takes first: bin %d.", cur.OneChose)),
		st.Text.Render(fmt.Sprintf("two choices compare loads %d and %d: bin %d%s.", cur.FirstLoad, cur.SecondLoad, cur.TwoChose, tie)),
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
