package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costRuns span the regimes of the cost models of the supermarket, the
// retry storm, the cascade and availability, through the command line:
// the run and its report, in each format.
var costRuns = []string{
	"run supermarket",
	"run supermarket --servers 10000 --d 10000 --time 3 --warmup 1",
	"run supermarket --servers 4000000 --d 64 --time 1 --warmup 0.5 --format json",
	"run supermarket --servers 1000000 --policy stale-d --d 8 --refresh 0.1 --time 3 --warmup 1 --format csv",
	"run retry-storm",
	"run retry-storm --clients 1000000 --retries 10 --format csv",
	"run retry-storm --clients 1 --retries 12 --base-ms 100000 --cap-ms 1000000 --jitter none --format json",
	"run retry-storm --clients 1 --retries 12 --base-ms 100000 --cap-ms 1000000 --jitter full,decorrelated --format csv",
	"run retry-storm --clients 100 --retries 12 --base-ms 1000000 --cap-ms 10000000 --jitter equal",
	"run retry-storm --clients 10000000 --retries 10 --jitter full",
	"run cascade",
	"run cascade --configs S1 --rate 100000 --duration 60 --api-slots 1",
	"run cascade --configs S5 --rate 1000 --duration 600 --dep-prob 1 --scan 1000000 --api-slots 100000 --client-timeout 1000000 --tuned-wait 1000000",
	"run cascade --configs S1,S6 --sample-every 1 --duration 600 --rate 2000 --format json",
	"run availability",
	"run availability --format json",
	"run dns-race",
	"run dns-race --fixes all --format json",
	"run interleave --enactors 3 --records 4 --fixes all --atomic none --list 200 --format json",
	"run interleave --enactors 3 --records 2 --fixes recheck --method brute",
	"run dns-race-timing --format json",
	"run dns-race-timing --trials 100000 --fixes all --format csv",
	"run interleave --mode timing --enactors 3 --records 4 --trials 20000 --fixes none,recheck",
}

// countingWriter counts what it is given.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// BenchmarkCLICostModel reports, per command line, the estimated over the
// measured work (CPU time), peak heap and report: the acceptance bounds
// are 0.5..2 for time, at least 1/1.5 for memory, and the report's
// estimate must not fall short.
func BenchmarkCLICostModel(b *testing.B) {
	for _, line := range costRuns {
		b.Run(strings.TrimPrefix(line, "run "), func(b *testing.B) {
			args := strings.Fields(line)
			p, err := prepareRun(args[1:])
			if err != nil {
				b.Fatal(err)
			}
			var m costcheck.Measured
			var out countingWriter
			for range b.N {
				out = countingWriter{}
				m = costcheck.Measure(func() {
					if err := p.run(context.Background(), &out, io.Discard); err != nil {
						b.Fatal(err)
					}
				})
			}
			est := p.estimate
			b.ReportMetric(est.Seconds/m.CPU.Seconds(), "est/time")
			b.ReportMetric(est.Bytes/max(m.Peak, 1), "est/mem")
			b.ReportMetric(est.OutputBytes/max(float64(out.n), 1), "est/out")
			b.ReportMetric(m.CPU.Seconds(), "s")
		})
	}
}

// checkEstimates runs each command line and checks its estimates: the
// report's size never under the estimate nor under a third of it, and
// (without the race detector) the peak heap never over its estimate.
func checkEstimates(t *testing.T, lines ...string) {
	t.Helper()
	for _, line := range lines {
		p, err := prepareRun(strings.Fields(line)[1:])
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		var out countingWriter
		m := costcheck.Measure(func() { err = p.run(context.Background(), &out, io.Discard) })
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if est, got := p.estimate.OutputBytes, float64(out.n); got > est || est > 3*got {
			t.Errorf("%s: the report is %.0f bytes, its estimate %.0f", line, got, est)
		}
		if !raceDetector && !testing.Short() && m.Peak > p.estimate.Bytes {
			t.Errorf("%s: peak heap %.3g B over the estimate %.3g B", line, m.Peak, p.estimate.Bytes)
		}
	}
}
