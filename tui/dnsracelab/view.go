package dnsracelab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// wideWidth and wideHeight are the sizes from which the table and the bad
// schedules stand side by side under the stepper, both on screen.
const (
	wideWidth  = 120
	wideHeight = 30
)

// Resize sets the editor's width to the frame's.
func (l *Lab) Resize(f lab.Frame) { l.editor.Width = max(10, f.W-widget.Width(l.editor.Prompt)-2) }

// Render draws the stepper, and under it the table and the bad schedules
// (side by side on a wide screen, the steps so far and the night under
// the table; else the one tab chose first), and the editor.
func (l *Lab) Render(f lab.Frame) string {
	st := f.St
	var footer []string
	if l.edit {
		footer = []string{l.editor.View()}
		msg, style := "the schedule on screen, to change (ctrl+u clears) · enter plays it, esc cancels · each Enactor's steps in order; steps left out run after", st.Muted
		if l.editErr != "" {
			msg, style = l.editErr, st.Bad
		}
		for _, line := range widget.Wrap(msg, f.W) {
			footer = append(footer, style.Render(line))
		}
	}
	h := max(1, f.H-len(footer))
	top := l.stepperLines(f.W, st)
	room := h - len(top) - 1
	var lower string
	if f.W >= wideWidth && f.H >= wideHeight {
		// the panel tab chose on the left
		left := f.W / 2
		table := widget.FitLines(l.tablePanel(left-2, room, st), left-2, room)
		bad := widget.FitLines(l.badLines(f.W-left, room, st, false), f.W-left, room)
		if l.focus == 0 {
			table = widget.FitLines(l.tablePanel(f.W-left, room, st), f.W-left, room)
			bad = widget.FitLines(l.badLines(left-2, room, st, false), left-2, room)
			table, bad = bad, table
		}
		lower = lipgloss.JoinHorizontal(lipgloss.Top, table, "  ", bad)
	} else {
		// the panel tab chose first, the other under it in the rows left;
		// a table short of rows drops its title and its closing line first
		table := l.tableLines(f.W, st, false)
		if len(table) > room {
			table = l.tableRows(f.W, st)
		}
		var stack []string
		if l.focus == 1 {
			stack = append(table, "")
			stack = append(stack, l.badLines(f.W, room-len(stack), st, false)...)
		} else {
			stack = l.badLines(f.W, room-len(table)-1, st, false)
			if len(stack) < 4 || len(stack)+1+len(table) > room { // no room for both: the list alone
				stack = l.badLines(f.W, room, st, false)
			} else {
				stack = append(append(stack, ""), table...)
			}
		}
		lower = widget.FitLines(stack, f.W, room)
	}
	lines := append(top, "")
	lines = append(lines, strings.Split(lower, "\n")...)
	return widget.FitLines(append(widget.PadLines(lines, h), footer...), f.W, f.H)
}

// stepperLines draw the schedule with the step played marked, each
// Enactor's program with its counter, the plans, the records, and the
// latest step's caption.
func (l *Lab) stepperLines(w int, st *widget.Styles) []string {
	fr := l.player.Snapshot()
	r := fr.Race
	var lines []string
	lines = append(lines, l.scheduleLine(fr, w, st))
	for e := range r.Enactors {
		lines = append(lines, programLines(fr, e, w, st)...)
	}
	lines = append(lines, plansLine(fr, w, st), recordsLine(fr, w, st))
	caption := l.intro(fr, w)
	if fr.Last != nil {
		caption = fr.Last.Token + " · " + fr.Last.Caption
	}
	for _, c := range widget.Wrap(caption, w) {
		lines = append(lines, st.Text.Render(c))
	}
	if fr.Done() {
		verdict := r.ShortVerdict(fr.State)
		style := st.OK
		switch fr.Outcome() {
		case interleave.Empty:
			style = st.Bad
		case interleave.Older:
			style = st.Warn
		}
		head := "ends " + interleave.OutcomeNames[fr.Outcome()] + ": "
		if fr.Outcome() == interleave.Newest {
			head = "ends at the newest plan: "
		}
		for _, c := range widget.Wrap(head+verdict, w) {
			lines = append(lines, style.Render(c))
		}
	}
	return lines
}

// intro is the caption before the first step: how many steps there are,
// and what the captions say of the lecture's six. Only the lecture's own
// order on its own race, unfixed, tells all six in order; another
// schedule, a fix, or another race may play some of them, or none.
func (l *Lab) intro(fr interleave.Frame, w int) string {
	r := fr.Race
	n := len(fr.Sched)
	lecture := r.LectureSetup() && r.Format(fr.Sched) == r.Format(r.Lecture())
	tagged := false
	for _, st := range l.player.Steps() {
		tagged = tagged || st.Lecture > 0
	}
	switch {
	case lecture && r.Fixes == 0:
		return fitOrShort(w, fmt.Sprintf("n plays the first of the %d steps, ← goes back: the captions tell the lecture's six steps, in order", n),
			fmt.Sprintf("n plays the first of %d steps, ← back: captions tell the lecture's six steps", n))
	case tagged:
		return fitOrShort(w, fmt.Sprintf("n plays the first of the %d steps, ← goes back; a step that plays one of the lecture's six steps names it in its caption (lecture step 1 to 6)", n),
			fmt.Sprintf("n plays the first of %d steps, ← back; captions name the lecture's steps it plays", n))
	}
	return fmt.Sprintf("n plays the first of the %d steps, ← goes back", n)
}

// fitOrShort is long where it fits the line, else short (to be wrapped
// whole, never cut).
func fitOrShort(w int, long, short string) string {
	if widget.Width(long) <= w {
		return long
	}
	return short
}

// lectureName is what l plays under the current race: the lecture's
// order on the lecture's race, else the same pattern under its own name
// (the lecture never had three Enactors, one record or an atomic apply);
// short is the schedule line's prefix.
func (l *Lab) lectureName() (long, short string) {
	if l.race.LectureSetup() {
		return "the lecture's order", "the lecture's order"
	}
	return interleave.HeldBack, "slow one held back"
}

// what says which schedule the stepper plays.
func (l *Lab) what() string {
	switch l.kind {
	case badOne:
		return fmt.Sprintf("bad schedule %s of %s", Digits(l.badAt+1), Digits(l.current().Bad()))
	case typedOne:
		return "your schedule"
	}
	_, short := l.lectureName()
	return short
}

// scheduleLine writes the schedule's tokens, the latest step in brackets,
// scrolled so that it shows when the schedule is wider than the line;
// the steps scrolled off are counted at either end ("+3", "4+").
func (l *Lab) scheduleLine(fr interleave.Frame, w int, st *widget.Styles) string {
	prefix := l.what() + ": "
	if widget.Width(prefix) > w/3 {
		prefix = ""
	}
	tokens := strings.Fields(fr.Race.Format(fr.Sched))
	cur := fr.Pos - 1
	plain := func(i int) string {
		if i == cur {
			return "[" + tokens[i] + "]"
		}
		return tokens[i]
	}
	room := w - widget.Width(prefix) - 8 // the counts of a scroll at either end
	from, to := 0, len(tokens)
	width := func() int {
		n := 0
		for i := from; i < to; i++ {
			n += len(plain(i)) + 1
		}
		return n - 1
	}
	for width() > room && to-from > 1 {
		if to-1 > cur+2 || from >= cur { // drop from the end farther from the latest step
			to--
		} else {
			from++
		}
	}
	var parts []string
	if from > 0 {
		parts = append(parts, st.Muted.Render(fmt.Sprintf("%d+", from)))
	}
	for i := from; i < to; i++ {
		switch {
		case i == cur:
			parts = append(parts, st.Accent.Render(plain(i)))
		case i < cur:
			parts = append(parts, st.Text.Render(plain(i)))
		default:
			parts = append(parts, st.Muted.Render(plain(i)))
		}
	}
	if to < len(tokens) {
		parts = append(parts, st.Muted.Render(fmt.Sprintf("+%d", len(tokens)-to)))
	}
	return st.Title.Render(prefix) + strings.Join(parts, " ")
}

// opCode is a step in a few letters, for the program lines: check, re2,
// w2, apply, cleanup, del1.
func opCode(op interleave.Op) string {
	switch op.Kind {
	case interleave.OpCheck:
		return "check"
	case interleave.OpRecheck:
		return fmt.Sprintf("re%d", op.Arg+1)
	case interleave.OpWrite:
		return fmt.Sprintf("w%d", op.Arg+1)
	case interleave.OpApply:
		return "apply"
	case interleave.OpCleanup:
		return "cleanup"
	}
	return fmt.Sprintf("del%d", op.Arg)
}

// programLines write Enactor e's program: its steps run (✓), the one
// that found its plan stale and stopped it (!), the next (▸), the rest; a
// stopped Enactor's steps after it never run (–), even once their turns
// have passed, so a refused write never reads as done. A program too long
// for the line goes on under itself.
func programLines(fr interleave.Frame, e, w int, st *widget.Styles) []string {
	r := fr.Race
	name := strings.TrimPrefix(r.EnactorName(e), "the ")
	name = strings.TrimSuffix(name, " Enactor")
	head := fmt.Sprintf("%s %-6s v%d ", r.Letter(e), name, interleave.Plan(e))
	stopped := fr.Stopped(e)
	var cells []string
	for k := range r.Length(e) {
		code := opCode(r.Op(e, k))
		switch {
		case stopped && k == fr.StopAt[e]:
			cells = append(cells, st.Warn.Render("!"+code))
		case fr.Ran(e, k):
			cells = append(cells, st.Text.Render("✓"+code))
		case stopped:
			cells = append(cells, st.Muted.Render("–"+code))
		case k == fr.PC[e]:
			cells = append(cells, st.Accent.Render("▸"+code))
		default:
			cells = append(cells, st.Muted.Render(" "+code))
		}
	}
	tail := ""
	if stopped {
		tail = st.Warn.Render(fmt.Sprintf("  stopped at %s: its plan is stale; – never runs", opCode(r.Op(e, fr.StopAt[e]))))
	}
	style := st.SeriesStyle(e)
	var lines []string
	line := style.Render(head)
	indent := strings.Repeat(" ", widget.Width(head))
	for _, c := range cells {
		if widget.Width(line)+1+widget.Width(c) > w && widget.Width(line) > len(indent) {
			lines = append(lines, line)
			line = indent
		}
		line += " " + c
	}
	if widget.Width(line)+widget.Width(tail) > w {
		lines = append(lines, line)
		line = indent + strings.TrimLeft(tail, " ")
	} else {
		line += tail
	}
	return append(lines, line)
}

// plansLine writes the plans, the deleted ones marked ✗.
func plansLine(fr interleave.Frame, w int, st *widget.Styles) string {
	r := fr.Race
	form := func(named bool) string {
		parts := []string{st.Muted.Render("plans ")}
		for v := 1; v <= r.Newest(); v++ {
			p := fmt.Sprintf("v%d", v)
			if named {
				p += " " + r.PlanName(v)
			}
			if fr.Deleted(v) {
				parts = append(parts, st.Bad.Render(p+"✗"))
			} else {
				parts = append(parts, st.Text.Render(p))
			}
		}
		return strings.Join(parts, "  ") + st.Muted.Render("   ✗ deleted")
	}
	return widget.FirstFit(w, form(true), form(false))
}

// recordsLine writes where each record points, an empty one (pointing at
// a deleted plan) marked.
func recordsLine(fr interleave.Frame, w int, st *widget.Styles) string {
	r := fr.Race
	form := func(named bool) string {
		parts := []string{st.Muted.Render("record")}
		for i := range r.Records {
			v := int(fr.State.Rec[i])
			p := fmt.Sprintf("v%d", v)
			if named {
				p += " " + r.PlanName(v)
			}
			if r.Records > 1 {
				p = fmt.Sprintf("%d→%s", i+1, p)
			} else {
				p = "→ " + p
			}
			switch {
			case fr.Deleted(v):
				parts = append(parts, st.Bad.Render(p+"✗ EMPTY"))
			case v < r.Newest():
				parts = append(parts, st.Text.Render(p))
			default:
				parts = append(parts, st.OK.Render(p))
			}
		}
		return strings.Join(parts, "  ")
	}
	return widget.FirstFit(w, form(true), form(false))
}

// pct writes a share of schedules as a percentage.
func pct(n, d uint64) string {
	if d == 0 {
		return "0.0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(d))
}
