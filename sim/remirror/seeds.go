package remirror

import (
	"context"
	"fmt"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spread is a figure over many seeds: its mean and range.
type Spread struct{ Mean, Min, Max float64 }

func spreadOf(xs []float64) Spread {
	s := Spread{Min: slices.Min(xs), Max: slices.Max(xs)}
	for _, x := range xs {
		s.Mean += x
	}
	s.Mean /= float64(len(xs))
	return s
}

// SeedFigures is one protection set's figures over many seeds: one seed's
// storm is one draw of which nodes the race fails, and its 13.94 % stuck
// is not the model's answer.
type SeedFigures struct {
	Set                           string
	First                         int64
	Seeds                         int
	Wave, Peak, Noon, Final, Lost Spread
}

// OverSeeds runs every set listed on seeds Seed .. Seed+n-1.
func (s Spec) OverSeeds(ctx context.Context, n, workers int, progress func(float64)) ([]SeedFigures, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	reports, err := engine.OverSeeds(ctx, s.Seed, n, workers, func(ctx context.Context, seed int64) (Report, error) {
		spec := s
		spec.Seed = seed
		return spec.Run(ctx, nil)
	}, progress)
	if err != nil {
		return nil, err
	}
	var out []SeedFigures
	for i, first := range reports[0].Runs {
		var wave, peak, noon, final, lost []float64
		for _, r := range reports {
			res := r.Runs[i]
			wave, peak, noon = append(wave, res.WaveShare), append(peak, res.PeakStuck), append(noon, res.StuckAtNoon)
			final, lost = append(final, res.FinalStuck), append(lost, res.Lost)
		}
		out = append(out, SeedFigures{Set: first.Set, First: s.Seed, Seeds: n, Wave: spreadOf(wave), Peak: spreadOf(peak),
			Noon: spreadOf(noon), Final: spreadOf(final), Lost: spreadOf(lost)})
	}
	return out, nil
}

// Words are the figures over the seeds in a line, as the lecture quotes
// them: stuck at noon, stuck at the end, lost for good, each a mean with
// its range.
func (f SeedFigures) Words() string {
	return fmt.Sprintf("over seeds %d-%d: %.2f %% stuck at noon on April 21 (%.2f-%.2f), %.2f %% at the end (%.2f-%.2f), %.3f %% lost",
		f.First, f.First+int64(f.Seeds)-1, 100*f.Noon.Mean, 100*f.Noon.Min, 100*f.Noon.Max,
		100*f.Final.Mean, 100*f.Final.Min, 100*f.Final.Max, 100*f.Lost.Mean)
}
