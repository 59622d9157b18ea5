package tui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/internal/gate"
	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// seedCounts are the runs N offers: 1, 2 and 3 choose them in the view.
var seedCounts = []int{10, 100, 1000}

// seedsWork is the most work, in seconds on one core by the engine's
// cost model, N starts: more would keep a class waiting.
const seedsWork = 30.0

// overSeeds is the shell's N: the lab's config run by its engine to its
// end on many seeds from its own, as loadlab run --seeds runs it, off the
// UI loop on every core, and each headline figure's spread, with where
// the seed on screen falls in it.
type overSeeds struct {
	open  bool
	n     int
	first int64
	// stride steps the seeds: a run of several trials draws from as many.
	stride int64
	key    string
	bg     lab.Background[[]engine.Spread]
	// top is the first row of the figures shown, page the rows they had
	// at the last draw: ↑/↓ and pgup/pgdn scroll them.
	top, page int
}

// seedKeys are the view's keys.
var seedKeys = struct{ Count, Close, Up, Down, PageUp, PageDown key.Binding }{
	Count:    lab.Bind([]string{"1", "2", "3"}, "1/2/3", "10, 100 or 1000 seeds"),
	Close:    lab.Bind([]string{"esc", "N"}, "esc", "back to the lab (stops the runs)"),
	Up:       lab.Bind([]string{"up", "k"}, "↑/↓", "scroll"),
	Down:     lab.Bind([]string{"down", "j"}, "↓", "scroll down"),
	PageUp:   lab.Bind([]string{"pgup"}, "pgup/pgdn", "a page"),
	PageDown: lab.Bind([]string{"pgdown", " "}, "pgdn", "a page down"),
}

// seedsByDefault is how many seeds N runs: the scenario's own count
// where its question is a spread, else 100.
func (m *Model) seedsByDefault() int {
	if m.scenario.Seeds > 0 {
		return m.scenario.Seeds
	}
	return 100
}

// openSeeds starts the lab's config on n seeds, unless the engine draws
// nothing or the work would take too long.
func (m *Model) openSeeds(n int) tea.Cmd {
	spec := m.current()
	fs, _ := flags.For(spec, "")
	seed, err := strconv.ParseInt(fs.Current("seed"), 10, 64)
	if fs.Lookup("seed") == nil || err != nil {
		m.setNote("N runs a config over many seeds: this lab draws no random numbers, so every seed gives this run", false)
		return nil
	}
	if largest := engine.LargestFirstSeed(n, engine.StrideOf(spec)); seed > largest {
		m.setNote(fmt.Sprintf("%d seeds from seed %d would pass 2^63 - 1, the largest seed: s sets a seed of at most %d", n, seed, largest), true)
		m.seeds.open = true
		return nil
	}
	if c, ok := playedCost(spec); ok {
		if work := c.Seconds * float64(n); work > seedsWork {
			m.setNote(fmt.Sprintf("%d seeds would take about %s of work: 1 or 2 run fewer", n, engine.Duration(work)), true)
			m.seeds.open = true
			return nil
		}
		if err := m.work.Admit(gate.OverSeeds(c, n, m.work.Workers())); err != nil {
			m.setNote(fmt.Sprintf("%d seeds: %s", n, flags.Named(err)), true)
			m.seeds.open = true
			return nil
		}
	}
	m.play.stop()
	s := &m.seeds
	s.open, s.n, s.first, s.stride, s.top = true, n, seed, engine.StrideOf(spec), 0
	s.key = fmt.Sprintf("%s %d %v", m.scenario.Name, n, spec)
	return tea.Batch(s.bg.Start(s.key, func(ctx context.Context, progress func(float64)) ([]engine.Spread, error) {
		return spreadOver(ctx, spec, seed, n, m.work.Workers(), progress)
	}), m.play.busy())
}

// spreadOver runs spec to its end (its Figures) on n seeds from first,
// each the stride after the last, on workers cores, and gathers each
// headline figure's spread.
func spreadOver(ctx context.Context, spec scenarios.Spec, first int64, n, workers int, progress func(float64)) ([]engine.Spread, error) {
	runs, err := sweep.OverSeeds(ctx, []scenarios.Spec{spec}, first, n, workers, true, sweep.Runner{}, progress)
	if err != nil {
		return nil, err
	}
	return engine.Spreads(runs[0]), nil
}

// seedsKey runs the view: 1/2/3 another count, esc (or N) back.
func (m *Model) seedsKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, seedKeys.Close):
		m.seeds.open = false
		m.seeds.bg.Stop()
	case key.Matches(msg, seedKeys.Count):
		return m.openSeeds(seedCounts[int(msg.Runes[0]-'1')])
	case key.Matches(msg, seedKeys.Up):
		m.seeds.top--
	case key.Matches(msg, seedKeys.Down):
		m.seeds.top++
	case key.Matches(msg, seedKeys.PageUp):
		m.seeds.top -= max(1, m.seeds.page-1)
	case key.Matches(msg, seedKeys.PageDown):
		m.seeds.top += max(1, m.seeds.page-1)
	case key.Matches(msg, m.keys.Quit):
		return tea.Quit
	}
	return nil
}

// seedsBusy keeps the progress redrawn while the runs go on.
func (m *Model) seedsBusy() tea.Cmd {
	if m.seeds.open && m.seeds.bg.Busy() {
		return m.play.busy()
	}
	return nil
}

// seedsBody is the view: while the runs go on, their progress; then each
// figure's mean, median and 5-95 % interval, a histogram from least to
// most with ▲ under the bin of the seed on screen, and that seed's value
// and place; a figure that is no number by the values it took.
func (m *Model) seedsBody(w, h int) string {
	st, s := m.st, &m.seeds
	title := fmt.Sprintf("%s over %d seeds (%d..%d), each run to its end", m.scenario.Name, s.n, s.first, s.first+int64(s.n-1)*s.stride)
	switch {
	case s.n == 0: // the count asked for was refused, and none ran before
		title = m.scenario.Name + " over many seeds: that count cannot run (below)"
	case s.stride > 1:
		title = fmt.Sprintf("%s over %d seeds (%d, %d, ... %d: a run's %d trials each), each run to its end", m.scenario.Name, s.n, s.first, s.first+s.stride, s.first+int64(s.n-1)*s.stride, s.stride)
	}
	var body []string
	spreads, ok, err := s.bg.For(s.key)
	switch {
	case s.bg.Waiting():
		body = []string{st.Muted.Render("waiting for a turn on the class server's cores (esc stops)")}
	case s.bg.Busy():
		body = []string{st.Muted.Render(fmt.Sprintf("running on %s: %.0f%% (esc stops)", engine.Count(m.work.Workers(), "core"), 100*s.bg.Progress()))}
	case err != nil:
		body = []string{st.Bad.Render(widget.FirstFit(w, "stopped: "+err.Error(), "stopped"))}
	case ok:
		body = seedsTable(st, w, spreads)
	}
	s.page = max(1, h-3)
	s.top = max(0, min(s.top, len(body)-s.page))
	keys := "1, 2, 3: 10, 100 or 1000 seeds · esc back to the lab · ▲ the seed on screen"
	if len(body) > s.page {
		keys = fmt.Sprintf("rows %d-%d of %d: ↑/↓ pgup/pgdn · 1 2 3 seeds · esc back · ▲ this seed", s.top+1, min(len(body), s.top+s.page), len(body))
	}
	short := fmt.Sprintf("over %d seeds from %d", s.n, s.first)
	if s.n == 0 {
		short = "over many seeds: that count cannot run"
	}
	lines := []string{st.Title.Render(widget.FirstFit(w, title, short)),
		st.Muted.Render(widget.FirstFit(w, keys, "1 2 3 seeds · esc back · ▲ this seed")), ""}
	lines = append(lines, body[s.top:min(len(body), s.top+s.page)]...)
	return widget.FitLines(lines, w, h)
}

// seedsTable is the spreads, a figure a few lines.
func seedsTable(st *widget.Styles, w int, spreads []engine.Spread) []string {
	var lines []string
	histW := max(10, min(30, w/3))
	for _, s := range spreads {
		name := s.Name
		if s.Group != "" {
			name = s.Group + ": " + s.Name
		}
		if !s.Numeric {
			var vals []string
			for _, c := range s.Counts[:min(4, len(s.Counts))] {
				vals = append(vals, fmt.Sprintf("%s (%d of %d seeds)", c.Value, c.Seeds, s.Seeds))
			}
			lines = append(lines, st.Accent.Render(name)+st.Text.Render("  "+strings.Join(vals, " · ")))
			continue
		}
		stats := fmt.Sprintf("mean %s · median %s · 5-95 %% %s to %s", s.Number(s.Mean), s.Number(s.Median), s.Number(s.P5), s.Number(s.P95))
		if widget.Width(name+"  "+stats) <= w {
			lines = append(lines, st.Accent.Render(name)+st.Text.Render("  "+stats))
		} else { // the name on a row of its own, the figures under it
			lines = append(lines, st.Accent.Render(widget.FirstFit(w, name)), st.Text.Render(widget.FirstFit(w, "  "+stats, fmt.Sprintf("  mean %s · 5-95 %% %s to %s", s.Number(s.Mean), s.Number(s.P5), s.Number(s.P95)))))
		}
		hist, mark := s.Spark(histW)
		below, equal := s.Rank()
		place := fmt.Sprintf("%s on this seed: above %d of %d", s.Number(s.Values[0]), below, s.Seeds)
		if equal > 1 {
			place += fmt.Sprintf(", level with %s", engine.Count(equal-1, "other"))
		}
		lines = append(lines, "  "+s.Number(s.Min)+" "+st.SeriesStyle(0).Render(hist)+" "+s.Number(s.Max))
		lead := 2 + len([]rune(s.Number(s.Min))) + 1 + mark
		lines = append(lines, strings.Repeat(" ", lead)+st.Marker.Render("▲")+st.Muted.Render(" "+widget.FirstFit(max(0, w-lead-2), place, s.Number(s.Values[0])+" on this seed", "")))
	}
	return lines
}
