package configstorm

import (
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: the lecture's afternoon,
// a storm that never ends, many entries tried ten times, many clients
// backing off, and a day-long run.
var costCases = []costcheck.Case[Spec]{
	{Name: "the afternoon"},
	{Name: "no protection", Edit: func(s *Spec) { s.Runs = "none" }},
	{Name: "20k entries, 10 tries", Edit: func(s *Spec) { s.Entries, s.Attempts, s.Runs = 20000, 10, "none" }},
	{Name: "50k clients backing off", Edit: func(s *Spec) { s.Clients, s.Runs = 50000, "backoff" }},
	{Name: "a day", Edit: func(s *Spec) { s.RunMin, s.Runs = MaxMinutes, "keep-on-error" }},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, DefaultSpec, costCases) }
