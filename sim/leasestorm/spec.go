package leasestorm

import (
	"context"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the lease storm in the words of the command line and scenario
// files: the night's numbers and the runs to compare on one seed, each a
// protection set.
type Spec struct {
	Seed             int64   `json:"seed" toml:"seed"`
	Droplets         int     `json:"droplets" toml:"droplets"`
	LeaseMin         int     `json:"lease-min" toml:"lease-min"`
	RenewMin         int     `json:"renew-min" toml:"renew-min"`
	Rate             float64 `json:"rate" toml:"rate"`
	TimeoutS         int     `json:"timeout-s" toml:"timeout-s"`
	QueueLimit       int     `json:"queue-limit" toml:"queue-limit"`
	OutageMin        int     `json:"outage-min" toml:"outage-min"`
	ThrottleAfterMin int     `json:"throttle-after-min" toml:"throttle-after-min"`
	Cap              int     `json:"cap" toml:"cap"`
	AfterMin         int     `json:"after-min" toml:"after-min"`
	// Runs lists the protection sets to run, comma-separated: none,
	// throttle, drop-stale, both.
	Runs string `json:"runs" toml:"runs"`
}

// DefaultSpec is the model's night (DefaultConfig) without the throttle
// and with it, side by side.
func DefaultSpec() Spec {
	return SpecOf(DefaultConfig(), "none,throttle")
}

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	return Spec{Seed: c.Seed, Droplets: c.Droplets, LeaseMin: c.LeaseMin, RenewMin: c.RenewMin, Rate: c.Rate, TimeoutS: c.TimeoutS,
		QueueLimit: c.QueueLimit, OutageMin: c.OutageMin, ThrottleAfterMin: c.ThrottleAfterMin, Cap: c.Cap, AfterMin: c.AfterMin, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "lease-storm" }

// MaxRuns is the most runs a spec lists: each protection set once.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	base := Config{Seed: s.Seed, Droplets: s.Droplets, LeaseMin: s.LeaseMin, RenewMin: s.RenewMin, Rate: s.Rate, TimeoutS: s.TimeoutS,
		QueueLimit: s.QueueLimit, OutageMin: s.OutageMin, ThrottleAfterMin: s.ThrottleAfterMin, Cap: s.Cap, AfterMin: s.AfterMin}
	return engine.PairedConfigs(base, Config.Validate, s.Runs, MaxRuns, engine.SetParser(Sets, "none, throttle, drop-stale or both"), SetName, withSet)
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
