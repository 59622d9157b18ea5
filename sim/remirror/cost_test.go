package remirror

import (
	"context"
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: the lecture's three days,
// a wave that drains (a short storm), a storm never cut nor fixed, a
// large zone, and a fortnight.
var costCases = []costcheck.Case[Spec]{
	{Name: "the three days"},
	{Name: "a wave that drains", Edit: func(s *Spec) { s.CutShare, s.Runs = 0.01, "none" }},
	{Name: "never cut nor fixed", Edit: func(s *Spec) { s.CutAt, s.FixAt, s.Runs = "never", "never", "none,bulkhead" }},
	{Name: "400k volumes", Edit: func(s *Spec) {
		s.Volumes, s.Nodes, s.Capacity, s.RaceRate, s.ControlRate, s.Runs = 400000, 8000, 90000, 60000, 300000, "none"
	}},
	{Name: "a fortnight", Edit: func(s *Spec) { s.Hours, s.Runs = MaxHours, "none,backoff,cap,spread" }},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap. The time
// estimate is an upper bound (every volume stuck through the storm), so a
// run whose storm stays small runs well under it.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, DefaultSpec, costCases) }

// The estimate holds the measured heap on every case: a run never takes
// more memory than it was accepted for.
func TestCostHoldsTheHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("runs large zones")
	}
	for _, c := range costCases {
		s := c.Of(DefaultSpec())
		est := s.Cost("json")
		m := costcheck.Measure(func() { s.Run(context.Background(), nil) })
		if m.Peak > est.Bytes {
			t.Errorf("%s: peak heap %.3g B over the estimate %.3g B", c.Name, m.Peak, est.Bytes)
		}
	}
}
