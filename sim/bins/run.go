package bins

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/loadlab/loadlab/sim/engine"
)

// progressBalls is how many balls a worker places between progress reports
// and cancellation checks: a few milliseconds of work.
const progressBalls = 1 << 18

// RunAll runs every trial of cfg on up to workers goroutines and returns the
// Result. Trials are independent (trial t is seeded with Seed + t), so each
// worker takes a contiguous block of them and the merged Result is the same
// for any number of workers. progress, if not nil, is called from the
// workers every few milliseconds with the fraction of all balls placed so
// far. When ctx is cancelled the workers stop within a few milliseconds and
// RunAll returns ctx.Err().
func RunAll(ctx context.Context, cfg Config, workers int, progress func(fraction float64)) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	workers = max(1, min(workers, cfg.Trials))
	blocks := make([][]TrialResult, workers)
	var moments []engine.Moment // the first worker's first trial
	var placed atomic.Int64
	total := float64(cfg.Balls) * float64(cfg.Trials)
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
			for ctx.Err() == nil {
				k := e.advance(progressBalls)
				if k == 0 {
					break
				}
				n := placed.Add(int64(k))
				if progress != nil {
					progress(float64(n) / total)
				}
			}
			blocks[w] = e.trials
			if w == 0 {
				moments = e.Moments()
			}
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
	return summarize(cfg, trials, moments), nil
}
