package flipflop

import (
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the cost model: the lecture's morning, a large fleet
// checked every second, and a day-long run of a small one.
var costCases = []costcheck.Case[Spec]{
	{Name: "the morning", Spec: DefaultSpec},
	{Name: "100k instances every second", Spec: func() Spec {
		s := DefaultSpec()
		s.Instances, s.IntervalS, s.DurationMin, s.Runs = 100000, 1, 10, "both"
		return s
	}},
	{Name: "a day, every set", Spec: func() Spec {
		s := DefaultSpec()
		s.DurationMin, s.SlowMin, s.Runs = MaxMinutes, 600, "none,hysteresis,cap,both"
		return s
	}},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, costCases) }

// BenchmarkStep is one second of the slow window: a tenth of the 120
// instances checked.
func BenchmarkStep(b *testing.B) {
	c := DefaultConfig()
	c.Hysteresis = true
	e, _ := New(c)
	start := func() {
		e, _ = New(c)
		for e.now < e.slowFrom+60 {
			e.Step()
		}
	}
	start()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !e.Step() {
			b.StopTimer()
			start()
			b.StartTimer()
		}
	}
}
