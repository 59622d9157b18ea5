package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab"
)

// handleKeys splits runes that arrived together (a held key, a fast typist)
// into one key each, unless a text field has the keyboard: Bubble Tea
// delivers "nnn" as one message, which would match no binding. A q among
// them does not quit: letters that arrive together are typed in a hurry
// or pasted, and a class server's session should not end by accident.
func (m *Model) handleKeys(msg tea.KeyMsg) (tea.Cmd, bool) {
	if msg.Type != tea.KeyRunes || len(msg.Runes) < 2 || msg.Paste || m.textFocused() {
		return m.sessionKey(msg)
	}
	var cmds []tea.Cmd
	heldQuit := false
	for _, r := range msg.Runes {
		one := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
		if key.Matches(one, m.keys.Quit) && !m.textFocused() {
			heldQuit = true
			continue
		}
		cmd, quit := m.sessionKey(one)
		if quit {
			return nil, true
		}
		cmds = append(cmds, cmd)
	}
	if heldQuit {
		m.setNote("q came with other keys at once and did not quit: press it alone to quit", false)
	}
	return tea.Batch(cmds...), false
}

// sessionKey takes one key as the session's class sees it first: a
// lecturer's session catching up with the class's run waits, and a
// follower's keys that would move the lecturer's run say how to branch.
func (m *Model) sessionKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	switch {
	case m.class.resuming && key.Matches(msg, m.keys.Back): // leave the class's run as it is, for the picker
		m.class.resuming = false
		m.stopSeek()
	case m.class.resuming && !key.Matches(msg, forceQuit, m.keys.Quit):
		m.setNote(fmt.Sprintf("catching up with the class's run: step %d of %d (esc: the picker instead)", m.seek.steps, m.class.lecturerAt.Step), false)
		return nil, false
	}
	if cmd, took := m.classKey(msg); took {
		return cmd, false
	}
	return m.handleKey(msg)
}

// textFocused reports whether typed text goes to a text field.
func (m *Model) textFocused() bool {
	if m.typingSeed || m.prompt.open || (m.screen == screenPicker && m.picker.FilterState() == list.Filtering) {
		return true
	}
	ed, ok := m.lab.(lab.Editor)
	return m.screen == screenLab && ok && ed.Editing()
}

// forceQuit quits from anywhere, a text field too (where q is a letter).
var forceQuit = key.NewBinding(key.WithKeys("ctrl+c"))

// handleKey returns the command to run and whether to quit. A key clears
// the note and the caption of the previous one.
func (m *Model) handleKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	m.record(msg)
	if key.Matches(msg, forceQuit) {
		return nil, true
	}
	speed := key.Matches(msg, m.keys.Faster, m.keys.Slower) && m.screen == screenLab && !m.textFocused()
	if !speed { // the speed keys keep the moment's sentence: the speed shows in the status
		m.caption = ""
	}
	if !speed && !key.Matches(msg, m.keys.Play, m.keys.Step) { // play and step go on to the step's other moments
		m.told = nil
	}
	if m.seek.going && m.screen == screenLab && !m.typingSeed && !m.prompt.open {
		if cmd, isSeek := m.seekKey(msg); isSeek {
			return cmd, false
		}
		m.stopSeek() // any other key stops a replay where it got to
		return nil, false
	}
	if !m.typingSeed && !m.prompt.open {
		m.setNote("", false)
	}
	switch {
	case m.typingSeed:
		return m.seedKey(msg), false
	case m.prompt.open:
		return m.promptKey(msg), false
	case m.seeds.open && m.screen == screenLab:
		return m.seedsKey(msg), false
	case m.screen == screenPicker:
		return m.pickerKey(msg)
	case m.textFocused():
		return m.labOutcome(m.lab.Key(msg)), false
	case m.helpOpen:
		return m.helpKey(msg)
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return nil, true
	case key.Matches(msg, k.Help): // the run waits while the help is read
		m.helpOpen, m.resumeAfterHelp = true, m.play.playing
		m.play.stop()
		m.helpPage.GotoTop()
		return nil, false
	case key.Matches(msg, k.Theme):
		m.nextTheme()
		return nil, false
	}
	if out := m.lab.Key(msg); out.Handled {
		return m.labOutcome(out), false
	}
	if cmd, ok := m.seekKey(msg); ok {
		return cmd, false
	}
	return m.commonKey(msg), false
}

// nextTheme cycles the themes, unless NO_COLOR keeps colour off.
func (m *Model) nextTheme() {
	if m.noColor {
		m.setNote("colour is off: NO_COLOR is set (unset it, or pass --theme, for colour)", false)
		return
	}
	m.setTheme((m.theme + 1) % len(themes.All))
	m.setNote("theme "+m.st.Theme, false)
}

// pickerKey runs the picker. While a filter is typed, the list is filtered
// at once after each key, so that "/heavy" and enter in one burst open
// what the filter shows, as if typed slowly.
func (m *Model) pickerKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if m.picker.FilterState() == list.Filtering {
		before := m.picker.FilterValue()
		var cmd tea.Cmd
		m.picker, cmd = m.picker.Update(msg)
		if v := m.picker.FilterValue(); m.picker.FilterState() == list.Filtering && v != before {
			m.picker.SetFilterText(v)
			m.picker.SetFilterState(list.Filtering)
		}
		return cmd, false
	}
	switch {
	case key.Matches(msg, m.keys.Quit):
		return nil, true
	case key.Matches(msg, m.keys.Theme):
		m.nextTheme()
		return nil, false
	case key.Matches(msg, openKey):
		if it, ok := m.picker.SelectedItem().(scenarioItem); ok && it.sweep {
			cmd, err := m.startSweep(nil, []string{it.sc.Name})
			if err != nil {
				m.setNote(err.Error(), true)
			}
			return cmd, false
		}
		if it, ok := m.picker.SelectedItem().(scenarioItem); ok {
			return m.enter(it.sc), false
		}
	}
	var cmd tea.Cmd
	m.picker, cmd = m.picker.Update(msg)
	return cmd, false
}

// enter opens a scenario's lab: the run kept from an earlier visit, where
// it was, or a new one, whose work starts.
func (m *Model) enter(sc scenarios.Scenario) tea.Cmd {
	_, resumed := m.kept[sc.Name]
	if err := m.open(sc); err != nil {
		m.setNote(err.Error(), true)
		return nil
	}
	if a, ok := m.async(); ok && resumed {
		return tea.Batch(a.Init(), m.whileBusy()) // a computation cancelled on leaving starts again
	}
	if resumed {
		return nil
	}
	return m.Init()
}

// helpKey scrolls the full help; ? and esc close it.
func (m *Model) helpKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	switch {
	case key.Matches(msg, m.keys.Quit):
		return nil, true
	case key.Matches(msg, helpKeys.Close):
		m.helpOpen = false
		if m.resumeAfterHelp {
			m.resumeAfterHelp = false
			return m.play.start(), false
		}
	case key.Matches(msg, helpKeys.Up):
		m.helpPage.ScrollUp(1)
	case key.Matches(msg, helpKeys.Down):
		m.helpPage.ScrollDown(1)
	case key.Matches(msg, helpKeys.PageUp):
		m.helpPage.PageUp()
	case key.Matches(msg, helpKeys.PageDown):
		m.helpPage.PageDown()
	case key.Matches(msg, m.keys.Theme):
		m.nextTheme()
	}
	return nil, false
}

// labOutcome reports what a lab key did: a refused edit shows its reason
// and leaves the lab as it was; an accepted one restarted it, paused.
func (m *Model) labOutcome(out lab.Outcome) tea.Cmd {
	switch {
	case out.Err != nil:
		m.setNote("refused: "+engine.Named(out.Err, func(f string) string { return f }), true)
		return out.Cmd
	case out.Note != "":
		m.setNote(out.Note, false)
	}
	if out.Restarted {
		at, playing := m.seek.steps, m.play.playing
		m.play.stop()
		m.seek.atStart()
		if out.Replay && at > 0 { // the new run seen at the moment the old one had reached, playing on if it was
			m.seek.target, m.seek.going, m.seek.after, m.seek.resume = at, true, out.Note, playing
			return tea.Batch(out.Cmd, m.seekBatch())
		}
	}
	if at := m.lab.Info().At; at != nil && out.Handled {
		m.seek.steps = at()
	}
	if a, ok := m.async(); ok && a.Busy() { // work the key started: show its progress
		return tea.Batch(out.Cmd, m.whileBusy())
	}
	return out.Cmd
}

// commonKey handles the keys every lab shares.
func (m *Model) commonKey(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	if moves, plays := m.playsRun(); !plays && (key.Matches(msg, k.Play) || key.Matches(msg, k.Step) || key.Matches(msg, k.Faster) || key.Matches(msg, k.Slower)) {
		m.setNote("nothing to play here: "+moves, false)
		return nil
	}
	switch {
	case key.Matches(msg, k.Back) && m.timelineOpen:
		m.timelineOpen = false
	case key.Matches(msg, k.Back) && m.showingCard():
		m.cardAway = true
	case key.Matches(msg, k.Back):
		m.back()
	case key.Matches(msg, k.Play):
		if m.play.playing {
			m.play.stop()
			return nil
		}
		var cmd tea.Cmd
		if m.lab.Done() {
			cmd = m.changed(m.lab.Restart())
		}
		return tea.Batch(cmd, m.play.start())
	case key.Matches(msg, k.Step):
		m.play.stop()
		if !m.stepOnce() && m.caption == "" {
			m.setNote("finished: r replays", false)
		}
	case key.Matches(msg, k.Faster, k.Slower):
		if key.Matches(msg, k.Faster) {
			m.play.faster()
		} else {
			m.play.slower()
		}
		if m.caption == "" {
			m.setNote("speed "+m.speedLabel(), false)
		}
		return m.play.restart()
	case key.Matches(msg, k.Reset):
		cmd := m.changed(m.lab.Restart())
		if m.note == "" {
			m.setNote("r: this run again from its start, with your changes (R: the scenario as written)", false)
		}
		return cmd
	case key.Matches(msg, k.Scenario):
		return m.asWritten()
	case key.Matches(msg, k.Moments):
		m.toggleMoments()
	case key.Matches(msg, k.Lecture):
		m.toggleLecture()
	case key.Matches(msg, k.NextSeed) && m.lab.Seed() < 0:
		m.setNote(lab.ErrUnseeded.Error(), false)
	case key.Matches(msg, k.NextSeed):
		cmd := m.changed(m.lab.NextSeed())
		if !m.noteBad {
			m.setNote(fmt.Sprintf("seed %d: the run starts again from its first step (S types a seed)", m.lab.Seed()), false)
		}
		return cmd
	case key.Matches(msg, k.TypeSeed):
		if m.lab.Seed() < 0 {
			m.setNote(lab.ErrUnseeded.Error(), false)
			return nil
		}
		m.typingSeed, m.seedErr = true, ""
		m.seedInput.SetValue("")
		return m.seedInput.Focus()
	case key.Matches(msg, k.Prompt):
		return m.openPrompt()
	case key.Matches(msg, k.OverSeeds):
		return m.openSeeds(m.seedsByDefault())
	case key.Matches(msg, k.NextPart, k.PrevPart):
		return m.otherPart(key.Matches(msg, k.NextPart))
	case key.Matches(msg, k.Timeline):
		m.toggleTimeline()
	case key.Matches(msg, k.View):
		m.setNote("v shows the next view where a lab has several: this one has one (? lists its keys)", false)
	case key.Matches(msg, k.Compare):
		m.setNote("c is the switch between one run and two side by side where a lab has one; this lab has none (? lists its keys)", false)
	case key.Matches(msg, k.FromStart):
		m.setNote("Z turns a lab's keys between switching from now and rerunning from the start, where a lab switches (the cascade, the supermarket, AWS 2011, Facebook 2010, the lease storm, the flip-flop); this lab's keys always rerun from the start", false)
	case key.Matches(msg, k.Tab):
		if f, ok := m.lab.(lab.Focuser); !ok || !f.NextPanel() {
			m.setNote("every panel is on screen (tab pages them on a smaller screen)", false)
		}
	case msg.Type == tea.KeyRunes && !msg.Alt:
		// A key no one took says so rather than nothing: a key of another
		// lab, or a typo.
		m.setNote(fmt.Sprintf("%s is not a key of this lab: ? lists its keys", msg.String()), false)
	}
	return nil
}

// changed reports an engine rebuild the root asked for (reset, seeds).
// changed takes a restart the shell's keys made; a lab with work off the
// UI loop starts what the new run needs.
func (m *Model) changed(err error) tea.Cmd {
	cmd := m.labOutcome(lab.Outcome{Err: err, Restarted: true})
	if a, ok := m.async(); ok && err == nil {
		return tea.Batch(cmd, a.Init(), m.whileBusy())
	}
	return cmd
}

// seedKey runs the seed prompt; a bad seed keeps the prompt open with the
// reason beside it.
func (m *Model) seedKey(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.typingSeed = false
		m.seedInput.Blur()
		return nil
	case tea.KeyEnter:
		v, err := strconv.ParseInt(strings.TrimSpace(m.seedInput.Value()), 10, 64)
		if err != nil || v < 0 {
			m.seedErr = "a seed is a whole number >= 0"
			return nil
		}
		m.typingSeed = false
		m.seedInput.Blur()
		cmd := m.changed(m.lab.WithSeed(v))
		if !m.noteBad {
			m.setNote(fmt.Sprintf("seed %d: the run starts again from its first step", v), false)
		}
		return cmd
	}
	var cmd tea.Cmd
	m.seedInput, cmd = m.seedInput.Update(msg)
	m.seedErr = ""
	return cmd
}
