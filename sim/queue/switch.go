package queue

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Knobs are what a switch may change mid-run (docs/sources.md, §MECH.1):
// the policy, its d, the load and Peak EWMA's decay.
var Knobs = engine.Knobs[Config]{
	engine.OneOf("policy", policyNames[:], func(c *Config, i int) { c.Policy = Policy(i) }),
	{Name: "d", Accepts: "a whole number in 1..servers", Set: func(c *Config, v string) bool {
		d, ok := engine.WholeIn(v, 1, c.Servers)
		if ok {
			c.D = d
		}
		return ok
	}},
	{Name: "load", Accepts: "a number in (0, 1)", Set: func(c *Config, v string) bool {
		x, err := engine.ParseDecimal(v)
		if err != nil || !(x > 0 && x < 1) {
			return false
		}
		c.Load = x
		return true
	}},
	engine.Number("decay", 0.01, 1e6, true, func(c *Config) *float64 { return &c.Decay }),
	engine.OnOff("eject", func(c *Config) *bool { return &c.Eject }),
	engine.Number("panic", 0, 1, true, func(c *Config) *float64 { return &c.Panic }),
}

// Unit is the supermarket's clock: model time units (a mean service).
var Unit = engine.TimeUnit{Name: "time units"}

// Switch changes the run from now on, as a switch scheduled for now
// would, and returns the switch as scheduled.
func (s *Sim) Switch(name, value string) (engine.Switch, error) {
	sw := engine.Switch{Name: name, Value: value, At: s.now}
	return sw, s.apply(sw)
}

// Switched is the switches applied so far.
func (s *Sim) Switched() []engine.Switch { return s.switches.Applied() }

// apply changes the config from now on and builds what the new policy
// keeps: JSQ's buckets of the queues as they are, a board copied now,
// wrr's credits, Peak EWMA's averages (none yet) and its queues' arrival
// times (a job already waiting counted from now). A new load draws the
// next arrival afresh from now (the arrivals are memoryless).
func (s *Sim) apply(sw engine.Switch) error {
	c := s.cfg
	if err := Knobs.Set(&c, sw.Name, sw.Value); err != nil {
		return err
	}
	if c.Policy == StaleD && s.sent != nil && s.board == nil {
		c.Refresh = s.period // its board refreshes when the window's periods end
	}
	if err := c.validate(); err != nil {
		return err
	}
	old := s.cfg
	s.cfg = c
	if c.Policy != old.Policy {
		s.build()
	}
	if c.Load != old.Load {
		s.lambda = c.Load * c.Capacity()
		s.next = s.now + s.arrivals.ExpoVariate(s.lambda)
	}
	if s.health == nil && c.Health.active() { // ejection from now: every server eligible, an interval from now
		s.health = newHealth(c)
		s.health.next = s.now + c.Interval
	}
	if s.health != nil {
		s.setPanic()
	}
	if c.Trace && cap(s.looked) < c.D {
		s.looked = make([]int32, 0, c.D)
	}
	s.switches.Record(sw, s.now)
	return nil
}

// build makes the structures the policy keeps, from the servers as they
// are now.
func (s *Sim) build() { policies[s.cfg.Policy].build(s) }
