package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// endCard reports the card the body shows: the run of a casebook lab is
// over and the card has not been put away (esc).
func (m *Model) endCard() (lab.Card, bool) {
	c := m.lab.Info().Card
	if c == nil || !m.lab.Done() || m.cardAway {
		return lab.Card{}, false
	}
	return *c, true
}

// cardQuestions are the card's questions, in the lecture's order.
var cardQuestions = []string{"the trigger", "kept it going", "what ended it", "prevented by"}

// endCardBody draws the card in w x h: the incident, its four answers
// wrapped beside their questions, the model's figures, and the keys.
func (m *Model) endCardBody(c lab.Card, w, h int) string {
	st := m.st
	const labelW = 15
	lines := []string{st.Title.Render(widget.FirstFit(w, "The end, in the lecture's terms: "+c.Title, c.Title, "The end, in the lecture's terms")), ""}
	for i, text := range []string{c.Trigger, c.KeptGoing, c.Ended, c.Prevented} {
		for j, l := range widget.Wrap(text, max(10, w-labelW)) {
			label := ""
			if j == 0 {
				label = cardQuestions[i]
			}
			lines = append(lines, st.Accent.Render(padTo(label, labelW))+st.Text.Render(l))
		}
	}
	lines = append(lines, "")
	var groups [][]string // each run's figures: "throttle: goodput 9.0/s", "recovered 5:28 AM"
	for i, f := range m.headline() {
		cell := f.Name + " " + f.Value
		if i == 0 || f.Group != m.headline()[i-1].Group {
			if f.Group != "" {
				cell = f.Group + ": " + cell
			}
			groups = append(groups, []string{cell})
			continue
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], cell)
	}
	var figs []string
	label := "model: figures"
	for _, g := range groups {
		for _, l := range wrapUnits(g, ", ", max(10, w-labelW)) { // a figure never split from its unit
			figs = append(figs, st.Accent.Render(padTo(label, labelW))+st.Text.Render(l))
			label = ""
		}
	}
	if len(lines)+len(figs) > h-1 { // short of rows: no blank lines, and the figures are the headline's
		lines = slices.DeleteFunc(lines, func(l string) bool { return l == "" })
	}
	if len(lines)+len(figs) > h-1 {
		figs = []string{st.Accent.Render(padTo("model: figures", labelW)) + st.Text.Render(widget.FirstFit(max(10, w-labelW), "the run's, in the headline at the top", "in the headline"))}
	}
	lines = append(lines, figs...)
	keys := st.Muted.Render(widget.FirstFit(w, "esc shows the charts at the end · b steps back · r plays it again · i the whole timeline",
		"esc: the charts · b: step back · r: again", "esc: the charts"))
	if p, ok := scenarios.PlaceOf(m.scenario.Name); ok && p.Next != "" {
		goesOn := fmt.Sprintf("} %s goes on: %s, part %d of %d", p.Chain, p.Next, p.Part+1, p.Of)
		keys = st.Accent.Render(widget.FirstFit(w, goesOn+" · esc the charts · r plays it again", goesOn+" · esc the charts", "} "+p.Next+" · esc the charts", "} "+p.Next))
	}
	return widget.FitLines(append(widget.PadLines(lines, max(len(lines), h-1))[:max(1, h-1)], keys), w, h)
}

// padTo is s padded with spaces to n cells.
func padTo(s string, n int) string {
	if len(s) >= n {
		return s + " "
	}
	return s + strings.Repeat(" ", n-len(s))
}

// showingCard reports whether the end card is on screen.
func (m *Model) showingCard() bool {
	_, ok := m.endCard()
	return ok && !m.helpOpen && !m.timelineOpen
}

// wrapUnits joins units with sep into lines of at most w cells, breaking
// only between units (a unit wider than w is wrapped on its own).
func wrapUnits(units []string, sep string, w int) []string {
	var lines []string
	line := ""
	for _, u := range units {
		switch {
		case line == "":
			line = u
		case len([]rune(line+sep+u)) <= w:
			line += sep + u
		default:
			lines = append(lines, line+strings.TrimSpace(sep))
			line = u
		}
		if len([]rune(line)) > w {
			wrapped := widget.Wrap(line, w)
			lines, line = append(lines, wrapped[:len(wrapped)-1]...), wrapped[len(wrapped)-1]
		}
	}
	return append(lines, line)
}
