package remirror

import (
	"context"
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the storm in the words of the command line and scenario files:
// the zone's numbers and the runs to compare on one seed, each a
// protection set.
type Spec struct {
	Seed          int64   `json:"seed"`
	Volumes       int     `json:"volumes"`
	Nodes         int     `json:"nodes"`
	CutShare      float64 `json:"cut-share"`
	Tries         int     `json:"tries"`
	BackoffMaxMin int     `json:"backoff-max-min"`
	MaxRemirrors  int     `json:"max-remirrors"`
	Capacity      float64 `json:"capacity"`
	RemirrorCost  float64 `json:"remirror-cost"`
	RaceRate      float64 `json:"race-rate"`
	RaceChance    float64 `json:"race-chance"`
	ControlRate   float64 `json:"control-rate"`
	RegionRate    float64 `json:"region-rate"`
	Creates       float64 `json:"creates"`
	HangCost      float64 `json:"hang-cost"`
	BulkheadShare float64 `json:"bulkhead-share"`
	// CutAt and FixAt are times of the run as Clock writes them ("8:20
	// AM", "Apr 22 3:00 PM") or "never".
	CutAt       string  `json:"cut-at"`
	FixAt       string  `json:"fix-at"`
	TailPerHour float64 `json:"tail-per-hour"`
	LostChance  float64 `json:"lost-chance"`
	Hours       int     `json:"hours"`
	// Runs lists the protection sets to run, comma-separated, each
	// "none" or protections joined by "+": backoff, cap, bulkhead, spread.
	Runs string `json:"runs"`
	// Switch changes every run from a time on: "backoff=on@2:00 AM,...",
	// as engine.ParseSwitches reads it against Knobs.
	Switch string `json:"switch"`
}

// DefaultSpec is the lecture's night (no protection) beside backoff and
// the cap, on the model's zone (DefaultConfig).
func DefaultSpec() Spec { return SpecOf(DefaultConfig(), "none,backoff+cap") }

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	return Spec{Seed: c.Seed, Volumes: c.Volumes, Nodes: c.Nodes, CutShare: c.CutShare, Tries: c.Tries, BackoffMaxMin: c.BackoffMaxMin,
		MaxRemirrors: c.MaxRemirrors, Capacity: c.Capacity, RemirrorCost: c.RemirrorCost, RaceRate: c.RaceRate, RaceChance: c.RaceChance,
		ControlRate: c.ControlRate, RegionRate: c.RegionRate, Creates: c.Creates, HangCost: c.HangCost, BulkheadShare: c.BulkheadShare,
		CutAt: Clock(c.CutAt), FixAt: Clock(c.FixAt), TailPerHour: c.TailPerHour, LostChance: c.LostChance, Hours: c.Hours, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "remirror" }

// MaxRuns is the most runs a spec lists.
const MaxRuns = 4

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	cut, err := ParseClock(s.CutAt)
	if err != nil {
		return nil, engine.Invalid("cut-at", "must be a time such as 8:20 AM (Apr 22 3:00 PM on a later day) or never, got %q", s.CutAt)
	}
	fix, err := ParseClock(s.FixAt)
	if err != nil {
		return nil, engine.Invalid("fix-at", "must be a time such as 11:30 AM (Apr 22 3:00 PM on a later day) or never, got %q", s.FixAt)
	}
	base := Config{Seed: s.Seed, Volumes: s.Volumes, Nodes: s.Nodes, CutShare: s.CutShare, Tries: s.Tries, BackoffMaxMin: s.BackoffMaxMin,
		MaxRemirrors: s.MaxRemirrors, Capacity: s.Capacity, RemirrorCost: s.RemirrorCost, RaceRate: s.RaceRate, RaceChance: s.RaceChance,
		ControlRate: s.ControlRate, RegionRate: s.RegionRate, Creates: s.Creates, HangCost: s.HangCost, BulkheadShare: s.BulkheadShare,
		CutAt: cut, FixAt: fix, TailPerHour: s.TailPerHour, LostChance: s.LostChance, Hours: s.Hours}
	cs, err := engine.PairedConfigs(base, Config.Validate, s.Runs, MaxRuns, parseRun, SetName, withSet)
	return engine.EveryRunSwitched(cs, err, s.Switch, Knobs, base, Unit, float64(base.Minutes()), func(c *Config) *string { return &c.Switches })
}

// parseRun reads one run of the runs field.
func parseRun(name string) (Protections, error) {
	p, err := ParseSet(name)
	if err != nil {
		return p, fmt.Errorf("must list sets such as none or backoff+cap (of backoff, cap, bulkhead, spread), comma-separated: %v", err)
	}
	return p, nil
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
