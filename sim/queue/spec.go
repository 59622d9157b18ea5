package queue

import (
	"context"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is the supermarket run in the words of the command line and
// scenario files. Against, when set, names a second policy run on the same
// seed and so the same arrivals, for a side-by-side comparison.
type Spec struct {
	Servers int     `json:"servers" toml:"servers"`
	Load    float64 `json:"load" toml:"load"`
	D       int     `json:"d" toml:"d"`
	Policy  string  `json:"policy" toml:"policy"`
	Against string  `json:"against" toml:"against"`
	// AgainstD is the second policy's d; 0 takes D.
	AgainstD int     `json:"against-d" toml:"against-d"`
	Refresh  float64 `json:"refresh" toml:"refresh"`
	Time     float64 `json:"time" toml:"time"`
	Warmup   float64 `json:"warmup" toml:"warmup"`
	Seed     int64   `json:"seed" toml:"seed"`
}

// DefaultSpec is the supermarket excerpt's system: 1000 servers at 90 %, two choices, over
// 2,000 time units after 500 of warm-up.
func DefaultSpec() Spec {
	return Spec{Servers: 1000, Load: 0.9, D: 2, Policy: "jsq-d", Refresh: 1, Time: 2500, Warmup: 500, Seed: 425}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "supermarket" }

// Configs are the runs the spec asks for: the policy, and Against if set.
func (s Spec) Configs() ([]Config, error) {
	var out []Config
	for i, name := range []string{s.Policy, s.Against} {
		if i == 1 && name == "" {
			break
		}
		p, err := ParsePolicy(name)
		if err != nil {
			field := map[int]string{0: "policy", 1: "against"}[i]
			return nil, engine.Invalid(field, "must be random, jsq-d, jsq, round-robin or stale-d, got %q", name)
		}
		d := s.D
		if i == 1 && s.AgainstD > 0 {
			d = s.AgainstD
		}
		c := Config{Servers: s.Servers, Load: s.Load, Policy: p, D: d, Refresh: s.Refresh, Seed: s.Seed, Warmup: s.Warmup, Time: s.Time}
		if p != JSQD && p != StaleD {
			c.D = 1
		}
		if err := c.validate(); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	switch {
	case s.D < 1 || s.D > s.Servers:
		return nil, engine.Invalid("d", "must be in 1..servers (%d), got %d", s.Servers, s.D)
	case s.AgainstD < 0 || s.AgainstD > s.Servers:
		return nil, engine.Invalid("against-d", "must be in 0..servers (%d; 0 takes d), got %d", s.Servers, s.AgainstD)
	case !(s.Time > s.Warmup) || s.Time > 1e7:
		return nil, engine.Invalid("time", "must be after the warm-up (%g) and at most 1e7, got %v", s.Warmup, s.Time)
	case s.Seed < 0:
		return nil, engine.Invalid("seed", "must be >= 0, got %d", s.Seed)
	}
	return out, nil
}

// Validate reports the first invalid field.
func (s Spec) Validate() error {
	_, err := s.Configs()
	return err
}

// nsPerEvent is an event, measured at 70-95 ns on this project's machine,
// with room to spare.
const nsPerEvent = 150

// Cost estimates the runs: about 2 x load x servers events a time unit.
func (s Spec) Cost() engine.Cost {
	runs := 1.0
	if s.Against != "" {
		runs = 2
	}
	events := 2 * s.Load * float64(s.Servers) * s.Time * runs
	return engine.Cost{Seconds: events * nsPerEvent / 1e9, Bytes: 16<<20 + runs*float64(s.Servers)*40 + runs*s.Time*16,
		OutputBytes: 8192, TimeLevers: []string{"servers", "time"}, MemoryLevers: []string{"servers"}, OutputLevers: []string{"time"}}
}

// Outcome is the runs' results, in order, with their configs.
type Outcome struct {
	Configs []Config
	Results []Result
	Moments [][]engine.Moment
}

// Run simulates each config to Time, checking ctx every time unit;
// progress, if not nil, gets the share done.
func (s Spec) Run(ctx context.Context, progress func(float64)) (Outcome, error) {
	cs, err := s.Configs()
	if err != nil {
		return Outcome{}, err
	}
	var o Outcome
	for i, c := range cs {
		sim, _ := New(c)
		for t := 1.0; sim.Now() < s.Time; t++ {
			if err := ctx.Err(); err != nil {
				return o, err
			}
			sim.Advance(min(t*10, s.Time))
			if progress != nil {
				progress((float64(i) + sim.Now()/s.Time) / float64(len(cs)))
			}
		}
		o.Configs = append(o.Configs, c)
		o.Results = append(o.Results, sim.Result())
		o.Moments = append(o.Moments, sim.Moments())
	}
	return o, nil
}
