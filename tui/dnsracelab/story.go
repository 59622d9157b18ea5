package dnsracelab

import (
	"strings"

	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// A wide screen has room under the table for two things a small one
// leaves to the caption line and the help: every step played so far, with
// its caption, and the night the race led to.

// nightLines draw the night's timeline, its first event reached once the
// stepper's record is empty: a title, the events, what ▶ means and the
// phases' marks.
func nightLines(fr interleave.Frame, w int, st *widget.Styles) []string {
	now, where := -1.0, "the stepper's record is not empty: the night has not begun"
	if fr.Outcome() == interleave.Empty {
		now, where = 0, "▶ the stepper's record is empty, as at 11:48 PM"
	}
	lines := []string{st.Title.Render(widget.FirstFit(w, "the night it led to (lecture 26.2.10; PDT, 19-20 October 2025)", "the night it led to (PDT, 19-20 Oct 2025)", "the night (PDT)"))}
	lines = append(lines, widget.Timeline(st, w, 9, lab.AWS2025, now)...)
	if legend := widget.PhaseLegendFor(lab.AWS2025, now); legend != "" {
		where += " · " + legend
	}
	for _, s := range widget.Wrap(where, w) {
		lines = append(lines, st.Muted.Render(s))
	}
	return lines
}

// stepsLines write every step played so far with its caption, the latest
// marked ▶, in at most h lines: the latest steps that fit, a caption too
// long for the line going on under itself.
func (l *Lab) stepsLines(fr interleave.Frame, w, h int, st *widget.Styles) []string {
	if h < 2 {
		return nil
	}
	title := st.Title.Render(widget.FirstFit(w, "the steps so far, each with its caption", "the steps so far"))
	if fr.Pos == 0 {
		return []string{title, st.Muted.Render(widget.FirstFit(w, "none yet: n plays the first, and each step played stays here", "none yet: n plays the first"))}
	}
	steps := l.player.Steps()[:fr.Pos]
	tokenW := 0
	for _, s := range steps {
		tokenW = max(tokenW, len(s.Token))
	}
	indent := strings.Repeat(" ", tokenW+3)
	var body []string
	for i := len(steps) - 1; i >= 0 && len(body) < h-1; i-- {
		s := steps[i]
		lead, style := "  ", st.Text
		if i == len(steps)-1 {
			lead, style = "▶ ", st.Accent
		}
		if s.Skipped {
			style = st.Muted
		}
		wrapped := widget.Wrap(s.Caption, w-len(indent))
		var block []string
		for j, part := range wrapped {
			if j == 0 {
				block = append(block, style.Render(lead+s.Token+strings.Repeat(" ", tokenW-len(s.Token)+1)+part))
			} else {
				block = append(block, style.Render(indent+part))
			}
		}
		if len(body)+len(block) > h-1 {
			if len(body) == 0 { // not even the latest whole: the caption line has it
				return nil
			}
			break
		}
		body = append(block, body...)
	}
	return append([]string{title}, body...)
}

// tablePanel is the table and, where the rows allow, the steps so far
// and the night under it, the night pinned to the bottom so that it
// stays put while steps are played.
func (l *Lab) tablePanel(w, h int, st *widget.Styles) []string {
	fr := l.player.Snapshot()
	lines := l.tableLines(w, st, false)
	rest := h - len(lines) - 1
	nl := nightLines(fr, w, st)
	const minSteps = 4 // a title and a step's caption
	switch {
	case rest >= len(nl)+1+minSteps:
		steps := widget.PadLines(l.stepsLines(fr, w, rest-len(nl)-1, st), rest-len(nl)-1)
		lines = append(append(lines, ""), steps...)
		lines = append(append(lines, ""), nl...)
	case rest >= minSteps:
		lines = append(append(lines, ""), l.stepsLines(fr, w, rest, st)...)
	}
	return lines
}

// Chronicle is the night the race led to, the run's place in it once
// the stepper's record is empty.
func (l *Lab) Chronicle() (string, []widget.Incident, float64) {
	now := -1.0
	if l.player.Snapshot().Outcome() == interleave.Empty {
		now = 0
	}
	return lab.AWS2025Title, lab.AWS2025, now
}
