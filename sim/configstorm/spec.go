package configstorm

import (
	"context"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the configuration storm in the words of the command line and
// scenario files: the afternoon's numbers and the runs to compare on one
// seed, each a protection set.
type Spec struct {
	Seed         int64   `json:"seed" toml:"seed"`
	Clients      int     `json:"clients" toml:"clients"`
	Entries      int     `json:"entries" toml:"entries"`
	Reads        float64 `json:"reads" toml:"reads"`
	Capacity     float64 `json:"capacity" toml:"capacity"`
	Attempts     int     `json:"attempts" toml:"attempts"`
	TTLS         int     `json:"ttl-s" toml:"ttl-s"`
	FixAtMin     int     `json:"fix-at-min" toml:"fix-at-min"`
	CutAtMin     int     `json:"cut-at-min" toml:"cut-at-min"`
	OffMin       int     `json:"off-min" toml:"off-min"`
	RampMin      int     `json:"ramp-min" toml:"ramp-min"`
	BackoffBaseS int     `json:"backoff-base-s" toml:"backoff-base-s"`
	BackoffMaxS  int     `json:"backoff-max-s" toml:"backoff-max-s"`
	RunMin       int     `json:"run-min" toml:"run-min"`
	// Runs lists the protection sets to run, comma-separated: none, or
	// cut, backoff and keep-on-error joined by +.
	Runs string `json:"runs" toml:"runs"`
}

// DefaultSpec is the model's afternoon (DefaultConfig) as the lecture
// tells it, the site turned off and users let back slowly, beside the
// same with backoff.
func DefaultSpec() Spec { return SpecOf(DefaultConfig(), "cut,cut+backoff") }

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	return Spec{Seed: c.Seed, Clients: c.Clients, Entries: c.Entries, Reads: c.Reads, Capacity: c.Capacity, Attempts: c.Attempts, TTLS: c.TTLS,
		FixAtMin: c.FixAtMin, CutAtMin: c.CutAtMin, OffMin: c.OffMin, RampMin: c.RampMin, BackoffBaseS: c.BackoffBaseS, BackoffMaxS: c.BackoffMaxS,
		RunMin: c.RunMin, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "config-storm" }

// MaxRuns is the most runs a spec lists.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	base := Config{Seed: s.Seed, Clients: s.Clients, Entries: s.Entries, Reads: s.Reads, Capacity: s.Capacity, Attempts: s.Attempts, TTLS: s.TTLS,
		FixAtMin: s.FixAtMin, CutAtMin: s.CutAtMin, OffMin: s.OffMin, RampMin: s.RampMin, BackoffBaseS: s.BackoffBaseS, BackoffMaxS: s.BackoffMaxS,
		RunMin: s.RunMin}
	return engine.PairedConfigs(base, Config.Validate, s.Runs, MaxRuns, ParseSet, SetName, withSet)
}

// Validate reports the first invalid field.
func (s Spec) Validate() error {
	_, err := s.Configs()
	return err
}

// Report is every run of a spec, on its one seed.
type Report = engine.Report[Spec, Result]

// Run runs each protection set listed in turn, stopping with ctx's error
// once ctx is done; progress, if not nil, gets the share done.
func (s Spec) Run(ctx context.Context, progress func(float64)) (Report, error) {
	runs, figs, err := engine.RunEach(ctx, s.Configs, New, progress)
	return Report{Spec: s, Runs: runs, Figures: figs}, err
}

// withSet puts a protection set in a run's config.
func withSet(c *Config, p Protections) { c.Protections = p }
