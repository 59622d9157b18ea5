package widget

import (
	"strings"
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

// PhaseLegendFor says what the marks of the events reached by now mean,
// only those: "T trigger" where the night has only begun; "" before it.
func PhaseLegendFor(events []Incident, now float64) string {
	words := map[Phase]string{Trigger: "T trigger", Sustain: "S what kept it going", Recover: "R recovery"}
	var parts []string
	for _, ph := range []Phase{Trigger, Sustain, Recover} {
		for _, e := range events {
			if e.Phase == ph && e.At <= now {
				parts = append(parts, words[ph])
				break
			}
		}
	}
	return strings.Join(parts, " · ")
}

// Timeline writes the incident's events in w cells, at most h lines:
// those reached by now in the text style with their phase's mark, the
// latest pointed at with ▶, those to come muted. Every event shown is
// written whole, wrapped under its column: the latest (or, before any,
// the first), then its neighbours, the next to come first, as many as
// fit. The marks and the clocks keep their column. A latest event longer
// than h lines keeps h-1 and says that i shows the rest (on a single line,
// its first words and "(i: more)").
func Timeline(st *Styles, w, h int, events []Incident, now float64) []string {
	if h <= 0 || len(events) == 0 {
		return nil
	}
	t := newTimeline(events, now)
	dw := max(1, w-t.width)
	centre := max(0, t.latest)
	wrapped := func(i int) []string { return Wrap(events[i].What, dw) }
	if n := len(wrapped(centre)); n > h && h == 1 { // one line: the event's first words, and where the rest is
		return t.lines(st, centre, []string{Wrap(events[centre].What, max(1, dw-len(" (i: more)")))[0] + " (i: more)"})
	}
	if n := len(wrapped(centre)); n > h {
		lines := t.lines(st, centre, wrapped(centre)[:max(0, h-1)])
		return append(lines, t.style(st, centre, strings.Repeat(" ", t.width)+"(the rest: i)"))
	}
	first, last, used := centre, centre, len(wrapped(centre))
	for grew := true; grew; {
		grew = false
		if last+1 < len(events) && used+len(wrapped(last+1)) <= h {
			last++
			used += len(wrapped(last))
			grew = true
		}
		if first > 0 && used+len(wrapped(first-1)) <= h {
			first--
			used += len(wrapped(first))
			grew = true
		}
	}
	var out []string
	for i := first; i <= last; i++ {
		out = append(out, t.lines(st, i, wrapped(i))...)
	}
	return out
}

// lines are event i's description lines behind its prefix, styled.
func (t timeline) lines(st *Styles, i int, what []string) []string {
	var out []string
	for j, l := range what {
		lead := strings.Repeat(" ", t.width)
		if j == 0 {
			lead = t.prefix(i)
		}
		out = append(out, t.style(st, i, lead+l))
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
	for i, e := range events {
		out = append(out, t.lines(st, i, Wrap(e.What, w-t.width))...)
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
		t.clockW = max(t.clockW, Width(e.Clock))
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
	return lead + " " + e.Clock + strings.Repeat(" ", t.clockW-Width(e.Clock)) + "  "
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
