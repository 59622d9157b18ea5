package leasestorm

import (
	"context"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the lease storm in the words of the command line and scenario
// files: the night's numbers and the runs to compare on one seed, each a
// protection set.
type Spec struct {
	Config
	// Runs lists the protection sets to run, comma-separated: none,
	// throttle, drop-stale, both, stagger, renew-expired.
	Runs string `json:"runs"`
	// Switch changes every run from a time on: "throttle=on@3:30am,...",
	// as engine.ParseSwitches reads it against Knobs.
	Switch string `json:"switch"`
}

// DefaultSpec is the model's night (DefaultConfig) without the throttle
// and with it, side by side.
func DefaultSpec() Spec {
	return SpecOf(DefaultConfig(), "none,throttle")
}

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	c.Protections = Protections{}
	return Spec{Config: c, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "lease-storm" }

// MaxRuns is the most runs a spec lists: each protection set once.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	cs, err := engine.PairedConfigs(s.Config, Config.Validate, s.Runs, MaxRuns, engine.SetParser(Sets, "none, throttle, drop-stale, both, stagger or renew-expired"), SetName, withSet)
	return engine.EveryRunSwitched(cs, err, s.Switch, Knobs, s.Config, Unit, float64(60*s.Minutes()), func(c *Config) *string { return &c.Switches })
}

// Validate reports the first invalid field.
func (s Spec) Validate() error { return engine.Valid(s.Configs) }

// Report is every run of a spec, on its one seed.
type Report = engine.Report[Spec, Result]

// Run runs each protection set listed in turn, stopping with ctx's error
// once ctx is done; progress, if not nil, gets the share done.
func (s Spec) Run(ctx context.Context, progress func(float64)) (Report, error) {
	return engine.RunPaired(ctx, s, s.Configs, New, progress)
}

// withSet puts a protection set in a run's config.
func withSet(c *Config, p Protections) { c.Protections = p }

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, nil))
}
