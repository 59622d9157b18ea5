package flipflop

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Protections are a run's switches: hysteresis (K results in a row to
// change an instance's state) and a cap on changes a minute.
type Protections struct {
	Hysteresis bool
	Cap        bool
}

// Sets are the protection sets by name, in the order help lists them.
var Sets = []engine.Set[Protections]{
	{Name: "none", Protections: Protections{}},
	{Name: "hysteresis", Protections: Protections{Hysteresis: true}},
	{Name: "cap", Protections: Protections{Cap: true}},
	{Name: "both", Protections: Protections{Hysteresis: true, Cap: true}},
}

// SetName is the name of a protection set.
func SetName(p Protections) string { return engine.NameOfSet(Sets, p) }

// Config is one run of the morning. Times are whole minutes from the
// run's start (5:00 AM) or seconds.
type Config struct {
	Seed      int64 `json:"seed"`
	Instances int   `json:"instances"`
	IntervalS int   `json:"interval-s"`
	// Noise is the log-normal spread of one check's latency about its
	// instance's median; QuietMedian and SlowMedian are the medians as
	// shares of the threshold outside and inside the slow window, Spread
	// the log-normal spread of the instances' medians inside it.
	Noise       float64 `json:"noise"`
	QuietMedian float64 `json:"quiet-median"`
	SlowMedian  float64 `json:"slow-median"`
	Spread      float64 `json:"spread"`
	// DNSCapacity is the writes a minute DNS applies, in order.
	DNSCapacity int `json:"dns-capacity"`
	// Dead is how many instances die for good, each at a random time in
	// the slow window: from then on their checks all fail.
	Dead int `json:"dead"`
	// SlowFromMin and SlowMin place the slow window; DisableAtMin is when
	// the automation is switched off (at or past the run's end: never).
	SlowFromMin  int `json:"slow-from-min"`
	SlowMin      int `json:"slow-min"`
	DisableAtMin int `json:"disable-at-min"`
	DurationMin  int `json:"duration-min"`
	// K is the results in a row hysteresis asks for; CapPerMin the
	// changes a minute the cap allows.
	K           int `json:"k"`
	CapPerMin   int `json:"cap-per-min"`
	Protections `json:"-"`
	// Switches change the run from their seconds on (Knobs), written as
	// engine.FormatSwitches writes them (a string keeps the config
	// comparable).
	Switches string `json:"-"`
}

// StartClock is the run's first minute, as minutes after midnight: 5:00 AM.
const StartClock = 5 * 60

// Limits of the fields.
const (
	MaxInstances = 100_000
	MaxMinutes   = 24 * 60
	MaxIntervalS = 3600
	MaxK         = 100
	MaxCapacity  = 10_000_000
)

// DefaultConfig is the model's morning: 120 instances checked every 10 s,
// a check's latency spread 0.5 (log) about its instance's median, a
// quarter of the threshold when the network is well and about nine
// tenths of it (spread 0.3) while state propagates slowly, 6 instances
// dying in that window, DNS applying 100 writes a minute, hysteresis of
// 4 results, a cap of 10 changes a minute; and the lecture's times: the slow window from 5:30 AM to 10:36
// AM, the automation switched off at 9:36 AM, the run from 5:00 AM to
// 2:09 PM, when the lecture's checks are switched back on.
func DefaultConfig() Config {
	return Config{Seed: 425, Instances: 120, IntervalS: 10, Noise: 0.5, QuietMedian: 0.25, SlowMedian: 0.9, Spread: 0.3,
		DNSCapacity: 100, Dead: 6, SlowFromMin: 30, SlowMin: 306, DisableAtMin: 276, DurationMin: ChecksBackClock - StartClock, K: 4, CapPerMin: 10}
}

// Validate reports the first invalid field.
func (c Config) Validate() error {
	share := func(name string, v float64) error {
		if !(v >= 0.001 && v <= 1000) {
			return engine.Invalid(name, "must be in [0.001, 1000] (a share of the threshold), got %v", v)
		}
		return nil
	}
	switch {
	case c.Seed < 0:
		return engine.Invalid("seed", "must be a whole number >= 0, got %d", c.Seed)
	case c.Instances < 1 || c.Instances > MaxInstances:
		return engine.Invalid("instances", "must be in 1..%d, got %d", MaxInstances, c.Instances)
	case c.IntervalS < 1 || c.IntervalS > MaxIntervalS:
		return engine.Invalid("interval-s", "must be in 1..%d seconds, got %d", MaxIntervalS, c.IntervalS)
	case !(c.Noise >= 0 && c.Noise <= 10):
		return engine.Invalid("noise", "must be in [0, 10], got %v", c.Noise)
	case !(c.Spread >= 0 && c.Spread <= 10):
		return engine.Invalid("spread", "must be in [0, 10], got %v", c.Spread)
	case c.Dead < 0 || c.Dead > c.Instances:
		return engine.Invalid("dead", "must be in 0..instances (%d), got %d", c.Instances, c.Dead)
	case c.DNSCapacity < 1 || c.DNSCapacity > MaxCapacity:
		return engine.Invalid("dns-capacity", "must be in 1..%d writes a minute, got %d", MaxCapacity, c.DNSCapacity)
	case c.DurationMin < 1 || c.DurationMin > MaxMinutes:
		return engine.Invalid("duration-min", "must be in 1..%d, got %d", MaxMinutes, c.DurationMin)
	case c.SlowFromMin < 0 || c.SlowFromMin > MaxMinutes:
		return engine.Invalid("slow-from-min", "must be in 0..%d, got %d", MaxMinutes, c.SlowFromMin)
	case c.SlowMin < 0 || c.SlowMin > MaxMinutes:
		return engine.Invalid("slow-min", "must be in 0..%d, got %d", MaxMinutes, c.SlowMin)
	case c.DisableAtMin < 0 || c.DisableAtMin > MaxMinutes:
		return engine.Invalid("disable-at-min", "must be in 0..%d (at or past duration-min: never), got %d", MaxMinutes, c.DisableAtMin)
	case c.K < 1 || c.K > MaxK:
		return engine.Invalid("k", "must be in 1..%d, got %d", MaxK, c.K)
	case c.CapPerMin < 1 || c.CapPerMin > MaxCapacity:
		return engine.Invalid("cap-per-min", "must be in 1..%d, got %d", MaxCapacity, c.CapPerMin)
	}
	for _, err := range []error{share("quiet-median", c.QuietMedian), share("slow-median", c.SlowMedian)} {
		if err != nil {
			return err
		}
	}
	return nil
}

// Clock writes minute m of the run as a time of day.
func Clock(m int) string { return engine.Clock(StartClock + m) }
