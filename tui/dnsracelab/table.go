package dnsracelab

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/widget"
)

// tableLines draw every row's schedules by outcome: each cell the exact
// fraction and the share when the table fits, else the count and the
// share, else the share, else the share without the schedules' counts;
// under it the current row in full, wrapped.
func (l *Lab) tableLines(w int, st *widget.Styles, focused bool) []string {
	title := st.Title
	if focused {
		title = st.Accent
	}
	lines := []string{title.Render(widget.FirstFit(w, "every schedule, counted per fix set (▸ the stepper's; 1 2 3 switch)", "every schedule, per fix set (▸ the stepper's)", "per fix set"))}
	lines = append(lines, l.tableRows(w, st)...)
	c := l.current().Counts
	t := c.Total()
	full := fmt.Sprintf("%s: %s = %s schedules; newest %s, older %s, empty %s", interleave.FixWords(l.race.Fixes), interleave.Formula(l.race.Lengths()),
		Digits(t), Fraction(c[interleave.Newest], t), Fraction(c[interleave.Older], t), Fraction(c[interleave.Empty], t))
	for _, s := range widget.Wrap(full, w) {
		lines = append(lines, st.Muted.Render(s))
	}
	return lines
}

// tableRows are the table's header and rows.
func (l *Lab) tableRows(w int, st *widget.Styles) []string {
	nameW := len("fixes")
	for _, r := range l.rows {
		nameW = max(nameW, len(interleave.FixWords(r.fixes)))
	}
	// each cell n of the row's d schedules: the fraction over them all
	// (never reduced, so it reads beside the counts) and the share, else
	// the count and the share, else the share
	forms := []func(n, d uint64) string{
		func(n, d uint64) string { return Fraction(n, d) + " " + pct(n, d) },
		func(n, d uint64) string { return Digits(n) + " " + pct(n, d) },
		pct,
	}
	cells := func(form func(n, d uint64) string, c interleave.Counts) [3]string {
		return [3]string{form(c[interleave.Newest], c.Total()), form(c[interleave.Older], c.Total()), form(c[interleave.Empty], c.Total())}
	}
	var table []string
	for k := range len(forms) + 1 { // the last try: the shares without the schedules' column
		form, counted := forms[min(k, len(forms)-1)], k < len(forms)
		cellW, schedW := len("newest"), len("schedules")
		for _, r := range l.rows {
			for _, cell := range cells(form, r.ex.Counts) {
				cellW = max(cellW, len(cell))
			}
			schedW = max(schedW, len(Digits(r.ex.Counts.Total())))
		}
		row := func(mark, name, sched string, cells [3]string) string {
			if !counted {
				return fmt.Sprintf("%s %-*s  %-*s  %-*s  %s", mark, nameW, name, cellW, cells[0], cellW, cells[1], cells[2])
			}
			return fmt.Sprintf("%s %-*s %*s  %-*s  %-*s  %s", mark, nameW, name, schedW, sched, cellW, cells[0], cellW, cells[1], cells[2])
		}
		table = []string{st.Muted.Render(row(" ", "fixes", "schedules", [3]string{"newest", "older", "empty"}))}
		fits := widget.Width(table[0]) <= w
		for i, r := range l.rows {
			mark, style := " ", st.Text
			if i == l.curRow {
				mark, style = "▸", st.Accent
			}
			line := row(mark, interleave.FixWords(r.fixes), Digits(r.ex.Counts.Total()), cells(form, r.ex.Counts))
			fits = fits && len([]rune(line)) <= w
			table = append(table, style.Render(line))
		}
		if fits {
			break
		}
	}
	return table
}

// compact writes a schedule by runs of one Enactor: "s1-2 f1-4 s3-4".
func compact(r interleave.Race, s interleave.Schedule) string {
	var pc [interleave.MaxProcs]int
	var parts []string
	for i := 0; i < len(s); {
		e, j := s[i], i
		for j < len(s) && s[j] == e {
			j++
		}
		from, to := pc[e]+1, pc[e]+j-i
		if from == to {
			parts = append(parts, fmt.Sprintf("%s%d", r.Letter(int(e)), from))
		} else {
			parts = append(parts, fmt.Sprintf("%s%d-%d", r.Letter(int(e)), from, to))
		}
		pc[e] = to
		i = j
	}
	return strings.Join(parts, " ")
}

// badLines list the bad schedules of the current fix set around the one
// playing, each with how it ends; the lecture's order is marked.
func (l *Lab) badLines(w, h int, st *widget.Styles, focused bool) []string {
	ex := l.current()
	c := ex.Counts
	bad := ex.Bad()
	title := st.Title
	if focused {
		title = st.Accent
	}
	nBad, nEmpty, nOlder, fixes := Digits(bad), Digits(c[interleave.Empty]), Digits(c[interleave.Older]), interleave.FixWords(l.race.Fixes)
	head := widget.FirstFit(w,
		fmt.Sprintf("%s bad schedules under %s: %s empty, %s with an older plan · x next, X back", nBad, fixes, nEmpty, nOlder),
		fmt.Sprintf("%s bad schedules under %s: %s empty, %s with an older plan", nBad, fixes, nEmpty, nOlder),
		fmt.Sprintf("%s bad under %s: %s empty, %s older", nBad, fixes, nEmpty, nOlder))
	lines := []string{}
	for _, s := range widget.Wrap(head, w) {
		lines = append(lines, title.Render(s))
	}
	if bad == 0 {
		return append(lines, st.OK.Render(widget.FirstFit(w, "none: every schedule ends with the newest plan in every record", "none: every schedule ends at the newest plan")))
	}
	lecture := l.race.Format(l.race.Lecture())
	_, lectureName := l.lectureName()
	room := max(1, h-len(lines))
	cursor := uint64(0)
	if l.kind == badOne {
		cursor = l.badAt
	}
	first := uint64(0)
	if cursor >= uint64(room) {
		first = cursor - uint64(room) + 1
	}
	numW := len(Digits(bad))
	for i := first; i < bad && len(lines) < h; i++ {
		s, o, ok := ex.BadSchedule(i)
		if !ok {
			break
		}
		mark, style := " ", st.Text
		if l.kind == badOne && i == l.badAt {
			mark, style = "▸", st.Accent
		}
		full := l.race.Format(s)
		tag := ""
		if full == lecture {
			tag = "  " + lectureName
		}
		head := fmt.Sprintf("%s%*s ", mark, numW, Digits(i+1))
		end := "  " + interleave.OutcomeNames[o]
		text := widget.FirstFit(w, head+full+end+tag, head+full+end, head+compact(l.race, s)+end+tag, head+compact(l.race, s)+end)
		if widget.Width(text) > w { // a schedule longer than the line goes on under itself
			indent := strings.Repeat(" ", len(head))
			for j, part := range widget.Wrap(compact(l.race, s)+end, w-len(head)) {
				if j == 0 {
					lines = append(lines, style.Render(head+part))
				} else {
					lines = append(lines, style.Render(indent+part))
				}
			}
			continue
		}
		lines = append(lines, style.Render(text))
	}
	return lines
}
