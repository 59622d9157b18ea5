package bins

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Stream says how strategies share random candidates.
type Stream int

const (
	// Paired draws, for each ball, as many candidates as the most demanding
	// strategy reads; every strategy reads that same list.
	Paired Stream = iota
	// Sequential runs the strategies one after another on one stream, each
	// drawing only what it reads (the blog post's program (§BLOG)).
	Sequential
)

// String returns the name used on the command line.
func (s Stream) String() string {
	if s == Sequential {
		return "sequential"
	}
	return "paired"
}

// ParseStream reads "paired" or "sequential".
func ParseStream(s string) (Stream, error) {
	switch s {
	case "paired":
		return Paired, nil
	case "sequential":
		return Sequential, nil
	}
	return Paired, engine.Invalid("stream", "must be paired or sequential, got %q", s)
}

// Limits on a configuration's fields; what a run may cost in time and
// memory is the cost model's to say (Config.Cost).
const (
	MaxBins  = 50_000_000
	MaxBalls = math.MaxInt32
)

// Config describes one experiment: Trials runs of Balls balls into Bins bins,
// trial t seeded with Seed + t.
type Config struct {
	Bins       int
	Balls      int
	Trials     int
	Seed       int64
	Strategies []Strategy
	Stream     Stream
	// Hot is the multiple of the mean load at or above which a bin is hot.
	Hot float64
	// Baseline names the strategy the others are compared with trial by
	// trial; empty means the first one.
	Baseline string
}

// Validate reports the first invalid field, naming its flag and the allowed
// range.
func (c Config) Validate() error {
	switch {
	case c.Bins < 1 || c.Bins > MaxBins:
		return engine.Invalid("bins", "must be in 1..%d, got %d", MaxBins, c.Bins)
	case c.Balls < 1 || c.Balls > MaxBalls:
		return engine.Invalid("balls", "must be in 1..%d, got %d", MaxBalls, c.Balls)
	case c.Trials < 1:
		return engine.Invalid("trials", "must be at least 1, got %d", c.Trials)
	case !(c.Hot > 0) || math.IsInf(c.Hot, 0):
		return engine.Invalid("hot", "must be a positive multiple of the mean load, got %v", c.Hot)
	case len(c.Strategies) == 0:
		return engine.Invalid("strategies", "must name at least one strategy")
	case c.Seed < 0:
		return engine.Invalid("seed", "must be >= 0, got %d", c.Seed)
	}
	if c.Seed > math.MaxInt64-int64(c.Trials-1) { // trial t draws from seed + t
		return engine.Invalid("trials", "from the seed must stay within 2^63 - 1, the largest seed: at most %d from seed %d, got %d", math.MaxInt64-c.Seed+1, c.Seed, c.Trials)
	}
	baselineFound := c.Baseline == ""
	for _, s := range c.Strategies {
		if s.Name == c.Baseline {
			baselineFound = true
		}
		switch s.Kind {
		case DChoice, Left:
			if s.D < 1 || s.D > c.Bins {
				return engine.Invalid("d", "for %s must be in 1..%d (the number of bins), got %d", s.Name, c.Bins, s.D)
			}
			if s.Kind == Left && c.Bins%s.D != 0 {
				return engine.Invalid("d", "for %s must divide the number of bins (%d bins into %d groups), got %d", s.Name, c.Bins, s.D, s.D)
			}
		case Stale:
			if s.Refresh < 1 {
				return engine.Invalid("refresh", "for %s must be at least 1 ball, got %d", s.Name, s.Refresh)
			}
		}
	}
	if !baselineFound {
		return engine.Invalid("baseline", "must be one of the chosen strategies, got %q", c.Baseline)
	}
	return nil
}

// maxDraws is how many candidates a paired stream draws per ball.
func (c Config) maxDraws() int {
	k := 1
	for _, s := range c.Strategies {
		k = max(k, s.Draws())
	}
	return k
}
