package bins

import (
	"math"
	"strconv"

	"github.com/loadlab/loadlab/sim/engine"
)

// Costs of the engine's basic operations on one core, in nanoseconds,
// measured on this project's 2-core machine (BenchmarkCostModel prints the
// estimate against the measured time).
const (
	nsDraw = 2.5 // one randrange candidate (drawn in batches)
	// nsVisit reads one candidate's load while the loads fit the cache;
	// nsVisitFar beyond it, where each read misses.
	nsVisit, nsVisitFar = 1.5, 12.0
	cacheBins           = 1 << 20
	nsBinPass           = 0.1  // one bin of a copy: a stale snapshot
	nsBinPassFar        = 0.17 // the same past farBins
	nsTrialBin          = 2.8  // one bin of a lane per trial: clearing and counting its load
	nsTrialBinFar       = 10.0 // the same past farBins, where it goes to main memory
	farBins             = 1 << 22
	nsRow               = 300  // summarising one trial of one strategy
	nsSeed              = 8000 // seeding the stream of one trial
	nsRun               = 3e5  // starting the workers and their engines
	nsAlloc             = 2.0  // allocating and first touching one bin of one lane
	nsJSONRow           = 1500 // encoding one trial of one strategy as JSON
	// keptRowBytes is one trial of one strategy held as a TrialResult.
	keptRowBytes = 450
	baseBytes    = 16 << 20
)

// Sizes in the indented JSON report, in bytes, measured on its reports
// from 1 to 1,000 trials and 16 to 4,096 bins: its head; a trial's seed
// and braces; one trial of one strategy before its numbers (keys and
// indentation) and per digit of the balls (max, min, p99, empty, hot and
// the top five) and its three decimals (mean, std, gap); a strategy's
// summary, and an entry of its max distribution; a fluid limit, written
// twice a strategy (in the summary and under theory), and an expected
// count a load; a paired comparison; a moment.
const (
	jsonHead, jsonTrial                = 700, 80
	jsonRow, jsonRowDigit, jsonDecimal = 240, 10, 20
	jsonSummary, jsonMaxEntry          = 400, 50
	jsonFluid, jsonLevel               = 320, 30
	jsonPaired, jsonMoment             = 160, 75 // a moment for about half the pairs
)

// jsonBytes is the size of the JSON report: its head, every strategy's
// summary and fluid limit (an expected count a load it reaches), the
// paired comparisons, the first trial's moments, and every trial.
func (c Config) jsonBytes() float64 {
	t, k := float64(c.Trials), float64(len(c.Strategies))
	load := float64(c.Balls) / float64(c.Bins)
	spread := 2*math.Sqrt(load+8*math.Sqrt(load)+24) + 4 // the max loads trials end at, at most
	digits := float64(len(strconv.Itoa(c.Balls)))
	out := jsonHead + (k-1)*jsonPaired + k*k*jsonMoment
	for _, s := range c.Strategies {
		out += jsonSummary + math.Min(t, spread)*jsonMaxEntry
		if levels := fluidLevels(s, c.Bins, c.Balls); levels > 0 {
			out += 2 * (jsonFluid + levels*jsonLevel)
		}
	}
	return out + t*(jsonTrial+k*(jsonRow+digits*jsonRowDigit+3*jsonDecimal))
}

// Cost estimates a run of the config through RunAll before it starts: its
// work on one core, its peak memory with the given workers, and the size of
// its JSON report. keepTrials is RunOptions.KeepTrials.
func (c Config) Cost(workers int, keepTrials bool) engine.Cost { return c.cost(workers, keepTrials) }

// PlayCost is Cost on one core without the fluid limits: a run played to
// its end for its figures, whose limits are worked out once for every
// seed.
func (c Config) PlayCost() engine.Cost {
	cost := c.cost(1, false)
	for _, s := range c.Strategies {
		cost.Seconds -= fluidNs(s, c.Bins, c.Balls) / 1e9
	}
	return cost
}

func (c Config) cost(workers int, keepTrials bool) engine.Cost {
	n, m, t := float64(c.Bins), float64(c.Balls), float64(c.Trials)
	k := float64(len(c.Strategies))
	visit := nsVisit
	if c.Bins > cacheBins {
		visit = nsVisitFar
	}
	draws, visits, setup := 0.0, 0.0, 0.0
	trialBin, pass := c.binCosts()
	for _, s := range c.Strategies {
		if c.Stream == Sequential {
			draws += m * float64(s.Draws())
		}
		visits += m * float64(s.Draws())
		setup += n * trialBin // clear the loads, count them for the figures
		if s.Kind == Stale {
			setup += math.Ceil(m/float64(s.Refresh)) * n * pass // snapshot copies
		}
	}
	if c.Stream == Paired {
		draws = m * float64(c.maxDraws())
	}
	ballNs := t * (draws*nsDraw + visits*visit)
	setupNs := t * setup
	rowsNs := t * (k*nsRow + nsSeed)
	if keepTrials {
		rowsNs += t * k * nsJSONRow
	}
	used := float64(engine.Goroutines(workers, c.Trials))
	allocNs := nsRun + used*k*n*nsAlloc
	theoryNs := 0.0
	for _, s := range c.Strategies {
		theoryNs += fluidNs(s, c.Bins, c.Balls)
	}
	cost := engine.Cost{Seconds: (ballNs + setupNs + rowsNs + allocNs + theoryNs) / 1e9}
	cost.TimeLevers = []string{"balls", "trials", "strategies"}
	switch {
	case rowsNs > max(ballNs, setupNs): // each trial's own work: its seed and its rows
		cost.TimeLevers = []string{"trials", "strategies"}
	case setupNs > ballNs:
		cost.TimeLevers = []string{"bins", "trials", "strategies"}
	}

	// Memory: each worker's lanes (loads, a stale snapshot, the figures'
	// scratch, the max's history) and candidates, the rows of every trial
	// and what summarising them holds, and the kept trials with the report.
	// The figures' histogram runs to the max load, at most the mean load
	// and the spread trials end at (as jsonBytes bounds it), and at most
	// the balls.
	load := m / n
	histogram := math.Min(8*math.Min(2*n+1024, m+1), 32*(load+2*math.Sqrt(load+8*math.Sqrt(load)+24)+5))
	perLane := 4*n + histogram + math.Min(m, maxRises)*16
	perWorker := 4 * float64(maxBatchCandidates)
	for _, s := range c.Strategies {
		perWorker += perLane
		if s.Kind == Stale {
			perWorker += 4 * n
		}
	}
	rows := t * k * (rowBytes + 80)
	if keepTrials {
		cost.OutputBytes = c.jsonBytes()
		rows += t*k*keptRowBytes + 2.5*cost.OutputBytes
	} else {
		cost.OutputBytes = 4096 + k*512
	}
	cost.Bytes = baseBytes + used*perWorker + rows
	cost.MemoryLevers = []string{"bins", "workers"}
	if rows > used*perWorker {
		cost.MemoryLevers = []string{"trials", "strategies"}
	}
	cost.OutputLevers = []string{"trials", "strategies"}
	return cost
}

// StepSeconds is the longest one Step can take on one core: the step that
// starts a trial (clearing every lane, and on a sequential stream drawing
// past the balls of every strategy but the last to position its stream),
// then counts the loads at its end; or a step that copies a stale snapshot.
// A view that steps between frames refuses configs whose step is too long.
func (c Config) StepSeconds() float64 {
	n, m := float64(c.Bins), float64(c.Balls)
	ns := 0.0
	trialBin, pass := c.binCosts()
	for i, s := range c.Strategies {
		ns += n * trialBin
		if s.Kind == Stale {
			ns += n * pass
		}
		if c.Stream == Sequential && i < len(c.Strategies)-1 {
			ns += m * float64(s.Draws()) * nsDraw
		}
	}
	return ns / 1e9
}

// binCosts are the costs of a lane's per-trial pass and of a copy, per bin:
// dearer once the bins no longer fit the cache.
func (c Config) binCosts() (trialBin, pass float64) {
	if c.Bins > farBins {
		return nsTrialBinFar, nsBinPassFar
	}
	return nsTrialBin, nsBinPass
}

// fluidLevels is at most the expected counts a strategy's fluid limit
// gives, a load each, or 0 where FluidLimit computes none (it mirrors
// FluidLimit's bounds).
func fluidLevels(s Strategy, bins, balls int) float64 {
	t := float64(balls) / float64(bins)
	onePoisson := s.Kind == One || s.Kind == Correlated || s.D == 1 && (s.Kind == DChoice || s.Kind == Left) || s.Kind == Stale && s.Refresh >= balls
	if t > maxFluidLoad && !onePoisson || t > maxPoissonLoad || s.Kind == Left && bins%s.D != 0 {
		return 0
	}
	return math.Min(t+8*math.Sqrt(t)+24, maxLevels)
}

// fluidNs is the time of a strategy's fluid limit (see FluidLimit): RK4
// steps times the loads tracked times the evaluations of a rate, measured
// at 4-6 ns a rate for d <= 2 and 2 ns more a choice beyond, d^2 times that for
// always-go-left, and a snapshot's classes squared a refresh for stale.
// (It mirrors FluidLimit's choices.)
func fluidNs(s Strategy, bins, balls int) float64 {
	t := float64(balls) / float64(bins)
	levels := t + 8*math.Sqrt(t) + 24
	if s.Kind == One || s.Kind == Correlated || s.D == 1 && (s.Kind == DChoice || s.Kind == Left) || s.Kind == Stale && s.Refresh >= balls {
		return (t + 40*math.Sqrt(t) + 40) * 4 // the Poisson tail, term by term
	}
	if t > maxFluidLoad {
		return 0
	}
	steps := math.Ceil(t / fluidStep)
	perRate := 8.0
	switch s.Kind {
	case DChoice:
		if s.D > 2 {
			perRate = 8 + float64(s.D)/4
		}
	case Left:
		perRate = 10 * float64(s.D*s.D)
	case Stale:
		periods := math.Ceil(float64(balls) / float64(s.Refresh))
		return periods * levels * levels * 30
	}
	return steps * levels * 4 * perRate
}
