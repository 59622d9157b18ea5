package tui

import (
	"strings"

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
	m.setNote(lead+" · "+firstSentence(m.scenario.Lesson), false)
	m.openNote = true
}

// openingNote is the opening note in the form that fits the note's rows
// at the width: the lesson's first sentence beside the keys, or, where it
// would not fit, the keys and where the lesson is.
func (m *Model) openingNote(note string) string {
	if len(widget.Wrap(note, m.width-1)) <= noteRows {
		return note
	}
	head, _, _ := strings.Cut(note, " · "+firstSentence(m.scenario.Lesson))
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
