package placement

import (
	"context"
	"fmt"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
)

// SeedLosses is a durability run's objects lost for good on each of many
// seeds, strategy by strategy: one seed's figures say little where a
// single rack destroyed decides them, and greedy placement, whose objects
// share their nodes, loses either none of them or all.
type SeedLosses struct {
	First   int64 // the first seed; the others follow it
	Seeds   int
	Objects int
	// Lost[i][k] is strategy i's objects lost on seed First + k.
	Strategies []string
	Lost       [][]int
}

// OverSeeds runs the spec on seeds Seed .. Seed+n-1 on up to workers
// goroutines; each run is independent, so the result does not depend on
// workers. progress, if not nil, gets the share of seeds done.
func (s DurabilitySpec) OverSeeds(ctx context.Context, n, workers int, progress func(float64)) (SeedLosses, error) {
	if err := s.Validate(); err != nil {
		return SeedLosses{}, err
	}
	runs, err := engine.OverSeeds(ctx, s.Seed, n, workers, func(ctx context.Context, seed int64) ([]DurabilityResult, error) {
		spec := s
		spec.Seed = seed
		d, err := NewDurabilityContext(ctx, spec)
		if err == nil {
			err = d.Run(ctx, nil)
		}
		if err != nil {
			return nil, err
		}
		return d.Results(), nil
	}, progress)
	if err != nil {
		return SeedLosses{}, err
	}
	out := SeedLosses{First: s.Seed, Seeds: n, Objects: s.Objects}
	for i, r := range runs[0] {
		out.Strategies = append(out.Strategies, r.Strategy)
		lost := make([]int, n)
		for k := range n {
			lost[k] = runs[k][i].Lost
		}
		out.Lost = append(out.Lost, lost)
	}
	return out, nil
}

// Table is the losses over the seeds as cells: per strategy the mean,
// median and largest number of objects lost, the seeds that lost any, and
// the seeds that lost every object.
func (l SeedLosses) Table() engine.Table {
	t := engine.Table{Names: 1,
		Title:  fmt.Sprintf("objects lost for good over %d seeds (%d-%d), of %d", l.Seeds, l.First, l.First+int64(l.Seeds)-1, l.Objects),
		Header: []string{"strategy", "mean", "median", "most", "seeds losing any", "seeds losing all"}}
	for i, name := range l.Strategies {
		lost := slices.Clone(l.Lost[i])
		slices.Sort(lost)
		sum, any, all := 0, 0, 0
		for _, n := range lost {
			sum += n
			if n > 0 {
				any++
			}
			if n == l.Objects {
				all++
			}
		}
		t.Rows = append(t.Rows, []string{name, fmt.Sprintf("%.1f", float64(sum)/float64(len(lost))), fmt.Sprint(lost[(len(lost)-1)/2]),
			fmt.Sprint(lost[len(lost)-1]), share(any, l.Seeds), share(all, l.Seeds)})
	}
	t.Note = "greedy keeps every object on the same three nodes: a seed loses none of them or all"
	return t
}

func share(k, n int) string { return fmt.Sprintf("%d (%.0f %%)", k, 100*float64(k)/float64(n)) }
