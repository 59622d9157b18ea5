package flipflop

import (
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
	"github.com/loadlab/loadlab/internal/enginetest"
)

// costCases span the cost model: the lecture's morning, a large fleet
// checked every second, and a day-long run of a small one.
var costCases = []costcheck.Case[Spec]{
	{Name: "the morning"},
	{Name: "100k instances every second", Edit: func(s *Spec) { s.Instances, s.IntervalS, s.DurationMin, s.Runs = 100000, 1, 10, "both" }},
	{Name: "a day, every set", Edit: func(s *Spec) { s.DurationMin, s.SlowMin, s.Runs = MaxMinutes, 600, "none,hysteresis,cap,both" }},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, DefaultSpec, costCases) }

// BenchmarkStep is one second of the slow window: a tenth of the 120
// instances checked.
func BenchmarkStep(b *testing.B) {
	c := DefaultConfig()
	c.Hysteresis = true
	enginetest.BenchStep(b, enginetest.Until(New, c, func(e *Engine) bool { return e.now < e.slowFrom+60 }))
}
