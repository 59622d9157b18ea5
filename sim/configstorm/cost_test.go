package configstorm

import (
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: the lecture's afternoon,
// a storm that never ends, many entries tried ten times, many clients
// backing off, and a day-long run.
var costCases = []costcheck.Case[Spec]{
	{Name: "the afternoon", Spec: DefaultSpec},
	{Name: "no protection", Spec: func() Spec {
		s := DefaultSpec()
		s.Runs = "none"
		return s
	}},
	{Name: "20k entries, 10 tries", Spec: func() Spec {
		s := DefaultSpec()
		s.Entries, s.Attempts, s.Runs = 20000, 10, "none"
		return s
	}},
	{Name: "50k clients backing off", Spec: func() Spec {
		s := DefaultSpec()
		s.Clients, s.Runs = 50000, "backoff"
		return s
	}},
	{Name: "a day", Spec: func() Spec {
		s := DefaultSpec()
		s.RunMin, s.Runs = MaxMinutes, "keep-on-error"
		return s
	}},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, costCases) }
