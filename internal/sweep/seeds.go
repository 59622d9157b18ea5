package sweep

import (
	"context"
	"strconv"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// Runner is how specs are run to their headline figures: each run by
// its spec's own Figures, on one core, unless Seeds is set. Seeds does
// what n Figures calls would on n consecutive seeds from the spec's own
// (stepping by its stride), in one go on one core: an engine whose runs
// over seeds are one run's trials keeps its state between them.
type Runner struct {
	Seeds func(ctx context.Context, spec scenarios.Spec, n int) ([][]engine.Figure, error)
}

// blocksPerWorker is how many blocks of seeds each worker gets on
// average: enough that the last ones even out the workers' finish, few
// enough that a block keeps its engine warm over many seeds.
const blocksPerWorker = 4

// OverSeeds runs each spec on seeds seeds from first, each next seed its
// stride on (engine.StrideOf), and returns every spec's figures seed by
// seed. The runs go in blocks of consecutive seeds, shared by workers; the
// figures do not depend on workers. Unseeded specs (seeded false) run once
// each. progress, if not nil, gets the share of runs done.
func OverSeeds(ctx context.Context, specs []scenarios.Spec, first int64, seeds, workers int, seeded bool, r Runner,
	progress func(float64)) ([][][]engine.Figure, error) {
	if !seeded {
		seeds = 1
	}
	for _, s := range specs {
		if seeded && first > engine.LargestFirstSeed(seeds, engine.StrideOf(s)) {
			return nil, engine.Invalid("seed", "with %d seeds from %d would pass 2^63 - 1", seeds, first)
		}
	}
	size := 1
	if r.Seeds != nil && seeded {
		blocks := min(seeds, max(1, (blocksPerWorker*workers+len(specs)-1)/len(specs)))
		size = (seeds + blocks - 1) / blocks
	}
	perSpec := (seeds + size - 1) / size
	total := float64(len(specs) * seeds)
	var done float64
	runs, err := engine.Parallel(ctx, len(specs)*perSpec, workers, func(ctx context.Context, k int) ([][]engine.Figure, error) {
		s := specs[k/perSpec]
		from := (k % perSpec) * size
		n := min(size, seeds-from)
		if seeded {
			var err error
			if s, err = flags.Apply(s, []string{"--seed", strconv.FormatInt(first+int64(from)*engine.StrideOf(s), 10)}); err != nil {
				return nil, err
			}
		}
		if r.Seeds != nil && seeded {
			return r.Seeds(ctx, s, n)
		}
		f, err := s.Figures(ctx)
		return [][]engine.Figure{f}, err
	}, func(float64) {
		if progress != nil {
			done += float64(size) // under Parallel's lock
			progress(min(1, done/total))
		}
	})
	if err != nil {
		return nil, err
	}
	out := make([][][]engine.Figure, len(specs))
	for i := range specs {
		for _, block := range runs[i*perSpec : (i+1)*perSpec] {
			out[i] = append(out[i], block...)
		}
	}
	return out, nil
}
