package bins

import (
	"slices"
	"testing"
)

func mustStrategies(t *testing.T, list string, d, refresh int) []Strategy {
	t.Helper()
	s, err := ParseStrategies(list, d, refresh)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func run(t *testing.T, cfg Config) Result {
	t.Helper()
	e, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for e.Step() {
	}
	return e.Result()
}

// Source §BLOG: 10,000 balls into 100 bins after random.seed(42), one choice
// then two choices on the same stream, hot at 1.2 x mean. Published:
// one choice max 126, 2 hot bins, top 5 [126 120 118 116 116]; two choices
// max 102, 0 hot bins, top 5 [102 102 101 101 101].
func TestPublished001HeavyLoadBlog(t *testing.T) {
	r := run(t, Config{Bins: 100, Balls: 10000, Trials: 1, Seed: 42, Hot: 1.2, Stream: Sequential,
		Strategies: mustStrategies(t, "one,two", 2, 1)})
	one, two := r.Trials[0].Results["one"], r.Trials[0].Results["two"]
	if one.Max != 126 || one.Hot != 2 || !slices.Equal(one.Top5, []int{126, 120, 118, 116, 116}) {
		t.Errorf("one choice: max %d hot %d top5 %v; §BLOG publishes 126, 2, [126 120 118 116 116]", one.Max, one.Hot, one.Top5)
	}
	if two.Max != 102 || two.Hot != 0 || !slices.Equal(two.Top5, []int{102, 102, 101, 101, 101}) {
		t.Errorf("two choices: max %d hot %d top5 %v; §BLOG publishes 102, 0, [102 102 101 101 101]", two.Max, two.Hot, two.Top5)
	}
}

// Source §P2C: n = m = 4096, 200 paired trials from seed 20260927. Published
// table (mean, median, p95 of the max load): one 6.275/6/8, two 3.030/3/3,
// correlated 6.275/6/8, stale 6.275/6/8, anti 8.270/8/10. Two below one in
// 200 of 200 (median difference 3), anti above one in 194 of 200 (median
// difference 2); p99 bin load median 2 for two and 4 for one; mean std about
// 0.703 and 0.999.
func TestPublished000PairedTable(t *testing.T) {
	if testing.Short() {
		t.Skip("200 trials of 4096 balls")
	}
	r := run(t, Config{Bins: 4096, Balls: 4096, Trials: 200, Seed: 20260927, Hot: 1.2,
		Strategies: mustStrategies(t, "one,two,correlated,stale,anti", 2, 4096)})
	want := map[string]struct {
		mean   float64
		median float64
		p95    int
	}{
		"one": {6.275, 6, 8}, "two": {3.030, 3, 3}, "correlated": {6.275, 6, 8},
		"stale": {6.275, 6, 8}, "anti": {8.270, 8, 10},
	}
	const printed = 0.0005 // the table prints three decimals
	for name, w := range want {
		s := r.Summary[name]
		if d := s.MaxMean - w.mean; d > printed || d < -printed || s.MaxMedian != w.median || s.MaxP95 != w.p95 {
			t.Errorf("%s: max mean %.4f median %v p95 %d; §P2C publishes %.3f %v %d", name, s.MaxMean, s.MaxMedian, s.MaxP95, w.mean, w.median, w.p95)
		}
	}
	if s := r.Summary["one"]; s.P99Median != 4 || s.StdMean < 0.9985 || s.StdMean >= 0.9995 {
		t.Errorf("one: p99 median %v, std mean %.4f; §P2C publishes 4 and 0.999", s.P99Median, s.StdMean)
	}
	if s := r.Summary["two"]; s.P99Median != 2 || s.StdMean < 0.7025 || s.StdMean >= 0.7035 {
		t.Errorf("two: p99 median %v, std mean %.4f; §P2C publishes 2 and 0.703", s.P99Median, s.StdMean)
	}
	byA := map[string]Comparison{}
	for _, p := range r.Paired {
		if p.B != "one" {
			t.Errorf("comparison %s vs %s: the baseline must be the first strategy, one", p.A, p.B)
		}
		byA[p.A] = p
	}
	if p := byA["two"]; p.Lower != 200 || p.MedianDiff != -3 {
		t.Errorf("two vs one: lower in %d of 200, median diff %v; §P2C publishes 200 and 3", p.Lower, p.MedianDiff)
	}
	if p := byA["anti"]; p.Higher != 194 || p.MedianDiff != 2 {
		t.Errorf("anti vs one: higher in %d of 200, median diff %v; §P2C publishes 194 and 2", p.Higher, p.MedianDiff)
	}
	for _, same := range []string{"correlated", "stale"} {
		if p := byA[same]; p.Equal != 200 {
			t.Errorf("%s vs one: equal in %d of 200; §P2C says identical on every seed", same, p.Equal)
		}
	}
}

// Source §P2C's pilot: stale two-choice refreshed every 64 balls ends above
// fresh two choices in 14 of 200 trials, median difference 0.
func TestPublished000StalePilot(t *testing.T) {
	if testing.Short() {
		t.Skip("200 trials of 4096 balls")
	}
	r := run(t, Config{Bins: 4096, Balls: 4096, Trials: 200, Seed: 20260927, Hot: 1.2, Baseline: "two",
		Strategies: mustStrategies(t, "two,stale", 2, 64)})
	p := r.Paired[0]
	if p.A != "stale" || p.B != "two" || p.Higher != 14 || p.MedianDiff != 0 {
		t.Errorf("%s vs %s: higher in %d of 200, median diff %v; §P2C publishes 14 and 0", p.A, p.B, p.Higher, p.MedianDiff)
	}
}
