package bins

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sync"
	"sync/atomic"

	"github.com/loadlab/loadlab/sim/engine"
)

// EnumStrategies are the rules the brute-force enumeration runs, in order.
var EnumStrategies = []Kind{One, Two, Correlated, Anti, Stale}

// MaxBruteInputs bounds brute-force enumeration: n^(2m) inputs at a few
// nanoseconds each, about ten seconds on two cores.
const MaxBruteInputs = 2_000_000_000

// MaxCounterexamples is the most counterexamples an enumeration lists; the
// count of them all is exact whatever the cap.
const MaxCounterexamples = 10_000

// EnumConfig describes an exhaustive enumeration: every ordered candidate
// pair for each of Balls balls over Bins bins.
type EnumConfig struct {
	Bins, Balls int
	// Refresh is the snapshot interval of the stale rule, in balls.
	Refresh int
	// Counterexamples is how many inputs where two choices end worse than
	// one are kept, first ones first.
	Counterexamples int
	// Workers is how many goroutines share the work; the result does not
	// depend on it.
	Workers int
}

// Inputs is n^(2m), the number of candidate sequences, or an error when it
// is beyond MaxBruteInputs.
func (c EnumConfig) Inputs() (int64, error) {
	if c.Bins < 1 || c.Bins > 64 {
		return 0, engine.Invalid("bins", "must be in 1..64 for enumeration, got %d", c.Bins)
	}
	if c.Balls < 1 || c.Balls > 64 {
		return 0, engine.Invalid("balls", "must be in 1..64 for enumeration, got %d", c.Balls)
	}
	inputs := math.Pow(float64(c.Bins), float64(2*c.Balls))
	if inputs > MaxBruteInputs {
		return 0, fmt.Errorf("brute force over %d^(2x%d) = %.3g inputs is beyond its bound of %.0e (about ten seconds): use the dp method, which is exact for one, two, dchoice and anti at far larger sizes",
			c.Bins, c.Balls, inputs, float64(MaxBruteInputs))
	}
	return int64(math.Round(inputs)), nil
}

// Validate reports the first invalid field.
func (c EnumConfig) Validate() error {
	if _, err := c.Inputs(); err != nil {
		return err
	}
	switch {
	case c.Refresh < 1:
		return engine.Invalid("refresh", "must be at least 1 ball, got %d", c.Refresh)
	case c.Counterexamples < 0 || c.Counterexamples > MaxCounterexamples:
		return engine.Invalid("counterexamples", "must be in 0..%d, got %d", MaxCounterexamples, c.Counterexamples)
	}
	return nil
}

// Counterexample is an input on which two choices end with a higher max
// load than one choice. Index is its position in the lexicographic order
// of (first0, second0, first1, second1, ...).
type Counterexample struct {
	Index      int64    `json:"index"`
	Candidates [][2]int `json:"candidates"`
	One        []int    `json:"one"`
	Two        []int    `json:"two"`
}

// PairedCounts says on how many inputs two choices end with a lower
// (better), equal or higher (worse) max load than one choice.
type PairedCounts struct {
	Better int64 `json:"better"`
	Same   int64 `json:"same"`
	Worse  int64 `json:"worse"`
}

// Enumeration is the exact outcome of every input.
type Enumeration struct {
	Inputs int64
	// MaxCounts[s][k] counts the inputs on which strategy EnumStrategies[s]
	// ends with max load k.
	MaxCounts [][]int64
	TwoVsOne  PairedCounts
	// First is the first counterexample in input order, nil when there is
	// none; Counterexamples lists the first Counterexamples of them.
	First           *Counterexample
	Counterexamples []Counterexample
	// Kinds counts counterexamples by their pair of max loads, "2 vs 3"
	// meaning one choice ended at 2 and two choices at 3.
	Kinds map[string]int64
}

// Exact is the exact distribution of a strategy's max load: Prob[k] is the
// probability that it ends at k.
type Exact struct {
	Prob []*big.Rat
}

// Expected is E[max load].
func (e Exact) Expected() *big.Rat {
	sum := new(big.Rat)
	for k, p := range e.Prob {
		sum.Add(sum, new(big.Rat).Mul(p, big.NewRat(int64(k), 1)))
	}
	return sum
}

// Exact turns the counts of strategy s into probabilities.
func (e *Enumeration) Exact(s int) Exact {
	out := Exact{}
	for _, c := range e.MaxCounts[s] {
		out.Prob = append(out.Prob, big.NewRat(c, e.Inputs))
	}
	return out
}

// Enumerate runs every input through every rule of EnumStrategies. The
// inputs are split by their first ball's pair across workers and merged in
// order, so the result is the same on any number of cores.
func Enumerate(ctx context.Context, cfg EnumConfig) (*Enumeration, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	n := cfg.Bins
	tasks := n * n
	parts := make([]*enumWalker, tasks)
	var next atomic.Int64
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var wg sync.WaitGroup
	for range engine.Goroutines(cfg.Workers, tasks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				t := int(next.Add(1) - 1)
				if t >= tasks {
					return
				}
				w := newEnumWalker(cfg, &stop)
				w.walkFirst(t/n, t%n)
				parts[t] = w
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	inputs, _ := cfg.Inputs()
	e := &Enumeration{Inputs: inputs, Kinds: map[string]int64{}}
	e.MaxCounts = make([][]int64, len(EnumStrategies))
	for s := range e.MaxCounts {
		e.MaxCounts[s] = make([]int64, cfg.Balls+1)
	}
	for _, w := range parts {
		for s := range e.MaxCounts {
			for k, c := range w.maxCounts[s] {
				e.MaxCounts[s][k] += c
			}
		}
		e.TwoVsOne.Better += w.paired.Better
		e.TwoVsOne.Same += w.paired.Same
		e.TwoVsOne.Worse += w.paired.Worse
		for one, row := range w.kinds {
			for two, c := range row {
				if c > 0 {
					e.Kinds[fmt.Sprintf("%d vs %d", one, two)] += c
				}
			}
		}
		for _, ce := range w.examples {
			if e.First == nil {
				e.First = &ce
			}
			if len(e.Counterexamples) < cfg.Counterexamples {
				e.Counterexamples = append(e.Counterexamples, ce)
			}
		}
	}
	for s := range e.MaxCounts {
		for len(e.MaxCounts[s]) > 1 && e.MaxCounts[s][len(e.MaxCounts[s])-1] == 0 {
			e.MaxCounts[s] = e.MaxCounts[s][:len(e.MaxCounts[s])-1]
		}
	}
	return e, nil
}
