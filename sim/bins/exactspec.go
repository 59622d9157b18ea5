package bins

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// ExactSpec is an exact computation in the words of the command line and
// scenario files: brute force over every input, or the DP over load
// multisets. Scenarios store one so that a flag can override any field.
type ExactSpec struct {
	Bins   int    `json:"bins" toml:"bins"`
	Balls  int    `json:"balls" toml:"balls"`
	Method string `json:"method" toml:"method"` // brute or dp
	// Refresh is the stale rule's snapshot interval; 0 means the number of
	// balls, a snapshot never refreshed within the run.
	Refresh int `json:"refresh" toml:"refresh"`
	// D is the candidates of dchoice in the DP.
	D int `json:"d" toml:"d"`
	// Counterexamples is how many counterexamples brute force keeps.
	Counterexamples int `json:"counterexamples" toml:"counterexamples"`
	// Stepper asks a view to open on the first counterexample's
	// trajectory instead of the table; the figures do not depend on it.
	Stepper bool `json:"stepper" toml:"stepper"`
}

// Engine names the engine an ExactSpec configures.
func (ExactSpec) Engine() string { return "exact" }

// DefaultExactSpec is source 000's exact case: n = m = 4 by brute force.
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
// goroutines, the DP one per rule.
func (s ExactSpec) Run(workers int) (ExactReport, error) {
	if err := s.Validate(); err != nil {
		return ExactReport{}, err
	}
	r := ExactReport{Spec: s}
	if s.Method == "dp" {
		exact, err := ExactDPs(DPStrategies, s.D, s.Bins, s.Balls)
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
	e, err := Enumerate(s.enumConfig(workers))
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
