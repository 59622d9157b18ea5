package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Incident is one event of a real outage's timeline as its source tells
// it: the clock time the source writes ("12:47 AM"), what happened, the
// phase it opens (Trigger, Sustain or Recover) and the model's time it
// stands at, on the lab's own x axis.
type Incident struct {
	At          float64
	Clock, What string
	Phase       Phase
}

// Phase is the part of an outage an event opens: what set it off, what
// kept it going, what ended it. Each has a mark that reads without colour.
type Phase rune

// The phases of an outage, marked on a chart's x axis.
const (
	Trigger Phase = 'T'
	Sustain Phase = 'S'
	Recover Phase = 'R'
)

// PhaseLegend says what the phase marks mean.
const PhaseLegend = "T trigger · S what kept it going · R recovery"

// Timeline writes the incident's events, one a line in w cells, at most h
// lines: those reached by now in the text style with their phase's mark,
// the latest pointed at with ▶, those to come muted. When they do not all
// fit, the latest reached stays in view with as many around it as fit.
func Timeline(st *Styles, w, h int, events []Incident, now float64) []string {
	if h <= 0 {
		return nil
	}
	latest := -1
	for i, e := range events {
		if e.At <= now {
			latest = i
		}
	}
	first := 0
	if len(events) > h {
		first = min(max(0, latest-h/2), len(events)-h)
	}
	clockW := 0
	for _, e := range events {
		clockW = max(clockW, lipgloss.Width(e.Clock))
	}
	var out []string
	for i := first; i < min(len(events), first+h); i++ {
		e := events[i]
		lead := "  "
		switch {
		case i == latest:
			lead = "▶" + string(e.Phase)
		case i < latest:
			lead = " " + string(e.Phase)
		}
		text := lead + " " + e.Clock + strings.Repeat(" ", clockW-lipgloss.Width(e.Clock)) + "  " + e.What
		line := TruncateWords(text, w)
		switch {
		case i == latest:
			out = append(out, st.Accent.Render(line))
		case i < latest:
			out = append(out, st.Text.Render(line))
		default:
			out = append(out, st.Muted.Render(line))
		}
	}
	return out
}

// PhaseMarks is a row under a chart whose plot starts at column left and
// is width columns wide over x0..x1: each event reached by now marked by
// its phase where its time falls.
func PhaseMarks(st *Styles, left, width int, x0, x1 float64, events []Incident, now float64) string {
	row := []rune(strings.Repeat(" ", left+max(0, width)))
	for _, e := range events {
		if e.At > now || e.At < x0 || e.At > x1 || !(x1 > x0) {
			continue
		}
		if c := int((e.At - x0) / (x1 - x0) * float64(width)); c >= 0 && c < width {
			row[left+c] = rune(e.Phase)
		}
	}
	return st.Marker.Render(string(row))
}
