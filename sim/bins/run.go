package bins

import (
	"context"
	"sync"
	"sync/atomic"
)

// RunAll runs every trial of cfg on up to workers goroutines and returns the
// Result. Trials are independent (trial t is seeded with Seed + t), so each
// worker takes a contiguous block of them and the merged Result is the same
// for any number of workers. progress, if not nil, is called from the
// workers after each finished trial with the number done so far. When ctx is
// cancelled the workers stop after their current trial and RunAll returns
// ctx.Err().
func RunAll(ctx context.Context, cfg Config, workers int, progress func(done int)) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	workers = max(1, min(workers, cfg.Trials))
	blocks := make([][]TrialResult, workers)
	var done atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		first := cfg.Trials * w / workers
		last := cfg.Trials * (w + 1) / workers
		block := cfg
		block.Seed += int64(first)
		block.Trials = last - first
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := MustNew(block)
			for ctx.Err() == nil && e.RunTrial() {
				n := done.Add(1)
				if progress != nil {
					progress(int(n))
				}
			}
			blocks[w] = e.trials
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	var trials []TrialResult
	for _, b := range blocks {
		trials = append(trials, b...)
	}
	return summarize(cfg, trials), nil
}
