package cascade

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Knobs are what a switch may change mid-run (docs/sources.md, §MECH.1):
// each protection, a whole preset, and the arrival rate.
var Knobs = engine.Knobs[Config]{
	engine.OneOf("timeout", []string{"default", "tuned"}, func(c *Config, i int) { c.Tuned = i == 1 }),
	engine.OneOf("retry", []string{"off", "immediate", "backoff"}, func(c *Config, i int) { c.Retry = Retry(i) }),
	engine.OnOff("breaker", func(c *Config) *bool { return &c.Breaker }),
	engine.OnOff("bulkhead", func(c *Config) *bool { return &c.Bulkhead }),
	engine.OnOff("shed", func(c *Config) *bool { return &c.Shed }),
	engine.OnOff("budget", func(c *Config) *bool { return &c.Budget }),
	engine.OneOf("set", []string{"S1", "S2", "S3", "S4", "S5", "S6"}, func(c *Config, i int) { c.Protections = Presets[i].Protections }),
	engine.Number("rate", 0, 1e6, true, func(c *Config) *float64 { return &c.Rate }),
	engine.OneOf("limiter", limiterNames[:], func(c *Config, i int) { c.Limiter = Limiter(i) }),
	engine.OnOff("throttle", func(c *Config) *bool { return &c.Throttle }),
	engine.OnOff("layer-retries", func(c *Config) *bool { return &c.LayerRetries }),
	engine.OnOff("retry-cap", func(c *Config) *bool { return &c.RetryCap }),
	engine.Number("db-fail", 0, 1, true, func(c *Config) *float64 { return &c.DBFail }),
}

// Unit is the cascade's clock: seconds.
var Unit = engine.TimeUnit{Name: "s", Seconds: 1}

// Switch changes the run from now on (after the tick on the clock, or
// from the start before the first), as a switch scheduled for the
// clock's time would, and returns the switch as scheduled: a run given
// it in Config.Switches is this run, to the tick.
func (e *Engine) Switch(name, value string) (engine.Switch, error) {
	sw := engine.Switch{Name: name, Value: value, At: e.lastTick()}
	return sw, e.apply(sw)
}

// lastTick is the time of the latest tick run: the clock's time (0 before
// the first).
func (e *Engine) lastTick() float64 { return float64(max(e.tick-1, 0)) * e.cfg.DT }

// Switched is the switches applied so far, each at its tick's time.
func (e *Engine) Switched() []engine.Switch { return e.switches.Applied() }

// apply changes the config and what hangs on it: a breaker switched on
// starts closed with an empty window (a new one installed); svc's slots
// are pooled again when the bulkhead comes or goes. Retries already
// waiting keep their times.
func (e *Engine) apply(sw engine.Switch) error {
	before := e.cfg.Protections
	if err := Knobs.Set(&e.cfg, sw.Name, sw.Value); err != nil {
		return err
	}
	if e.cfg.Breaker && !before.Breaker {
		e.breaker.install(sw.At)
	}
	if e.cfg.Bulkhead != before.Bulkhead {
		e.repoolSvc()
	}
	if e.cfg.Limiter != before.Limiter { // a new limit; the calls out keep their permits
		inflight := e.limiter.inflight
		e.limiter = newLimiter(e.cfg.Limiter)
		e.limiter.inflight = inflight
	}
	e.switches.Record(sw, e.lastTick()) // not a moment: a stop there would cut a replay's steps apart from the run's
	return nil
}

// install puts in a fresh breaker at now: closed, its window empty, any
// trial still out counting for none. Its log of transitions goes on.
func (b *breaker) install(now float64) {
	*b = breaker{cfg: b.cfg, log: b.log, trialLog: b.trialLog, period: b.period + 1, closedAt: now}
}

// repoolSvc sizes svc's pools for the bulkhead as it now is and moves the
// requests holding svc's slots into them: with the bulkhead, a request's
// pool is its dependency's. A pool may start over its size; it admits
// none until it is below.
func (e *Engine) repoolSvc() {
	l := e.layers[svcLayer]
	l.sizes = []int{e.cfg.SvcSlots}
	if e.cfg.Bulkhead {
		l.sizes = []int{e.cfg.BulkheadDB, e.cfg.BulkheadAux}
	}
	l.used, l.threads = make([]int, len(l.sizes)), max(e.cfg.SvcSlots, sumInts(l.sizes))
	for rid := range e.nextRID {
		r := e.reqs.at(rid)
		if !r.in {
			continue
		}
		pool := e.poolOf(1, r)
		if l.busyHere(r) {
			l.busy[r.busyAt-1].pool = int8(pool)
			l.used[pool]++
		}
		if r.held[svcLayer] > 0 {
			r.held[svcLayer] = int8(pool + 1)
			l.used[pool]++
		}
	}
}

// Config is the run's config as its switches have left it.
func (e *Engine) Config() Config { return e.cfg }
