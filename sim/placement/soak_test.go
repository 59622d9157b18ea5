package placement

import (
	"github.com/loadlab/loadlab/internal/costcheck"

	"math"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// The soak test runs random tables and durability runs that their cost
// models put under half a second, and checks each against its own
// estimate: peak heap within 1.5x and, with LOADLAB_TIMED=1 on an idle
// machine, time within 2x plus 50 ms (go test runs packages side by side
// on two cores, so the time check is left to an explicit run).
// LOADLAB_SOAK=1 runs ten times as many.
func TestSoakRandomSpecsStayWithinTheirEstimates(t *testing.T) {
	costcheck.Long(t)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(2 << 30))
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	want := 12
	if os.Getenv("LOADLAB_SOAK") == "1" {
		want *= 10
	}
	r := rand.New(rand.NewPCG(26, 2026))
	pick := func(names []string) string {
		var list []string
		for _, i := range r.Perm(len(names))[:1+r.IntN(len(names))] {
			list = append(list, names[i])
		}
		return strings.Join(list, ",")
	}
	logUniform := func(lo, hi float64) float64 { return math.Exp(math.Log(lo) + r.Float64()*math.Log(hi/lo)) }
	strategies := []string{"random", "greedy", "rack-aware", "az-aware"}
	for tables, runs := 0, 0; tables < want || runs < want; {
		topo := Topology{AZs: 1 + r.IntN(1<<r.IntN(7)), RacksPerAZ: 1 + r.IntN(1<<r.IntN(7)), NodesPerRack: 1 + r.IntN(1<<r.IntN(9)), Versions: 1}
		topo.Versions = 1 + r.IntN(topo.NodesPerAZ())
		if tables < want {
			s := Spec{Seed: r.Int64N(1 << 40), Trials: 1 + r.IntN(1<<r.IntN(16)), Topology: topo, Replicas: 1 + r.IntN(6),
				Strategies: pick(append(strategies, "diverse")), Events: pick(eventNames[:])}
			if est := s.Cost(); s.Validate() == nil && est.Seconds < 0.5 {
				took, peak := measure(func() { runTable(s) })
				if peak > 1.5*est.Bytes {
					t.Errorf("%+v: peak heap %.3g B, estimate %.3g B", s, peak, est.Bytes)
				}
				if timed && took.Seconds() > 2*est.Seconds+0.05 {
					t.Errorf("%+v: took %v, estimate %.3g s", s, took, est.Seconds)
				}
				tables++
			}
		}
		if runs < want {
			s := DurabilitySpec{Seed: r.Int64N(1 << 40), Years: logUniform(0.1, 1000), Topology: topo, Replicas: 1 + r.IntN(5),
				Objects: 1 + r.IntN(1<<r.IntN(19)), Strategies: pick(strategies), NodeMTTFYears: logUniform(0.001, 100),
				ReplaceHours: logUniform(1, 1000), RackOutageYears: logUniform(0.01, 100), RackOutageHours: logUniform(1, 100),
				AZOutageYears: logUniform(0.01, 100), AZOutageHours: logUniform(1, 100), RackLossYears: logUniform(0.1, 1000), RebuildHours: logUniform(1, 100)}
			if est := s.Cost(); s.Validate() == nil && est.Seconds < 0.5 {
				took, peak := measure(func() { runDurability(s) })
				if peak > 1.5*est.Bytes {
					t.Errorf("%+v: peak heap %.3g B, estimate %.3g B", s, peak, est.Bytes)
				}
				if timed && took.Seconds() > 2*est.Seconds+0.05 {
					t.Errorf("%+v: took %v, estimate %.3g s", s, took, est.Seconds)
				}
				runs++
			}
		}
	}
}
