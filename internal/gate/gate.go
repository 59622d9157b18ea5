// Package gate is what a run may cost on this machine, the one check
// every way into the engines passes before it allocates: loadlab run and
// its --seeds, sweep, the TUI's labs, its ":" line, N and sweep screen,
// and a class server's sessions (which hold a smaller share, tui/lab).
package gate

import (
	"fmt"

	"github.com/loadlab/loadlab/internal/sysmem"
	"github.com/loadlab/loadlab/sim/engine"
)

// MaxOutputBytes bounds a report: it is built in memory before it is
// written, so that an interrupted run writes nothing. A run whose report
// would be larger is refused rather than streamed: streaming would write
// part of a report that ctrl+c could then cut short.
const MaxOutputBytes = 512e6

// Limits are what a run may cost: about ten minutes on one core, half the
// machine's memory (or maxMemory, when above 0), and MaxOutputBytes of
// report.
func Limits(maxMemory float64) engine.Limits {
	if maxMemory <= 0 {
		maxMemory = sysmem.Total() / 2
	}
	return engine.Limits{Seconds: engine.DefaultSeconds, Bytes: maxMemory, OutputBytes: MaxOutputBytes}
}

// OverSeeds is the cost of n runs of one config, each on one goroutine,
// shared by workers goroutines (engine.Goroutines): the work of them all
// over the goroutines, and the memory of as many runs at once as run.
func OverSeeds(one engine.Cost, n, workers int) engine.Cost {
	g := float64(engine.Goroutines(workers, n))
	c := one
	c.Seconds = one.Seconds * float64(n) / g
	c.Bytes = one.Bytes * g
	c.TimeLevers = append([]string{"seeds"}, one.TimeLevers...)
	c.MemoryLevers = append(append([]string(nil), one.MemoryLevers...), "workers")
	return c
}

// SeedsFit refuses n runs from the seed first, each the stride after the
// last, whose seeds would pass 2^63 - 1, naming --seed and --seeds and
// the largest first seed allowed: checked before any work, so that no
// run meets a seed that wrapped around.
func SeedsFit(first int64, n int, stride int64) error {
	largest := engine.LargestFirstSeed(n, stride)
	if first <= largest {
		return nil
	}
	trials := ""
	if stride > 1 {
		trials = fmt.Sprintf(", a run's %d trials drawing from as many", stride)
	}
	if largest < 0 {
		return fmt.Errorf("--seeds %d would need more seeds than there are below 2^63%s: lower --seeds", n, trials)
	}
	return fmt.Errorf("--seed %d with --seeds %d would pass 2^63 - 1, the largest seed%s: give --seed at most %d or lower --seeds", first, n, trials, largest)
}
