// Package tui is loadlab's Bubble Tea program: a scenario picker and a lab
// view per engine. The root model owns the engines, the play state, keys,
// help, theme and window size; views only draw snapshots.
package tui

import (
	"fmt"
	"os"
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

// panel is what tab focuses in the bins lab.
type panel int

const (
	panelLanes panel = iota
	panelTrials
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
	lab      *binsLab
	view     binsView
	panel    panel

	play play

	seedInput  textinput.Model
	typingSeed bool
	flash      string
	flashBad   bool

	lay  labLayout
	body string
}

// New builds the root model.
func New(opts Options) (*Model, error) {
	m := &Model{keys: newKeyMap(), help: help.New(), width: 80, height: 24}
	name := opts.Theme
	if name == "" {
		name = "dark"
		if os.Getenv("NO_COLOR") != "" {
			name = "mono"
		}
	}
	found := false
	for i, p := range themes.All {
		if p.Name == name {
			m.theme, found = i, true
		}
	}
	if !found {
		return nil, fmt.Errorf("--theme must be one of %s, got %q", strings.Join(themes.Names(), " "), name)
	}
	m.st = newStyles(themes.All[m.theme])
	m.seedInput = textinput.New()
	m.seedInput.Prompt = "seed: "
	m.seedInput.CharLimit = 19
	m.picker = newPicker(m.width, m.height)
	m.play = newPlay()
	if opts.Scenario != "" {
		sc, ok := scenarios.Lookup(opts.Scenario)
		if !ok {
			return nil, fmt.Errorf("unknown scenario %q (see loadlab list)", opts.Scenario)
		}
		if err := m.open(sc); err != nil {
			return nil, err
		}
	}
	m.relayout()
	return m, nil
}

// Init starts playing when the app opens on a scenario.
func (m *Model) Init() tea.Cmd {
	if m.screen == screenLab {
		return m.play.start()
	}
	return nil
}

// open switches to the lab of a scenario, paused at its start.
func (m *Model) open(sc scenarios.Scenario) error {
	lab, err := newBinsLab(sc.Bins)
	if err != nil {
		return fmt.Errorf("scenario %s: %v", sc.Name, err)
	}
	m.scenario, m.lab, m.screen = sc, lab, screenLab
	m.view = binsView{}
	m.panel = panelLanes
	m.play.setSpeed(sc.StepsPerSecond)
	m.chooseChart()
	return nil
}

// chooseChart picks bars when every bin fits a lane, the distribution
// otherwise.
func (m *Model) chooseChart() {
	m.relayout()
	m.view.mode = chartDistribution
	if len(m.lay.lanes) > 0 && barsFit(m.lab.spec.Bins, m.lay.lanes[0].w-4) {
		m.view.mode = chartBars
	}
}

// Update routes messages: quit, resize, ticks, global keys, then the
// focused screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.picker.SetSize(msg.Width, max(1, msg.Height-1))
	case tickMsg:
		if msg.gen != m.play.gen || !m.play.playing || m.screen != screenLab {
			return m, nil
		}
		m.play.advance(m.lab, msg.at)
		if m.lab.engine.Done() {
			m.play.playing = false
			m.setFlash("finished: r replays, s tries the next seed", false)
		} else {
			cmd = m.play.next()
		}
	case tea.KeyMsg:
		var quit bool
		cmd, quit = m.handleKey(msg)
		if quit {
			return m, tea.Quit
		}
	default:
		if m.screen == screenPicker {
			m.picker, cmd = m.picker.Update(msg)
		}
	}
	m.relayout()
	return m, cmd
}

func (m *Model) setFlash(s string, bad bool) { m.flash, m.flashBad = s, bad }

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
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit):
		return nil, true
	case key.Matches(msg, k.Help) && m.screen == screenLab:
		m.fullHelp = !m.fullHelp
		return nil, false
	case key.Matches(msg, k.Theme):
		m.theme = (m.theme + 1) % len(themes.All)
		m.st = newStyles(themes.All[m.theme])
		m.picker.Styles.Title = m.picker.Styles.Title.Foreground(color(themes.All[m.theme].Accent))
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
				return m.play.start(), false
			}
		}
		var cmd tea.Cmd
		m.picker, cmd = m.picker.Update(msg)
		return cmd, false
	}
	return m.labKey(msg), false
}

// labKey handles the common play keys, then the bins lab's own.
func (m *Model) labKey(msg tea.KeyMsg) tea.Cmd {
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
		if m.lab.engine.Done() {
			m.restart(m.lab.spec)
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
		m.restart(m.lab.spec)
	case key.Matches(msg, k.NextSeed):
		m.changed(m.lab.withSeed(m.lab.seed() + int64(max(1, m.lab.spec.Trials))))
	case key.Matches(msg, k.TypeSeed):
		m.typingSeed = true
		m.seedInput.SetValue("")
		return m.seedInput.Focus()
	case key.Matches(msg, k.Tab):
		m.nextPanel()
	case key.Matches(msg, k.Chart):
		m.view.mode = m.view.nextMode(m.lab.spec.Bins, m.laneInner())
	default:
		m.binsKey(msg)
	}
	return nil
}

// nextPanel moves the focus to the next lane, then to the trials table
// when there is one, then back to the first lane.
func (m *Model) nextPanel() {
	lanes := len(m.lab.snap.Lanes)
	switch {
	case m.panel == panelTrials:
		m.panel, m.view.focus = panelLanes, 0
	case m.view.focus+1 < lanes:
		m.view.focus++
	case m.lab.spec.Trials > 1:
		m.panel = panelTrials
		m.view.focus = -1
	default:
		m.view.focus = 0
	}
}

// binsKey handles the keys that edit the bins spec.
func (m *Model) binsKey(msg tea.KeyMsg) {
	k := m.keys
	l := m.lab
	var err error
	switch {
	case key.Matches(msg, k.Toggle):
		n, _ := strconv.Atoi(msg.String())
		err = l.toggle(bins.Kind(n - 1))
	case key.Matches(msg, k.DDown):
		err = l.edit(func(s *bins.Spec) { s.D = max(1, s.D-1) })
	case key.Matches(msg, k.DUp):
		err = l.edit(func(s *bins.Spec) { s.D++ })
	case key.Matches(msg, k.RefreshDown):
		err = l.edit(func(s *bins.Spec) { s.Refresh = max(1, s.Refresh/2) })
	case key.Matches(msg, k.RefreshUp):
		err = l.edit(func(s *bins.Spec) { s.Refresh *= 2 })
	case key.Matches(msg, k.Stream):
		err = l.edit(func(s *bins.Spec) {
			s.Stream = map[string]string{"paired": "sequential", "sequential": "paired"}[s.Stream]
		})
	case key.Matches(msg, k.BinsDown):
		err = l.edit(func(s *bins.Spec) { s.Bins = max(1, s.Bins/2) })
	case key.Matches(msg, k.BinsUp):
		err = l.edit(func(s *bins.Spec) { s.Bins *= 2 })
	case key.Matches(msg, k.BallsDown):
		err = l.edit(func(s *bins.Spec) { s.Balls = max(1, s.Balls/2) })
	case key.Matches(msg, k.BallsUp):
		err = l.edit(func(s *bins.Spec) { s.Balls *= 2 })
	case key.Matches(msg, k.Trials):
		err = l.edit(func(s *bins.Spec) { s.Trials = nextTrials(s.Trials) })
	default:
		return
	}
	m.changed(err)
	if err == nil {
		m.chooseChart()
		m.setFlash(specSummary(l.spec), false)
	}
}

// changed reports an edit: a refused one flashes its reason and leaves the
// lab as it was; an accepted one restarted the engine, paused.
func (m *Model) changed(err error) {
	if err != nil {
		m.setFlash("refused: "+strings.TrimPrefix(err.Error(), "--"), true)
		return
	}
	m.play.stop()
	m.view.focus = min(m.view.focus, len(m.lab.snap.Lanes)-1)
	if m.panel == panelTrials && m.lab.spec.Trials == 1 {
		m.panel, m.view.focus = panelLanes, 0
	}
}

func (m *Model) restart(spec bins.Spec) {
	m.changed(m.lab.apply(spec))
}

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

func specSummary(s bins.Spec) string {
	return fmt.Sprintf("n=%d m=%d d=%d refresh=%d %s, %d trial(s): %s", s.Bins, s.Balls, s.D, s.Refresh, s.Stream, s.Trials, s.Strategies)
}

// laneInner is the inner width of the first lane panel.
func (m *Model) laneInner() int {
	if len(m.lay.lanes) == 0 {
		return 0
	}
	return m.lay.lanes[0].w - m.st.Panel.GetHorizontalFrameSize()
}

// relayout recomputes the layout and redraws the body; View only joins.
func (m *Model) relayout() {
	if m.screen != screenLab {
		return
	}
	helpRows := 1
	if m.fullHelp {
		helpRows = lipgloss.Height(m.helpView())
	}
	showTable := m.lab.spec.Trials > 1 && (m.panel == panelTrials || m.height >= bothPanelsHeight)
	m.lay = layout(m.width, m.height-(helpRows-1), len(m.lab.snap.Lanes), showTable, trialsTableRows(len(m.lab.snap.Lanes)))
	if m.lay.tooSmall {
		return
	}
	m.view.decisions = m.lab.spec.Bins <= m.laneInner() && (!m.play.playing || m.play.stepsPerSecond() <= 10)
	m.body = m.view.render(m.lab, m.lay, m.st)
}
