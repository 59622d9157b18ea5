package remirror

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Knobs are what an operator may switch mid-incident (docs/sources.md,
// §MECH.1): backoff, the cap on re-mirrors and the control plane's
// bulkhead. Spreading the volumes is a design, not a switch.
var Knobs = engine.Knobs[Config]{
	engine.OnOff("backoff", func(c *Config) *bool { return &c.Backoff }),
	engine.OnOff("cap", func(c *Config) *bool { return &c.Cap }),
	engine.OnOff("bulkhead", func(c *Config) *bool { return &c.Bulkhead }),
}

// Unit is the incident's clock: minutes from midnight of April 21, or a
// time as the run writes one ("2:40 AM", "Apr 22 3:00 PM").
var Unit = engine.TimeUnit{Name: "min", Seconds: 60,
	Read: func(s string) (float64, bool) {
		m, err := ParseClock(s)
		return float64(m), err == nil && m >= 0
	},
	Day: func(t float64) string { return Clock(int(t)) },
}

// Switch changes the run from the next minute on, as a switch scheduled
// for now would, and returns the switch as scheduled.
func (e *Engine) Switch(name, value string) (engine.Switch, error) {
	return e.switches.Make(name, value, float64(e.now), e.apply)
}

// Switched is the switches applied so far.
func (e *Engine) Switched() []engine.Switch { return e.switches.Applied() }

// apply changes the run from this minute on.
func (e *Engine) apply(sw engine.Switch) error {
	if err := Knobs.Set(&e.cfg, sw.Name, sw.Value); err != nil {
		return err
	}
	e.switches.Record(sw, float64(e.now))
	return nil
}
