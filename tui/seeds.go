package tui

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/flags"
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

// overSeeds is the shell's N: the lab's config played to its end on many
// seeds from its own, each in a lab of its own off the UI loop on every
// core, and each headline figure's spread, with where the seed on screen
// falls in it.
type overSeeds struct {
	open  bool
	n     int
	first int64
	key   string
	bg    lab.Background[[]engine.Spread]
}

// seedKeys are the view's keys.
var seedKeys = struct{ Count, Close key.Binding }{
	Count: lab.Bind([]string{"1", "2", "3"}, "1/2/3", "10, 100 or 1000 seeds"),
	Close: lab.Bind([]string{"esc", "N"}, "esc", "back to the lab (stops the runs)"),
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
	if c, ok := spec.(interface{ Cost(string) engine.Cost }); ok {
		if work := c.Cost("text").Seconds * float64(n); work > seedsWork {
			m.setNote(fmt.Sprintf("%d seeds would take about %s of work: 1 or 2 run fewer", n, engine.Duration(work)), true)
			m.seeds.open = true
			return nil
		}
	}
	m.play.stop()
	s := &m.seeds
	s.open, s.n, s.first = true, n, seed
	s.key = fmt.Sprintf("%s %d %v", m.scenario.Name, n, spec)
	return tea.Batch(s.bg.Start(s.key, func(ctx context.Context, progress func(float64)) ([]engine.Spread, error) {
		return spreadOver(ctx, spec, seed, n, progress)
	}), busyTick())
}

// spreadOver plays spec's lab to its end on seeds first..first+n-1 on
// every core and gathers each headline figure's spread.
func spreadOver(ctx context.Context, spec scenarios.Spec, first int64, n int, progress func(float64)) ([]engine.Spread, error) {
	newLab := labs[spec.Engine()]
	runs, err := engine.OverSeeds(ctx, first, n, runtime.GOMAXPROCS(0), func(ctx context.Context, seed int64) ([]engine.Figure, error) {
		s, err := flags.Apply(spec, []string{"--seed", strconv.FormatInt(seed, 10)})
		if err != nil {
			return nil, err
		}
		l, err := newLab(s)
		if err != nil {
			return nil, err
		}
		for steps := 0; !l.Done() && l.Step(); steps++ {
			if steps%256 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
		return l.Headline(), nil
	}, progress)
	if err != nil {
		return nil, err
	}
	return engine.Spreads(runs), nil
}

// seedsKey runs the view: 1/2/3 another count, esc (or N) back.
func (m *Model) seedsKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, seedKeys.Close):
		m.seeds.open = false
		m.seeds.bg.Stop()
	case key.Matches(msg, seedKeys.Count):
		return m.openSeeds(seedCounts[int(msg.Runes[0]-'1')])
	case key.Matches(msg, m.keys.Quit):
		return tea.Quit
	}
	return nil
}

// seedsBusy keeps the progress redrawn while the runs go on.
func (m *Model) seedsBusy() tea.Cmd {
	if m.seeds.open && m.seeds.bg.Busy() {
		return busyTick()
	}
	return nil
}

// seedsBody is the view: while the runs go on, their progress; then each
// figure's mean, median and 5-95 % interval, a histogram from least to
// most with ▲ under the bin of the seed on screen, and that seed's value
// and place; a figure that is no number by the values it took.
func (m *Model) seedsBody(w, h int) string {
	st, s := m.st, &m.seeds
	title := fmt.Sprintf("%s over %d seeds (%d..%d), each played to its end", m.scenario.Name, s.n, s.first, s.first+int64(s.n)-1)
	lines := []string{st.Title.Render(widget.FirstFit(w, title, fmt.Sprintf("over %d seeds from %d", s.n, s.first))),
		st.Muted.Render(widget.FirstFit(w, "1, 2, 3: 10, 100 or 1000 seeds · esc back to the lab · ▲ the seed on screen", "1 2 3 seeds · esc back · ▲ this seed")), ""}
	spreads, ok, err := s.bg.For(s.key)
	switch {
	case s.bg.Busy():
		lines = append(lines, st.Muted.Render(fmt.Sprintf("running on %s: %.0f%% (esc stops)", engine.Count(runtime.GOMAXPROCS(0), "core"), 100*s.bg.Progress())))
	case err != nil:
		lines = append(lines, st.Bad.Render(widget.FirstFit(w, "stopped: "+err.Error(), "stopped")))
	case ok:
		lines = append(lines, seedsTable(st, w, spreads)...)
	}
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
				vals = append(vals, fmt.Sprintf("%s in %d", c.Value, c.Seeds))
			}
			lines = append(lines, st.Accent.Render(name)+st.Text.Render("  "+strings.Join(vals, " · ")))
			continue
		}
		lines = append(lines, st.Accent.Render(name)+st.Text.Render(fmt.Sprintf("  mean %s · median %s · 5-95 %% %s to %s", s.Number(s.Mean), s.Number(s.Median), s.Number(s.P5), s.Number(s.P95))))
		hist, mark := s.Spark(histW)
		this := s.Values[0]
		below := 0
		for _, x := range s.Values {
			if x < this {
				below++
			}
		}
		lines = append(lines, "  "+s.Number(s.Min)+" "+st.SeriesStyle(0).Render(hist)+" "+s.Number(s.Max)+st.Muted.Render(fmt.Sprintf("   this seed %s, above %d of %d", s.Number(this), below, s.Seeds)))
		lines = append(lines, "  "+strings.Repeat(" ", len([]rune(s.Number(s.Min)))+1+mark)+st.Marker.Render("▲"))
	}
	return lines
}
