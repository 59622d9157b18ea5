// Package durabilitylab shows the placement strategies holding objects
// through simulated years of failures and repairs (lecture 26, section
// 26.3.5): week by week, how many objects each has had short of a
// majority, and how many it has lost for good.
package durabilitylab

import (
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab advances the fleets a week a step.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Seeds
	lab.Sizing
	spec placement.DurabilitySpec
	run  *placement.Durability
	seen int
	deck lab.Deck
	// seeds shows the losses over many seeds (N), worked out off the UI
	// loop as losses.
	seeds  bool
	losses lab.Background[placement.SeedLosses]
	// count is how many seeds N runs (lab.Info.SeedCount).
	count int
}

// SetSeedCount makes N run n seeds: a scenario whose question is a
// spread names its own count.
func (l *Lab) SetSeedCount(n int) { l.count = n }

// New opens the lab on a durability spec.
func New(s scenarios.Spec, share *lab.Share) (lab.Lab, error) {
	spec, err := lab.SpecOf[placement.DurabilitySpec](s)
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), spec: spec, count: overSeeds}
	l.losses.Share = share
	l.Seeds = lab.NewSeeds(&l.spec.Seed, l.Restart)
	return l, l.Restart()
}

// Restart places the objects again and draws the failures again.
func (l *Lab) Restart() error {
	d, err := placement.NewDurability(l.spec)
	if err != nil {
		return err
	}
	l.run, l.seen = d, 0
	return nil
}

// pace says a speed in simulated time.
func (l *Lab) pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%.10g weeks a second", stepsPerSecond)
}

// Step runs a week.
func (l *Lab) Step() bool { return l.run.Step() }

// steps is the weeks of the years.
func (l *Lab) steps() int64 { return l.run.Pos().Steps }

// Done reports whether the years have run.
func (l *Lab) Done() bool { return l.run.Done() }

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	return "each strategy's first lost object"
}

// NewMoment reports each strategy's first object lost for good.
func (l *Lab) NewMoment() (string, bool) { return lab.Unseen(l.run.Moments(), &l.seen) }

// Status is the time.
func (l *Lab) Status() []string {
	return []string{fmt.Sprintf("year %.2f / %.10g", l.run.Years(), l.spec.Years), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// KeyMap is the lab's own keys: f halves the rebuild time, F doubles it.
type KeyMap struct{ Rebuild, RebuildSlower, Seeds key.Binding }

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Seeds:         lab.Bind([]string{"N"}, "N", "the losses over many seeds, or this seed's years"),
	Rebuild:       lab.Bind([]string{"f"}, "f", "rebuilds twice as fast"),
	RebuildSlower: lab.Bind([]string{"F"}, "F", "rebuilds twice as slow"),
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	both := k.Rebuild
	both.SetHelp("f/F", "rebuild time /2, x2")
	return []key.Binding{c.Play, c.Step, c.Help, c.Quit, both, k.Seeds, c.Moments, c.Faster},
		[][]key.Binding{append(lab.StepKeys(), lab.CommonKeys.NextSeed, lab.CommonKeys.TypeSeed), append([]key.Binding{k.Rebuild, k.RebuildSlower, k.Seeds}, lab.ShellKeys()...)} // its own N, not the shell's
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// Key changes the rebuild time, which restarts the years.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	factor := 0.0
	switch {
	case key.Matches(msg, l.keys.Seeds):
		l.seeds = !l.seeds
		if !l.seeds {
			return lab.Outcome{Handled: true, Note: "back to this seed's years (N again: the losses over seeds)"}
		}
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("objects lost on each of %d seeds from %d, run on every core (N again: this seed's years)", l.count, l.spec.Seed), Cmd: l.Init()}
	case key.Matches(msg, l.keys.Rebuild):
		factor = 0.5
	case key.Matches(msg, l.keys.RebuildSlower):
		factor = 2
	default:
		return lab.Outcome{}
	}
	return lab.Edit(&l.spec, func(s *placement.DurabilitySpec) string { s.RebuildHours *= factor; return "" },
		placement.DurabilitySpec.Validate, l.Restart, func(s placement.DurabilitySpec) string {
			return fmt.Sprintf("rebuilds take %.10g h: the years start again on the same failures", s.RebuildHours)
		})
}

// Render draws the two counts over the years, a line a strategy, or the
// losses over seeds.
func (l *Lab) Render(f lab.Frame) string {
	st, s := f.St, l.spec
	if l.seeds {
		return l.renderSeeds(f)
	}
	results := l.run.Results()
	fleet, failures := l.header(f.W)
	head := []string{st.Title.Render(fleet), st.Muted.Render(failures)}
	if odds := l.greedyOdds(f.W); odds != "" {
		head = append(head, st.Muted.Render(odds))
	}
	xs := func(v float64) string { return fmt.Sprintf("%.10gy", v) }
	// Both charts run from none to every object on a log scale, so that a
	// strategy's 15 lost shows beside another's 3,000 and the two charts
	// share their axes; each name sits on its line's row (the counts are
	// the headline's).
	chart := func(st *widget.Styles, title string, lost bool, w, chartH int) string {
		var lines []widget.Line
		var names []string
		for i, r := range results {
			maj, gone := l.run.History(i)
			v := maj
			if lost {
				v = gone
			}
			lines = append(lines, widget.Line{Name: r.Strategy, Style: st.SeriesStyle(i), Bounded: true, End: l.run.Years(), Value: v.StepAt})
			names = append(names, r.Strategy)
		}
		// room for every name on one row, as at the start
		ts := widget.TimeSeries{XMin: 0, XMax: s.Years, YMin: 0, YMax: float64(s.Objects), XLabel: xs,
			NamesWidth: len(strings.Join(names, " ")) + 1, YLabel: func(v float64) string { return fmt.Sprintf("%.0f", v) }, Lines: lines,
		}.With(widget.JoinRows, widget.LogY)
		return st.Muted.Render(title) + "\n" + ts.Render(st, w, chartH)
	}
	short := widget.FirstFit(f.W, "objects ever short of a majority of reachable replicas (unavailable), log scale",
		"objects ever short of a majority (unavailable), log scale", "short of a majority, log scale")
	lost := widget.FirstFit(f.W, "objects lost for good: every replica destroyed before a rebuild, log scale",
		"objects lost for good, log scale", "lost, log scale")
	draw := func(_, c int, f lab.Frame) string {
		if c >= 0 {
			return chart(f.St, []string{short, lost}[c], c == 1, f.W, f.H-1)
		}
		chartH := max(5, (f.H-2)/2)
		return chart(f.St, short, false, f.W, chartH) + "\n" + chart(f.St, lost, true, f.W, chartH)
	}
	body := l.deck.Render(lab.Frame{W: f.W, H: max(1, f.H-len(head)), St: st},
		lab.Runs([]string{"the years"}, []string{"objects short of a majority", "objects lost for good"}, draw)...)
	return widget.FitLines(append(head, strings.Split(body, "\n")...), f.W, f.H)
}

// NextPanel shows the next chart where the screen shows one at a time.
func (l *Lab) NextPanel() bool { return l.deck.Next() }

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Stops: l.stopsAt(), Pace: l.pace, Steps: l.steps(), SeedCount: l.SetSeedCount}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys }

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }
