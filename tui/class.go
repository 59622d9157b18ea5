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

// classSide is a session's side of a class. A lecturer's publishes what
// it shows (publish, published), logs the keys that changed its run
// (run), and counts the class (classLine); one that comes back resumes the
// class's run (resuming, until it has caught up with lecturerAt). A
// student's may follow (followable, following, onFollow): it replays the
// lecturer's run (lecturerAt) as far as replayed.
type classSide struct {
	publish               func(ClassState)
	published, lecturerAt ClassState
	run                   classRun
	replayed              replayed
	followable, following bool
	onFollow              func(bool)
	classLine             string
	resuming              bool
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
		m.class.classLine = "class: another lecturer's session drives it"
		return
	}
	if !strings.HasPrefix(m.class.classLine, "class: ") || strings.Contains(m.class.classLine, "another") {
		m.class.published = ClassState{Epoch: -1} // publish what this session shows now
	}
	m.class.classLine = fmt.Sprintf("class: %d follow, %d branched", msg.Following, msg.Branched)
	if msg.Own > 0 {
		m.class.classLine += fmt.Sprintf(", %d on their own", msg.Own)
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
		if m.class.following {
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
	m.class.following = on
	if m.class.onFollow != nil {
		m.class.onFollow(on)
	}
}

// classState is what the session shows now. Its Events share the run's
// log without a copy: the log only grows, and the clipped slice cannot be
// appended into, so what followers hold never changes under them.
func (m *Model) classState() ClassState {
	if m.screen != screenLab || m.lab == nil {
		return ClassState{}
	}
	return ClassState{Open: true, Scenario: m.class.run.opened, Epoch: m.class.run.epoch, Events: slices.Clip(m.class.run.events),
		Step: m.seek.steps, Caption: m.caption, Playing: m.play.playing}
}

// publishClass tells the class what the lecturer's session shows, when
// it has changed.
func (m *Model) publishClass() {
	if m.class.publish == nil || m.class.resuming && !m.caughtUp() {
		return
	}
	if m.class.resuming { // the class's run is this session's now: the keys it goes on with add to it
		at := m.class.lecturerAt
		m.class.resuming = false
		m.class.run = classRun{opened: at.Scenario, epoch: at.Epoch, events: slices.Clone(at.Events)}
		m.class.published = ClassState{Epoch: -1} // told at once: the class hears the lecturer is back
		m.setNote(fmt.Sprintf("resumed the class's run at step %d, where the class is: esc opens the picker", m.seek.steps), false)
	}
	st, was := m.classState(), m.class.published
	if st.Open == was.Open && st.Epoch == was.Epoch && len(st.Events) == len(was.Events) && st.Step == was.Step &&
		st.Caption == was.Caption && st.Playing == was.Playing && st.Scenario.Name == was.Scenario.Name {
		return
	}
	m.class.published = st
	m.class.publish(st)
}

// screenKeys change only what a session looks at, never the run: a
// follower's own, pressed while following, and never logged for the
// class. movingKeys move through the run or look at it over seeds without
// changing it: where the run plays, a lecturer's are not logged (its step
// is followed by the step itself). One list each, read by recording and
// following alike.
var (
	screenKeys = func() []key.Binding {
		c := lab.CommonKeys
		return []key.Binding{c.Quit, c.Help, c.Theme, c.Tab, c.Lecture, c.Timeline, c.View, c.OverSeeds}
	}()
	movingKeys = func() []key.Binding {
		c := lab.CommonKeys
		return []key.Binding{c.Play, c.Step, c.Faster, c.Slower, c.Back, c.Moments, c.StepBack, c.First, c.Last, c.JumpBack, c.JumpForward}
	}()
)

// record keeps a lecturer's key that changes the run, with its step: a
// key typed into a field, or any key but the view's (in a lab whose keys
// move through its run itself, those too). A key that only stops a
// replay changes nothing.
func (m *Model) record(msg tea.KeyMsg) {
	if m.class.publish == nil || m.class.resuming || m.screen != screenLab || m.seek.going || m.helpOpen || m.seeds.open || m.timelineOpen {
		return
	}
	if !m.textFocused() {
		if _, plays := m.playsRun(); key.Matches(msg, screenKeys...) || key.Matches(msg, m.keys.Back) || plays && key.Matches(msg, movingKeys...) {
			return
		}
	}
	m.class.run.events = append(m.class.run.events, ClassEvent{Step: m.seek.steps, Key: msg})
}

// follow shows the lecturer's state: the picker, or the lecturer's run:
// the keys not yet replayed, each at its step (a new opening of the
// scenario, or a run that cannot be reached from here, replayed from its
// first key), then the lecturer's step.
func (m *Model) follow(st ClassState) tea.Cmd {
	m.class.lecturerAt = st
	if !m.class.following && !m.class.resuming {
		return nil
	}
	if st.Away && !m.class.resuming {
		m.setNote("the lecturer has left: the run stays on screen; ctrl+b makes it yours to explore", false)
		return nil
	}
	switch {
	case strings.HasPrefix(m.note, "the lecturer has left"):
		m.setNote("the lecturer is back", false)
	case st.Open && m.note == choosingNote:
		m.setNote("", false)
	}
	if !st.Open { // the lecturer at the picker: the run stays until another opens
		if m.screen == screenLab {
			m.setNote(choosingNote, false)
		}
		return nil
	}
	var cmds []tea.Cmd
	if m.screen != screenLab || m.class.replayed.epoch != st.Epoch || m.class.replayed.keys > len(st.Events) {
		delete(m.kept, st.Scenario.Name) // the lecturer's run, not one kept from before
		if err := m.open(st.Scenario); err != nil {
			m.class.resuming = false // a lecturer's session stays on the picker, its own
			m.setNote(err.Error(), true)
			return nil
		}
		m.class.replayed = replayed{epoch: st.Epoch}
		cmds = append(cmds, m.Init()) // its work off the loop (an exact enumeration)
	}
	if a, ok := m.async(); ok && a.Busy() {
		return tea.Batch(cmds...) // the keys wait for the lab's work: followAgain replays them
	}
	for _, e := range st.Events[m.class.replayed.keys:] {
		m.stepTo(e.Step)
		cmd, _ := m.handleKey(e.Key)
		cmds = append(cmds, cmd)
		m.class.replayed.keys++
	}
	m.finishSeek()
	m.play.stop()
	if st.Step != m.seek.steps {
		cmds = append(cmds, m.seekTo(st.Step))
	}
	m.caption, m.told = st.Caption, nil // the moment the lecturer stands at, told as it is there
	return tea.Batch(cmds...)
}

// choosingNote tells a follower the lecturer is at the picker.
const choosingNote = "the lecturer is choosing what comes next: this run stays until then"

// followAgain replays what waited for the lab's work off the loop, once
// it is in.
func (m *Model) followAgain() tea.Cmd {
	if a, ok := m.async(); (m.class.following || m.class.resuming) && ok && !a.Busy() && (m.class.replayed.keys < len(m.class.lecturerAt.Events) || m.seek.steps != m.class.lecturerAt.Step) {
		return m.follow(m.class.lecturerAt)
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
	if !m.class.followable {
		return nil, false
	}
	switch {
	case key.Matches(msg, branchBinding):
		if !m.class.following {
			m.setNote("already your own run: ctrl+f follows the lecturer again", false)
			return nil, true
		}
		m.setFollowing(false)
		m.class.replayed = replayed{} // following again replays the lecturer's run from its start
		if m.screen != screenLab {
			m.setNote("left the lecturer: pick a scenario of your own; ctrl+f follows again", false)
			return nil, true
		}
		m.setNote(fmt.Sprintf("branched off at step %d: your own run, the lecturer's config and seed; step, change and explore; ctrl+f follows again", m.seek.steps), false)
		return nil, true
	case key.Matches(msg, followBinding):
		if m.class.following {
			m.setNote("already following the lecturer: ctrl+b branches off", false)
			return nil, true
		}
		m.setFollowing(true)
		m.setNote("following the lecturer: ctrl+b branches off", false)
		return m.follow(m.class.lecturerAt), true
	}
	if m.class.following {
		if key.Matches(msg, forceQuit) || key.Matches(msg, screenKeys...) ||
			m.helpOpen && key.Matches(msg, helpKeys.Close, helpKeys.Up, helpKeys.Down, helpKeys.PageUp, helpKeys.PageDown) {
			return nil, false // the screen's own
		}
		m.setNote("following the lecturer: ctrl+b branches off to explore on your own from here", false)
		return nil, true
	}
	return nil, false
}

// ResumeMsg brings a lecturer's session that has just come the run the
// class was on: the session opens it where the class is, and drives it
// from there.
type ResumeMsg struct{ State ClassState }

// resume opens the class's run in a lecturer's session, replaying it as a
// follower would; the session publishes nothing until it has caught up,
// so that the class keeps its screen.
func (m *Model) resume(st ClassState) tea.Cmd {
	if !st.Open || m.class.publish == nil || m.screen != screenPicker {
		return nil
	}
	m.class.resuming = true
	st.Away = false
	return m.follow(st)
}

// caughtUp reports whether a resuming session has replayed the class's
// run to its step.
func (m *Model) caughtUp() bool {
	at := m.class.lecturerAt
	if a, ok := m.async(); ok && a.Busy() {
		return false
	}
	return m.screen == screenLab && m.class.replayed.epoch == at.Epoch && m.class.replayed.keys == len(at.Events) &&
		!m.seek.going && (m.seek.steps == at.Step || m.lab.Done())
}
