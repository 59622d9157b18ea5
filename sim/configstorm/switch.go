package configstorm

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Knobs are what the engineers may switch mid-afternoon (docs/sources.md,
// §MECH.1): the site turned off (on: from this second, then users let
// back as the run lets them; off: a cut not yet made is called off),
// backoff, keeping entries on errors, and coalescing.
var Knobs = engine.Knobs[Config]{
	engine.OnOff("cut", func(c *Config) *bool { return &c.Cut }),
	engine.OnOff("backoff", func(c *Config) *bool { return &c.Backoff }),
	engine.OnOff("keep-on-error", func(c *Config) *bool { return &c.KeepOnError }),
	engine.OnOff("coalesce", func(c *Config) *bool { return &c.Coalesce }),
}

// Unit is the afternoon's clock: seconds from the run's start.
var Unit = engine.TimeUnit{Name: "s", Seconds: 1}

// Switch changes the run from the next second on, as a switch scheduled
// for now would, and returns the switch as scheduled.
func (e *Engine) Switch(name, value string) (engine.Switch, error) {
	return e.switches.Make(name, value, float64(e.now), e.apply)
}

// Switched is the switches applied so far.
func (e *Engine) Switched() []engine.Switch { return e.switches.Applied() }

// apply changes the run from this second on: the cut on turns the site
// off now (unless it is off already), off calls off a cut to come;
// backoff on starts every client at its first level.
func (e *Engine) apply(sw engine.Switch) error {
	if err := Knobs.Set(&e.cfg, sw.Name, sw.Value); err != nil {
		return err
	}
	switch {
	case sw.Name == "cut" && sw.Value == "on" && e.cutFrom < 0:
		e.cutAt = e.now
	case sw.Name == "cut" && sw.Value == "off" && e.cutFrom < 0:
		e.cutAt = -1
	case sw.Name == "backoff" && e.nextTry == nil:
		e.nextTry, e.level = make([]int32, e.cfg.Clients), make([]uint8, e.cfg.Clients)
	}
	e.switches.Record(sw, float64(e.now))
	return nil
}
