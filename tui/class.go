package tui

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui/lab"
)

// A class: the lecturer's session publishes what it shows; a session
// that follows opens the same scenario and replays the lecturer's keys
// that changed the run, each at the step it was pressed at, then steps to
// the lecturer's step, at its own size (engines are deterministic, so the
// run is the lecturer's, with its protections, switches, seeds and
// configs); branching off keeps that run as the student's own, to step,
// change and explore; following again goes back to the lecturer's.

// ClassState is what a lecturer's session shows: the picker (Open
// false), or a run: the scenario as it was opened, the keys since that
// changed the run, the step, the moment play stopped at, and whether it
// plays. Epoch tells one opening of a scenario from the next.
type ClassState struct {
	Open     bool
	Scenario scenarios.Scenario
	Epoch    int
	Events   []ClassEvent
	Step     int64
	Caption  string
	Playing  bool
	// Away says no lecturer is here: the one followed has left.
	Away bool
}

// ClassEvent is a key that changed the lecturer's run, and the step it
// was pressed at.
type ClassEvent struct {
	Step int64
	Key  tea.KeyMsg
}

// classRun is the open run as a class replays it: the scenario it was
// opened as, which opening it is, and the keys since that changed it.
type classRun struct {
	opened scenarios.Scenario
	epoch  int
	events []ClassEvent
}

// openings numbers the runs opened in this process, so that no two
// lecturers' sessions, nor one session's openings, share an epoch.
var openings atomic.Int64

// fresh is the run of a scenario just opened.
func (classRun) fresh(sc scenarios.Scenario) classRun {
	return classRun{opened: sc, epoch: int(openings.Add(1))}
}

// replayed is how far a follower has replayed the lecturer's run: which
// opening, and how many of its keys.
type replayed struct{ epoch, keys int }

// FollowMsg brings the lecturer's ClassState to a session that follows.
type FollowMsg struct{ State ClassState }

// ClassCountMsg tells a lecturer's session how many sessions follow,
// how many have branched off, and how many have never followed; and
// whether it drives the class (the first lecturer's session to come does).
type ClassCountMsg struct {
	Following, Branched, Own int
	Driving                  bool
}

// The keys of a session that follows: branch off, and follow again.
const (
	branchKey = "ctrl+b"
	followKey = "ctrl+f"
)

// countClass shows a lecturer's session the class's count, or that
// another lecturer's session drives the class; a session that comes to
// drive it tells the class what it shows.
func (m *Model) countClass(msg ClassCountMsg) {
	if !msg.Driving {
		m.classLine = "class: another lecturer's session drives it"
		return
	}
	if !strings.HasPrefix(m.classLine, "class: ") || strings.Contains(m.classLine, "another") {
		m.published = ClassState{Epoch: -1} // publish what this session shows now
	}
	m.classLine = fmt.Sprintf("class: %d follow, %d branched", msg.Following, msg.Branched)
	if msg.Own > 0 {
		m.classLine += fmt.Sprintf(", %d on their own", msg.Own)
	}
}

// followBinding is the follow key as the picker's help lists it.
var followBinding = key.NewBinding(key.WithKeys(followKey), key.WithHelp(followKey, "follow"))

// branchBinding is the branch key as a following session's help bar
// lists it.
var branchBinding = key.NewBinding(key.WithKeys(branchKey), key.WithHelp(branchKey, "branch off: your own run from here"))

// withFollowKey lists the follow key first in the picker's help while
// the session does not follow.
func (m *Model) withFollowKey() {
	l := &m.picker
	short, full := l.AdditionalShortHelpKeys, l.AdditionalFullHelpKeys
	with := func(keys []key.Binding) []key.Binding {
		if m.following {
			return keys
		}
		return append([]key.Binding{followBinding}, keys...)
	}
	l.AdditionalShortHelpKeys = func() []key.Binding { return with(short()) }
	l.AdditionalFullHelpKeys = func() []key.Binding { return with(full()) }
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
	return ClassState{Open: true, Scenario: m.run.opened, Epoch: m.run.epoch, Events: slices.Clone(m.run.events),
		Step: m.seek.steps, Caption: m.caption, Playing: m.play.playing}
}

// publishClass tells the class what the lecturer's session shows, when
// it has changed.
func (m *Model) publishClass() {
	if m.publish == nil {
		return
	}
	st, was := m.classState(), m.published
	if st.Open == was.Open && st.Epoch == was.Epoch && len(st.Events) == len(was.Events) && st.Step == was.Step &&
		st.Caption == was.Caption && st.Playing == was.Playing && st.Scenario.Name == was.Scenario.Name {
		return
	}
	m.published = st
	m.publish(st)
}

// viewKeys are the shell's keys that change what a session looks at or
// where the run is, not the run: a lecturer's are not replayed (steps
// are followed by the step itself).
var viewKeys = func() []key.Binding {
	c := lab.CommonKeys
	return []key.Binding{c.Quit, c.Help, c.Play, c.Step, c.Faster, c.Slower, c.Theme, c.Back, c.Tab, c.Moments, c.Lecture,
		c.Timeline, c.View, c.StepBack, c.First, c.Last, c.JumpBack, c.JumpForward, c.OverSeeds}
}()

// record keeps a lecturer's key that changes the run, with its step: a
// key typed into a field, or any key but the view's (in a lab whose keys
// move through its run itself, those too). A key that only stops a
// replay changes nothing.
func (m *Model) record(msg tea.KeyMsg) {
	if m.publish == nil || m.screen != screenLab || m.seek.going || m.helpOpen || m.seeds.open || m.timelineOpen {
		return
	}
	if !m.textFocused() {
		_, plays := m.playsRun()
		view := viewKeys
		if !plays {
			view = []key.Binding{m.keys.Quit, m.keys.Help, m.keys.Theme, m.keys.Back, m.keys.Tab, m.keys.Lecture, m.keys.OverSeeds}
		}
		if key.Matches(msg, view...) {
			return
		}
	}
	m.run.events = append(m.run.events, ClassEvent{Step: m.seek.steps, Key: msg})
}

// follow shows the lecturer's state: the picker, or the lecturer's run:
// the keys not yet replayed, each at its step (a new opening of the
// scenario, or a run that cannot be reached from here, replayed from its
// first key), then the lecturer's step.
func (m *Model) follow(st ClassState) tea.Cmd {
	m.lecturerAt = st
	if !m.following {
		return nil
	}
	if st.Away {
		m.setNote("the lecturer has left: the run stays on screen; ctrl+b makes it yours to explore", false)
		return nil
	}
	if strings.HasPrefix(m.note, "the lecturer has left") {
		m.setNote("the lecturer is back", false)
	}
	if !st.Open {
		if m.screen == screenLab {
			m.back()
		}
		return nil
	}
	var cmds []tea.Cmd
	if m.screen != screenLab || m.replayed.epoch != st.Epoch || m.replayed.keys > len(st.Events) {
		delete(m.kept, st.Scenario.Name) // the lecturer's run, not one kept from before
		if err := m.open(st.Scenario); err != nil {
			m.setNote(err.Error(), true)
			return nil
		}
		m.replayed = replayed{epoch: st.Epoch}
		cmds = append(cmds, m.Init()) // its work off the loop (an exact enumeration)
	}
	if a, ok := m.async(); ok && a.Busy() {
		return tea.Batch(cmds...) // the keys wait for the lab's work: followAgain replays them
	}
	for _, e := range st.Events[m.replayed.keys:] {
		m.stepTo(e.Step)
		cmd, _ := m.handleKey(e.Key)
		cmds = append(cmds, cmd)
		m.replayed.keys++
	}
	m.finishSeek()
	m.play.stop()
	if st.Step != m.seek.steps {
		cmds = append(cmds, m.seekTo(st.Step))
	}
	m.caption, m.told = st.Caption, nil // the moment the lecturer stands at, told as it is there
	return tea.Batch(cmds...)
}

// followAgain replays what waited for the lab's work off the loop, once
// it is in.
func (m *Model) followAgain() tea.Cmd {
	if a, ok := m.async(); m.following && ok && !a.Busy() && (m.replayed.keys < len(m.lecturerAt.Events) || m.seek.steps != m.lecturerAt.Step) {
		return m.follow(m.lecturerAt)
	}
	return nil
}

// stepTo takes the run to step target at once, as a replay to it would.
func (m *Model) stepTo(target int64) {
	m.finishSeek()
	if _, plays := m.playsRun(); plays && target != m.seek.steps {
		m.seekTo(target)
		m.finishSeek()
	}
}

// finishSeek runs a replay under way to its end at once.
func (m *Model) finishSeek() {
	m.seek.resume = false
	for m.seek.going {
		m.seekBatch()
	}
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
		m.replayed = replayed{} // following again replays the lecturer's run from its start
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
