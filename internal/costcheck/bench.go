package costcheck

import (
	"context"
	"testing"

	"github.com/loadlab/loadlab/sim/engine"
)

// Costed is a spec that estimates its run and runs itself.
type Costed[R any] interface {
	Cost(format string) engine.Cost
	Run(ctx context.Context, progress func(float64)) (R, error)
}

// Case is one regime of a spec's cost model, named: Edit changes the
// engine's default spec (nil: the default as it is).
type Case[S any] struct {
	Name string
	Edit func(*S)
}

// Of is the case's spec: base, edited.
func (c Case[S]) Of(base S) S {
	if c.Edit != nil {
		c.Edit(&base)
	}
	return base
}

// Benchmark is an engine's BenchmarkCostModel: per case, the estimate of
// its JSON run over the measured work (CPU time, est/time) and over the
// measured peak heap (est/mem), and the run's CPU seconds. The acceptance
// bounds are 0.5..2 for time and at least 1/1.5 for memory.
func Benchmark[S Costed[R], R any](b *testing.B, base func() S, cases []Case[S]) {
	for _, c := range cases {
		b.Run(c.Name, func(b *testing.B) {
			s := c.Of(base())
			est := s.Cost("json")
			var m Measured
			for range b.N {
				m = Measure(func() { s.Run(context.Background(), nil) })
			}
			b.ReportMetric(est.Seconds/m.CPU.Seconds(), "est/time")
			b.ReportMetric(est.Bytes/max(m.Peak, 1), "est/mem")
			b.ReportMetric(m.CPU.Seconds(), "s")
		})
	}
}
