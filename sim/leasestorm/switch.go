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
var Unit = engine.TimeUnit{Name: "s", Seconds: 1, Clock: func(m int) float64 {
	return float64(60 * ((m - StartClock + 24*60) % (24 * 60)))
}}

// Switch changes the run from the next second on, as a switch scheduled
// for now would, and returns the switch as scheduled.
func (e *Engine) Switch(name, value string) (engine.Switch, error) {
	sw := engine.Switch{Name: name, Value: value, At: float64(e.now)}
	return sw, e.apply(sw)
}

// Switched is the switches applied so far.
func (e *Engine) Switched() []engine.Switch { return e.switched }

// applyDue applies the switches due by the second about to run.
func (e *Engine) applyDue() {
	for sw, ok := e.schedule.Due(float64(e.now)); ok; sw, ok = e.schedule.Due(float64(e.now)) {
		e.apply(sw) // checked when scheduled
	}
}

// apply changes the config from this second on: the throttle switched on
// starts now (the queue flushed, the cap from now), switched off lifts
// the cap.
func (e *Engine) apply(sw engine.Switch) error {
	before := e.cfg
	if err := Knobs.Set(&e.cfg, sw.Name, sw.Value); err != nil {
		return err
	}
	switch {
	case e.cfg.Throttle && !before.Throttle:
		e.throttleAt = e.now
	case !e.cfg.Throttle && before.Throttle:
		e.throttleAt, e.throttled = -1, false
	}
	sw.At = float64(e.now)
	e.switched = append(e.switched, sw)
	return nil
}

// ClockOf is the time of day of a second of the run, to the minute.
func ClockOf(second float64) string { return Clock(int(second) / 60) }
