package exactlab

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/widget"
)

// numbersWidth is the table width from which P(max = k) is always written
// as percentages; below it, only where they fit a line, else as blocks.
const numbersWidth = 120

// renderTable draws each strategy's exact max-load distribution, the
// expectations, the better/same/worse bar and the counterexample browser,
// in w x h cells.
func (l *Lab) renderTable(w, h int, st *widget.Styles) string {
	r := l.result
	size := l.sizeTitle()
	how := []string{", by dynamic programming over load multisets", ", by dynamic programming", ""}
	if r.Brute != nil {
		how = []string{fmt.Sprintf(", over all %s by brute force", engine.Count(int(r.Brute.Inputs), "input")), ", by brute force", ""}
	}
	var titles []string
	for _, h := range how {
		titles = append(titles, st.Title.Render(size)+st.Muted.Render(h))
	}
	// The rows under the rules' table: the DP's why and hint, or brute
	// force's comparison and at least one counterexample.
	under := 2
	switch {
	case r.Brute != nil:
		under = 7
	case l.opened.Method == "brute":
		under += 1 + len(widget.Wrap(dpRules(l.spec.D), w))
	}
	lines := append([]string{widget.FirstFit(w, titles...), ""}, l.distributionLines(w, h-2-under, st)...)
	if r.Brute == nil && l.opened.Method == "brute" {
		lines = append(lines, "")
		for _, line := range widget.Wrap(dpRules(l.spec.D), w) {
			lines = append(lines, st.Muted.Render(line))
		}
	}
	if r.Brute == nil {
		lines = append(lines, "", st.Muted.Render(widget.FirstFit(w,
			"e types a sequence to step through · [ ] { } or z change the size · v the chart alone",
			"e types a sequence · [ ] { } or z change the size · v the chart",
			"e types a sequence · z the size · v the chart", "e types a sequence")))
		if room := h - len(lines) - 1; room >= chartRows {
			lines = append(append(lines, ""), l.chartLines(w, room, st)...)
		}
		return strings.Join(lines, "\n")
	}
	tv := r.Brute.TwoVsOne
	lines = append(lines, "", st.Text.Render("two choices against one, input by input"))
	lines = append(lines, pairedBar(tv, min(w-2, 72), st))
	lines = append(lines, st.OK.Render("█ better "+engine.Digits(tv.Better))+"   "+st.Muted.Render("▒ same "+engine.Digits(tv.Same))+"   "+st.Bad.Render("░ worse "+engine.Digits(tv.Worse)))
	ces := r.Brute.Counterexamples
	if len(ces) == 0 {
		return strings.Join(append(lines, "", st.Muted.Render(widget.FirstFit(w, "no input where two choices end worse · e types a sequence", "no input where two choices end worse"))), "\n")
	}
	listed := engine.Count(len(ces), "counterexample")
	if int64(len(ces)) < tv.Worse {
		listed = fmt.Sprintf("first %d of %s counterexamples", len(ces), engine.Digits(tv.Worse))
	}
	open := "enter steps through one"
	if l.wide {
		open = "↑/↓ opens one on the right"
	}
	lines = append(lines, "", st.Text.Render(widget.FirstFit(w, listed+" · "+open+" · e types your own", listed+" · "+open, listed)))
	room := max(1, h-len(lines))
	first := min(max(0, l.cursor-room+1), max(0, len(ces)-room))
	for i := first; i < len(ces) && i < first+room; i++ {
		c := ces[i]
		row := widget.FirstFit(w-2,
			fmt.Sprintf("%3d  input %-7s %s  one %v  two %v", i+1, engine.Digits(c.Index), textfmt.Candidates(c.Candidates), c.One, c.Two),
			fmt.Sprintf("%3d  %s  one %v  two %v", i+1, textfmt.Candidates(c.Candidates), c.One, c.Two), // the input's number gives way to the loads
			fmt.Sprintf("%3d  one %v  two %v", i+1, c.One, c.Two),
			fmt.Sprintf("%3d  input %s", i+1, engine.Digits(c.Index)))
		if i == l.cursor {
			lines = append(lines, st.Accent.Render("▸ "+row))
		} else {
			lines = append(lines, st.Text.Render("  "+row))
		}
	}
	return strings.Join(lines, "\n")
}

// sizeTitle is the table's title: "Exact max load, 32 balls into 32 bins".
func (l *Lab) sizeTitle() string {
	return fmt.Sprintf("Exact max load, %s into %s", engine.Count(l.spec.Balls, "ball"), engine.Count(l.spec.Bins, "bin"))
}

// distributionLines are the table of the rules in room rows: E[max] in
// decimals, as an exact fraction where it is short, and P(max = k) as
// percentages where they fit (wrapped under their column), else as blocks
// on one scale for every rule; then the full fractions, when f asks for
// them, or a line saying f does.
func (l *Lab) distributionLines(w, room int, st *widget.Styles) []string {
	r := l.result
	nameW := textfmt.Widest(r.Names, 10)
	fractions, long := make([]string, len(r.Names)), false
	fracW := 0 // the widest fraction in the column; 0 when none fits it
	for i := range r.Names {
		fractions[i] = r.Exact[i].Expected().RatString()
		if len(fractions[i]) > bins.FractionInline {
			fractions[i], long = "f: in full", true
		} else {
			fracW = max(fracW, len(fractions[i]), len("exactly"))
		}
	}
	inline := fracW > 0
	head := fmt.Sprintf("%-*s %-9s  ", nameW, "strategy", "E[max]")
	if inline {
		fracW = max(fracW, len(fractions[0]))
		head += fmt.Sprintf("%-*s  ", fracW, "exactly")
	}
	lead := widget.Width(head)
	words, oneLine, rows := make([][]string, len(r.Names)), true, 1
	for i := range r.Names {
		words[i] = percentWords(r.Exact[i])
		oneLine = oneLine && lead+len(strings.Join(words[i], "  ")) <= w
		rows += len(wrapWords(words[i], w-lead))
	}
	if long {
		rows += 2
	}
	numbers := w >= numbersWidth || oneLine || rows <= room
	heads := []string{head + "P(max = k)"}
	if !numbers {
		top := blockTop(r.Exact)
		for i := range r.Names {
			words[i] = blockWords(r.Exact[i], top)
		}
		heads = []string{
			head + fmt.Sprintf("P(max = k), █ %s, ▁ under %s, · under 0.05 %%", percentOf(top), percentOf(top/8)),
			head + fmt.Sprintf("P(max = k), █ %s, · under 0.05 %%", percentOf(top)),
			head + fmt.Sprintf("P(max = k), █ %s", percentOf(top)),
			head + "P(max = k)",
		}
	}
	lines := []string{st.Muted.Render(widget.FirstFit(w, heads...))}
	for i, name := range r.Names {
		e := r.Exact[i].Expected()
		cells := fmt.Sprintf("%-9s  ", decimal(e))
		if inline {
			cells += fmt.Sprintf("%-*s  ", fracW, fractions[i])
		}
		prefix := st.SeriesStyle(i).Render(fmt.Sprintf("%-*s ", nameW, name)) + st.Text.Render(cells)
		style := st.Text
		if !numbers {
			style = st.SeriesStyle(0)
		}
		for j, row := range wrapWords(words[i], w-lead) {
			if j > 0 {
				prefix = strings.Repeat(" ", lead)
			}
			lines = append(lines, prefix+style.Render(row))
		}
	}
	if long {
		lines = append(lines, "", st.Muted.Render(widget.FirstFit(w, "E[max] in decimals: f writes each as its exact fraction", "f: E[max] as exact fractions")))
	}
	return lines
}

// decimal writes an expectation to six decimals.
func decimal(e *big.Rat) string { return e.FloatString(6) }

// wrapWords joins words two spaces apart in lines of at most w cells, a
// word never split.
func wrapWords(words []string, w int) []string {
	var lines []string
	line := ""
	for _, word := range words {
		switch {
		case line == "":
			line = word
		case widget.Width(line)+2+widget.Width(word) <= w:
			line += "  " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
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

// dpRules says why the DP's rules are not brute force's: it follows the
// sorted loads alone, which is enough for a rule that chooses by the loads
// of independent random bins, and for no other.
func dpRules(d int) string {
	return fmt.Sprintf("Why these rules: the DP follows the sorted loads alone, which is enough for a rule that chooses by the loads of independent random bins: one, two, dchoice:%d and anti. "+
		"Correlated is one choice exactly, stale reads an old snapshot the loads alone do not keep, and with no single inputs there are no counterexamples; [ and { back to brute force's sizes bring them back.", d)
}
