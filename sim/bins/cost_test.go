package bins

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: many small trials, large
// bins beyond the cache, stale copies, many candidates, heavy load, a
// sequential stream, every strategy at once.
var costCases = []struct {
	name string
	cfg  func(t testing.TB) Config
}{
	{"§P2C table", func(t testing.TB) Config { return cfgOf(t, 4096, 4096, 200, "one,two,correlated,stale,anti", Paired) }},
	{"many tiny trials", func(t testing.TB) Config {
		return cfgOf(t, 2, 1, 50000, "one,two,dchoice:2,correlated,stale,anti,left:2", Paired)
	}},
	{"4M bins", func(t testing.TB) Config { return cfgOf(t, 1<<22, 1<<22, 1, "one,two", Paired) }},
	{"stale copies", func(t testing.TB) Config { return cfgOf(t, 1<<20, 20000, 1, "stale:16", Paired) }},
	{"d = 64", func(t testing.TB) Config { return cfgOf(t, 4096, 1<<18, 2, "dchoice:64", Paired) }},
	{"heavy load", func(t testing.TB) Config { return cfgOf(t, 100, 1<<22, 2, "one,two", Sequential) }},
	{"one bin", func(t testing.TB) Config { return cfgOf(t, 1, 1<<24, 1, "one", Paired) }},
}

func cfgOf(t testing.TB, n, m, trials int, list string, stream Stream) Config {
	s, err := ParseStrategies(list, 2, 4096)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Bins: n, Balls: m, Trials: trials, Seed: 1, Hot: 1.2, Strategies: s, Stream: stream}
}

// measure runs cfg through RunAll and returns its time and the peak of the
// live heap (costcheck.Measure).
func measure(cfg Config, workers int, keep bool) (time.Duration, float64) {
	m := costcheck.Measure(func() { RunAll(context.Background(), cfg, RunOptions{Workers: workers, KeepTrials: keep}) })
	return m.Wall, m.Peak
}

// A run never holds more than its memory estimate (the estimate may be
// generous: it counts the worst case of every scratch buffer).
func TestMemoryEstimateBoundsTheRun(t *testing.T) {
	costcheck.Long(t)
	if testing.Short() {
		t.Skip("runs a few seconds of simulation")
	}
	for _, c := range costCases {
		cfg := c.cfg(t)
		for _, keep := range []bool{false, true} {
			est := cfg.Cost(2, keep)
			_, peak := measure(cfg, 2, keep)
			if peak > est.Bytes {
				t.Errorf("%s (keep %v): peak heap %.3g B over the estimate %.3g B", c.name, keep, peak, est.Bytes)
			}
		}
	}
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// time on one worker and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) {
	for _, c := range costCases {
		b.Run(c.name, func(b *testing.B) {
			cfg := c.cfg(b)
			est := cfg.Cost(1, false)
			var took time.Duration
			var peak float64
			for range b.N {
				took, peak = measure(cfg, 1, false)
			}
			b.ReportMetric(est.Seconds/took.Seconds(), "est/time")
			b.ReportMetric(est.Bytes/max(peak, 1), "est/mem")
			b.ReportMetric(took.Seconds(), "s")
		})
	}
}

// BenchmarkExactCostModel reports the exact engine's estimate over its
// measured time on this machine's cores, for brute force and the DP at
// several sizes.
func BenchmarkExactCostModel(b *testing.B) {
	for _, s := range []ExactSpec{
		{Bins: 4, Balls: 4, Method: "brute", Counterexamples: 10},
		{Bins: 3, Balls: 7, Method: "brute", Counterexamples: 10},
		{Bins: 5, Balls: 5, Method: "brute", Counterexamples: 10},
		{Bins: 24, Balls: 24, Method: "dp", D: 3},
		{Bins: 32, Balls: 32, Method: "dp", D: 3},
		{Bins: 40, Balls: 40, Method: "dp", D: 3},
	} {
		b.Run(fmt.Sprintf("%s n=%d m=%d", s.Method, s.Bins, s.Balls), func(b *testing.B) {
			workers := runtime.GOMAXPROCS(0)
			var took time.Duration
			for range b.N {
				start := time.Now()
				if _, err := s.Run(context.Background(), workers); err != nil {
					b.Fatal(err)
				}
				took = time.Since(start)
			}
			b.ReportMetric(s.Wall(workers)/took.Seconds(), "est/time")
			b.ReportMetric(took.Seconds(), "s")
		})
	}
}
