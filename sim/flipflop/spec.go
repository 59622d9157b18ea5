package flipflop

import (
	"context"
	"math/big"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the flip-flop in the words of the command line and scenario
// files: the morning's numbers and the runs to compare on one seed, each
// a protection set.
type Spec struct {
	Config
	// Runs lists the protection sets to run, comma-separated: none,
	// hysteresis, cap, both.
	Runs string `json:"runs"`
	// Switch changes every run from a time on: "automation=off@7:00am",
	// as engine.ParseSwitches reads it against Knobs.
	Switch string `json:"switch"`
}

// DefaultSpec is the model's morning (DefaultConfig) without protection
// and with hysteresis, side by side.
func DefaultSpec() Spec { return SpecOf(DefaultConfig(), "none,hysteresis") }

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	c.Protections = Protections{}
	return Spec{Config: c, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "health-flip-flop" }

// MaxRuns is the most runs a spec lists: each protection set once.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	cs, err := engine.PairedConfigs(s.Config, Config.Validate, s.Runs, MaxRuns, engine.SetParser(Sets, "none, hysteresis, cap or both"), SetName, withSet)
	return engine.EveryRunSwitched(cs, err, s.Switch, Knobs, s.Config, Unit, float64(60*s.DurationMin), func(c *Config) *string { return &c.Switches })
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

// WritesCut is how many times fewer DNS writes run b made than run a:
// a's writes over b's (a's writes when b made none).
func WritesCut(a, b Result) float64 {
	return float64(a.DNSWrites) / float64(max(b.DNSWrites, 1))
}

// Cut is one run's DNS writes against the first run's, exactly ("p/q")
// and as a float.
type Cut struct {
	Set     string  `json:"set"`
	Against string  `json:"against"`
	Exact   string  `json:"exact"`
	Float   float64 `json:"float"`
}

// Cuts is every run after the first against the first: how many times
// fewer DNS writes each made.
func Cuts(r Report) []Cut {
	out := []Cut{}
	for _, run := range r.Runs[min(1, len(r.Runs)):] {
		a := r.Runs[0]
		out = append(out, Cut{Set: run.Set, Against: a.Set, Exact: big.NewRat(a.DNSWrites, max(run.DNSWrites, 1)).String(), Float: WritesCut(a, run)})
	}
	return out
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, nil))
}
