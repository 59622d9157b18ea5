package remirrorlab

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/tui/widget"
)

// overSeeds is how many seeds the figures beside the seed's are over: one
// seed's storm is one draw of the nodes the race fails.
const overSeeds = 40

func seedsKey(s remirror.Spec) string { return fmt.Sprintf("%+v", s) }

// Init works out the runs' figures over seeds, off the UI loop, for the
// spec on screen.
func (l *Lab) Init() tea.Cmd {
	spec := l.Spec
	return l.seeds.StartShared(seedsKey(spec), func(ctx context.Context, progress func(float64)) ([]remirror.SeedFigures, error) {
		return spec.OverSeeds(ctx, overSeeds, l.seeds.Share.Workers(), progress)
	})
}

// Update takes the figures over seeds, if still for the spec on screen.
func (l *Lab) Update(msg tea.Msg) tea.Cmd { l.seeds.Take(msg); return nil }

// Busy is false: the run plays while the seeds run beside it.
func (l *Lab) Busy() bool { return false }

// Leave stops the seeds under way.
func (l *Lab) Leave() { l.seeds.Stop() }

// seedLine says the first run's figures over seeds, once they are in,
// beside the seed on screen: "seed 425 is one draw; over seeds 425-464
// ...", in the longest form that fits w.
func (l *Lab) seedLine(w int) string {
	figs, ok, err := l.seeds.For(seedsKey(l.Spec))
	if !ok || err != nil || len(figs) == 0 {
		return ""
	}
	f := figs[0]
	draw := fmt.Sprintf("seed %d is one draw of the race", l.Spec.Seed)
	if l.Spec.RaceChance == 0 {
		draw = fmt.Sprintf("seed %d is one draw", l.Spec.Seed)
	}
	set := remirror.SetWords(l.Runs[0].Cfg.Protections)
	return widget.FirstFit(w,
		fmt.Sprintf("%s; %s, %s (the range over seeds in brackets)", draw, set, f.Words()),
		fmt.Sprintf("%s; %s, %s", draw, set, f.Words()),
		fmt.Sprintf("%s, %s", set, f.Words()),
		fmt.Sprintf("over %d seeds: %.2f %% stuck at noon (%.2f-%.2f)", f.Seeds, 100*f.Noon.Mean, 100*f.Noon.Min, 100*f.Noon.Max),
		fmt.Sprintf("%d seeds: %.1f %% at noon", f.Seeds, 100*f.Noon.Mean))
}
