package tui

import (
	"fmt"
	"reflect"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
)

// A class: the lecturer's session publishes what it shows; a session
// that follows opens the same scenario with the same config and seed and
// steps it to the same step, at its own size (engines are deterministic,
// so the run is the lecturer's); branching off keeps that run as the
// student's own, to step, change and explore; following again goes back
// to the lecturer's.

// ClassState is what a lecturer's session shows: the picker (Open
// false), or a scenario's lab as its keys have left it (its config,
// protections and switches), at a step, with the moment play stopped at.
type ClassState struct {
	Open     bool
	Scenario scenarios.Scenario
	Step     int64
	Caption  string
	Playing  bool
}

// FollowMsg brings the lecturer's ClassState to a session that follows.
type FollowMsg struct{ State ClassState }

// ClassCountMsg tells the lecturer's session how many sessions follow it,
// how many have branched off, and how many have never followed.
type ClassCountMsg struct{ Following, Branched, Own int }

// The keys of a session that follows: branch off, and follow again.
const (
	branchKey = "ctrl+b"
	followKey = "ctrl+f"
)

// followBinding is the follow key as the picker's help lists it.
var followBinding = key.NewBinding(key.WithKeys(followKey), key.WithHelp(followKey, "follow"))

// branchBinding is the branch key as a following session's help bar
// lists it.
var branchBinding = key.NewBinding(key.WithKeys(branchKey), key.WithHelp(branchKey, "branch off: your own run from here"))

// withFollowKey lists the follow key first in the picker's help.
func withFollowKey(l *list.Model) {
	short, full := l.AdditionalShortHelpKeys, l.AdditionalFullHelpKeys
	l.AdditionalShortHelpKeys = func() []key.Binding { return append([]key.Binding{followBinding}, short()...) }
	l.AdditionalFullHelpKeys = func() []key.Binding { return append([]key.Binding{followBinding}, full()...) }
}

// setFollowing follows the lecturer or leaves off, and says so to the
// class.
func (m *Model) setFollowing(on bool) {
	m.following = on
	if m.onFollow != nil {
		m.onFollow(on)
	}
}

// classState is what the session shows now.
func (m *Model) classState() ClassState {
	if m.screen != screenLab || m.lab == nil {
		return ClassState{}
	}
	sc := m.scenario
	sc.Spec = m.current()
	return ClassState{Open: true, Scenario: sc, Step: m.seek.steps, Caption: m.caption, Playing: m.play.playing}
}

// publishClass tells the class what the lecturer's session shows, when
// it has changed.
func (m *Model) publishClass() {
	if m.publish == nil {
		return
	}
	st := m.classState()
	if st.Open == m.published.Open && st.Step == m.published.Step && st.Caption == m.published.Caption && st.Playing == m.published.Playing &&
		st.Scenario.Name == m.published.Scenario.Name && reflect.DeepEqual(st.Scenario.Spec, m.published.Scenario.Spec) {
		return
	}
	m.published = st
	m.publish(st)
}

// follow shows the lecturer's state: the picker, or the scenario with its
// config at its step (a new run where the config differs, a replay or a
// few steps on where only the step does).
func (m *Model) follow(st ClassState) tea.Cmd {
	m.lecturerAt = st
	if !m.following {
		return nil
	}
	if !st.Open {
		if m.screen == screenLab {
			m.back()
		}
		return nil
	}
	if m.screen != screenLab || m.scenario.Name != st.Scenario.Name || !reflect.DeepEqual(m.current(), st.Scenario.Spec) {
		delete(m.kept, st.Scenario.Name) // the lecturer's run, not one kept from before
		if err := m.open(st.Scenario); err != nil {
			m.setNote(err.Error(), true)
			return nil
		}
	}
	m.play.stop()
	var cmd tea.Cmd
	if st.Step != m.seek.steps {
		cmd = m.seekTo(st.Step)
	}
	m.caption, m.told = st.Caption, nil // the moment the lecturer stands at, told as it is there
	return cmd
}

// classKey takes a following session's keys: branch off, follow again;
// while following, the keys that would move the run say how to branch.
func (m *Model) classKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if !m.followable {
		return nil, false
	}
	switch msg.String() {
	case branchKey:
		if !m.following {
			m.setNote("already your own run: ctrl+f follows the lecturer again", false)
			return nil, true
		}
		m.setFollowing(false)
		if m.screen != screenLab {
			m.setNote("left the lecturer: pick a scenario of your own; ctrl+f follows again", false)
			return nil, true
		}
		m.setNote(fmt.Sprintf("branched off at step %d: your own run, the lecturer's config and seed; step, change and explore; ctrl+f follows again", m.seek.steps), false)
		return nil, true
	case followKey:
		if m.following {
			m.setNote("already following the lecturer: ctrl+b branches off", false)
			return nil, true
		}
		m.setFollowing(true)
		m.setNote("following the lecturer: ctrl+b branches off", false)
		return m.follow(m.lecturerAt), true
	}
	if m.following {
		switch msg.String() {
		case "q", "ctrl+c", "?", "t", "esc", "tab", "L", "i":
			return nil, false // the screen's own: quit, help, theme, views
		}
		m.setNote("following the lecturer: ctrl+b branches off to explore on your own from here", false)
		return nil, true
	}
	return nil, false
}
