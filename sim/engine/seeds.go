package engine

import (
	"context"
	"math"
	"runtime"
	"sync"
)

// MaxSeeds bounds a run over seeds.
const MaxSeeds = 1000

// OverSeeds runs run on seeds first .. first+n-1 on up to workers
// goroutines and returns the results in seed order (Parallel); at most
// MaxSeeds seeds.
func OverSeeds[T any](ctx context.Context, first int64, n, workers int, run func(ctx context.Context, seed int64) (T, error), progress func(float64)) ([]T, error) {
	if n < 1 || n > MaxSeeds {
		return nil, Invalid("seeds", "must be in 1..%d, got %d", MaxSeeds, n)
	}
	return Parallel(ctx, n, workers, func(ctx context.Context, k int) (T, error) { return run(ctx, first+int64(k)) }, progress)
}

// Goroutines is how many goroutines n independent jobs on workers get:
// one a job at most, and no more than the cores, since a goroutine past
// them holds a run's memory without making the work shorter. Every
// parallel run and every cost model counts with it, so that an estimate's
// memory is that of the goroutines that really run.
func Goroutines(workers, n int) int { return max(1, min(workers, n, runtime.GOMAXPROCS(0))) }

// Parallel runs run(0) .. run(n-1) on Goroutines(workers, n) goroutines and
// returns the results in order; each run is independent, so the results
// do not depend on workers. progress, if not nil, gets the share done
// (from the goroutine that finished a run, under a lock). The first
// error, or ctx's, stops the rest.
func Parallel[T any](ctx context.Context, n, workers int, run func(ctx context.Context, k int) (T, error), progress func(float64)) ([]T, error) {
	out := make([]T, n)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var mu sync.Mutex
	var firstErr error
	done := 0
	next := make(chan int)
	var wg sync.WaitGroup
	for range Goroutines(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				r, err := run(ctx, k)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
				out[k] = r
				if err == nil { // a run stopped by ctx is not done: the share said stays true
					done++
					if progress != nil {
						progress(float64(done) / float64(n))
					}
				}
				mu.Unlock()
			}
		}()
	}
	for k := range n {
		if ctx.Err() != nil {
			break
		}
		next <- k
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// Strided is a spec whose one run draws from several seeds in a row
// (bins' trial t uses seed + t): a run over seeds steps its seed by the
// stride, so that no two runs share a seed.
type Strided interface {
	SeedStride() int64
}

// StrideOf is spec's seed stride: 1 unless it is Strided.
func StrideOf(spec any) int64 {
	if s, ok := spec.(Strided); ok {
		return max(1, s.SeedStride())
	}
	return 1
}

// LargestFirstSeed is the largest first seed of n runs a stride apart,
// each drawing from stride seeds from its own (Strided), whose seeds all
// stay at or below math.MaxInt64; -1 where no first seed would do.
func LargestFirstSeed(n int, stride int64) int64 {
	stride = max(1, stride)
	if n < 1 || int64(n) > math.MaxInt64/stride {
		return -1
	}
	return math.MaxInt64 - (int64(n)*stride - 1)
}
