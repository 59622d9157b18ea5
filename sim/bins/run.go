package bins

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loadlab/loadlab/sim/engine"
)

// RunOptions are how RunAll runs a config; the Result does not depend on
// them, except that KeepTrials decides what Result.Trials lists.
type RunOptions struct {
	// Workers is how many goroutines run trials.
	Workers int
	// Progress, if not nil, is called from the workers every few
	// milliseconds with the fraction of the work done.
	Progress func(fraction float64)
	// KeepTrials lists every trial in Result.Trials; without it only the
	// first is listed (the summary covers all of them either way).
	KeepTrials bool
}

// slice is the work a worker does between two looks at its context, so
// that a cancelled run stops within a few of them.
const slice = 2 * time.Millisecond

// RunAll runs every trial of cfg and returns the Result. Trials are
// independent (trial t is seeded with Seed + t), so each worker takes a
// contiguous block of them and the merged Result is the same for any number
// of workers. A sequential stream runs its strategies in turn, each placing
// all its balls before the next starts, as the blog post's program (§BLOG) does, so no
// position in the stream has to be skipped to. When ctx is cancelled the
// workers stop within a few milliseconds of work and RunAll returns
// ctx.Err().
func RunAll(ctx context.Context, cfg Config, opts RunOptions) (Result, error) {
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	rows, moments, err := runTrials(ctx, cfg, opts)
	if err != nil {
		return Result{}, err
	}
	theory, err := strategyTheory(ctx, cfg)
	if err != nil {
		return Result{}, err
	}
	return summarize(cfg, rows, moments, opts.KeepTrials, theory), nil
}

// HeadlinesOverSeeds is the Headline of cfg run on seeds seeds, the first
// its own and each the next run's after its trials (Spec.SeedStride), as
// that many RunAll calls would give them. The runs' trials are one run's
// trials, so it runs them as one: the workers share them and keep their
// engines, and the theory is worked out once.
func HeadlinesOverSeeds(ctx context.Context, cfg Config, seeds int, opts RunOptions) ([][]engine.Figure, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	all := cfg
	all.Trials = cfg.Trials * seeds
	rows, _, err := runTrials(ctx, all, opts)
	if err != nil {
		return nil, err
	}
	theory, err := strategyTheory(ctx, cfg)
	if err != nil {
		return nil, err
	}
	out := make([][]engine.Figure, seeds)
	per := cfg.Trials * len(cfg.Strategies)
	mean := float64(cfg.Balls) / float64(cfg.Bins)
	for k := range out {
		if cfg.Trials == 1 { // a trial's headline is its rows': no summary to build
			for i, st := range cfg.Strategies {
				f := rows[k*per+i].figures(mean)
				out[k] = append(out[k], LaneFigures(st.Name, f, f.HotCounted())...)
			}
			continue
		}
		one := cfg
		one.Seed = cfg.Seed + int64(k*cfg.Trials)
		out[k] = summarize(one, rows[k*per:(k+1)*per], nil, false, theory).Headline()
	}
	return out, nil
}

// strategyTheory is each strategy's theory; an integration can take
// seconds, so ctx stops it too.
func strategyTheory(ctx context.Context, cfg Config) ([]Prediction, error) {
	theory := make([]Prediction, len(cfg.Strategies))
	for i, st := range cfg.Strategies {
		var err error
		if theory[i], err = PredictContext(ctx, st, cfg.Bins, cfg.Balls); err != nil {
			return nil, err
		}
	}
	return theory, nil
}

// runTrials runs every trial of a valid cfg on opts.Workers workers and
// returns their rows, trial by trial, and the first trial's moments.
func runTrials(ctx context.Context, cfg Config, opts RunOptions) ([]row, []engine.Moment, error) {
	workers := engine.Goroutines(opts.Workers, cfg.Trials)
	k := len(cfg.Strategies)
	rows := make([]row, cfg.Trials*k) // each worker fills its block in place
	var moments []engine.Moment       // the first worker's first trial
	var done atomic.Int64
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	total := float64(cfg.Balls) * float64(cfg.Trials) * float64(len(cfg.Strategies))
	// Balls per slice of work, from the cost of one ball of one strategy.
	perBall := max(cfg.cost(1, false).Seconds/total, 1e-9)
	sliceBalls := max(1, int(slice.Seconds()/perBall))
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
			e, _ := newEngine(block, true) // valid: a block of a valid config
			for _, l := range e.lanes {
				l.stop = &stop
			}
			e.rows = rows[first*k : first*k : last*k]
			for ctx.Err() == nil {
				k := e.advanceWork(sliceBalls)
				if k == 0 {
					break
				}
				n := done.Add(int64(k))
				if opts.Progress != nil {
					opts.Progress(float64(n) / total)
				}
			}
			if w == 0 {
				moments = e.Moments()
			}
			e.release()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	return rows, moments, nil
}
