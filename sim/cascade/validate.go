package cascade

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Validate reports the first invalid field and the range it allows.
func (c Config) Validate() error {
	pos := func(name string, v, hi float64) error {
		if !(v > 0) || v > hi || math.IsInf(v, 0) {
			return engine.Invalid(name, "must be in (0, %g], got %v", hi, v)
		}
		return nil
	}
	nonneg := func(name string, v, hi float64) error {
		if !(v >= 0) || v > hi {
			return engine.Invalid(name, "must be in [0, %g], got %v", hi, v)
		}
		return nil
	}
	slots := func(name string, v int) error {
		if v < 1 || v > 100000 {
			return engine.Invalid(name, "must be in 1..100000, got %d", v)
		}
		return nil
	}
	for _, err := range []error{
		pos("dt", c.DT, 1), pos("duration", c.Duration, 3600),
		nonneg("degrade-at", c.DegradeAt, 1e6), pos("db-slowdown", c.DBSlowdown, 1e6),
		nonneg("surge-at", c.SurgeAt, 1e6), nonneg("surge-end", c.SurgeEnd, 1e6), pos("surge-x", c.SurgeX, 1e3),
		pos("rate", c.Rate, 1e6),
		slots("api-slots", c.APISlots), slots("svc-slots", c.SvcSlots), slots("db-slots", c.DBSlots), slots("aux-slots", c.AuxSlots),
		slots("bulkhead-db", c.BulkheadDB), slots("bulkhead-aux", c.BulkheadAux),
		pos("api-ms", c.APIMs, 1e6), pos("svc-ms", c.SvcMs, 1e6), pos("db-ms", c.DBMs, 1e6), pos("aux-ms", c.AuxMs, 1e6),
		nonneg("dep-prob", c.DepProb, 1), nonneg("prio-high", c.PrioHigh, 1),
		pos("default-wait", c.DefaultWait, 1e6), pos("tuned-wait", c.TunedWait, 1e6), pos("client-timeout", c.ClientTimeout, 1e6),
		pos("breaker-window", c.BreakerWindow, 1e6), nonneg("breaker-err", c.BreakerErrRatio, 1), pos("breaker-cool", c.BreakerCoolDown, 1e6),
		nonneg("db-fail", c.DBFail, 1), pos("limit-timeout", c.LimitTimeout, 1e6), pos("throttle-k", c.ThrottleK, 1e3),
		pos("throttle-window", c.ThrottleWindow, 1e6), nonneg("retry-cap-ratio", c.RetryCapRatio, 1), pos("retry-cap-window", c.RetryCapWindow, 1e6),
		nonneg("retry-base", c.RetryBase, 1e3), nonneg("retry-budget", c.RetryBudgetRatio, 1), pos("slo-ms", c.SLOMs, 1e6),
	} {
		if err != nil {
			return err
		}
	}
	switch {
	case c.Duration < c.DT:
		return engine.Invalid("duration", "must be at least one tick (dt, %g s), got %v", c.DT, c.Duration)
	case c.Seed < 0:
		return engine.Invalid("seed", "must be >= 0, got %d", c.Seed)
	case c.SurgeEnd < c.SurgeAt:
		return engine.Invalid("surge-end", "must be at or after surge-at (%g s), got %g", c.SurgeAt, c.SurgeEnd)
	case c.BreakerMinCalls < 1 || c.BreakerMinCalls > 1e6:
		return engine.Invalid("breaker-min", "must be in 1..1000000, got %d", c.BreakerMinCalls)
	case c.BreakerTrials < 1 || c.BreakerTrials > 1e6:
		return engine.Invalid("breaker-trials", "must be in 1..1000000, got %d", c.BreakerTrials)
	case c.MaxRetries < 0 || c.MaxRetries > 100:
		return engine.Invalid("max-retries", "must be in 0..100, got %d", c.MaxRetries)
	case c.ShedLow < 0 || c.ShedHigh < c.ShedLow:
		return engine.Invalid("shed-low", "must be in 0..shed-high (%d), got %d", c.ShedHigh, c.ShedLow)
	case c.Scan < 1 || c.Scan > 1e6:
		return engine.Invalid("scan", "must be in 1..1000000, got %d", c.Scan)
	case c.HeadCheck < 1 || c.HeadCheck > 64:
		return engine.Invalid("head-check", "must be in 1..64, got %d", c.HeadCheck)
	case c.SampleEvery < 1:
		return engine.Invalid("sample-every", "must be at least 1, got %d", c.SampleEvery)
	case c.Arrivals != "lecture" && c.Arrivals != "paired":
		return engine.Invalid("arrivals", "must be lecture or paired, got %q", c.Arrivals)
	case c.BreakerCounts != "lecture" && c.BreakerCounts != "guarded":
		return engine.Invalid("breaker-counts", "must be lecture or guarded, got %q", c.BreakerCounts)
	case c.Duration/c.DT > 1e7:
		return engine.Invalid("dt", "makes %.3g ticks of the duration, more than 10^7", c.Duration/c.DT)
	}
	return nil
}
