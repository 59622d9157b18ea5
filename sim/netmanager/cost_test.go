package netmanager

import (
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
	"github.com/loadlab/loadlab/internal/enginetest"
)

// costCases span the cost model: the lecture's morning, and a day of
// every set.
var costCases = []costcheck.Case[Spec]{
	{Name: "the morning"},
	{Name: "a day, every set", Edit: func(s *Spec) { s.DurationMin, s.Runs = MaxMinutes, "steps,at-once,priority,at-once+priority" }},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, DefaultSpec, costCases) }

// BenchmarkStep is one minute of the flood.
func BenchmarkStep(b *testing.B) {
	enginetest.BenchStep(b, enginetest.Until(New, DefaultConfig(), func(e *Engine) bool { return e.now < 60 }))
}
