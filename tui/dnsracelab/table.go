package dnsracelab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/widget"
)

// fixName is a fix set in the table's and the headline's words.
func fixName(f interleave.Fixes) string {
	if f == 0 {
		return "no fix"
	}
	return f.String()
}

// tableLines draw every row's schedules by outcome: each cell the exact
// fraction and the share when the table fits, else the count and the
// share, else the share; under it the current row in full, wrapped.
func (l *Lab) tableLines(w int, st *widget.Styles, focused bool) []string {
	title := st.Title
	if focused {
		title = st.Accent
	}
	lines := []string{title.Render(widget.FirstFit(w, "every schedule, counted per fix set (▸ the stepper's; 1 2 3 switch)", "every schedule, per fix set (▸ the stepper's)", "per fix set"))}
	lines = append(lines, l.tableRows(w, st)...)
	ex := l.current()
	o := interleave.OutcomesOf(ex.Counts)
	full := fmt.Sprintf("%s: %s = %d schedules; newest %s, older %s, empty %s", fixName(l.race.Fixes), interleave.Formula(l.race.Lengths()),
		ex.Counts.Total(), o.Newest.Fraction, o.Older.Fraction, o.Empty.Fraction)
	for _, s := range widget.Wrap(full, w) {
		lines = append(lines, st.Muted.Render(s))
	}
	return lines
}

// tableRows are the table's header and rows.
func (l *Lab) tableRows(w int, st *widget.Styles) []string {
	nameW := len("fixes")
	for _, r := range l.rows {
		nameW = max(nameW, len(fixName(r.fixes)))
	}
	forms := []func(c interleave.Share) string{
		func(c interleave.Share) string { return fmt.Sprintf("%s %.1f%%", c.Fraction, 100*c.Share) },
		func(c interleave.Share) string { return fmt.Sprintf("%d %.1f%%", c.Count, 100*c.Share) },
		func(c interleave.Share) string { return fmt.Sprintf("%.1f%%", 100*c.Share) },
	}
	var table []string
	for _, form := range forms {
		cellW, schedW := len("newest"), len("schedules")
		for _, r := range l.rows {
			o := interleave.OutcomesOf(r.ex.Counts)
			for k := range 3 {
				cellW = max(cellW, len(form(o.Of(k))))
			}
			schedW = max(schedW, len(fmt.Sprint(r.ex.Counts.Total())))
		}
		row := func(mark, name, sched string, cells [3]string) string {
			return fmt.Sprintf("%s %-*s %*s  %-*s  %-*s  %s", mark, nameW, name, schedW, sched, cellW, cells[0], cellW, cells[1], cells[2])
		}
		table = []string{st.Muted.Render(row(" ", "fixes", "schedules", [3]string{"newest", "older", "empty"}))}
		fits := lipgloss.Width(table[0]) <= w
		for i, r := range l.rows {
			o := interleave.OutcomesOf(r.ex.Counts)
			mark, style := " ", st.Text
			if i == l.curRow {
				mark, style = "▸", st.Accent
			}
			line := row(mark, fixName(r.fixes), fmt.Sprint(r.ex.Counts.Total()), [3]string{form(o.Newest), form(o.Older), form(o.Empty)})
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
	head := widget.FirstFit(w,
		fmt.Sprintf("%d bad schedules under %s: %d empty, %d with an older plan · b next, B back", bad, fixName(l.race.Fixes), c[interleave.Empty], c[interleave.Older]),
		fmt.Sprintf("%d bad schedules under %s: %d empty, %d with an older plan", bad, fixName(l.race.Fixes), c[interleave.Empty], c[interleave.Older]),
		fmt.Sprintf("%d bad under %s: %d empty, %d older", bad, fixName(l.race.Fixes), c[interleave.Empty], c[interleave.Older]))
	lines := []string{}
	for _, s := range widget.Wrap(head, w) {
		lines = append(lines, title.Render(s))
	}
	if bad == 0 {
		return append(lines, st.OK.Render(widget.FirstFit(w, "none: every schedule ends with the newest plan in every record", "none: every schedule ends at the newest plan")))
	}
	lecture := l.race.Format(l.race.Lecture())
	room := max(1, h-len(lines))
	cursor := uint64(0)
	if l.kind == badOne {
		cursor = l.badAt
	}
	first := uint64(0)
	if cursor >= uint64(room) {
		first = cursor - uint64(room) + 1
	}
	numW := len(fmt.Sprint(bad))
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
			tag = "  the lecture's order"
		}
		head := fmt.Sprintf("%s%*d ", mark, numW, i+1)
		end := "  " + interleave.OutcomeNames[o]
		text := widget.FirstFit(w, head+full+end+tag, head+full+end, head+compact(l.race, s)+end+tag, head+compact(l.race, s)+end)
		if lipgloss.Width(text) > w { // a schedule longer than the line goes on under itself
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
