package netmanager

import (
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Protections are a run's ways of relaxing the throttle and ordering the
// work: AtOnce lifts the throttle in one go instead of step by step, and
// Priority propagates a new instance's update before the flood's.
type Protections struct {
	AtOnce   bool
	Priority bool
}

// Sets are the ways by name, in the order help lists them: steps is the
// lecture's.
var Sets = []engine.Set[Protections]{
	{Name: "steps", Protections: Protections{}},
	{Name: "at-once", Protections: Protections{AtOnce: true}},
	{Name: "priority", Protections: Protections{Priority: true}},
	{Name: "at-once+priority", Protections: Protections{AtOnce: true, Priority: true}},
}

// SetName is the name of a set.
func SetName(p Protections) string { return engine.NameOfSet(Sets, p) }

// SetWords names a run's set in a class's words: "relaxed in steps",
// "lifted at once + new instances first".
func SetWords(p Protections) string {
	words := []string{"relaxed in steps"}
	if p.AtOnce {
		words[0] = "lifted at once"
	}
	if p.Priority {
		words = append(words, "new instances first")
	}
	return strings.Join(words, " + ")
}

// Config is one morning. Times are whole minutes after 5:28 AM; rates
// are a minute.
type Config struct {
	// Droplets is the updates DWFM's new leases bring, FloodMin the
	// minutes over which they arrive.
	Droplets int `json:"droplets"`
	FloodMin int `json:"flood-min"`
	// Rate is the updates the Network Manager propagates a minute.
	Rate float64 `json:"rate"`
	// Launches is the new instances customers ask for a minute; Throttle
	// the launches a minute the throttle lets through.
	Launches float64 `json:"launches"`
	Throttle float64 `json:"throttle"`
	// RelaxAtMin is when engineers start to relax the throttle; StepMin
	// and StepUp how often and by how much, while the wait is at most
	// NormalMin minutes.
	RelaxAtMin int     `json:"relax-at-min"`
	StepMin    int     `json:"step-min"`
	StepUp     float64 `json:"step-up"`
	NormalMin  float64 `json:"normal-min"`
	// DurationMin is the run's length.
	DurationMin int `json:"duration-min"`
	Protections `json:"-"`
}

// StartClock is the run's first minute, as minutes after midnight: 5:28
// AM, when DWFM had recovered (the lecture).
const StartClock = 5*60 + 28

// ThrottledMin is how long the throttle has held launches back when the
// run starts: from the lecture's 4:14 AM to 5:28 AM.
const ThrottledMin = StartClock - (4*60 + 14)

// SlowMin is the wait past which the slow network is seen: half an hour
// for a new instance to get its network.
const SlowMin = 30

// Limits of the fields.
const (
	MaxDroplets = 10_000_000
	MaxRate     = 1e7
	MaxMinutes  = 24 * 60
)

// DefaultConfig is the model's morning: 40,000 droplets (the lease
// storm's) whose updates arrive over 3 h 15 min, a Network Manager
// propagating 137 a minute, 40 launches a minute asked for and 10 let
// through, relaxed from 11:23 AM by 30 a minute every 10 minutes while a
// new instance waits at most 5 minutes; the run to 2:09 PM, when the
// lecture's load balancers are back to normal. Chosen so that the
// model's moments fall at the lecture's times: the wait seen rising at
// 6:20 AM (6:21), normal at 10:37 AM (10:36), EC2 back at 1:50 PM.
func DefaultConfig() Config {
	return Config{Droplets: 40000, FloodMin: 195, Rate: 137, Launches: 40, Throttle: 10,
		RelaxAtMin: 11*60 + 23 - StartClock, StepMin: 10, StepUp: 30, NormalMin: 5, DurationMin: 14*60 + 9 - StartClock}
}

// Validate reports the first invalid field.
func (c Config) Validate() error {
	rate := func(name string, v float64, low float64) error {
		if !(v >= low && v <= MaxRate) {
			return engine.Invalid(name, "must be in [%g, 1e7] a minute, got %v", low, v)
		}
		return nil
	}
	switch {
	case c.Droplets < 0 || c.Droplets > MaxDroplets:
		return engine.Invalid("droplets", "must be in 0..%d, got %d", MaxDroplets, c.Droplets)
	case c.DurationMin < 1 || c.DurationMin > MaxMinutes:
		return engine.Invalid("duration-min", "must be in 1..%d, got %d", MaxMinutes, c.DurationMin)
	case c.FloodMin < 1 || c.FloodMin > MaxMinutes:
		return engine.Invalid("flood-min", "must be in 1..%d, got %d", MaxMinutes, c.FloodMin)
	case c.RelaxAtMin < 0 || c.RelaxAtMin > MaxMinutes:
		return engine.Invalid("relax-at-min", "must be in 0..%d (at or past duration-min: never), got %d", MaxMinutes, c.RelaxAtMin)
	case c.StepMin < 1 || c.StepMin > MaxMinutes:
		return engine.Invalid("step-min", "must be in 1..%d, got %d", MaxMinutes, c.StepMin)
	case !(c.NormalMin >= 0 && c.NormalMin <= MaxMinutes):
		return engine.Invalid("normal-min", "must be in [0, %d] minutes, got %v", MaxMinutes, c.NormalMin)
	}
	for _, err := range []error{rate("rate", c.Rate, 1), rate("launches", c.Launches, 0), rate("throttle", c.Throttle, 0), rate("step-up", c.StepUp, 0)} {
		if err != nil {
			return err
		}
	}
	return nil
}

// Clock writes minute m of the run as a time of day.
func Clock(m int) string { return engine.Clock(StartClock + m) }
