package tui

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// metMoment is a moment the run reached: the step and its captions.
type metMoment struct {
	step     int64
	captions []string
}

// meet keeps the moments of the step just played, for the timeline. A
// run replayed from its start (a step back) meets them again, so those
// at or after this step are dropped first.
func (m *Model) meet(caption string) {
	for len(m.met) > 0 && m.met[len(m.met)-1].step >= m.seek.steps {
		m.met = m.met[:len(m.met)-1]
	}
	m.met = append(m.met, metMoment{step: m.seek.steps, captions: strings.Split(caption, lab.MomentBreak)})
}

// metSoFar are the moments met up to the step on screen.
func (m *Model) metSoFar() []metMoment {
	n := 0
	for n < len(m.met) && m.met[n].step <= m.seek.steps {
		n++
	}
	return m.met[:n]
}

// toggleTimeline opens or closes the timeline: the incident's, where the
// lab tells one, else the moments so far; a lab with neither says so.
func (m *Model) toggleTimeline() {
	if m.timelineOpen {
		m.timelineOpen = false
		return
	}
	if info := m.lab.Info(); info.Chronicle == nil && info.Stops == "" {
		m.setNote("i shows a timeline where a lab has one: this lab has no incident and no moments", false)
		return
	}
	m.timelineOpen = true
	m.setNote("the timeline in place of the charts: i or esc goes back; play and the step keys go on", false)
}

// timelineBody is the timeline at full size in w x h: the incident's
// events, wrapped whole, with the phases' legend, or the moments met so
// far, the latest last.
func (m *Model) timelineBody(w, h int) string {
	st := m.st
	if chronicle := m.lab.Info().Chronicle; chronicle != nil {
		title, events, now := chronicle()
		lines := []string{st.Title.Render(widget.FirstFit(w, title, "the incident's timeline"))}
		legend := widget.Wrap("▶ where the run is · "+widget.PhaseLegend, w)
		lines = append(lines, widget.TimelineWrapped(st, w, max(1, h-1-len(legend)), events, now)...)
		for _, l := range legend {
			lines = append(lines, st.Muted.Render(l))
		}
		if room := h - len(lines) - 1; room >= 4 && m.lab.Info().Stops != "" { // the model's moments under the lecture's
			lines = append(append(lines, ""), m.momentsSoFar(w, room, "the model so far")...)
		}
		return strings.Join(lines, "\n")
	}
	return strings.Join(m.momentsSoFar(w, h, "the moments so far"), "\n")
}

// momentsSoFar are the moments met up to the step on screen, the latest
// last, under a title, in at most h lines of w cells.
func (m *Model) momentsSoFar(w, h int, title string) []string {
	st := m.st
	met := m.metSoFar()
	lines := []string{st.Title.Render(widget.FirstFit(w, fmt.Sprintf("%s (%d moments), the latest last", title, len(met)), title))}
	if len(met) == 0 {
		for _, l := range widget.Wrap("none yet. This lab's moments: "+m.lab.Info().Stops+".", w) {
			lines = append(lines, st.Muted.Render(l))
		}
		return lines[:min(len(lines), max(1, h))]
	}
	var body []string
	for _, mm := range met {
		for _, c := range mm.captions {
			for j, l := range widget.Wrap(c, w-2) {
				lead := "• "
				if j > 0 {
					lead = "  "
				}
				body = append(body, st.Text.Render(lead+l))
			}
		}
	}
	if room := h - 1; len(body) > room { // the latest that fit, the earlier ones a key away
		body = append([]string{st.Muted.Render(fmt.Sprintf("(%d earlier lines: home replays from the start)", len(body)-room+1))}, body[len(body)-room+1:]...)
	}
	return append(lines, body...)
}
