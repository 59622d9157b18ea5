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
	Seed         int64   `json:"seed" toml:"seed"`
	Instances    int     `json:"instances" toml:"instances"`
	IntervalS    int     `json:"interval-s" toml:"interval-s"`
	Noise        float64 `json:"noise" toml:"noise"`
	QuietMedian  float64 `json:"quiet-median" toml:"quiet-median"`
	SlowMedian   float64 `json:"slow-median" toml:"slow-median"`
	Spread       float64 `json:"spread" toml:"spread"`
	DNSCapacity  int     `json:"dns-capacity" toml:"dns-capacity"`
	Dead         int     `json:"dead" toml:"dead"`
	SlowFromMin  int     `json:"slow-from-min" toml:"slow-from-min"`
	SlowMin      int     `json:"slow-min" toml:"slow-min"`
	DisableAtMin int     `json:"disable-at-min" toml:"disable-at-min"`
	DurationMin  int     `json:"duration-min" toml:"duration-min"`
	K            int     `json:"k" toml:"k"`
	CapPerMin    int     `json:"cap-per-min" toml:"cap-per-min"`
	// Runs lists the protection sets to run, comma-separated: none,
	// hysteresis, cap, both.
	Runs string `json:"runs" toml:"runs"`
}

// DefaultSpec is the model's morning (DefaultConfig) without protection
// and with hysteresis, side by side.
func DefaultSpec() Spec { return SpecOf(DefaultConfig(), "none,hysteresis") }

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	return Spec{Seed: c.Seed, Instances: c.Instances, IntervalS: c.IntervalS, Noise: c.Noise, QuietMedian: c.QuietMedian,
		SlowMedian: c.SlowMedian, Spread: c.Spread, DNSCapacity: c.DNSCapacity, Dead: c.Dead, SlowFromMin: c.SlowFromMin, SlowMin: c.SlowMin,
		DisableAtMin: c.DisableAtMin, DurationMin: c.DurationMin, K: c.K, CapPerMin: c.CapPerMin, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "health-flip-flop" }

// MaxRuns is the most runs a spec lists: each protection set once.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	base := Config{Seed: s.Seed, Instances: s.Instances, IntervalS: s.IntervalS, Noise: s.Noise, QuietMedian: s.QuietMedian,
		SlowMedian: s.SlowMedian, Spread: s.Spread, DNSCapacity: s.DNSCapacity, Dead: s.Dead, SlowFromMin: s.SlowFromMin, SlowMin: s.SlowMin,
		DisableAtMin: s.DisableAtMin, DurationMin: s.DurationMin, K: s.K, CapPerMin: s.CapPerMin}
	return engine.PairedConfigs(base, Config.Validate, s.Runs, MaxRuns, engine.SetParser(Sets, "none, hysteresis, cap or both"), SetName, withSet)
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
