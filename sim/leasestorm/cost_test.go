package leasestorm

import (
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: the lecture's night, a
// quiet night (no outage: few asks), a large fleet, an impatient fleet
// (a retry a second) and a day-long run.
var costCases = []costcheck.Case[Spec]{
	{Name: "the night", Spec: DefaultSpec},
	{Name: "no outage", Spec: func() Spec {
		s := DefaultSpec()
		s.OutageMin, s.Runs = 0, "none"
		return s
	}},
	{Name: "400k droplets", Spec: func() Spec {
		s := DefaultSpec()
		s.Droplets, s.RenewMin, s.LeaseMin, s.Rate, s.Runs = 400000, 1200, 1440, 90, "none"
		return s
	}},
	{Name: "timeout 1 s", Spec: func() Spec {
		s := DefaultSpec()
		s.Droplets, s.TimeoutS, s.AfterMin, s.Runs = 10000, 1, 60, "none,drop-stale"
		return s
	}},
	{Name: "a day after", Spec: func() Spec {
		s := DefaultSpec()
		s.AfterMin, s.Runs = MaxMinutes, "both"
		return s
	}},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
// The time estimate is an upper bound (every droplet asking once a
// timeout), so a quiet night runs well under it.
func BenchmarkCostModel(b *testing.B) { costcheck.Benchmark(b, costCases) }
