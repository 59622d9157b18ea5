package exactlab

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/binsview"
	"github.com/loadlab/loadlab/tui/widget"
)

// fractionInline is the longest exact expectation written in the table's
// column; longer ones are written out in full under the table.
const fractionInline = 16

// renderTable draws each strategy's exact max-load distribution, the
// expectations as fractions, the better/same/worse bar and the
// counterexample browser, in w x h cells.
func (l *Lab) renderTable(w, h int, st *widget.Styles) string {
	r := l.result
	var lines []string
	what := "by dynamic programming over load multisets"
	if r.Brute != nil {
		what = fmt.Sprintf("over all %s by brute force", textfmt.Count(int(r.Brute.Inputs), "input"))
	}
	lines = append(lines, st.Title.Render(fmt.Sprintf("Exact max load, %s into %s, ", textfmt.Count(l.spec.Balls, "ball"), textfmt.Count(l.spec.Bins, "bin")))+st.Muted.Render(what), "")
	nameW := textfmt.Widest(r.Names, 10)
	lines = append(lines, st.Muted.Render(fmt.Sprintf("%-*s %-16s %9s   P(max = k), · under 0.05 %%", nameW, "strategy", "E[max]", "≈")))
	var long []string // the expectations too long for the column, in full
	for i, name := range r.Names {
		e := r.Exact[i].Expected()
		fl, _ := e.Float64()
		frac := e.RatString()
		if len(frac) > fractionInline {
			frac = "(in full below)"
			long = append(long, fullFraction(name, e, w, st)...)
		}
		lines = append(lines, st.SeriesStyle(i).Render(fmt.Sprintf("%-*s ", nameW, name))+
			st.Text.Render(fmt.Sprintf("%-16s %9.6f   ", frac, fl))+distributionText(r.Exact[i], st))
	}
	if len(long) > 0 {
		lines = append(lines, "", st.Text.Render("E[max] exactly"))
		lines = append(lines, long...)
	}
	if r.Brute == nil {
		return strings.Join(append(lines, "", st.Muted.Render("e types a candidate sequence to step through · [ ] { } change the size")), "\n")
	}
	tv := r.Brute.TwoVsOne
	lines = append(lines, "", st.Text.Render("two choices against one, input by input"))
	lines = append(lines, pairedBar(tv, min(w-2, 72), st))
	lines = append(lines, st.OK.Render("█ better "+textfmt.Digits(tv.Better))+"   "+st.Muted.Render("▒ same "+textfmt.Digits(tv.Same))+"   "+st.Bad.Render("░ worse "+textfmt.Digits(tv.Worse)))
	ces := r.Brute.Counterexamples
	if len(ces) == 0 {
		return strings.Join(append(lines, "", st.Muted.Render("no input where two choices end worse · e types a sequence")), "\n")
	}
	listed := textfmt.Count(len(ces), "counterexample")
	if int64(len(ces)) < tv.Worse {
		listed = fmt.Sprintf("first %d of %s counterexamples", len(ces), textfmt.Digits(tv.Worse))
	}
	how := "enter steps through one"
	if l.wide {
		how = "↑/↓ opens one on the right"
	}
	lines = append(lines, "", st.Text.Render(widget.Truncate(listed+" · "+how+" · e types your own", w)))
	room := max(1, h-len(lines))
	first := min(max(0, l.cursor-room+1), max(0, len(ces)-room))
	for i := first; i < len(ces) && i < first+room; i++ {
		c := ces[i]
		row := fmt.Sprintf("%3d  input %-7s %s  one %v  two %v", i+1, textfmt.Digits(c.Index), textfmt.Candidates(c.Candidates), c.One, c.Two)
		if len(row)+2 > w { // the input's number gives way to the loads
			row = fmt.Sprintf("%3d  %s  one %v  two %v", i+1, textfmt.Candidates(c.Candidates), c.One, c.Two)
		}
		if i == l.cursor {
			lines = append(lines, st.Accent.Render(widget.Truncate("▸ "+row, w)))
		} else {
			lines = append(lines, st.Text.Render(widget.Truncate("  "+row, w)))
		}
	}
	return strings.Join(lines, "\n")
}

// fullFraction writes "name = p/q" wrapped to w cells, the digits run on
// from line to line.
func fullFraction(name string, e *big.Rat, w int, st *widget.Styles) []string {
	text := name + " = " + e.RatString()
	var out []string
	for len(text) > 0 {
		cut := min(len(text), max(1, w-2))
		out = append(out, st.Text.Render("  "+text[:cut]))
		text = text[cut:]
	}
	return out
}

// distributionText draws every max load with a chance, a block for each
// of at least 0.0005 and · for the rarer.
func distributionText(ex bins.Exact, st *widget.Styles) string {
	ps := make([]float64, len(ex.Prob))
	for k, p := range ex.Prob {
		ps[k], _ = p.Float64()
	}
	return st.SeriesStyle(0).Render(binsview.SparkBars(ps, 0.0005))
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
