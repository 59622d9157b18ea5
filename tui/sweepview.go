package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// SweepOptions is a checked sweep for the TUI (loadlab tui sweep …): its
// name, its grid and its seeds.
type SweepOptions struct {
	// Lesson is a sweep scenario's, "" for a sweep typed in full.
	Title, Lesson, Engine string
	Points                []sweep.GridPoint
	Varies                []sweep.Vary
	First                 int64
	Seeds                 int
	Seeded                bool
	Theme                 string
}

// sweepModel is the sweep's screen: the grid filled in point by point off
// the UI loop (each point's seeds on every core), a chart of each numeric
// figure against the varied field with the engine's theory beside it,
// and the table behind tab.
type sweepModel struct {
	opts          SweepOptions
	st            *widget.Styles
	width, height int
	report        sweep.Report
	bg            lab.Background[sweep.Report]
	err           error
	view          int // a chart per figure key, then the table
	// top is the table's first row shown, page its rows at the last draw.
	top, page int
	// inShell is a sweep opened in the shell: q and esc close it (back
	// to where it was opened), only ctrl+c quits.
	inShell bool
	// about is ?'s page: the keys, the lesson, what the theory is;
	// aboutTop its first row shown.
	about    bool
	aboutTop int
}

// sweepClosedMsg is a sweep's screen closing in the shell.
type sweepClosedMsg struct{}

// sweepKeys are the screen's keys.
var sweepKeys = struct{ Next, Prev, Quit, Up, Down, PageUp, PageDown, About key.Binding }{
	About:    lab.Bind([]string{"?", "i"}, "?", "what this sweep asks, its theory, the keys"),
	Next:     lab.Bind([]string{"tab", "right", "n"}, "tab/→", "next chart, then the table"),
	Prev:     lab.Bind([]string{"shift+tab", "left", "b"}, "←", "the one before"),
	Quit:     lab.Bind([]string{"q", "esc", "ctrl+c"}, "q", "quit"),
	Up:       lab.Bind([]string{"up", "k"}, "↑/↓", "scroll the table"),
	Down:     lab.Bind([]string{"down", "j"}, "↓", "scroll down"),
	PageUp:   lab.Bind([]string{"pgup"}, "pgup/pgdn", "a page"),
	PageDown: lab.Bind([]string{"pgdown", " "}, "pgdn", "a page down"),
}

// newSweep is the screen at its first point.
func newSweep(opts SweepOptions) (*sweepModel, error) {
	name := opts.Theme
	if name == "" {
		name = "dark"
	}
	i := slices.IndexFunc(themes.All, func(p themes.Palette) bool { return p.Name == name })
	if i < 0 {
		return nil, fmt.Errorf("--theme must be one of %s, got %q", strings.Join(themes.Names(), " "), name)
	}
	return &sweepModel{opts: opts, st: widget.NewStyles(themes.All[i]), width: 80, height: 24,
		report: sweep.Report{Engine: opts.Engine, Vary: opts.Varies, Seeds: opts.Seeds, FirstSeed: opts.First}}, nil
}

// RunSweep runs the sweep's screen until the user quits.
func RunSweep(opts SweepOptions) error {
	m, err := newSweep(opts)
	if err != nil {
		return err
	}
	return runProgram(m)
}

// Init starts the first point.
func (m *sweepModel) Init() tea.Cmd { return tea.Batch(m.next(), busyTick()) }

// next starts the next point, if one is left.
func (m *sweepModel) next() tea.Cmd {
	i := len(m.report.Points)
	if i >= len(m.opts.Points) || m.err != nil {
		return nil
	}
	o := m.opts
	return m.bg.Start(fmt.Sprint(i), func(ctx context.Context, progress func(float64)) (sweep.Report, error) {
		return sweep.Run(ctx, o.Points[i:i+1], o.Varies, o.First, o.Seeds, m.bg.Share.Workers(), o.Seeded, sweep.Runner{}, progress)
	})
}

// Update takes the keys, the size and each point as it comes.
func (m *sweepModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.KeyMsg:
		views := len(sweep.ChartKeys(m.report)) + 1
		if m.about {
			switch {
			case key.Matches(msg, sweepKeys.Up):
				m.aboutTop--
			case key.Matches(msg, sweepKeys.Down):
				m.aboutTop++
			case key.Matches(msg, sweepKeys.PageUp):
				m.aboutTop -= max(1, m.height/2)
			case key.Matches(msg, sweepKeys.PageDown):
				m.aboutTop += max(1, m.height/2)
			case key.Matches(msg, forceQuit):
				m.bg.Stop()
				return m, tea.Quit
			default:
				m.about = false // any other key closes the page
			}
			return m, nil
		}
		switch {
		case key.Matches(msg, sweepKeys.About):
			m.about, m.aboutTop = true, 0
			return m, nil
		case key.Matches(msg, sweepKeys.Up):
			m.top--
		case key.Matches(msg, sweepKeys.Down):
			m.top++
		case key.Matches(msg, sweepKeys.PageUp):
			m.top -= max(1, m.page-1)
		case key.Matches(msg, sweepKeys.PageDown):
			m.top += max(1, m.page-1)
		case key.Matches(msg, sweepKeys.Quit):
			m.bg.Stop()
			if m.inShell && !key.Matches(msg, forceQuit) {
				return m, func() tea.Msg { return sweepClosedMsg{} }
			}
			return m, tea.Quit
		case key.Matches(msg, sweepKeys.Next):
			m.view = (m.view + 1) % max(1, views)
		case key.Matches(msg, sweepKeys.Prev):
			m.view = (m.view + views - 1) % max(1, views)
		}
	case busyMsg:
		if m.bg.Busy() {
			return m, busyTick()
		}
	default:
		if m.bg.Take(msg) {
			r, _, err := m.bg.For(m.bg.Key())
			if err != nil {
				m.err = err
				return m, nil
			}
			m.report.Points = append(m.report.Points, r.Points...)
			return m, tea.Batch(m.next(), busyTick())
		}
	}
	return m, nil
}

// View is the title, where the grid is, the chart or the table, and the
// keys.
func (m *sweepModel) View() string {
	st, w, h := m.st, m.width, m.height
	done, all := len(m.report.Points), len(m.opts.Points)
	state := fmt.Sprintf("%d of %d points", done, all)
	switch {
	case m.err != nil:
		state = "stopped: " + m.err.Error()
	case m.bg.Busy():
		state += fmt.Sprintf(", point %d %.0f%% on %s", done+1, 100*m.bg.Progress(), engine.Count(m.bg.Share.Workers(), "core"))
	}
	var lines []string
	for _, l := range widget.Wrap(m.opts.Title, w) {
		lines = append(lines, st.Title.Render(l))
	}
	lines = append(lines, st.Muted.Render(widget.FirstFit(w, state, fmt.Sprintf("%d/%d", done, all))))
	keys := sweep.ChartKeys(m.report)
	body := []string{st.Muted.Render("the first point is under way")}
	switch {
	case m.about:
		all := m.aboutLines(w)
		page := max(1, h-len(lines)-1)
		m.aboutTop = max(0, min(m.aboutTop, len(all)-page))
		body = all[m.aboutTop:min(len(all), m.aboutTop+page)]
	case done == 0:
	case m.view < len(keys):
		a, ok := sweep.ChartOf(m.report, keys[m.view])
		if !ok {
			body = []string{st.Muted.Render(widget.FirstFit(w, "no axis to draw on (the values are words, or only one point is in): tab for the table", "tab: the table"))}
			break
		}
		short, _, _ := strings.Cut(a.Caption, ",")
		body = append([]string{st.Text.Render(widget.FirstFit(w, a.Caption, short, keys[m.view]))}, strings.Split(sweepChart(a, st).Render(st, w, max(6, h-len(lines)-3)), "\n")...)
	default:
		var b strings.Builder
		sweep.WriteText(&b, m.report, nil)
		var all []string
		for _, l := range strings.Split(strings.TrimRight(b.String(), "\n"), "\n") {
			if strings.HasPrefix(l, "  ") || l == "" { // a table's row keeps its columns
				all = append(all, l)
				continue
			}
			all = append(all, widget.Wrap(l, w)...) // a heading or the theory's words
		}
		m.page = max(1, h-len(lines)-2)
		m.top = max(0, min(m.top, len(all)-m.page))
		body = all[m.top:min(len(all), m.top+m.page)]
		if len(all) > m.page {
			lines = append(lines, st.Muted.Render(widget.FirstFit(w, fmt.Sprintf("the table, rows %d-%d of %d: ↑/↓ pgup/pgdn scroll", m.top+1, m.top+len(body), len(all)), "↑/↓ scroll")))
			body = body[:max(0, len(body)-1)]
		}
	}
	lines = append(lines, body...)
	quit := "q quit"
	if m.inShell {
		quit = "q close"
	}
	help := st.Muted.Render(widget.FirstFit(w, fmt.Sprintf("tab/→ next chart, then the table (%d of %d) · ← back · ? about · %s", min(m.view+1, len(keys)+1), len(keys)+1, quit), "tab next · ? about · "+quit, "tab · ? · "+quit))
	return st.Paint(widget.FitLines(append(widget.PadLines(lines, h-1)[:max(1, h-1)], help), w, h), w, h)
}

// aboutLines are ?'s page: the sweep's lesson where it is a sweep
// scenario, what its engine's theory is, and the keys.
func (m *sweepModel) aboutLines(w int) []string {
	st := m.st
	out := []string{st.Text.Render(widget.FirstFit(w, "tab/→ next chart · ← back · ↑/↓ pgup/pgdn scroll · any key closes this page · q "+map[bool]string{true: "closes the sweep", false: "quits"}[m.inShell], "↑/↓ scroll · any key closes this page")), ""}
	para := func(style lipgloss.Style, text string) {
		for _, l := range widget.Wrap(text, w) {
			out = append(out, style.Render(l))
		}
		out = append(out, "")
	}
	if m.opts.Lesson != "" {
		para(st.Text, m.opts.Lesson)
	}
	if c := sweep.Caveats[m.opts.Engine]; c != "" {
		para(st.Muted, c)
	}
	para(st.Muted, "Each point is the config at one value of the field varied, run on every seed; a chart draws each figure's mean against that field, its theory beside it, and the table gives the 5-95 % of the seeds too.")
	return out
}
