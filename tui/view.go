package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Minimum terminal size for the labs; below it the app shows one line
// saying how big the terminal must be.
const (
	minWidth  = 60
	minHeight = 16
)

// View returns the screen drawn by the latest redraw.
func (m *Model) View() string { return m.frame }

// redraw draws the screen after anything changed; View only returns it.
func (m *Model) redraw() {
	if m.screen == screenSweep {
		m.frame = m.sweep.View()
		return
	}
	if m.screen == screenPicker {
		v := m.picker.View()
		if lines := m.noteLines(); len(lines) > 0 {
			v += "\n" + lines[0]
		} else if m.class.following {
			v += "\n" + m.st.Muted.Render(widget.TruncateWords("following the lecturer, who is choosing a scenario (ctrl+b: choose your own)", m.width))
		}
		m.frame = m.st.Paint(v, m.width, m.height)
		return
	}
	m.small = m.width < minWidth || m.height < minHeight
	if m.small {
		msg := fmt.Sprintf("Terminal too small: loadlab needs %dx%d, this one is %dx%d.", minWidth, minHeight, m.width, m.height)
		m.frame = m.st.Paint(lipgloss.NewStyle().Width(max(1, m.width)).Render(msg), m.width, m.height)
		return
	}
	m.info = m.lab.Info()
	if !m.lab.Done() {
		m.cardAway = false // the next end shows the card again
	}
	bottom := m.captionLines()
	bottom = append(bottom, m.noteLines()...)
	if m.prompt.open {
		bottom = append(bottom, m.promptLines()...)
	} else {
		bottom = append(bottom, m.statusBar(), m.shortHelp())
	}
	// The lecture strip gives up its large figures, the last first, before
	// a chart goes below the readable minimum.
	var top []string
	var body string
	for big := lectureFigures; ; big-- {
		top = m.header()
		if !m.helpOpen {
			top = append(top, m.headlineLines(big)...)
		}
		bodyH := max(1, m.height-len(top)-len(bottom))
		var seen widget.Measured
		body, seen = widget.Measure(m.st, func(st *widget.Styles) string { return m.body(st, bodyH) })
		if !m.lecture || big == 0 || seen.Readable() {
			m.largeShown = big
			seen.Tell(m.st)
			body = widget.FitLines(strings.Split(body, "\n"), m.width, bodyH)
			break
		}
	}
	m.frame = m.st.Paint(strings.Join(append(append(top, body), bottom...), "\n"), m.width, m.height)
}

// body draws the help, the timeline or the lab in h rows, with st.
func (m *Model) body(st *widget.Styles, h int) string {
	switch {
	case m.helpOpen:
		return m.fullHelp(h)
	case m.seeds.open:
		return m.seedsBody(m.width, h)
	case m.timelineOpen:
		return m.timelineBody(m.width, h)
	}
	if c, ok := m.endCard(); ok {
		return m.endCardBody(c, m.width, h)
	}
	narrating := !m.play.playing || m.play.stepsPerSecond() <= 10
	f := lab.Frame{W: m.width, H: h, St: st, Narrating: narrating, Captioned: m.caption != ""}
	m.lab.Resize(f)
	body := m.lab.Render(f)
	f.St = m.st // the lab keeps the frame: with the styles of the screen, not the measuring ones
	m.lab.Resize(f)
	return body
}

// modelWord is the glossary's line for the casebook's "model:" marks
// (the glossary adds the colon).
var modelWord = [2]string{"model", "marks the simulation's figures, beside the lecture's real times and numbers: " +
	"the model follows the incident's mechanism and its order of events, not its every minute"}

// headline is the lab's figures that the scenario quotes, in the lab's
// order. Where an edit has taken the lab to figures the scenario does not
// name (the bins lab's trials key turns one trial's max, gap and hot into
// the mean max over many, and back), every figure the lab gives stands in:
// a headline is never emptied by its filter.
func (m *Model) headline() []widget.Figure {
	figs := m.lab.Headline()
	if len(m.scenario.Headline) == 0 {
		return figs
	}
	quoted := slices.DeleteFunc(slices.Clone(figs), func(f widget.Figure) bool { return !slices.Contains(m.scenario.Headline, f.Key) })
	if len(quoted) == 0 {
		return figs
	}
	return quoted
}

// lectureFigures is how many figures the lecture strip shows in large
// digits, its key figures (lectureSplit); the others stay on one line
// above them, so that the charts keep their room.
const lectureFigures = 3

// headlineLines are the headline's figures on a line or two, or with the
// lecture strip on, the first big of them in large digits under a line
// that says whether they are final.
func (m *Model) headlineLines(big int) []string {
	figs := m.headline()
	if len(figs) == 0 {
		return nil
	}
	final := m.lab.Done() || m.info.Final
	model := m.info.Card != nil
	hm := widget.HeadlineMark{Final: final, Setup: m.info.Moves != "" && !m.info.Final, Model: model, What: m.info.Figures}
	if _, card := m.endCard(); !m.lecture || big == 0 || card { // the end card needs the rows, and carries the figures
		return widget.Headline(m.st, m.width, hm, figs)
	}
	large, rest := lectureSplit(figs, big)
	var lines []string
	if len(rest) > 0 { // the rest stay on the headline's line, above the large ones
		lines = widget.Headline(m.st, m.width, hm, rest)
	} else {
		bare := hm
		bare.What = ""
		state := bare.Render(m.st) + m.st.Muted.Render("(L: back to one line)")
		if hm.What != "" {
			state += m.st.Muted.Render(" · " + hm.What)
		}
		lines = []string{state}
	}
	return append(lines, strings.Split(widget.BigStrip(m.st, m.width, large), "\n")...)
}

// lectureSplit is the figures the lecture strip shows large, at most n,
// and the rest: where the figures come in groups (the rules or the runs
// compared), each group's first, so that the comparison is the large one
// (two max 102 beside one max 126); else the first n.
func lectureSplit(figs []widget.Figure, n int) (large, rest []widget.Figure) {
	var firsts []int
	for i, f := range figs {
		if f.Group != "" && (i == 0 || f.Group != figs[i-1].Group) {
			firsts = append(firsts, i)
		}
	}
	if len(firsts) < 2 {
		return figs[:min(n, len(figs))], figs[min(n, len(figs)):]
	}
	for i, f := range figs {
		if len(large) < n && slices.Contains(firsts, i) {
			large = append(large, f)
		} else {
			rest = append(rest, f)
		}
	}
	return large, rest
}

// toggleLecture turns the lecture strip on or off.
func (m *Model) toggleLecture() {
	if len(m.lab.Headline()) == 0 {
		m.setNote("this lab has no headline figures to show large", false)
		return
	}
	m.lecture = !m.lecture
	if m.lecture {
		note := "lecture strip: the key figures large (L: off)"
		if m.st.Theme != "contrast" {
			note += "; t picks the contrast theme"
		}
		m.setNote(note, false)
		if m.redraw(); m.largeShown == 0 {
			m.setNote("lecture strip: no room here for large figures beside charts that read; they show where there is (a taller terminal, one run with c)", false)
		}
	} else {
		m.setNote("lecture strip off", false)
	}
}

// header names the app, the scenario and its title. A title too long for
// the width is never cut: the app's name goes first, then the words after
// the title's colon (the status bar and the help say them), and a title
// still too long wraps onto a second line.
func (m *Model) header() []string {
	title := m.scenario.Title
	if t := m.info.Title; t != "" {
		title = t
	}
	name := m.st.Muted.Render(m.scenario.Name + " · ")
	if full := m.st.Title.Render("loadlab") + m.st.Muted.Render(" · ") + name + m.st.Text.Render(title); widget.Width(full) <= m.width {
		return []string{full}
	}
	if short := name + m.st.Text.Render(title); widget.Width(short) <= m.width {
		return []string{short}
	}
	if head, _, ok := strings.Cut(title, ": "); ok && widget.Width(name+head) <= m.width {
		return []string{name + m.st.Text.Render(head)}
	}
	indent := widget.Width(name)
	lines := widget.Wrap(title, m.width-indent)
	if len(lines) > 2 {
		lines = append(lines[:1], widget.Truncate(strings.Join(lines[1:], " "), m.width-indent))
	}
	out := []string{name + m.st.Text.Render(lines[0])}
	for _, l := range lines[1:] {
		out = append(out, strings.Repeat(" ", indent)+m.st.Text.Render(l))
	}
	return out
}

// captionRows is the most rows a moment's sentence takes: three on a
// small screen, five from 80x24 (where two runs' moments of one step run
// to four), six on a tall one.
func (m *Model) captionRows() int {
	switch {
	case m.height >= 40:
		return 6
	case m.height >= 24:
		return 5
	}
	return 3
}

// captionLines are the moment play stopped at, wrapped, until the next key.
func (m *Model) captionLines() []string {
	if m.caption == "" {
		return nil
	}
	lines := widget.Wrap(m.momentLead()+m.caption, m.width-1)
	if n := m.captionRows(); len(lines) > n { // the rest is marked cut, never dropped silently
		lines = append(lines[:n-1], widget.TruncateWords(strings.Join(lines[n-1:], " "), m.width-1))
	}
	for i, l := range lines {
		lines[i] = m.st.Caption.Render(l)
	}
	return lines
}

// noteRows is the most rows a note takes: notes are written to fit them
// from 60 columns, and a longer one wraps on into the body's room rather
// than lose words.
const noteRows = 3

// noteLines are the latest message, wrapped at words.
func (m *Model) noteLines() []string {
	if m.note == "" {
		return nil
	}
	style := m.st.Muted
	if m.noteBad {
		style = m.st.Bad
	}
	note := m.note
	if m.openNote {
		note = m.openingNote(note)
	}
	lines := widget.Wrap(note, m.width-1)
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return lines
}

// speedLabel is the play speed, in the lab's own time when it has one.
func (m *Model) speedLabel() string {
	if pace := m.info.Pace; pace != nil && m.play.stepsPerSecond() > 0 {
		return pace(m.play.stepsPerSecond())
	}
	return m.play.label()
}

func (m *Model) statusBar() string {
	if m.typingSeed {
		line := m.seedInput.View() + m.st.Muted.Render("   enter applies, esc cancels")
		if m.seedErr != "" {
			line = m.seedInput.View() + "  " + m.st.Bad.Render(m.seedErr)
		}
		return widget.Truncate(line, m.width)
	}
	state := "❚❚ paused"
	switch {
	case m.play.playing, m.class.following && m.class.lecturerAt.Playing:
		state = "▶ playing"
	case m.lab.Done():
		state = "✓ done"
	}
	// The play state first: it is what a class must see. Parts that do
	// not fit are left out whole, the speed first, then from the end.
	parts := append([]string{state}, m.lab.Status()...)
	if m.seek.placed && !m.play.playing { // after the lab's own place (its clock), so it is left out first
		parts = append(parts, m.place())
	}
	moves := m.info.Moves
	plays := moves == ""
	switch {
	case !plays:
		parts = append(m.lab.Status(), moves)
	case !m.class.following: // a follower's speed and stops are the lecturer's
		parts = append(parts, m.speedLabel())
	}
	if m.stopAtMoments && !m.class.following {
		parts = append(parts, "stops at moments")
	}
	if m.class.classLine != "" { // the lecturer's: after the play state, kept before the rest
		parts = slices.Insert(parts, 1, m.class.classLine)
	}
	if m.class.followable {
		mode := "following" // the help bar says how to branch off
		if m.class.lecturerAt.Away {
			mode = "following: the lecturer has left"
		}
		if !m.class.following {
			mode = "own run (ctrl+f follows)"
		}
		parts = slices.Insert(parts, 1, mode)
	}
	bar := func(ps []string) string { return m.st.StatusBar.Render(" " + strings.Join(ps, " │ ") + " ") }
	if speed := slices.Index(parts, m.speedLabel()); widget.Width(bar(parts)) > m.width && speed > 0 {
		parts = slices.Delete(parts, speed, speed+1)
	}
	for len(parts) > 1 && widget.Width(bar(parts)) > m.width {
		parts = parts[:len(parts)-1]
	}
	return widget.Truncate(bar(parts), m.width)
}

func (m *Model) shortHelp() string {
	if m.helpOpen {
		return m.help.ShortHelpView(nil) + m.st.Muted.Render(" ") +
			widget.Truncate(m.st.Accent.Render("↑/↓")+" "+m.st.Text.Render("scroll")+m.st.Muted.Render(" • ")+
				m.st.Accent.Render("?/esc")+" "+m.st.Text.Render("close help"), m.width)
	}
	short := m.lab.KeyMap().ShortHelp()
	if m.class.following { // the run is the lecturer's: the keys that work
		short = []key.Binding{branchBinding, m.keys.Help, m.keys.View, m.keys.Tab, m.keys.Lecture, m.keys.Theme, m.keys.Quit}
	}
	// As many whole keys as fit, then …: bubbles' own cut can overshoot
	// the width by its last item, and a cut one would lose its meaning.
	m.help.Width = 0
	for n := len(short); n > 0; n-- {
		v := m.help.ShortHelpView(short[:n])
		if n < len(short) {
			v += m.st.Muted.Render(" …")
		}
		if widget.Width(v) <= m.width {
			return v
		}
	}
	return ""
}

// fullHelp is the lesson and every key, scrolled in a viewport of h rows
// so that it fits any terminal the labs fit.
func (m *Model) fullHelp(h int) string {
	full := m.lab.KeyMap().FullHelp()
	m.help.Width = m.width
	var b strings.Builder
	b.WriteString(m.st.Title.Render("What this scenario teaches") + "\n")
	for _, l := range widget.Wrap(m.scenario.Lesson, m.width-2) {
		b.WriteString(m.st.Text.Render(l) + "\n")
	}
	if pw := partWords(m.scenario.Name); pw != "" {
		b.WriteString("\n")
		for _, l := range widget.Wrap(strings.ToUpper(pw[:1])+pw[1:]+".", m.width-2) {
			b.WriteString(m.st.Accent.Render(l) + "\n")
		}
	}
	b.WriteString("\n" + m.st.Title.Render("Keys") + "\n")
	// Columns side by side when they fit, else one under another: bubbles
	// would drop the columns past the width.
	m.help.Width = 0
	cols := m.help.FullHelpView(full)
	if widget.Width(cols) > m.width {
		var stacked []string
		for _, col := range full {
			stacked = append(stacked, m.help.FullHelpView([][]key.Binding{col}))
		}
		cols = strings.Join(stacked, "\n\n")
	}
	m.help.Width = m.width
	b.WriteString(cols + "\n")
	words := m.info.Glossary
	if m.info.Card != nil {
		words = append(slices.Clone(words), modelWord)
	}
	if len(words) > 0 {
		b.WriteString("\n" + m.st.Title.Render("Words") + "\n")
		for _, e := range words {
			for i, line := range widget.Wrap(e[0]+": "+e[1], m.width-2) {
				if i == 0 {
					line = m.st.Accent.Render(e[0]) + m.st.Text.Render(strings.TrimPrefix(line, e[0]))
				} else {
					line = m.st.Text.Render("  " + line)
				}
				b.WriteString(line + "\n")
			}
		}
	}
	b.WriteString("\n" + m.st.Muted.Render("M stops play at moments: the steps a class should look at, with a sentence.") + "\n")
	m.helpPage.Width, m.helpPage.Height = m.width, h
	m.helpPage.SetContent(strings.TrimRight(b.String(), "\n"))
	return m.helpPage.View()
}
