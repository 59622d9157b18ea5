package configstorm

import (
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Protections are a run's switches: cutting the traffic (the site turned
// off and users let back slowly), exponential backoff, keeping an entry
// when the database errors (an error no longer read as an invalid value),
// and coalescing the repairs (one client queries for an entry while the
// others wait for its answer: the coordination 26.2.8 finds missing).
type Protections struct {
	Cut, Backoff, KeepOnError, Coalesce bool
}

// switchNames are the protections' names on the command line, in the
// order a set's name lists them.
var switchNames = []string{"cut", "backoff", "keep-on-error", "coalesce"}

func (p Protections) on() []bool { return []bool{p.Cut, p.Backoff, p.KeepOnError, p.Coalesce} }

// SetName is a protection set's name: "none", or its switches joined by
// "+" in the order cut, backoff, keep-on-error ("cut+backoff").
func SetName(p Protections) string {
	var names []string
	for i, on := range p.on() {
		if on {
			names = append(names, switchNames[i])
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "+")
}

// ParseSet reads a set's name: none, or switches joined by "+" in any
// order.
func ParseSet(name string) (Protections, error) {
	var p Protections
	if name == "none" {
		return p, nil
	}
	for _, s := range strings.Split(name, "+") {
		var f *bool
		switch strings.TrimSpace(s) {
		case "cut":
			f = &p.Cut
		case "backoff":
			f = &p.Backoff
		case "keep-on-error":
			f = &p.KeepOnError
		case "coalesce":
			f = &p.Coalesce
		default:
			return p, engine.Invalid("runs", "must list none, or cut, backoff, keep-on-error and coalesce joined by +, comma-separated, got %q", name)
		}
		if *f {
			return p, engine.Invalid("runs", "must name each protection of a run once, got %q", name)
		}
		*f = true
	}
	return p, nil
}

// Config is one run. Times are whole minutes after the bad value, or
// seconds.
type Config struct {
	Seed int64 `json:"seed"`
	// Clients read the cache; Entries hold the configuration in it.
	Clients int `json:"clients"`
	Entries int `json:"entries"`
	// Reads is the reads a second all clients make of the cache, spread
	// evenly over the entries; Capacity the queries a second the database
	// answers.
	Reads    float64 `json:"reads"`
	Capacity float64 `json:"capacity"`
	// Attempts is the tries a read makes without backoff: the first
	// query and a query again at once after each error.
	Attempts int `json:"attempts"`
	// TTLS is an entry's mean life in the cache, seconds (0: it never
	// expires).
	TTLS int `json:"ttl-s"`
	// FixAtMin is when the invalid value is fixed; CutAtMin when the site
	// is turned off (a run with the cut on), OffMin how long it stays
	// off, RampMin how long letting every user back takes (0: all at
	// once).
	FixAtMin int `json:"fix-at-min"`
	CutAtMin int `json:"cut-at-min"`
	OffMin   int `json:"off-min"`
	RampMin  int `json:"ramp-min"`
	// BackoffBaseS is the first wait of a backing-off client, seconds;
	// each failure doubles it, up to BackoffMaxS.
	BackoffBaseS int `json:"backoff-base-s"`
	BackoffMaxS  int `json:"backoff-max-s"`
	// RunMin is how long the run goes on after the bad value.
	RunMin      int `json:"run-min"`
	Protections `json:"-"`
	// Switches change the run from their seconds on (Knobs), written as
	// engine.FormatSwitches writes them (a string keeps the config
	// comparable).
	Switches string `json:"-"`
}

// LeadMin is the quiet minutes the run starts with, before the bad value.
const LeadMin = 5

// Limits of the fields.
const (
	MaxClients  = 100_000
	MaxEntries  = 100_000
	MaxRate     = 1e7
	MaxAttempts = 10
	MaxMinutes  = 24 * 60
	MaxSeconds  = 24 * 3600
)

// DefaultConfig is the model's afternoon: 2,000 clients reading 100,000
// times a second from 1,000 entries of configuration that live about ten
// minutes each; a database answering 5,000 queries a second (a twentieth
// of the reads: the cache is there because it cannot carry them); three
// tries a read. The value is fixed 15 minutes after the bad change; the
// site is turned off at 1:45, stays off 15 minutes, and users come back
// over 30: the lecture's 2.5 hours. Backoff starts at 1 s and doubles up
// to a minute. The run goes on to 3:00.
func DefaultConfig() Config {
	return Config{Seed: 2010, Clients: 2000, Entries: 1000, Reads: 100000, Capacity: 5000, Attempts: 3, TTLS: 600,
		FixAtMin: 15, CutAtMin: 105, OffMin: 15, RampMin: 30, BackoffBaseS: 1, BackoffMaxS: 60, RunMin: 180}
}

// Validate reports the first invalid field.
func (c Config) Validate() error {
	switch {
	case c.Seed < 0:
		return engine.Invalid("seed", "must be a whole number >= 0, got %d", c.Seed)
	case c.Clients < 1 || c.Clients > MaxClients:
		return engine.Invalid("clients", "must be in 1..%d, got %d", MaxClients, c.Clients)
	case c.Entries < 1 || c.Entries > MaxEntries:
		return engine.Invalid("entries", "must be in 1..%d, got %d", MaxEntries, c.Entries)
	case !(c.Reads > 0) || c.Reads > MaxRate:
		return engine.Invalid("reads", "must be in (0, 1e7] reads a second, got %v", c.Reads)
	case !(c.Capacity > 0) || c.Capacity > MaxRate:
		return engine.Invalid("capacity", "must be in (0, 1e7] queries a second, got %v", c.Capacity)
	case c.Attempts < 1 || c.Attempts > MaxAttempts:
		return engine.Invalid("attempts", "must be in 1..%d, got %d", MaxAttempts, c.Attempts)
	case c.TTLS < 0 || c.TTLS > MaxSeconds:
		return engine.Invalid("ttl-s", "must be in 0..%d seconds (0: entries never expire), got %d", MaxSeconds, c.TTLS)
	case c.RunMin < 1 || c.RunMin > MaxMinutes:
		return engine.Invalid("run-min", "must be in 1..%d, got %d", MaxMinutes, c.RunMin)
	case c.FixAtMin < 0 || c.FixAtMin > c.RunMin:
		return engine.Invalid("fix-at-min", "must be in 0..run-min (%d), got %d (a run that ends sooner needs an earlier fix)", c.RunMin, c.FixAtMin)
	case c.CutAtMin < 0 || c.CutAtMin > c.RunMin:
		return engine.Invalid("cut-at-min", "must be in 0..run-min (%d), got %d (a run that ends sooner needs an earlier cut)", c.RunMin, c.CutAtMin)
	case c.OffMin < 0 || c.OffMin > MaxMinutes:
		return engine.Invalid("off-min", "must be in 0..%d, got %d", MaxMinutes, c.OffMin)
	case c.RampMin < 0 || c.RampMin > MaxMinutes:
		return engine.Invalid("ramp-min", "must be in 0..%d (0: every user back at once), got %d", MaxMinutes, c.RampMin)
	case c.BackoffBaseS < 1 || c.BackoffBaseS > MaxSeconds:
		return engine.Invalid("backoff-base-s", "must be in 1..%d seconds, got %d", MaxSeconds, c.BackoffBaseS)
	case c.BackoffMaxS < c.BackoffBaseS || c.BackoffMaxS > MaxSeconds:
		return engine.Invalid("backoff-max-s", "must be in backoff-base-s (%d)..%d seconds, got %d", c.BackoffBaseS, MaxSeconds, c.BackoffMaxS)
	}
	return nil
}

// Minutes is the run's length.
func (c Config) Minutes() int { return LeadMin + c.RunMin }

// Seconds is the run's length in steps.
func (c Config) Seconds() int { return 60 * c.Minutes() }

// SetWords names a protection set in a class's words: "no protection",
// "cut traffic + backoff".
func SetWords(p Protections) string {
	words := []string{"cut traffic", "backoff", "keep on error", "one client repairs"}
	var on []string
	for i, b := range p.on() {
		if b {
			on = append(on, words[i])
		}
	}
	if len(on) == 0 {
		return "no protection"
	}
	return strings.Join(on, " + ")
}
