// Package tui is loadlab's Bubble Tea program: a scenario picker and a lab
// per engine. The root model owns the open lab, the play state, keys, help,
// theme and window size; labs draw snapshots and never start ticks.
package tui

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/list"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Options configure a new Model.
type Options struct {
	// Scenario opens the lab on that scenario instead of the picker.
	Scenario string
	// Theme is a theme name; empty picks dark, or mono under NO_COLOR.
	Theme string
	// Play opens the scenario playing; otherwise it opens paused at its
	// first step, as every scenario opened from the picker does.
	Play bool
	// Config, when set, is opened instead of Scenario: a config of the
	// user's (loadlab tui ENGINE|SCENARIO with flags), its title saying
	// so.
	Config *scenarios.Scenario
	// Sweep, when set, checks a sweep the way loadlab sweep does and
	// gives its screen: with base nil, args as loadlab tui sweep takes
	// them (a sweep scenario's name); with base, a lab's prompt's flags
	// and --vary over the lab's config. The picker lists the sweep
	// scenarios only where it is set.
	Sweep func(base *scenarios.Scenario, args []string) (SweepOptions, error)
	// Publish, when set, gets what the session shows each time it
	// changes: the lecturer's session of a class.
	Publish func(ClassState)
	// Followable is a session of a class, with a lecturer to follow: the
	// FollowMsgs sent it are followed once ctrl+f follows (from the picker
	// or a lab) until ctrl+b branches off; OnFollow hears each. Follow
	// starts it following.
	Followable, Follow bool
	OnFollow           func(following bool)
	// Renderer, when set, is the terminal the screens are drawn for (an
	// SSH session's, at its colour profile); else this process's.
	Renderer *lipgloss.Renderer
	// DropKeyFloods drops keys that come faster than typing (a raw paste,
	// a hostile client) until they pause, each at no cost: an SSH
	// session's and the terminal's. Tests that send keys by the thousand
	// leave it off.
	DropKeyFloods bool
	// Cores, when set, is the share of the machine's cores the session
	// may use now for its frames (a class server's sessions share them):
	// playing and replaying then slow their frames and stepping to fit.
	Cores func() float64
	// Work, when set, is the class server's share of the machine the
	// session's work off the UI loop runs on and its runs are bounded by
	// (every session of the server shares it); nil on a desktop.
	Work *lab.Share
}

type screen int

const (
	screenPicker screen = iota
	screenLab
	// screenSweep is a sweep's screen, opened from the picker or a lab's
	// prompt; closing it goes back there.
	screenSweep
)

// session is a lab left open behind the picker, resumed when its scenario
// is opened again.
type session struct {
	lab   lab.Lab
	speed int
	steps int64
	// moments is whether play stopped at moments there.
	moments bool
	// sc is the scenario the lab played, the user's config where the
	// ":" line changed it, and origin the scenario as written then.
	sc     scenarios.Scenario
	origin *scenarios.Scenario
	// run is what a class's followers replay to reach the run.
	run classRun
}

// Model is the root model.
type Model struct {
	keys  lab.Common
	help  help.Model
	theme int
	// noColor is NO_COLOR: the theme stays mono.
	noColor bool
	st      *widget.Styles
	width   int
	height  int

	screen   screen
	picker   list.Model
	scenario scenarios.Scenario
	// info is the lab's Info as the latest redraw read it, once a frame.
	info lab.Info
	lab  lab.Lab
	play play
	seek seek
	kept map[string]session

	helpOpen bool
	// resumeAfterHelp is set when the help paused a run that was playing.
	resumeAfterHelp bool
	helpPage        viewport.Model

	seedInput textinput.Model
	// prompt is the ":" line; origin the scenario as written once the
	// line has changed the lab's config (nil until it has).
	prompt prompt
	origin *scenarios.Scenario
	// seeds is N's view: the config over many seeds.
	seeds overSeeds
	// sweep is the sweep on screen; openSweep is Options.Sweep, and
	// sweepFrom the screen it was opened from.
	sweep      *sweepModel
	openSweep  func(base *scenarios.Scenario, args []string) (SweepOptions, error)
	sweepFrom  screen
	typingSeed bool
	seedErr    string
	// note is the latest message, shown until the next key; bad marks a
	// refusal.
	note    string
	noteBad bool
	// caption is the moment play stopped at, shown until the next key;
	// told are the other moments of its step, each its own stop when play
	// goes on, and toldOf how many the step had.
	caption       string
	told          []string
	toldOf        int
	stopAtMoments bool
	// lecture shows the headline in large digits (L).
	lecture bool
	// timelineOpen shows the timeline (i) in place of the body; met are
	// the moments the run has reached, for a lab with no incident's.
	timelineOpen bool
	// cardAway says esc put the end card away until the run is over again.
	cardAway bool
	// largeShown is how many figures the lecture strip drew large in the
	// latest frame (it gives them up before a chart shrinks).
	largeShown int
	met        []metMoment
	// playOnOpen is Options.Play: Init plays the scenario opened.
	playOnOpen bool
	// openNote says the note is the opening's, which takes a shorter
	// form where its lesson sentence does not fit.
	openNote bool

	small bool   // the terminal is below the lab's minimum
	frame string // the screen, drawn after every change

	// crash is a panic's first line and crashTrace the file holding its
	// trace, for Run's exit message.
	crash, crashTrace string

	// class is the session's side of a class: the lecturer's or a
	// student's
	class classSide
	// flood counts keys that come faster than typing; nil when they are
	// all taken
	flood *flood
	// renderer is the terminal the styles are for (Options.Renderer)
	renderer *lipgloss.Renderer
	// cores is Options.Cores; drawCost what a frame's drawing takes, a
	// running average, which the pace fits in that share
	cores    func() float64
	drawCost time.Duration
	// work is Options.Work: the labs are built with it, and N and the
	// sweeps run on it.
	work *lab.Share
}

// New builds the root model.
func New(opts Options) (*Model, error) {
	m := &Model{keys: lab.CommonKeys, help: help.New(), width: 80, height: 24, play: newPlay(), kept: map[string]session{}, renderer: opts.Renderer}
	if m.renderer == nil {
		m.renderer = lipgloss.DefaultRenderer()
	}
	theme, err := themeOf(opts.Theme)
	if err != nil {
		return nil, err
	}
	m.noColor = opts.Theme == "" && os.Getenv("NO_COLOR") != ""
	m.playOnOpen = opts.Play
	if opts.DropKeyFloods {
		m.flood = &flood{now: time.Now}
	}
	m.cores, m.work = opts.Cores, opts.Work
	m.seeds.bg.Share = opts.Work
	m.class.publish, m.class.followable, m.class.following, m.class.onFollow = opts.Publish, opts.Follow || opts.Followable, opts.Follow, opts.OnFollow
	if m.class.onFollow == nil {
		m.class.onFollow = func(bool) {}
	}
	m.seedInput = lab.NewField("seed: ", 19)
	m.prompt = newPrompt()
	m.openSweep = opts.Sweep
	m.picker = newPicker(m.width, m.height-1, opts.Sweep != nil)
	if m.class.followable {
		m.withFollowKey()
	}
	m.setTheme(theme)
	if sc, ok, err := opening(opts); err != nil {
		return nil, err
	} else if ok {
		if err := m.open(sc); err != nil {
			return nil, err
		}
	}
	m.redraw()
	return m, nil
}

// themeOf is the index in themes.All of a theme name; "" is dark, or mono
// under NO_COLOR.
func themeOf(name string) (int, error) {
	if name == "" {
		name = "dark"
		if os.Getenv("NO_COLOR") != "" {
			name = "mono"
		}
	}
	theme := slices.IndexFunc(themes.All, func(p themes.Palette) bool { return p.Name == name })
	if theme < 0 {
		return 0, fmt.Errorf("--theme must be one of %s, got %q", strings.Join(themes.Names(), " "), name)
	}
	return theme, nil
}

// opening is the scenario opts open on, if any: their config, or their
// scenario by name.
func opening(opts Options) (scenarios.Scenario, bool, error) {
	switch {
	case opts.Config != nil:
		return *opts.Config, true, nil
	case opts.Scenario != "":
		sc, ok := scenarios.Lookup(opts.Scenario)
		if !ok {
			return sc, false, fmt.Errorf("unknown scenario %q (see loadlab list)", opts.Scenario)
		}
		return sc, true, nil
	}
	return scenarios.Scenario{}, false, nil
}

// Init starts the lab's own work, and play where --play asked for it:
// otherwise a scenario opens paused, for the lecturer to speak first.
func (m *Model) Init() tea.Cmd {
	defer m.guard()
	if m.screen != screenLab {
		return nil
	}
	var cmds []tea.Cmd
	if a, ok := m.async(); ok {
		cmds = append(cmds, a.Init(), m.whileBusy())
	}
	if m.playOnOpen {
		m.playOnOpen = false // the picker's scenarios open paused
		if _, plays := m.playsRun(); plays {
			cmds = append(cmds, m.play.start())
		}
	}
	return tea.Batch(cmds...)
}

// open switches to the lab of a scenario: the run kept from an earlier
// visit, paused where it was, or a new one at its start. It reports
// whether the lab is new.
func (m *Model) open(sc scenarios.Scenario) error {
	m.play.stop()
	m.helpOpen, m.caption = false, ""
	m.origin = nil
	if s, ok := m.kept[sc.Name]; ok {
		m.scenario, m.lab, m.screen, m.origin = s.sc, s.lab, screenLab, s.origin
		m.play.speed, m.stopAtMoments = s.speed, s.moments
		m.seek.atStart()
		m.seek.steps = s.steps
		m.class.run = s.run
		m.setNote("resumed where you left it: r restarts this run, R returns to the scenario as written", false)
		return nil
	}
	if m.lab != nil && m.screen == screenLab {
		m.leave()
	}
	newLab, ok := labs[sc.Engine()]
	if !ok {
		return fmt.Errorf("scenario %s: the %s engine has no lab", sc.Name, sc.Engine())
	}
	if err := admit(m.work, sc.Spec); err != nil {
		return errors.New(flags.Named(err))
	}
	l, err := newLab(sc.Spec, m.work)
	if err != nil {
		return fmt.Errorf("scenario %s: %v", sc.Name, err)
	}
	if set := l.Info().SeedCount; set != nil && sc.Seeds > 0 {
		set(sc.Seeds)
	}
	m.scenario, m.lab, m.screen = sc, l, screenLab
	m.class.run = m.class.run.fresh(sc)
	m.play.setSpeed(sc.StepsPerSecond)
	m.seek.atStart()
	m.opened()
	return nil
}

// back leaves the lab for the picker, keeping its run.
func (m *Model) back() {
	m.play.stop()
	m.stopSeek()
	m.leave()
	m.kept[m.scenario.Name] = session{lab: m.lab, speed: m.play.speed, steps: m.seek.steps, moments: m.stopAtMoments, sc: m.scenario, origin: m.origin, run: m.class.run}
	m.picker.ResetFilter() // Select counts in the whole list
	for i, it := range m.picker.Items() {
		if si, ok := it.(scenarioItem); ok && si.sc.Name == m.scenario.Name {
			si.kept = strings.Join(m.lab.Status(), ", ")
			m.picker.SetItem(i, si)
			m.picker.Select(i)
		}
	}
	m.screen, m.helpOpen, m.caption = screenPicker, false, ""
}

// Update routes messages: quit, resize, ticks, keys, then the lab's own
// messages.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer m.guard()
	if m.screen == screenSweep {
		return m, m.sweepUpdate(msg)
	}
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.picker.SetSize(msg.Width, max(1, msg.Height-1))
	case tickMsg:
		if msg.gen != m.play.gen || !m.play.playing || m.screen != screenLab {
			return m, nil // a tick of a loop that has been stopped
		}
		m.pace()
		m.play.advance(m.stepOnce, msg.at)
		switch {
		case m.caption != "":
			m.play.stop()
		case m.lab.Done():
			m.play.stop()
			m.setNote("finished: r replays", false)
		default:
			cmd = m.play.next()
		}
	case tea.KeyMsg:
		if m.flood != nil {
			if drop, began := m.flood.take(msg); began {
				m.setNote(floodNote(), true)
				break
			} else if drop {
				return m, nil // unseen: no step, no frame
			}
		}
		var quit bool
		cmd, quit = m.handleKeys(msg)
		if quit {
			return m, tea.Quit
		}
	case FollowMsg:
		cmd = m.follow(msg.State)
	case ResumeMsg:
		cmd = m.resume(msg.State)
	case ClassCountMsg:
		m.countClass(msg)
	case busyMsg:
		cmd = tea.Batch(m.whileBusy(), m.seedsBusy())
	case seekMsg:
		if msg.gen == m.seek.gen && m.seek.going && m.screen == screenLab {
			cmd = m.seekBatch()
		}
	case list.FilterMatchesMsg:
		// The picker filters as each key arrives (see pickerKey); a late
		// result of the list's own filtering would undo a newer one.
	default:
		if m.seeds.bg.Take(msg) {
			break
		}
		if m.screen == screenPicker {
			m.picker, cmd = m.picker.Update(msg)
		} else if a, ok := m.async(); ok {
			cmd = tea.Batch(a.Update(msg), m.followAgain())
		}
	}
	m.publishClass()
	m.drawTimed()
	return m, cmd
}

// whileBusy keeps redrawing a busy lab until its work is done.
func (m *Model) whileBusy() tea.Cmd {
	if a, ok := m.async(); ok && m.screen == screenLab && a.Busy() {
		return m.play.busy()
	}
	return nil
}

// async is the lab's work off the UI loop, if it has any.
func (m *Model) async() (lab.Async, bool) {
	a, ok := m.lab.(lab.Async)
	return a, ok
}

// leave stops the lab's work off the UI loop: the user left it.
func (m *Model) leave() {
	if a, ok := m.async(); ok {
		a.Leave()
	}
}

// stepOnce steps the lab once and reports whether play may go on: not at
// the end, and not at a moment when play stops at moments.
func (m *Model) stepOnce() bool {
	if len(m.told) > 0 { // the step's next moment before the next step
		m.caption, m.told = m.told[0], m.told[1:]
		return false
	}
	if !m.lab.Step() {
		return false
	}
	m.seek.steps++
	m.seek.placed = false
	caption, at := m.lab.NewMoment()
	if at {
		m.meet(caption)
	}
	if at && m.stopAtMoments {
		all := strings.Split(caption, lab.MomentBreak)
		m.caption, m.told, m.toldOf = all[0], all[1:], len(all)
		return false
	}
	return true
}

// momentLead is what a caption opens with: "▶ moment: ", and where its
// step met more than one, which of that step's it is ("▶ moment, 1 of 2
// at this step: "), so the count never reads as the run's.
func (m *Model) momentLead() string {
	if m.toldOf > 1 {
		return fmt.Sprintf("▶ moment, %d of %d at this step: ", m.toldOf-len(m.told), m.toldOf)
	}
	return "▶ moment: "
}

func (m *Model) setNote(s string, bad bool) {
	m.note, m.noteBad, m.openNote = engine.PlainExponents(s), bad, false
}

// setTheme restyles everything that draws from the palette.
func (m *Model) setTheme(i int) {
	m.theme = i
	m.st = widget.NewStylesFor(themes.All[i], m.renderer)
	m.help.Styles = m.st.HelpStyles()
	styleList(&m.picker, m.st)
	for _, in := range []*textinput.Model{&m.seedInput, &m.prompt.input} {
		in.PromptStyle, in.TextStyle, in.Cursor.Style, in.PlaceholderStyle = m.st.Accent, m.st.Text, m.st.Accent, m.st.Muted
	}
}

// asWritten returns the lab to its scenario as written: a new lab from the
// scenario's spec, so every edit, seed, view and title of the old one goes.
func (m *Model) asWritten() tea.Cmd {
	sc := m.scenario
	if m.origin != nil { // the ":" line changed it
		sc = *m.origin
	}
	m.play.stop()
	m.leave()
	delete(m.kept, sc.Name)
	m.lab = nil
	if err := m.open(sc); err != nil {
		m.setNote(err.Error(), true)
		return nil
	}
	m.setNote("R: back to the scenario as written ("+sc.Title+"); r restarts a run with your changes", false)
	var cmds []tea.Cmd
	if a, ok := m.async(); ok {
		cmds = append(cmds, a.Init(), m.whileBusy())
	}
	return tea.Batch(cmds...)
}
