package durabilitylab

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/placement"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// overSeeds is how many seeds N runs unless the scenario names its
// count: enough that greedy's all-or-nothing odds read to a few per cent,
// in a few seconds on two cores.
const overSeeds = 100

// Init starts the losses over seeds when N shows them and they are not
// for the spec on screen.
func (l *Lab) Init() tea.Cmd {
	if !l.seeds {
		return nil
	}
	spec, n := l.spec, l.count
	return l.losses.StartShared(l.lossesKey(), func(ctx context.Context, progress func(float64)) (placement.SeedLosses, error) {
		return spec.OverSeeds(ctx, n, l.losses.Share.Workers(), progress)
	})
}

// Update takes the losses worked out off the loop, if still wanted.
func (l *Lab) Update(msg tea.Msg) tea.Cmd { l.losses.Take(msg); return nil }

// Busy says the losses over seeds are under way.
func (l *Lab) Busy() bool { return l.losses.Busy() }

// Leave stops the losses under way.
func (l *Lab) Leave() { l.losses.Stop() }

// renderSeeds draws the losses over seeds, or the progress to them.
func (l *Lab) renderSeeds(f lab.Frame) string {
	st := f.St
	fleet, failures := l.header(f.W)
	head := []string{st.Title.Render(fleet), st.Muted.Render(failures), ""}
	losses, ok, err := l.losses.For(l.lossesKey())
	var body []string
	switch {
	case !ok && l.losses.Waiting():
		body = widget.Wrap("waiting for a turn on the class server's cores (N: back to this seed)", f.W)
	case !ok:
		body = widget.Wrap(fmt.Sprintf("running seeds %d to %d, ten years each: %.0f %% done (N: back to this seed)",
			l.spec.Seed, l.spec.Seed+int64(l.count)-1, 100*l.losses.Progress()), f.W)
	case err != nil:
		body = []string{st.Bad.Render(err.Error())}
	default:
		h := f.H - len(head)
		if body = widget.FitTables(st, f.W, h, losses.Table()); body == nil {
			body = widget.Wrap("the table needs a taller window", f.W)
		}
	}
	return widget.FitLines(append(head, body...), f.W, f.H)
}

// greedyOdds says that greedy placement, whose objects share their
// nodes, loses all of them or none, and once the losses over seeds are
// in, how often all; "" where greedy does not run.
func (l *Lab) greedyOdds(w int) string {
	losses, ok, err := l.losses.For(l.lossesKey())
	if !ok || err != nil {
		for _, r := range l.run.Results() {
			if r.Strategy == "greedy" {
				return widget.FirstFit(w, fmt.Sprintf("greedy's objects share three nodes: a run loses all %d or none (N: how often, over %d seeds)", r.Objects, l.count),
					"greedy loses all or none (N: how often)")
			}
		}
		return ""
	}
	for i, name := range losses.Strategies {
		if name != "greedy" {
			continue
		}
		all := 0
		for _, n := range losses.Lost[i] {
			if n == losses.Objects {
				all++
			}
		}
		return widget.FirstFit(w, fmt.Sprintf("greedy's objects share three nodes: a run loses all %d or none; all on %d of %d seeds (N)", losses.Objects, all, losses.Seeds),
			fmt.Sprintf("greedy loses all or none: all on %d of %d seeds", all, losses.Seeds))
	}
	return ""
}

// lossesKey is what the losses over seeds are for: the spec and the count.
func (l *Lab) lossesKey() string { return fmt.Sprintf("%+v %d", l.spec, l.count) }
