package configstorm

import (
	"context"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the configuration storm in the words of the command line and
// scenario files: the afternoon's numbers and the runs to compare on one
// seed, each a protection set.
type Spec struct {
	Config
	// Runs lists the protection sets to run, comma-separated: none, or
	// cut, backoff, keep-on-error and coalesce joined by +.
	Runs string `json:"runs"`
	// Switch changes every run from a time on: "cut=on@10m,...", as
	// engine.ParseSwitches reads it against Knobs.
	Switch string `json:"switch"`
}

// DefaultSpec is the model's afternoon (DefaultConfig) as the lecture
// tells it, the site turned off and users let back slowly, beside the
// same with backoff.
func DefaultSpec() Spec { return SpecOf(DefaultConfig(), "cut,cut+backoff") }

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	c.Protections = Protections{}
	return Spec{Config: c, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "config-storm" }

// MaxRuns is the most runs a spec lists.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	cs, err := engine.PairedConfigs(s.Config, Config.Validate, s.Runs, MaxRuns, ParseSet, SetName, withSet)
	return engine.EveryRunSwitched(cs, err, s.Switch, Knobs, s.Config, Unit, float64(s.Seconds()), func(c *Config) *string { return &c.Switches })
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
