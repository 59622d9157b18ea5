package tui

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui/widget"
)

// opened sets a new lab up as the class-view policy opens every scenario:
// paused at its first step, stopping at moments where it has any, with a
// note saying how to play and the lesson's first sentence.
func (m *Model) opened() {
	m.play.stop()
	info := m.lab.Info()
	m.stopAtMoments = info.Stops != ""
	if info.Moves != "" {
		m.setNote(info.Moves+" · ? the lesson and every key", false)
		return
	}
	lead := "paused at the first step · space plays"
	if m.stopAtMoments {
		lead += ", stopping at moments (M)"
	}
	m.setNote(lead+" · "+m.openingTail(), false)
	m.openNote = true
}

// openingTail is what the opening note says after the keys: where the
// scenario stands in its story, for a part of one, else the lesson's
// first sentence.
func (m *Model) openingTail() string {
	if pw := partWords(m.scenario.Name); pw != "" {
		return pw
	}
	return firstSentence(m.scenario.Lesson)
}

// openingNote is the opening note in the form that fits the note's rows
// at the width: the lesson's first sentence (or the story's part) beside
// the keys, or, where it would not fit, the keys and where the lesson is.
func (m *Model) openingNote(note string) string {
	if len(widget.Wrap(note, m.width-1)) <= noteRows {
		return note
	}
	head, _, _ := strings.Cut(note, " · "+m.openingTail())
	if p, ok := scenarios.PlaceOf(m.scenario.Name); ok {
		if short := fmt.Sprintf("%s · part %d of %d of %s ({ }) · ? tells the lesson", head, p.Part, p.Of, p.Chain); len(widget.Wrap(short, m.width-1)) <= noteRows {
			return short
		}
	}
	return head + " · ? tells the lesson"
}

// firstSentence is a lesson's first sentence: up to its first full stop
// followed by a space, or all of it.
func firstSentence(lesson string) string {
	if i := strings.Index(lesson, ". "); i >= 0 {
		return lesson[:i+1]
	}
	return lesson
}
