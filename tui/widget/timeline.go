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

// Timeline writes the incident's events in w cells, at most h lines:
// those reached by now in the text style with their phase's mark, the
// latest pointed at with ▶, those to come muted. The latest reached is
// written whole, wrapped under its column, on as many of the h lines as
// it needs; the others take a line each, as many around it as fit, and a
// description too long for its line loses whole words from its end. The
// marks and the clocks keep their column.
func Timeline(st *Styles, w, h int, events []Incident, now float64) []string {
	if h <= 0 || len(events) == 0 {
		return nil
	}
	t := newTimeline(events, now)
	dw := max(1, w-t.width)
	latest := []string(nil)
	if t.latest >= 0 {
		latest = Wrap(events[t.latest].What, dw)
		if len(latest) > h {
			latest = append(latest[:h-1], TruncateWords(strings.Join(latest[h-1:], " "), dw))
		}
	}
	n := min(len(events), 1+h-max(1, len(latest))) // events shown
	first := 0
	if t.latest >= 0 {
		first = min(max(0, t.latest-n/2), len(events)-n)
	}
	var out []string
	for i := first; i < first+n; i++ {
		if i != t.latest {
			out = append(out, t.style(st, i, t.prefix(i)+TruncateWords(events[i].What, dw)))
			continue
		}
		for j, l := range latest {
			lead := strings.Repeat(" ", t.width)
			if j == 0 {
				lead = t.prefix(i)
			}
			out = append(out, t.style(st, i, lead+l))
		}
	}
	return out
}

// TimelineWrapped is Timeline with each description wrapped under its own
// column, when every event fits in h lines that way; otherwise it is
// Timeline, an event a line.
func TimelineWrapped(st *Styles, w, h int, events []Incident, now float64) []string {
	t := newTimeline(events, now)
	if w-t.width < 12 {
		return Timeline(st, w, h, events, now)
	}
	var out []string
	indent := strings.Repeat(" ", t.width)
	for i, e := range events {
		for j, l := range Wrap(e.What, w-t.width) {
			lead := indent
			if j == 0 {
				lead = t.prefix(i)
			}
			out = append(out, t.style(st, i, lead+l))
		}
	}
	if len(out) > h {
		return Timeline(st, w, h, events, now)
	}
	return out
}

// timeline is what a timeline's lines share: the latest event reached,
// the clocks' column width and the prefix's.
type timeline struct {
	events        []Incident
	latest        int
	clockW, width int
}

func newTimeline(events []Incident, now float64) timeline {
	t := timeline{events: events, latest: -1}
	for i, e := range events {
		if e.At <= now {
			t.latest = i
		}
		t.clockW = max(t.clockW, lipgloss.Width(e.Clock))
	}
	t.width = 2 + 1 + t.clockW + 2
	return t
}

// prefix is event i's mark and clock, padded to the descriptions' column.
func (t timeline) prefix(i int) string {
	e := t.events[i]
	lead := "  "
	switch {
	case i == t.latest:
		lead = "▶" + string(e.Phase)
	case i < t.latest:
		lead = " " + string(e.Phase)
	}
	return lead + " " + e.Clock + strings.Repeat(" ", t.clockW-lipgloss.Width(e.Clock)) + "  "
}

// style paints a line of event i: the latest accented, those reached as
// text, those to come muted.
func (t timeline) style(st *Styles, i int, line string) string {
	switch {
	case i == t.latest:
		return st.Accent.Render(line)
	case i < t.latest:
		return st.Text.Render(line)
	}
	return st.Muted.Render(line)
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
