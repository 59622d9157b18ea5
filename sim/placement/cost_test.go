package placement

import (
	"context"
	"github.com/loadlab/loadlab/internal/costcheck"
	"testing"
	"time"
)

// durabilityCostCases span the durability cost model: the lecture's fleet,
// a failure every few hours on one object (the timeline drawn again from
// copies of the stream), many objects, many nodes, rebuilds galore, every
// domain dark often.
var durabilityCostCases = []struct {
	name string
	spec func() DurabilitySpec
}{
	{"lecture", DefaultDurabilitySpec},
	{"one object, mttf 0.001 y, 100 y", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Objects, s.Replicas, s.Strategies, s.NodeMTTFYears, s.Years = 1, 1, "random", 0.001, 100
		return s
	}},
	{"one object, mttf 0.001 y, 1000 y", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Objects, s.Replicas, s.Strategies, s.NodeMTTFYears, s.Years = 1, 1, "random", 0.001, 1000
		return s
	}},
	{"300k objects", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Objects, s.Years = 300_000, 5
		return s
	}},
	{"300k objects greedy", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Objects, s.Years, s.Strategies, s.RackLossYears = 300_000, 3, "greedy", 1000
		return s
	}},
	{"1M objects rack-aware", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Objects, s.Years, s.Strategies = 1_000_000, 3, "rack-aware"
		return s
	}},
	{"100k nodes", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Topology = Topology{AZs: 10, RacksPerAZ: 100, NodesPerRack: 100, Versions: 1}
		s.Objects, s.Years = 1000, 5
		return s
	}},
	{"1M nodes, 10 objects", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Topology = Topology{AZs: 10, RacksPerAZ: 1000, NodesPerRack: 100, Versions: 1}
		s.Objects, s.Years = 10, 5
		return s
	}},
	{"rebuilds, 5k nodes", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Topology = Topology{AZs: 5, RacksPerAZ: 50, NodesPerRack: 20, Versions: 1}
		s.Objects, s.Years, s.NodeMTTFYears, s.RackLossYears = 5_000, 5, 0.5, 2
		return s
	}},
	{"dark often", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.Objects, s.Years, s.RackOutageYears, s.AZOutageYears = 20_000, 200, 0.05, 0.1
		return s
	}},
	{"AZs dark for good", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.AZOutageHours = 1e6 // every AZ dark before long, and rebuilds with nowhere to go
		return s
	}},
	{"nodes never replaced", func() DurabilitySpec {
		s := DefaultDurabilitySpec()
		s.ReplaceHours = 1e6
		return s
	}},
}

// tableCostCases span the table's: the lecture's table, a version's
// failure over 64,000 versions, Diverse's exact chances at 7 x 7 and at
// 32 replicas, a million nodes one trial a location.
var tableCostCases = []struct {
	name string
	spec func() Spec
}{
	{"lecture", DefaultSpec},
	{"64000 versions", func() Spec {
		return Spec{Seed: 1, Trials: 1, Topology: Topology{AZs: 3, RacksPerAZ: 1, NodesPerRack: 64000, Versions: 64000}, Replicas: 3,
			Strategies: "random,greedy,rack-aware,az-aware", Events: "version"}
	}},
	{"64000 versions, 30 trials, all", func() Spec {
		return Spec{Seed: 1, Trials: 30, Topology: Topology{AZs: 3, RacksPerAZ: 1, NodesPerRack: 64000, Versions: 64000}, Replicas: 3,
			Strategies: "random,greedy,rack-aware,az-aware,diverse", Events: "node,rack,az,correlated,version"}
	}},
	{"diverse 7x7", func() Spec {
		return Spec{Seed: 425, Trials: 4000, Topology: Topology{AZs: 7, RacksPerAZ: 1, NodesPerRack: 7, Versions: 7}, Replicas: 4,
			Strategies: "diverse", Events: "version"}
	}},
	{"32 replicas", func() Spec {
		return Spec{Seed: 2, Trials: 100, Topology: Topology{AZs: 40, RacksPerAZ: 4, NodesPerRack: 10, Versions: 40}, Replicas: 32,
			Strategies: "random,greedy,rack-aware,az-aware,diverse", Events: "node,rack,az,correlated,version"}
	}},
	{"1M nodes", func() Spec {
		return Spec{Seed: 3, Trials: 1, Topology: Topology{AZs: 100, RacksPerAZ: 100, NodesPerRack: 100, Versions: 100}, Replicas: 3,
			Strategies: "random,greedy,rack-aware,az-aware,diverse", Events: "node,rack,az,correlated,version"}
	}},
	{"many trials", func() Spec {
		return Spec{Seed: 4, Trials: 2_000_000, Topology: Topology{AZs: 3, RacksPerAZ: 3, NodesPerRack: 3, Versions: 3}, Replicas: 3,
			Strategies: "random,rack-aware,diverse", Events: "az,version"}
	}},
}

// measure runs run and returns its time and the peak of the live heap
// above what was live before (costcheck.Measure).
func measure(run func()) (time.Duration, float64) {
	m := costcheck.Measure(run)
	return m.Wall, m.Peak
}

func runDurability(s DurabilitySpec) {
	d, err := NewDurability(s)
	if err != nil {
		panic(err)
	}
	if err := d.Run(context.Background(), nil); err != nil {
		panic(err)
	}
}

func runTable(s Spec) {
	t, err := NewTable(s)
	if err != nil {
		panic(err)
	}
	if err := t.Run(context.Background(), nil); err != nil {
		panic(err)
	}
}

// BenchmarkDurabilityCostModel reports, per case, the estimated over the
// measured time and the estimated over the measured peak heap: the
// acceptance bounds are 0.5..2 for time and at least 1/1.5 for memory.
func BenchmarkDurabilityCostModel(b *testing.B) {
	for _, c := range durabilityCostCases {
		b.Run(c.name, func(b *testing.B) {
			s := c.spec()
			est := s.Cost()
			var took time.Duration
			var peak float64
			for range b.N {
				took, peak = measure(func() { runDurability(s) })
			}
			b.ReportMetric(est.Seconds/took.Seconds(), "est/time")
			b.ReportMetric(est.Bytes/max(peak, 1), "est/mem")
			b.ReportMetric(took.Seconds(), "s")
			b.ReportMetric(peak/1e6, "MB")
		})
	}
}

// BenchmarkTableCostModel is BenchmarkDurabilityCostModel for the table.
func BenchmarkTableCostModel(b *testing.B) {
	for _, c := range tableCostCases {
		b.Run(c.name, func(b *testing.B) {
			s := c.spec()
			est := s.Cost()
			var took time.Duration
			var peak float64
			for range b.N {
				took, peak = measure(func() { runTable(s) })
			}
			b.ReportMetric(est.Seconds/took.Seconds(), "est/time")
			b.ReportMetric(est.Bytes/max(peak, 1), "est/mem")
			b.ReportMetric(took.Seconds(), "s")
			b.ReportMetric(peak/1e6, "MB")
		})
	}
}
