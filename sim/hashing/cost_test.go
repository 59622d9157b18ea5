package hashing

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
)

// costCases span the cost model's regimes: HRW's scores over many nodes,
// weighted and raw scores, the skeleton, rings small and large (beyond the
// caches), many nodes leaving or joining, many keys, both schemes at once;
// and the three runs of the probe that found removal and joining quadratic
// and the ring's cost unestimated. big marks those too large for a test.
var costCases = []struct {
	name string
	spec func() Spec
	big  bool
}{
	{"default", DefaultSpec, false},
	{"jump against maglev", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Against, s.Nodes, s.Keys = "jump", "maglev", 10000, 1000000 })
	}, false},
	{"maglev 100000 nodes", func() Spec { return edit(func(s *Spec) { s.Scheme, s.Nodes, s.Keys = "maglev", 100000, 10000 }) }, true},
	{"bounded, 100 leave", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Nodes, s.Keys, s.Remove, s.Add = "bounded", 2000, 400000, 100, 100 })
	}, false},
	{"probe: 59999 of 60000 leave", func() Spec { return edit(func(s *Spec) { s.Keys, s.Nodes, s.Remove = 1, 60000, 59999 }) }, false},
	{"probe: 30000 join 1000", func() Spec { return edit(func(s *Spec) { s.Keys, s.Nodes, s.Add = 1, 1000, 30000 }) }, false},
	{"probe: ring 10000 x 10000", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.VNodes, s.Nodes, s.Keys = "ring", 10000, 10000, 1000000 })
	}, true},
	{"hrw 100000 nodes", func() Spec { return edit(func(s *Spec) { s.Nodes, s.Keys, s.Remove, s.Add = 100000, 20000, 500, 500 }) }, true},
	{"weighted 1,2,4", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Weights, s.Nodes, s.Keys = "weighted-hrw", "1,2,4", 2000, 20000 })
	}, false},
	{"raw against skeleton", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Against, s.Nodes, s.Keys = "raw-hrw", "skeleton", 5000, 10000 })
	}, false},
	{"skeleton 1M nodes", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Nodes, s.Keys, s.Remove, s.Add = "skeleton", 1000000, 2000000, 1000, 1000 })
	}, true},
	{"ring 1M points, half leave", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Nodes, s.VNodes, s.Keys, s.Remove = "ring", 10000, 100, 1000000, 5000 })
	}, false},
	{"ring 30M points, 3000 join", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Nodes, s.VNodes, s.Keys, s.Add = "ring", 3000, 10000, 100000, 3000 })
	}, true},
	{"10M keys", func() Spec {
		return edit(func(s *Spec) { s.Scheme, s.Against, s.Nodes, s.Keys = "ring", "skeleton", 100, 10000000 })
	}, true},
	{"hrw, lookups timed", func() Spec {
		return edit(func(s *Spec) { s.Nodes, s.Keys, s.TimeLookups, s.Against = 5000, 20000, true, "ring" })
	}, false},
	{"many leave and join", func() Spec {
		return edit(func(s *Spec) { s.Nodes, s.Keys, s.Remove, s.Add, s.Against = 200000, 1000, 199999, 200000, "skeleton" })
	}, false},
}

func edit(f func(*Spec)) Spec {
	s := DefaultSpec()
	f(&s)
	return s
}

// measure runs s and returns its wall and CPU time and the peak of the
// live heap (costcheck.Measure).
func measure(t testing.TB, s Spec) (wall, cpu time.Duration, peak float64) {
	var err error
	m := costcheck.Measure(func() { _, err = s.Run(context.Background(), nil) })
	if err != nil {
		t.Fatal(err)
	}
	return m.Wall, m.CPU, m.Peak
}

// A run never holds more than 1.5 times its memory estimate, and with
// LOADLAB_TIMED=1 (an idle machine) takes between half and twice its
// estimated time, plus 50 ms.
func TestCostModel(t *testing.T) {
	costcheck.Long(t)
	if testing.Short() {
		t.Skip("runs a few seconds of mapping")
	}
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	for _, c := range costCases {
		if c.big {
			continue
		}
		est := c.spec().Cost()
		wall, _, peak := measure(t, c.spec())
		if peak > 1.5*est.Bytes {
			t.Errorf("%s: peak heap %.3g B, over 1.5 times the estimate %.3g B", c.name, peak, est.Bytes)
		}
		if s := wall.Seconds(); timed && (s > 2*est.Seconds+0.05 || s < est.Seconds/2-0.05) {
			t.Errorf("%s: took %v, estimate %.3g s", c.name, wall, est.Seconds)
		}
	}
}

// BenchmarkCostModel reports, per case, the estimated over the measured
// time (on the clock, and on the CPU, which a busy machine does not
// stretch) and the estimated over the measured peak heap: the acceptance
// bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkCostModel(b *testing.B) {
	for _, c := range costCases {
		b.Run(strings.ReplaceAll(c.name, " ", "_"), func(b *testing.B) {
			est := c.spec().Cost()
			var wall, cpu time.Duration
			var peak float64
			for range b.N {
				wall, cpu, peak = measure(b, c.spec())
			}
			b.ReportMetric(est.Seconds/wall.Seconds(), "est/time")
			b.ReportMetric(est.Seconds/cpu.Seconds(), "est/cpu")
			b.ReportMetric(est.Bytes/max(peak, 1), "est/mem")
			b.ReportMetric(wall.Seconds(), "s")
			b.ReportMetric(est.Seconds, "est-s")
			b.ReportMetric(peak/1e6, "peak-MB")
		})
	}
}
