package bins

import (
	"github.com/loadlab/loadlab/internal/costcheck"

	"math/rand/v2"
	"os"
	"runtime/debug"
	"strings"
	"testing"
)

// soakMemoryCeiling is the heap the soak test lets the process use: a
// config whose estimate fits under it must not need more.
const soakMemoryCeiling = 2 << 30

// soakConfigs is how many random configs a default run checks;
// soakConfigsLong, how many a LOADLAB_SOAK=1 run checks.
const soakConfigs, soakConfigsLong = 10, 400

// The soak test runs random configs that the cost model accepts under
// small limits, with a memory ceiling, and checks each against its own
// estimate: peak heap within 1.5x and, with LOADLAB_TIMED=1 on an idle
// machine, time within 2x plus 50 ms. (go test runs packages side by side
// on two cores, so the time check is left to an explicit run.) A default
// run takes the first soakConfigs configs of a fixed seed, so it does the
// same work however fast the machine is; LOADLAB_SOAK=1 runs
// soakConfigsLong of them.
func TestSoakRandomConfigsStayWithinTheirEstimates(t *testing.T) {
	costcheck.Long(t)
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(soakMemoryCeiling))
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	want := soakConfigs
	if os.Getenv("LOADLAB_SOAK") == "1" {
		want = soakConfigsLong
	}
	r := rand.New(rand.NewPCG(7, 2026))
	kinds := []string{"one", "two", "dchoice:3", "correlated", "stale:8", "anti", "left:2"}
	for ran := 0; ran < want; {
		var list []string
		for _, i := range r.Perm(len(kinds))[:1+r.IntN(len(kinds))] {
			list = append(list, kinds[i])
		}
		bins := 2 << r.IntN(18)
		cfg, err := Spec{Bins: bins, Balls: 1 + r.IntN(1<<r.IntN(20)), Trials: 1 + r.IntN(1<<r.IntN(12)), Seed: r.Int64N(1 << 40),
			Strategies: strings.Join(list, ","), D: 2, Refresh: 8, Stream: []string{"paired", "sequential"}[r.IntN(2)], Hot: 1.2}.Config()
		if err != nil {
			continue // left:2 or dchoice:3 on too few bins
		}
		keep := r.IntN(2) == 0
		est := cfg.Cost(2, keep)
		if est.Seconds > 0.5 || est.Bytes > soakMemoryCeiling/2 {
			continue
		}
		took, peak := measure(cfg, 2, keep)
		if peak > 1.5*est.Bytes {
			t.Errorf("%+v: peak heap %.3g B, estimate %.3g B", cfg, peak, est.Bytes)
		}
		if timed && took.Seconds() > 2*est.Seconds+0.05 {
			t.Errorf("%d bins %d balls %d trials %s %v: took %v, estimate %.3g s", cfg.Bins, cfg.Balls, cfg.Trials, strings.Join(list, ","), cfg.Stream, took, est.Seconds)
		}
		ran++
	}
}
