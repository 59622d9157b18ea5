package queue

import (
	"context"
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the regimes of the cost model: the excerpt's system,
// many servers past the cache, every policy, and many choices an arrival.
var costCases = []struct {
	name string
	spec func() Spec
}{
	{"excerpt", DefaultSpec},
	{"random 1M servers", func() Spec {
		s := DefaultSpec()
		s.Servers, s.Policy, s.Time, s.Warmup = 1_000_000, "random", 3, 1
		return s
	}},
	{"jsq against round-robin", func() Spec {
		s := DefaultSpec()
		s.Servers, s.Policy, s.Against, s.Time, s.Warmup = 20000, "jsq", "round-robin", 100, 10
		return s
	}},
	{"d = 10000", func() Spec {
		s := DefaultSpec()
		s.Servers, s.D, s.Time, s.Warmup = 10000, 10000, 2, 1
		return s
	}},
	{"random 10M servers", func() Spec {
		s := DefaultSpec()
		s.Servers, s.Policy, s.Time, s.Warmup = 10_000_000, "random", 0.5, 0.1
		return s
	}},
	{"jsq-2 10M servers", func() Spec {
		s := DefaultSpec()
		s.Servers, s.Time, s.Warmup = 10_000_000, 0.5, 0.1
		return s
	}},
	{"jsq-2 100k servers", func() Spec {
		s := DefaultSpec()
		s.Servers, s.Time, s.Warmup = 100_000, 20, 1
		return s
	}},
	{"d = 8 1M", func() Spec {
		s := DefaultSpec()
		s.Servers, s.D, s.Time, s.Warmup = 1_000_000, 8, 2, 1
		return s
	}},
	{"d = 64 past the cache", func() Spec {
		s := DefaultSpec()
		s.Servers, s.D, s.Time, s.Warmup = 4_000_000, 64, 1, 0.5
		return s
	}},
	{"stale-8 1M servers", func() Spec {
		s := DefaultSpec()
		s.Servers, s.D, s.Policy, s.Refresh, s.Time, s.Warmup = 1_000_000, 8, "stale-d", 0.1, 3, 1
		return s
	}},
	{"one server, long", func() Spec {
		s := DefaultSpec()
		s.Servers, s.D, s.Time = 1, 1, 1e6
		return s
	}},
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// work (CPU time) and the estimated over the measured peak heap: the acceptance
// bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) {
	for _, c := range costCases {
		b.Run(c.name, func(b *testing.B) {
			s := c.spec()
			est := s.Cost()
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
