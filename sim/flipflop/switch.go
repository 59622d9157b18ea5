package flipflop

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Knobs are what an operator may switch mid-morning (docs/sources.md,
// §MECH.1): hysteresis, the cap on changes a minute, and the automation
// itself (off: no more changes, the instances it took out written back,
// as the lecture's engineers did at 9:36 AM; on again: it resumes).
var Knobs = engine.Knobs[Config]{
	engine.OnOff("hysteresis", func(c *Config) *bool { return &c.Hysteresis }),
	engine.OnOff("cap", func(c *Config) *bool { return &c.Cap }),
	{Name: "automation", Accepts: "on or off", Set: func(c *Config, v string) bool { return v == "on" || v == "off" }},
}

// Unit is the morning's clock: seconds from 5:00 AM, or a time of day.
var Unit = engine.DayUnit(StartClock)

// ClockOf is the time of day of a second of the run, to the minute.
func ClockOf(second float64) string { return Clock(int(second) / 60) }

// Switch changes the run from the next second on, as a switch scheduled
// for now would, and returns the switch as scheduled.
func (e *Engine) Switch(name, value string) (engine.Switch, error) {
	return e.switches.Make(name, value, float64(e.now), e.apply)
}

// Switched is the switches applied so far.
func (e *Engine) Switched() []engine.Switch { return e.switches.Applied() }

// apply changes the run from this second on.
func (e *Engine) apply(sw engine.Switch) error {
	if err := Knobs.Set(&e.cfg, sw.Name, sw.Value); err != nil {
		return err
	}
	if sw.Name == "automation" {
		switch {
		case sw.Value == "off" && !e.disabled:
			e.switchOff(int(e.now / 60))
		case sw.Value == "on":
			e.disabled, e.disabledAt = false, -1
		}
	}
	e.switches.Record(sw, float64(e.now))
	return nil
}
