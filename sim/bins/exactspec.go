package bins

import (
	"context"
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// ExactSpec is an exact computation in the words of the command line and
// scenario files: brute force over every input, or the DP over load
// multisets. Scenarios store one so that a flag can override any field.
type ExactSpec struct {
	Bins   int    `json:"bins"`
	Balls  int    `json:"balls"`
	Method string `json:"method"` // brute or dp
	// Refresh is the stale rule's snapshot interval; 0 means the number of
	// balls, a snapshot never refreshed within the run.
	Refresh int `json:"refresh"`
	// D is the candidates of dchoice in the DP.
	D int `json:"d"`
	// Counterexamples is how many counterexamples brute force keeps.
	Counterexamples int `json:"counterexamples"`
	// Stepper asks a view to open on the first counterexample's
	// trajectory instead of the table; the figures do not depend on it.
	Stepper bool `json:"stepper"`
}

// Engine names the engine an ExactSpec configures.
func (ExactSpec) Engine() string { return "exact" }

// DefaultExactSpec is source §P2C's exact case: n = m = 4 by brute force.
func DefaultExactSpec() ExactSpec {
	return ExactSpec{Bins: 4, Balls: 4, Method: "brute", D: 3, Counterexamples: 10}
}

// ExactReport is an exact computation's outcome, one entry per rule in
// display order.
type ExactReport struct {
	Spec  ExactSpec
	Names []string
	Exact []Exact
	// Brute holds the per-input results; nil for the DP.
	Brute *Enumeration
}

func (s ExactSpec) enumConfig(workers int) EnumConfig {
	refresh := s.Refresh
	if refresh == 0 {
		refresh = s.Balls
	}
	return EnumConfig{Bins: s.Bins, Balls: s.Balls, Refresh: refresh, Counterexamples: s.Counterexamples, Workers: workers}
}

// Validate reports the first invalid field, naming its flag and the
// allowed range, without running anything.
func (s ExactSpec) Validate() error {
	switch s.Method {
	case "brute":
		if s.Refresh < 0 {
			return engine.Invalid("refresh", "must be at least 1 ball (0 for never), got %d", s.Refresh)
		}
		return s.enumConfig(1).Validate()
	case "dp":
		if err := checkDPSize(s.Bins, s.Balls); err != nil {
			return err
		}
		if s.D < 1 || s.D > s.Bins {
			return engine.Invalid("d", "must be in 1..%d (the number of bins), got %d", s.Bins, s.D)
		}
		return nil
	}
	return engine.Invalid("method", "must be brute or dp, got %q", s.Method)
}

// Run computes the spec's exact results; brute force uses workers
// goroutines, the DP one per rule. Cancelling ctx stops either within a
// few milliseconds.
func (s ExactSpec) Run(ctx context.Context, workers int) (ExactReport, error) {
	if err := s.Validate(); err != nil {
		return ExactReport{}, err
	}
	r := ExactReport{Spec: s}
	if s.Method == "dp" {
		exact, err := ExactDPs(ctx, DPStrategies, s.D, s.Bins, s.Balls)
		if err != nil {
			return r, err
		}
		for _, k := range DPStrategies {
			name := k.String()
			if k == DChoice {
				name = fmt.Sprintf("dchoice:%d", s.D)
			}
			r.Names = append(r.Names, name)
		}
		r.Exact = exact
		return r, nil
	}
	e, err := Enumerate(ctx, s.enumConfig(workers))
	if err != nil {
		return r, err
	}
	r.Brute = e
	for i, k := range EnumStrategies {
		r.Names = append(r.Names, k.String())
		r.Exact = append(r.Exact, e.Exact(i))
	}
	return r, nil
}

// StaleRefresh is the snapshot interval brute force used.
func (r ExactReport) StaleRefresh() int { return r.Spec.enumConfig(1).Refresh }

// Costs of the exact methods on one core, measured on this project's
// 2-core machine.
const (
	nsPerInput = 55 // brute force: one input through five rules
	// nsPerDPBall and nsPerDPBin are the DP's work on one group of equal
	// loads of one multiset: per ball placed so far (its counts grow a few
	// bits a ball) and per bin (the multiset's key is a byte a bin).
	nsPerDPBall   = 20 // measured again December 2026: n = m = 24 to 48 took 1.3 to 2.2 times the estimate at 12
	nsPerDPBin    = 1.7
	dpStateBytes  = 160
	exampleBytes  = 256
	exactBaseSize = 16 << 20
)

// dpNs is the DP's work for one rule, in nanoseconds: ball b walks every
// multiset of b-1 balls, each with at most as many groups of equal loads
// as bins, as b, and as the k with 1 + 2 + ... + k <= b.
func dpNs(bins, balls int) float64 {
	ns := 0.0
	for b := 1; b <= balls; b++ {
		groups := min(float64(bins), float64(b), math.Sqrt(2*float64(b))+1)
		ns += partitionsAtMost(b-1, bins) * groups * (float64(b)*nsPerDPBall + float64(bins)*nsPerDPBin)
	}
	return ns
}

// Wall is the estimate's time on workers cores: brute force shares its
// work out over them all, the DP gives each rule a core.
func (s ExactSpec) Wall(workers int) float64 {
	share := engine.Goroutines(workers, math.MaxInt)
	if s.Method == "dp" {
		share = min(share, len(DPStrategies))
	}
	return s.Cost(workers).Seconds / float64(share)
}

// Cost estimates the computation before it starts: work on one core,
// memory, and the size of the JSON report.
func (s ExactSpec) Cost(workers int) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"balls", "bins"}, MemoryLevers: []string{"balls", "bins"}, OutputLevers: []string{"counterexamples"}}
	n, m := float64(s.Bins), float64(s.Balls)
	example := exampleBytes + 16*m + 16*n
	if s.Method == "dp" {
		states := partitionsAtMost(s.Balls, s.Bins)
		c.Seconds = float64(len(DPStrategies)) * dpNs(s.Bins, s.Balls) / 1e9
		// Each rule holds two maps of states; a count is an integer of up
		// to d x balls x log2(bins) bits (n^(d*m) tuples in all).
		perState := 0.0
		for _, k := range DPStrategies {
			d := map[Kind]float64{One: 1, Two: 2, DChoice: float64(s.D), Anti: 2}[k]
			perState += dpStateBytes + n + math.Ceil(d*m*math.Log2(max(n, 2))/64)*8
		}
		c.Bytes = exactBaseSize + 2*states*perState
		c.OutputBytes = 4096 + float64(len(DPStrategies))*m*(200+4*n*m)
		return c
	}
	inputs := math.Pow(n, 2*m)
	c.Seconds = inputs * nsPerInput / 1e9
	// Every task keeps up to Counterexamples of its own before they are
	// merged in input order; the first is always kept.
	tasks := n * n
	kept := tasks * math.Min(float64(max(s.Counterexamples, 1)), inputs/tasks)
	c.Bytes = exactBaseSize + tasks*(4096+m*m*8*enumLanes) + kept*example + 2*float64(s.Counterexamples)*example
	if kept*example > c.Bytes/2 {
		c.MemoryLevers = []string{"counterexamples", "balls", "bins"}
	}
	c.OutputBytes = 8192 + 2*float64(s.Counterexamples)*example
	return c
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s ExactSpec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, 1))
}
