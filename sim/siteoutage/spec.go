package siteoutage

import (
	"context"

	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/placement"
)

// Spec is the site outage in the words of the command line and scenario
// files: the days' numbers and the runs to compare on one seed, each a
// protection set.
type Spec struct {
	Seed           int64   `json:"seed"`
	Customers      int     `json:"customers"`
	RacksPerFloor  int     `json:"racks-per-floor"`
	ServersPerRack int     `json:"servers-per-rack"`
	OneCity        float64 `json:"one-city"`
	CrossProvider  float64 `json:"cross-provider"`
	Spare          float64 `json:"spare"`
	Reserved       float64 `json:"reserved"`
	Broken         float64 `json:"broken"`
	FailoverMin    int     `json:"failover-min"`
	EntryMin       int     `json:"entry-min"`
	TruckRate      float64 `json:"truck-rate"`
	DriveMin       int     `json:"drive-min"`
	Floor2Min      int     `json:"floor2-min"`
	Floor1Min      int     `json:"floor1-min"`
	RacksPerHour   float64 `json:"racks-per-hour"`
	// Fault is site (H1 alone) or city (the feed H1 shares with H2).
	Fault  string  `json:"fault"`
	Target float64 `json:"target"`
	// Runs lists the protection sets to run, comma-separated: none,
	// reserve, drills, both.
	Runs string `json:"runs"`
}

// DefaultSpec is the model's days (DefaultConfig) as they were and with
// both protections, side by side.
func DefaultSpec() Spec { return SpecOf(DefaultConfig(), "none,both") }

// SpecOf is the spec of a config's numbers with the runs listed.
func SpecOf(c Config, runs string) Spec {
	return Spec{Seed: c.Seed, Customers: c.Customers, RacksPerFloor: c.RacksPerFloor, ServersPerRack: c.ServersPerRack, OneCity: c.OneCity,
		CrossProvider: c.CrossProvider, Spare: c.Spare, Reserved: c.Reserved, Broken: c.Broken, FailoverMin: c.FailoverMin, EntryMin: c.EntryMin,
		TruckRate: c.TruckRate, DriveMin: c.DriveMin, Floor2Min: c.Floor2Min, Floor1Min: c.Floor1Min, RacksPerHour: c.RacksPerHour,
		Fault: c.Fault.String(), Target: c.Target, Runs: runs}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "site-outage" }

// Configs is one Config per run listed, in order.
func (s Spec) Configs() ([]Config, error) {
	fault, err := placement.ParseEvent(s.Fault)
	if err != nil || (fault != placement.SiteFailure && fault != placement.CityFailure) {
		return nil, engine.Invalid("fault", "must be site (H1 alone) or city (the feed H1 shares with H2), got %q", s.Fault)
	}
	base := Config{Seed: s.Seed, Customers: s.Customers, RacksPerFloor: s.RacksPerFloor, ServersPerRack: s.ServersPerRack, OneCity: s.OneCity,
		CrossProvider: s.CrossProvider, Spare: s.Spare, Reserved: s.Reserved, Broken: s.Broken, FailoverMin: s.FailoverMin, EntryMin: s.EntryMin,
		TruckRate: s.TruckRate, DriveMin: s.DriveMin, Floor2Min: s.Floor2Min, Floor1Min: s.Floor1Min, RacksPerHour: s.RacksPerHour,
		Fault: fault, Target: s.Target}
	return engine.PairedConfigs(base, Config.Validate, s.Runs, MaxRuns, engine.SetParser(Sets, "none, reserve, drills or both"), SetName, withSet)
}

// MaxRuns is the most runs a spec lists: each protection set once.
const MaxRuns = 4

// Validate reports the first invalid field.
func (s Spec) Validate() error { return engine.Valid(s.Configs) }

// Report is every run of a spec, on its one seed, and the lecture's
// figure: three days down against the availability bought.
type Report struct {
	Spec      Spec         `json:"-"`
	Runs      []Result     `json:"runs"`
	Reference avail.Outage `json:"three_days"`
	// Figures are the runs' headline figures at their end.
	Figures []engine.Figure `json:"figures"`
}

// Run runs each protection set listed in turn, stopping with ctx's error
// once ctx is done; progress, if not nil, gets the share done.
func (s Spec) Run(ctx context.Context, progress func(float64)) (Report, error) {
	runs, figs, err := engine.RunEach(ctx, s.Configs, New, progress)
	return Report{Spec: s, Reference: avail.OneOutage(72, s.Target), Runs: runs, Figures: figs}, err
}

// withSet puts a protection set in a run's config.
func withSet(c *Config, p Protections) { c.Protections = p }

// Headline is the runs' headline figures at their end.
func (r Report) Headline() []engine.Figure { return r.Figures }

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	return engine.HeadlineOf(s.Run(ctx, nil))
}
