package leasestorm

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Knobs are what an operator may switch mid-night (docs/sources.md,
// §MECH.1): the throttle (on: from that second, the queue flushed once),
// dropping stale requests, the throttle's cap and the manager's rate.
var Knobs = engine.Knobs[Config]{
	engine.OnOff("throttle", func(c *Config) *bool { return &c.Throttle }),
	engine.OnOff("drop-stale", func(c *Config) *bool { return &c.DropStale }),
	{Name: "cap", Accepts: "a whole number in 1..10000000", Set: func(c *Config, v string) bool {
		n, ok := engine.WholeIn(v, 1, MaxQueue)
		if ok {
			c.Cap = n
		}
		return ok
	}},
	engine.Number("rate", 0, MaxRate, false, func(c *Config) *float64 { return &c.Rate }),
}

// Unit is the night's clock: seconds from 11:18 PM, or a time of day
// (the night after StartClock).
var Unit = engine.DayUnit(StartClock)

// Switch changes the run from the next second on, as a switch scheduled
// for now would, and returns the switch as scheduled.
func (e *Engine) Switch(name, value string) (engine.Switch, error) {
	return e.switches.Make(name, value, float64(e.now), e.apply)
}

// Switched is the switches applied so far.
func (e *Engine) Switched() []engine.Switch { return e.switches.Applied() }

// apply changes the config from this second on: the throttle switched on
// starts now, on a run whose throttle was due later too (the queue
// flushed, the cap from now); switched off lifts the cap.
func (e *Engine) apply(sw engine.Switch) error {
	if err := Knobs.Set(&e.cfg, sw.Name, sw.Value); err != nil {
		return err
	}
	if sw.Name == "throttle" {
		switch {
		case sw.Value == "on" && !e.throttled: // now, whenever it was due
			e.throttleAt = e.now
		case sw.Value == "off":
			e.throttleAt, e.throttled = -1, false
		}
	}
	e.switches.Record(sw, float64(e.now))
	return nil
}

// ClockOf is the time of day of a second of the run, to the minute.
func ClockOf(second float64) string { return Clock(int(second) / 60) }
