package netmanager

import (
	"context"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the morning in the words of the command line and scenario
// files: its numbers and the runs to compare, each a set.
type Spec struct {
	Config
	// Runs lists the sets to run, comma-separated: steps, at-once,
	// priority, at-once+priority.
	Runs string `json:"runs"`
}

// DefaultSpec is the model's morning (DefaultConfig), the throttle
// relaxed in steps, as the lecture's engineers did, beside it lifted at
// once.
func DefaultSpec() Spec { return SpecOf(DefaultConfig(), "steps,at-once") }

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	c.Protections = Protections{}
	return Spec{Config: c, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "network-manager" }

// MaxRuns is the most runs a spec lists: each set once.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	return engine.PairedConfigs(s.Config, Config.Validate, s.Runs, MaxRuns, engine.SetParser(Sets, "steps, at-once, priority or at-once+priority"), SetName, withSet)
}

// Validate reports the first invalid field.
func (s Spec) Validate() error { return engine.Valid(s.Configs) }

// Report is every run of a spec.
type Report = engine.Report[Spec, Result]

// Run runs each set listed in turn, stopping with ctx's error once ctx is
// done; progress, if not nil, gets the share done.
func (s Spec) Run(ctx context.Context, progress func(float64)) (Report, error) {
	return engine.RunPaired(ctx, s, s.Configs, New, progress)
}

// withSet puts a set in a run's config.
func withSet(c *Config, p Protections) { c.Protections = p }

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, nil))
}
