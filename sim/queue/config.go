package queue

import "github.com/loadlab/loadlab/sim/engine"

// Policy is how a job picks its server.
type Policy int

// The policies.
const (
	Random Policy = iota
	JSQD          // the shortest of d servers drawn with replacement, ties to the first drawn
	JSQ           // the shortest of all
	RoundRobin
	StaleD // JSQD on a load board refreshed every Refresh time units
	// WeightedRR is round robin that gives each server turns in
	// proportion to its speed: a slow server of speed 0.25 takes one turn
	// in four rounds.
	WeightedRR
	// PeakEWMA is Finagle's balancer (docs/sources.md, §MECH.2): of d
	// servers drawn, the one of least cost, its peak-sensitive moving
	// average of response times times its outstanding jobs + 1.
	PeakEWMA
)

var policyNames = [...]string{"random", "jsq-d", "jsq", "round-robin", "stale-d", "wrr", "peak-ewma"}

// PolicyList is every policy's name, as messages list them.
const PolicyList = "random, jsq-d, jsq, round-robin, stale-d, wrr or peak-ewma"

func (p Policy) String() string { return policyNames[p] }

// ParsePolicy reads a policy's name.
func ParsePolicy(s string) (Policy, error) { return engine.ParseName[Policy](policyNames[:], s) }

// Config is one run.
type Config struct {
	Servers int
	Load    float64
	Policy  Policy
	D       int
	Refresh float64 // the board's refresh interval, for StaleD
	// Slow servers (the first Slow) serve at SlowSpeed, the others at 1;
	// Load is the share of the fleet's whole capacity the arrivals ask.
	Slow      int
	SlowSpeed float64
	// Decay is Peak EWMA's decay time: how fast a server's cost forgets a
	// slow response.
	Decay float64
	// Gray servers (the last Gray) pass their health checks but fail a
	// share GrayFail of the jobs they serve, at GraySpeed (an error is
	// quick to give): a gray failure. Capacity leaves them out.
	Gray      int
	GraySpeed float64
	GrayFail  float64
	// Health is how the balancer keeps failing servers out: outlier
	// ejection, the health checks' verdicts and the panic threshold.
	Health
	Seed   int64
	Warmup float64 // time before measuring
	// Window, when above 0, counts the jobs sent to each server over
	// periods of this length (Sent): a fresh policy's counts beside a
	// stale board's, over the board's periods. StaleD always counts over
	// its board's; its Window is 0 or its Refresh.
	Window float64
	// Time is when the run ends for Step and Done; 0 runs without end
	// (Advance only).
	Time float64
	// Switches change the run from their times on (Knobs), in time order.
	Switches []engine.Switch
	// Trace keeps the servers each arrival looks at (Looked), for a view
	// that steps a job at a time; it costs a write a server looked at.
	Trace bool
}

// Choices is the d of the mean field the policy is measured against:
// 1 for random, d for jsq-d and stale-d; false for the others, and for a
// fleet with slow, gray or left-out servers (the mean field is of equal
// servers, all in use).
func (c Config) Choices() (int, bool) {
	if c.Slow > 0 || c.Gray > 0 || c.Health.active() {
		return 0, false
	}
	return policies[c.Policy].choices(c)
}

// HerdJobs is how many jobs one server must get in one board period for
// the herd moment: far more than the load spreads.
const HerdJobs = 6

func (c Config) validate() error {
	switch {
	case c.Servers < 1 || c.Servers > 10_000_000:
		return engine.Invalid("servers", "must be in 1..10000000, got %d", c.Servers)
	case !(c.Load > 0 && c.Load < 1):
		return engine.Invalid("load", "must be in (0, 1), got %v", c.Load)
	case c.Draws() && (c.D < 1 || c.D > c.Servers):
		return engine.Invalid("d", "must be in 1..servers (%d), got %d", c.Servers, c.D)
	case c.Policy == StaleD && !(c.Refresh >= 0.01 && c.Refresh <= 1e6):
		return engine.Invalid("refresh", "must be in [0.01, 1e6], got %v", c.Refresh)
	case c.Window != 0 && !(c.Window >= 0.01 && c.Window <= 1e6):
		return engine.Invalid("window", "must be 0 or in [0.01, 1e6], got %v", c.Window)
	case c.Policy == StaleD && c.Window != 0 && c.Window != c.Refresh:
		return engine.Invalid("window", "must be 0 or the board's refresh (%g) for stale-d, got %v", c.Refresh, c.Window)
	case !(c.Warmup >= 0):
		return engine.Invalid("warmup", "must be >= 0, got %v", c.Warmup)
	case c.Slow < 0 || c.Slow >= c.Servers:
		return engine.Invalid("slow", "must be in 0..servers-1 (%d), got %d", c.Servers-1, c.Slow)
	case c.Slow > 0 && !(c.SlowSpeed >= MinSpeed && c.SlowSpeed <= 1):
		return engine.Invalid("slow-speed", "must be in [%g, 1], got %v", MinSpeed, c.SlowSpeed)
	case c.Policy == PeakEWMA && !(c.Decay >= 0.01 && c.Decay <= 1e6):
		return engine.Invalid("decay", "must be in [0.01, 1e6], got %v", c.Decay)
	case c.Gray < 0 || c.Slow+c.Gray >= c.Servers:
		return engine.Invalid("gray", "must be in 0..servers-slow-1 (%d), got %d", c.Servers-c.Slow-1, c.Gray)
	case c.Gray > 0 && !(c.GraySpeed >= MinSpeed && c.GraySpeed <= 1e3):
		return engine.Invalid("gray-speed", "must be in [%g, 1000], got %v", MinSpeed, c.GraySpeed)
	case c.Gray > 0 && !(c.GrayFail >= 0 && c.GrayFail <= 1):
		return engine.Invalid("gray-fail", "must be in [0, 1], got %v", c.GrayFail)
	}
	return c.Health.validate(c)
}

// MinSpeed is the slowest a slow server may be.
const MinSpeed = 0.01

// Draws reports whether the policy draws D servers to compare.
func (c Config) Draws() bool { return policies[c.Policy].draws() }

// speed is the service rate of the servers of class 0 (the others) and 1
// (the slow).
func (c Config) speed(class int) float64 {
	switch class {
	case 1:
		return c.SlowSpeed
	case 2:
		return c.GraySpeed
	}
	return 1
}

// Capacity is the jobs the fleet serves well a time unit when every
// server is busy: the servers, less what the slow ones lack and the gray
// ones.
func (c Config) Capacity() float64 {
	if c.Slow == 0 && c.Gray == 0 {
		return float64(c.Servers)
	}
	return float64(c.Servers-c.Slow-c.Gray) + float64(c.Slow)*c.SlowSpeed
}
