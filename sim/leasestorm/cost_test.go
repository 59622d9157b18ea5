package leasestorm

import (
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: the lecture's night, a
// quiet night (no outage: few asks), a large fleet, an impatient fleet
// (a retry a second) and a day-long run.
var costCases = []costcheck.Case[Spec]{
	{Name: "the night"},
	{Name: "no outage", Edit: func(s *Spec) { s.OutageMin, s.Runs = 0, "none" }},
	{Name: "400k droplets", Edit: func(s *Spec) { s.Droplets, s.RenewMin, s.LeaseMin, s.Rate, s.Runs = 400000, 1200, 1440, 90, "none" }},
	{Name: "timeout 1 s", Edit: func(s *Spec) { s.Droplets, s.TimeoutS, s.AfterMin, s.Runs = 10000, 1, 60, "none,drop-stale" }},
	{Name: "a day after", Edit: func(s *Spec) { s.AfterMin, s.Runs = MaxMinutes, "both" }},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
// The time estimate is an upper bound (every droplet asking once a
// timeout), so a quiet night runs well under it.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, DefaultSpec, costCases) }
