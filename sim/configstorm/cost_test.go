package configstorm

import (
	"context"
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: the lecture's afternoon,
// a storm that never ends, many entries tried ten times, many clients
// backing off, and a day-long run.
var costCases = []struct {
	name string
	spec func() Spec
}{
	{"the afternoon", DefaultSpec},
	{"no protection", func() Spec {
		s := DefaultSpec()
		s.Runs = "none"
		return s
	}},
	{"20k entries, 10 tries", func() Spec {
		s := DefaultSpec()
		s.Entries, s.Attempts, s.Runs = 20000, 10, "none"
		return s
	}},
	{"50k clients backing off", func() Spec {
		s := DefaultSpec()
		s.Clients, s.Runs = 50000, "backoff"
		return s
	}},
	{"a day", func() Spec {
		s := DefaultSpec()
		s.RunMin, s.Runs = MaxMinutes, "keep-on-error"
		return s
	}},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) {
	for _, c := range costCases {
		b.Run(c.name, func(b *testing.B) {
			s := c.spec()
			est := s.Cost("json")
			var m costcheck.Measured
			for range b.N {
				m = costcheck.Measure(func() { s.Run(context.Background(), nil) })
			}
			b.ReportMetric(est.Seconds/m.CPU.Seconds(), "est/time")
			b.ReportMetric(est.Bytes/max(m.Peak, 1), "est/mem")
			b.ReportMetric(m.CPU.Seconds(), "s")
		})
	}
}
