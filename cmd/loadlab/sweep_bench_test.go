package main

import (
	"context"
	"testing"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
)

// BenchmarkSweepPointRun is one run of a sweep over seeds at the 000
// note's size: n = m = 4096, its five rules on one candidate stream, on
// one core, to its headline figures. A sweep of 200 seeds is 200 of these
// shared by the workers.
func BenchmarkSweepPointRun(b *testing.B) {
	a, _ := adaptorFor("bins")
	s := bins.DefaultSpec()
	s.Bins, s.Balls, s.Trials, s.Strategies = 4096, 4096, 1, "one,two,correlated,stale,anti"
	var spec scenarios.Spec = s
	for b.Loop() {
		if _, err := a.figures(context.Background(), spec); err != nil {
			b.Fatal(err)
		}
	}
}
