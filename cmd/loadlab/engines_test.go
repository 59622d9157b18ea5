package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// The supermarket, retry-storm, cascade and availability runs a probe
// found running far past their estimate, writing past the report's limit,
// panicking or printing +Inf and NaN: each is now refused in one line
// naming the figure or the flag and what to lower, or runs within its
// estimate.
func TestEngineProbesAreRefusedInOneLine(t *testing.T) {
	t.Parallel()
	const probe = "run retry-storm --clients 1 --retries 12 --base-ms 1000000 --cap-ms 10000000"
	for _, c := range []struct{ line, says string }{
		{"run supermarket --policy jsq-d --d 10000 --servers 10000",
			"the run would take about 15 min of work on one core, over the limit of 10 min: lower --d, --time or --servers"},
		{"run supermarket --warmup 1e9", "--warmup must be in [0, time), below the time (2500), got 1e9"},
		{"run supermarket --time 1e8", "--time must be in (0, 1e7], got 1e8"},
		{probe + " --format json", "the report would be about 3.33 GB, over the limit of 512 MB: lower --cap-ms or --retries"},
		{probe + " --format json --jitter none", "the report would be about 1.05 GB, over the limit of 512 MB: lower --cap-ms or --retries"},
		{probe + " --format csv --jitter none", "the report would be about 1.51 GB, over the limit of 512 MB: lower --cap-ms or --retries"},
		{"run retry-storm --clients 10000000 --retries 30 --max-memory 1GB", "of memory, over the limit of 1 GB: lower --clients or --retries"},
		{"run cascade --duration 1e-20", "--duration must be at least one tick (dt, 0.01 s), got 1e-20"},
		{"run cascade --duration 0.5 --dt 1", "--duration must be at least one tick (dt, 1 s), got 0.5"},
		{"run cascade --configs S5 --rate 1000 --duration 3600 --scan 1000000 --api-slots 100000 --sample-every 1 --client-timeout 1000000 --tuned-wait 1000000",
			"over the limit of 10 min: lower --duration, --rate or --configs"},
		{"run availability --target 1e-320 --format json", "--target must be in [0.01, 0.9999999999] (up to ten nines), such as 0.9999, got 1e-320"},
		{"run availability --target 0.99999999999", "--target must be in [0.01, 0.9999999999]"},
		{"run availability --mttf 5e-324 --mttr 5e-324", "--mttf must be in [1e-9, 1e12] hours, got 5e-324"},
		{"run availability --mttr 1e-300", "--mttr must be in [1e-9, 1e12] hours, got 1e-300"},
		{"run availability --machines 1,1", "--machines lists 1 twice: give each fleet size once"},
		{"run availability --machines 120,12000,120", "--machines lists 120 twice"},
	} {
		code, out, errs := runArgs(t, strings.Fields(c.line)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("loadlab %s: exit %d, stderr %q; want exit 2 and one line saying %q", c.line, code, errs, c.says)
		}
	}
	// The probe's storm as a chart is small, and accepted.
	if _, err := prepareRun(strings.Fields(probe)[1:]); err != nil {
		t.Errorf("%s: refused: %v", probe, err)
	}
}

// No figure of the availability study is +Inf or NaN in any format, at
// the ends of every range: what could overflow is refused, or written in
// words.
func TestAvailabilityHasNoInfOrNaN(t *testing.T) {
	t.Parallel()
	times := []string{"1e-9", "1e-6", "1", "1e12"}
	for _, mttf := range times {
		for _, mttr := range times {
			for _, target := range []string{"0.01", "0.9999999999"} {
				for _, f := range []string{"text", "json", "csv"} {
					args := []string{"run", "availability", "--mttf", mttf, "--mttr", mttr, "--target", target, "--format", f,
						"--unit-mttf-years", "5e-324", "--machines", "1,1000000000", "--replicas", "100", "--need", "100", "--correlated", "1"}
					code, out, errs := runArgs(t, args...)
					if code != 0 || strings.Contains(out, "Inf") || strings.Contains(out, "NaN") {
						t.Errorf("loadlab %s: exit %d %s\n%s", strings.Join(args, " "), code, errs, out)
					}
				}
			}
		}
	}
}

// The reports' estimates never fall short of the report, and the storms'
// are close: their histograms are measured, not guessed.
func TestReportEstimates(t *testing.T) {
	costcheck.Long(t)
	t.Parallel()
	noDetectorNeeded(t)
	for _, line := range []string{
		"run retry-storm --format json",
		"run retry-storm --format csv",
		"run retry-storm --format text",
		"run retry-storm --clients 1 --retries 12 --base-ms 10000 --cap-ms 100000 --format json",
		"run retry-storm --clients 200000 --retries 5 --jitter full,decorrelated --format csv",
		"run supermarket --format json",
		"run supermarket --policy random --load 0.99 --time 2000 --format csv",
		"run cascade --format json",
		"run cascade --configs S1,S6 --sample-every 1 --duration 30 --format json",
		"run cascade --format text",
		"run cascade --configs custom --retry immediate --max-retries 100 --timeout tuned --tuned-wait 0.001 --api-slots 1 --client-timeout 1000000 --head-check 64 --follow 1:0 --format text",
		"run cascade --configs custom --retry immediate --max-retries 100 --timeout tuned --tuned-wait 0.001 --api-slots 1 --client-timeout 1000000 --head-check 64 --follow 1:0 --format json",
		"run availability --format json",
		"run availability --format text --machines " + fleets(2000),
		"run availability --format json --machines " + fleets(2000),
	} {
		p, err := prepareRun(strings.Fields(line)[1:])
		if err != nil {
			t.Fatalf("%.100s: %v", line, err)
		}
		var out countingWriter
		if err := p.run(context.Background(), &out, io.Discard); err != nil {
			t.Fatalf("%.100s: %v", line, err)
		}
		est, got := p.estimate.OutputBytes, float64(out.n)
		if got > est || strings.Contains(line, "retry-storm") && strings.Contains(line, "--format") && !strings.Contains(line, "text") && est > 1.6*got {
			t.Errorf("%.100s: the report is %.0f bytes, its estimate %.0f", line, got, est)
		}
	}
}

// fleets is a list of n distinct fleet sizes.
func fleets(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, 1+i*7)
	}
	return b.String()
}

// A large list of fleet sizes is in the estimate: its rows in the report
// and its work.
func TestAvailabilityCostCountsTheFleets(t *testing.T) {
	t.Parallel()
	small, _ := prepareRun([]string{"availability", "--format", "json"})
	large, err := prepareRun([]string{"availability", "--format", "json", "--machines", fleets(100000)})
	if err != nil {
		t.Fatal(err)
	}
	if large.estimate.OutputBytes < small.estimate.OutputBytes+100000*100 || large.estimate.Seconds < 100000*300e-9 {
		t.Errorf("100000 fleet sizes: estimate %+v, the default's %+v", large.estimate, small.estimate)
	}
}

// The runs hold no more heap than their memory estimate.
func TestMemoryEstimatesBoundTheRuns(t *testing.T) {
	costcheck.Long(t)
	if testing.Short() {
		t.Skip("runs a few seconds of simulation")
	}
	if raceDetector {
		t.Skip("the race detector changes allocation: heap bounds are checked without -race")
	}
	for _, line := range []string{
		"run supermarket --servers 1000000 --time 1 --warmup 0.5",
		"run supermarket --servers 200000 --policy jsq --against stale-d --time 2 --warmup 1",
		"run retry-storm --clients 1000000 --retries 10",
		"run retry-storm --clients 1 --retries 12 --base-ms 100000 --cap-ms 1000000 --jitter none --format json",
		"run cascade --configs S1 --rate 30000 --duration 20 --api-slots 1",
		"run availability --format json --machines " + fleets(50000),
	} {
		p, err := prepareRun(strings.Fields(line)[1:])
		if err != nil {
			t.Fatalf("%.100s: %v", line, err)
		}
		m := costcheck.Measure(func() { p.run(context.Background(), io.Discard, io.Discard) })
		if m.Peak > p.estimate.Bytes {
			t.Errorf("%.100s: peak heap %.3g B over the estimate %.3g B", line, m.Peak, p.estimate.Bytes)
		}
	}
}

// ctrl+c stops the long phases of these engines with exit 130 and nothing
// on stdout: an arrival looking at ten thousand servers, a storm of ten
// million clients, a long JSON histogram being built, a tick of a million
// arrivals, a bulkheaded svc scanning its queue. With LOADLAB_TIMED=1 (an
// idle machine, no -race) each must also stop within 100 ms.
func TestCtrlCStopsTheEngines(t *testing.T) {
	costcheck.Long(t)
	if testing.Short() {
		t.Skip("starts runs of several seconds")
	}
	const within = 100 * time.Millisecond
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	for _, line := range []string{
		"run supermarket --policy jsq-d --d 10000 --servers 10000 --time 100 --warmup 10",
		"run supermarket --policy stale-d --d 10000000 --servers 10000000 --time 1e-5 --warmup 0",
		"run retry-storm --clients 10000000 --retries 10 --jitter full,equal",
		"run retry-storm --clients 100 --retries 12 --base-ms 40000 --cap-ms 4000000 --jitter full,equal --format json",
		"run retry-storm --clients 100 --retries 12 --base-ms 20000 --cap-ms 2000000 --jitter full,equal --format csv",
		"run cascade --rate 1000000 --dt 1 --duration 20 --configs S1",
		"run cascade --rate 1000 --duration 3600 --dep-prob 1 --configs S5 --scan 1000000 --api-slots 100000 --client-timeout 1000000 --tuned-wait 1000000",
		"run interleave --enactors 3 --records 2 --fixes recheck,recheck+safe-cleanup --method brute",
		"run dns-race-timing --trials 3000000 --fixes all",
	} {
		code, out, errs, took := interruptAfterSaying(t, 400*time.Millisecond, strings.Fields(line)...)
		if !timed && code == exitInterrupted && strings.Contains(errs, "so that it is whole") {
			continue // a fast machine finished the run first: ctrl+c while a report goes out lets it finish, whole
		}
		if code != exitInterrupted || out != "" || (timed && took > within) {
			t.Errorf("loadlab %s: exit %d, %d bytes out, stopped %v after ctrl+c; want 130, nothing, under %v",
				line, code, len(out), took, within)
		}
	}
}
