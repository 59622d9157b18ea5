package leasestorm

import (
	"github.com/loadlab/loadlab/sim/engine"
)

// Protections are a run's switches: the throttle (from ThrottleAfterMin
// after the outage, at most Cap requests in flight, the queue flushed
// once) and dropping requests older than the timeout; and two of the
// lecture's design fixes (26.2.10: "support batched or staggered
// renewal, or lazy renewal"): staggering, where every droplet waiting when
// DynamoDB returns asks again at a random time within StaggerMin rather
// than at once, and renewing expired leases, where a lease that ran out
// while DynamoDB was unreachable stays renewable, so its droplet keeps
// running while it waits.
type Protections struct {
	Throttle     bool
	DropStale    bool
	Stagger      bool
	RenewExpired bool
}

// Sets are the protection sets by name, in the order help lists them.
var Sets = []engine.Set[Protections]{
	{Name: "none", Protections: Protections{}},
	{Name: "throttle", Protections: Protections{Throttle: true}},
	{Name: "drop-stale", Protections: Protections{DropStale: true}},
	{Name: "both", Protections: Protections{Throttle: true, DropStale: true}},
	{Name: "stagger", Protections: Protections{Stagger: true}},
	{Name: "renew-expired", Protections: Protections{RenewExpired: true}},
}

// SetName is the name of a protection set.
func SetName(p Protections) string { return engine.NameOfSet(Sets, p) }

// Config is one run of the night. Times are whole minutes or seconds.
type Config struct {
	Seed int64 `json:"seed"`
	// Droplets is the fleet whose leases the manager holds.
	Droplets int `json:"droplets"`
	// LeaseMin is a lease's length; a droplet asks to renew it between
	// three quarters of RenewMin and RenewMin after it was granted.
	LeaseMin int `json:"lease-min"`
	RenewMin int `json:"renew-min"`
	// Rate is the requests the manager serves a second.
	Rate float64 `json:"rate"`
	// TimeoutS is how long a droplet waits for an answer before it gives
	// up and asks again.
	TimeoutS int `json:"timeout-s"`
	// QueueLimit is the most requests the manager's queue holds.
	QueueLimit int `json:"queue-limit"`
	// OutageMin is how long DynamoDB cannot be reached, from LeadMin into
	// the run (the lecture's 11:48 PM).
	OutageMin int `json:"outage-min"`
	// ThrottleAfterMin is when, after DynamoDB returns, the throttle
	// starts (a run with it on); Cap is the requests in flight it allows.
	ThrottleAfterMin int `json:"throttle-after-min"`
	Cap              int `json:"cap"`
	// AfterMin is how long the run goes on after DynamoDB returns.
	AfterMin int `json:"after-min"`
	// StaggerMin is the window over which staggered droplets spread
	// their asks when DynamoDB returns.
	StaggerMin  int `json:"stagger-min"`
	Protections `json:"-"`
	// Switches change the run from their seconds on (Knobs), written as
	// engine.FormatSwitches writes them (a string keeps the config
	// comparable).
	Switches string `json:"-"`
}

// LeadMin is the quiet half hour the run starts with, before the outage:
// the run's clock starts at 11:18 PM, the outage at 11:48 PM.
const LeadMin = 30

// StartClock is the run's first minute, as minutes after midnight of the
// day before: 11:18 PM.
const StartClock = 23*60 + 18

// Limits of the fields.
const (
	MaxDroplets = 1_000_000
	MaxMinutes  = 24 * 60 // any one time span of the run
	MaxRate     = 1e6
	MaxQueue    = 10_000_000
	MaxTimeoutS = 3600
)

// DefaultConfig is the model's night: 20,000 droplets, leases of an hour
// renewed every half hour (11 renewals a second), a manager serving 16 a
// second, a one-minute timeout, and the lecture's times: the outage from
// 11:48 PM to 2:25 AM (157 min), the throttle at 4:14 AM (109 min later)
// with 480 requests in flight (half of 16/s x 60 s), and the run going on
// to 6:48 AM; staggered droplets spread their asks over 90 minutes, long
// enough that 40,000 of them come slower than the manager's 9 a second.
func DefaultConfig() Config {
	return Config{Seed: 425, Droplets: 40000, LeaseMin: 180, RenewMin: 120, Rate: 9, TimeoutS: 60, QueueLimit: 100000,
		OutageMin: 157, ThrottleAfterMin: 109, Cap: 270, AfterMin: 263, StaggerMin: 90}
}

// Validate reports the first invalid field.
func (c Config) Validate() error {
	switch {
	case c.Seed < 0:
		return engine.Invalid("seed", "must be a whole number >= 0, got %d", c.Seed)
	case c.Droplets < 1 || c.Droplets > MaxDroplets:
		return engine.Invalid("droplets", "must be in 1..%d, got %d", MaxDroplets, c.Droplets)
	case c.LeaseMin < 1 || c.LeaseMin > MaxMinutes:
		return engine.Invalid("lease-min", "must be in 1..%d, got %d", MaxMinutes, c.LeaseMin)
	case c.RenewMin < 1 || c.RenewMin >= c.LeaseMin:
		return engine.Invalid("renew-min", "must be in 1..lease-min - 1 (%d): a droplet renews before its lease runs out, got %d", c.LeaseMin-1, c.RenewMin)
	case !(c.Rate > 0) || c.Rate > MaxRate:
		return engine.Invalid("rate", "must be in (0, 1e6] requests a second, got %v", c.Rate)
	case c.TimeoutS < 1 || c.TimeoutS > MaxTimeoutS:
		return engine.Invalid("timeout-s", "must be in 1..%d seconds, got %d", MaxTimeoutS, c.TimeoutS)
	case c.QueueLimit < 1 || c.QueueLimit > MaxQueue:
		return engine.Invalid("queue-limit", "must be in 1..%d, got %d", MaxQueue, c.QueueLimit)
	case c.OutageMin < 0 || c.OutageMin > MaxMinutes:
		return engine.Invalid("outage-min", "must be in 0..%d, got %d", MaxMinutes, c.OutageMin)
	case c.ThrottleAfterMin < 0 || c.ThrottleAfterMin > MaxMinutes:
		return engine.Invalid("throttle-after-min", "must be in 0..%d, got %d", MaxMinutes, c.ThrottleAfterMin)
	case c.Cap < 1 || c.Cap > MaxQueue:
		return engine.Invalid("cap", "must be in 1..%d, got %d", MaxQueue, c.Cap)
	case c.AfterMin < 1 || c.AfterMin > MaxMinutes:
		return engine.Invalid("after-min", "must be in 1..%d, got %d", MaxMinutes, c.AfterMin)
	case c.StaggerMin < 1 || c.StaggerMin > c.RenewMin:
		return engine.Invalid("stagger-min", "must be in 1..renew-min (%d), got %d", c.RenewMin, c.StaggerMin)
	}
	return nil
}

// Minutes is the run's length.
func (c Config) Minutes() int { return LeadMin + c.OutageMin + c.AfterMin }

// Threshold is the most droplets the manager can serve inside one
// timeout, Rate x Timeout: with more waiting than that, their retries
// alone can keep its queue's wait past the timeout.
func (c Config) Threshold() float64 { return c.Rate * float64(c.TimeoutS) }

// RenewalRate is the renewals a second a quiet fleet asks for.
func (c Config) RenewalRate() float64 { return float64(c.Droplets) / float64(60*c.RenewMin) }

// Clock writes minute m of the run as a time of day.
func Clock(m int) string { return engine.Clock(StartClock + m) }
