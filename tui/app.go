// Package tui is loadlab's Bubble Tea program: a scenario picker and a lab
// per engine. The root model owns the open lab, the play state, keys, help,
// theme and window size; labs draw snapshots and never start ticks.
package tui

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/list"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/themes"
)

// Options configure a new Model.
type Options struct {
	// Scenario opens the lab on that scenario instead of the picker.
	Scenario string
	// Theme is a theme name; empty picks dark, or mono under NO_COLOR.
	Theme string
}

type screen int

const (
	screenPicker screen = iota
	screenLab
)

// Model is the root model.
type Model struct {
	keys     keyMap
	help     help.Model
	fullHelp bool
	theme    int
	st       Styles
	width    int
	height   int

	screen   screen
	picker   list.Model
	scenario scenarios.Scenario
	lab      lab
	play     play

	seedInput  textinput.Model
	typingSeed bool
	flash      string
	flashBad   bool

	small bool   // the terminal is below the lab's minimum
	frame string // the lab screen, drawn after every change
}

// New builds the root model.
func New(opts Options) (*Model, error) {
	m := &Model{keys: newKeyMap(), help: help.New(), width: 80, height: 24, play: newPlay()}
	m.help.Width = m.width
	name := opts.Theme
	if name == "" {
		name = "dark"
		if os.Getenv("NO_COLOR") != "" {
			name = "mono"
		}
	}
	theme := slices.IndexFunc(themes.All, func(p themes.Palette) bool { return p.Name == name })
	if theme < 0 {
		return nil, fmt.Errorf("--theme must be one of %s, got %q", strings.Join(themes.Names(), " "), name)
	}
	m.seedInput = textinput.New()
	m.seedInput.Prompt = "seed: "
	m.seedInput.CharLimit = 19
	m.picker = newPicker(m.width, m.height, m.keys)
	m.setTheme(theme)
	if opts.Scenario != "" {
		sc, ok := scenarios.Lookup(opts.Scenario)
		if !ok {
			return nil, fmt.Errorf("unknown scenario %q (see loadlab list)", opts.Scenario)
		}
		if err := m.open(sc); err != nil {
			return nil, err
		}
	}
	m.redraw()
	return m, nil
}

// Init starts the lab's own work and plays scenarios that open playing.
func (m *Model) Init() tea.Cmd {
	if m.screen != screenLab {
		return nil
	}
	cmds := []tea.Cmd{m.lab.init()}
	if m.scenario.StepsPerSecond >= 0 {
		cmds = append(cmds, m.play.start())
	}
	return tea.Batch(cmds...)
}

// open switches to the lab of a scenario, at its start.
func (m *Model) open(sc scenarios.Scenario) error {
	var (
		l   lab
		err error
	)
	switch spec := sc.Spec.(type) {
	case bins.ExactSpec:
		l, err = newEnumLab(spec, spec.Stepper)
	case bins.Spec:
		l, err = newBinsLab(spec)
	}
	if err != nil {
		return fmt.Errorf("scenario %s: %v", sc.Name, err)
	}
	m.scenario, m.lab, m.screen = sc, l, screenLab
	m.play.stop()
	m.play.setSpeed(sc.StepsPerSecond)
	m.keys.setSeeded(l)
	return nil
}

// Update routes messages: quit, resize, ticks, global keys, then the
// focused screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.Width = msg.Width
		m.picker.SetSize(msg.Width, max(1, msg.Height-1))
	case tickMsg:
		if msg.gen != m.play.gen || !m.play.playing || m.screen != screenLab {
			return m, nil
		}
		m.play.advance(m.lab, msg.at)
		if m.lab.done() {
			m.play.stop()
			m.setFlash("finished: r replays", false)
		} else {
			cmd = m.play.next()
		}
	case tea.KeyMsg:
		var quit bool
		cmd, quit = m.handleKeys(msg)
		if quit {
			return m, tea.Quit
		}
	default:
		if m.screen == screenPicker {
			m.picker, cmd = m.picker.Update(msg)
		} else {
			cmd = m.lab.update(msg)
		}
	}
	m.redraw()
	return m, cmd
}

func (m *Model) setFlash(s string, bad bool) { m.flash, m.flashBad = s, bad }

// setTheme restyles everything that draws from the palette.
func (m *Model) setTheme(i int) {
	m.theme = i
	m.st = newStyles(themes.All[i])
	m.help.Styles = m.st.helpStyles()
	m.picker.Styles.Title = m.picker.Styles.Title.Foreground(color(themes.All[i].Accent))
}

// handleKeys splits runes that arrived together (a held key, a fast typist)
// into one key each, unless a text field has the keyboard: Bubble Tea
// delivers "nnn" as one message, which would match no binding.
func (m *Model) handleKeys(msg tea.KeyMsg) (tea.Cmd, bool) {
	if msg.Type != tea.KeyRunes || len(msg.Runes) < 2 || msg.Paste || m.textFocused() {
		return m.handleKey(msg)
	}
	var cmds []tea.Cmd
	for _, r := range msg.Runes {
		cmd, quit := m.handleKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt})
		if quit {
			return nil, true
		}
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...), false
}

// textFocused reports whether typed text goes to a text field.
func (m *Model) textFocused() bool {
	return m.typingSeed ||
		(m.screen == screenPicker && m.picker.FilterState() == list.Filtering) ||
		(m.screen == screenLab && m.lab.editing())
}

// handleKey returns the command to run and whether to quit.
func (m *Model) handleKey(msg tea.KeyMsg) (tea.Cmd, bool) {
	if msg.String() == "ctrl+c" {
		return nil, true
	}
	if m.typingSeed {
		return m.seedKey(msg), false
	}
	if m.screen == screenPicker && m.picker.FilterState() == list.Filtering {
		var cmd tea.Cmd
		m.picker, cmd = m.picker.Update(msg)
		return cmd, false
	}
	if m.screen == screenLab && m.lab.editing() {
		return m.labOutcome(m.lab.key(msg, m.keys)), false
	}
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return nil, true
	case key.Matches(msg, k.Help) && m.screen == screenLab:
		m.fullHelp = !m.fullHelp
		return nil, false
	case key.Matches(msg, k.Theme):
		m.setTheme((m.theme + 1) % len(themes.All))
		m.setFlash("theme "+m.st.Theme, false)
		return nil, false
	}
	if m.screen == screenPicker {
		if key.Matches(msg, k.Open) {
			if it, ok := m.picker.SelectedItem().(scenarioItem); ok {
				if err := m.open(it.sc); err != nil {
					m.setFlash(err.Error(), true)
					return nil, false
				}
				m.setFlash("", false)
				return m.Init(), false
			}
		}
		var cmd tea.Cmd
		m.picker, cmd = m.picker.Update(msg)
		return cmd, false
	}
	if out := m.lab.key(msg, m.keys); out.handled {
		return m.labOutcome(out), false
	}
	return m.commonKey(msg), false
}

// labOutcome reports what a lab key did: a refused edit flashes its reason
// and leaves the lab as it was; an accepted one restarted it, paused.
func (m *Model) labOutcome(out outcome) tea.Cmd {
	switch {
	case out.err != nil:
		m.setFlash("refused: "+strings.TrimPrefix(out.err.Error(), "--"), true)
		return out.cmd
	case out.note != "":
		m.setFlash(out.note, false)
	}
	if out.restarted {
		m.play.stop()
	}
	return out.cmd
}

// commonKey handles the keys every lab shares.
func (m *Model) commonKey(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Back):
		m.play.stop()
		m.screen = screenPicker
		m.setFlash("", false)
	case key.Matches(msg, k.Play):
		if m.play.playing {
			m.play.stop()
			return nil
		}
		if m.lab.done() {
			m.restart()
		}
		m.setFlash("", false)
		return m.play.start()
	case key.Matches(msg, k.Step):
		m.play.stop()
		if !m.lab.step() {
			m.setFlash("finished: r replays", false)
		}
		m.lab.refresh()
	case key.Matches(msg, k.Faster):
		m.play.faster()
		return m.play.restart()
	case key.Matches(msg, k.Slower):
		m.play.slower()
		return m.play.restart()
	case key.Matches(msg, k.Reset):
		m.restart()
	case key.Matches(msg, k.NextSeed):
		m.changed(m.lab.nextSeed())
	case key.Matches(msg, k.TypeSeed):
		m.typingSeed = true
		m.seedInput.SetValue("")
		return m.seedInput.Focus()
	case key.Matches(msg, k.Tab):
		m.lab.nextPanel()
	}
	return nil
}

func (m *Model) restart() { m.changed(m.lab.restart()) }

// changed reports an engine rebuild the root asked for (reset, seeds).
func (m *Model) changed(err error) { m.labOutcome(outcome{err: err, restarted: true}) }

func (m *Model) seedKey(msg tea.KeyMsg) tea.Cmd {
	switch msg.Type {
	case tea.KeyEsc:
		m.typingSeed = false
		m.seedInput.Blur()
		return nil
	case tea.KeyEnter:
		v, err := strconv.ParseInt(strings.TrimSpace(m.seedInput.Value()), 10, 64)
		if err != nil || v < 0 {
			m.setFlash("seed must be a whole number >= 0", true)
			return nil
		}
		m.typingSeed = false
		m.seedInput.Blur()
		m.changed(m.lab.withSeed(v))
		return nil
	}
	var cmd tea.Cmd
	m.seedInput, cmd = m.seedInput.Update(msg)
	return cmd
}

// redraw recomputes the body after anything changed; View only joins.
func (m *Model) redraw() {
	if m.screen != screenLab {
		return
	}
	help := m.helpView()
	bodyH := m.height - chromeRows - (lipgloss.Height(help) - 1)
	m.small = m.width < minWidth || m.height < minHeight || bodyH < minHeight-chromeRows
	if m.small {
		return
	}
	narrating := !m.play.playing || m.play.stepsPerSecond() <= 10
	body := m.lab.render(frame{w: m.width, h: bodyH, st: m.st, narrating: narrating})
	// Every part is already at most the terminal's width: join, don't measure.
	m.frame = strings.Join([]string{m.header(), body, m.statusBar(), help}, "\n")
}
