package cascade

import (
	"context"
	"math"
	"testing"
)

// awsTable is the table of AWS's "Exponential Backoff And Jitter" post
// (docs/sources.md §MECH.6) at 100 clients, the mean of 100 runs: writes
// a run and the time the last client is done, ms.
var awsTable = map[Jitter][2]float64{
	NoBackoff:    {2422, 2026},
	NoJitter:     {1861, 63572},
	EqualJitter:  {813, 6620},
	FullJitter:   {795, 4925},
	Decorrelated: {1000, 4576},
}

// occTolerance is how far a figure may stray from the post's: 15 %, the
// issue's bound; its runs drew from an unseeded stream, ours from seed
// 425, and 100 runs leave the means a few per cent apart from run to run.
const occTolerance = 0.15

// The occ model gives the post's table within 15 %, and its verdict:
// full jitter does the least work, and equal jitter more work than full
// jitter, done later.
func TestAWSBackoffTable(t *testing.T) {
	got := map[Jitter]OCCResult{}
	for j, want := range awsTable {
		r, err := RunOCC(context.Background(), OCCConfig{Seed: 425, Clients: 100, Runs: 100, BaseMs: 5, CapMs: 2000, Jitter: j, NetMeanMs: 10, NetSDMs: 2})
		if err != nil {
			t.Fatal(err)
		}
		got[j] = r
		if math.Abs(r.Calls-want[0]) > occTolerance*want[0] || math.Abs(r.TimeMs-want[1]) > occTolerance*want[1] {
			t.Errorf("%s: %.0f writes, %.0f ms; the post %.0f, %.0f", j, r.Calls, r.TimeMs, want[0], want[1])
		}
	}
	for j, r := range got {
		if j != FullJitter && r.Calls <= got[FullJitter].Calls {
			t.Errorf("%s makes %.0f writes, no more than full jitter's %.0f", j, r.Calls, got[FullJitter].Calls)
		}
	}
	if e, f := got[EqualJitter], got[FullJitter]; e.Calls <= f.Calls || e.TimeMs <= f.TimeMs {
		t.Errorf("equal jitter %.0f writes, %.0f ms against full jitter's %.0f, %.0f: the post says equal loses", e.Calls, e.TimeMs, f.Calls, f.TimeMs)
	}
}

// The occ model through a spec: the same figures as RunOCC's, as the
// headline gives them, one mode after another on one seed.
func TestOCCSpec(t *testing.T) {
	s := DefaultStormSpec()
	s.Model, s.Clients, s.BaseMs, s.Jitter = "occ", 100, 5, "full"
	storms, err := s.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	figs := StormFigures(storms)
	if len(figs) != 2 || figs[0].Value != "795" || figs[1].Value != "4,960 ms" || float64(storms[0].TotalRetries) != math.Round(storms[0].Calls*100) {
		t.Errorf("figures %v, writes counted %d", figs, storms[0].TotalRetries)
	}
}

// BenchmarkOCC is the post's full-jitter row: 100 clients, 100 runs; per
// write (with its read and four messages).
func BenchmarkOCC(b *testing.B) {
	c := OCCConfig{Seed: 425, Clients: 100, Runs: 100, BaseMs: 5, CapMs: 2000, Jitter: FullJitter, NetMeanMs: 10, NetSDMs: 2}
	b.ReportAllocs()
	writes := 0.0
	for b.Loop() {
		r, err := RunOCC(context.Background(), c)
		if err != nil {
			b.Fatal(err)
		}
		writes += r.Calls * float64(c.Runs)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/writes, "ns/write")
}
