package configstorm

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCostModel prints the estimate against the
// measured work), and the bytes of its state and report.
const (
	nsSecond = 300.0 // a second simulated: its events, its sums
	nsEntry  = 20.0  // an entry's second in the storm: its queries summed, its answer and error drawn
	nsTry    = 2.5   // a try of an entry's row moved on
	nsQuiet  = 5.5   // an entry's second when it is valid: its expiry looked at
	nsClient = 1.6   // a client's second under backoff: its wait looked at, a failure drawn
	nsRun    = 1e5   // a run started and its result built
	// bytesEntry is an entry's state, its two rows of tries (bytesTry a
	// try) and its queries; bytesClient a client's backoff.
	bytesEntry, bytesTry, bytesClient = 18.0, 16.0, 5.0
	// bytesMinute is a minute of the seven series and of the result's row.
	bytesMinute = 7*16 + 120
	// A minute's row at its longest (every float written in 17 digits)
	// in the JSON, the CSV and the text (which prints one every ten
	// minutes), and a run's fields and moments besides them.
	rowJSON, rowCSV, rowText = 330.0, 170.0, 9.0
	runJSON, runText         = 3000.0, 1500.0
)

// Fitted on the 2-core machine (calibrated December 2026): a storm second of an
// entry is nsTryRow a try of its row, nsDraw a chance drawn (a Random and
// an Exp, only when its mean is under sure), nsFill the refill drawn once
// the value is sound; a free client under backoff in the storm nsFree.
const (
	nsTryRow = 3.6
	nsDraw   = 18.0
	nsFill   = 22.0
	nsFree   = 40.0
)

// entryStormNs is an entry's second in a storm whose load is l.
func entryStormNs(c Config, l float64, sound bool) float64 {
	ns := nsTryRow * float64(c.Attempts)
	if x := (l - c.Capacity) / float64(c.Entries); x > 0 && x < sure {
		ns += nsDraw
	}
	if sound {
		ns += nsFill
	}
	return ns
}

// clientAct is the share of clients free to query a second when each
// free client's query fails with chance p: after a failure at level j it
// waits ceil(U[0.5,1] x min(max, base 2^j)) s, after a success 1 s.
func clientAct(c Config, p float64) float64 {
	if p <= 0 {
		return 1
	}
	p = min(p, 1-1e-12)
	ed, pj := 1-p, 1.0 // pj: p^j, the mass of levels >= j
	for j := 0; j < 64; j++ {
		w := min(float64(c.BackoffMaxS), float64(c.BackoffBaseS)*math.Pow(2, float64(j)))
		d := max(1, 0.75*w+0.5)
		if w >= float64(c.BackoffMaxS) {
			ed += pj * p * d
			break
		}
		ed += (1 - p) * pj * p * d
		pj *= p
	}
	return 1 / ed
}

// backoffAct is the clients' free share in the storm's steady state: before
// the fix (every answer invalid) or after it, started from act.
func backoffAct(c Config, act float64, sound bool) float64 {
	m := c.Reads / float64(c.Clients)
	for range 300 {
		fail := 1.0
		if sound {
			fail = max(0, 1-c.Capacity/(c.Reads*act))
		}
		act = (act + clientAct(c, 1-math.Exp(-m*fail))) / 2
	}
	return act
}

// stormSeconds is how long after the fix the storm goes on, seconds, at
// most rest; prefix is the load before the fix.
func stormAfterFix(c Config, prefix, rest float64) float64 {
	k := float64(c.Entries)
	switch {
	case c.KeepOnError || c.Coalesce:
		return 0
	case !c.Backoff:
		return rest
	case prefix <= c.Capacity:
		return 0
	}
	// a refilled entry's chance to survive a second at the prefix load
	s := -math.Expm1(-c.Capacity/k) * math.Exp(-(prefix-c.Capacity)/k)
	if s >= 0.25 {
		return 0
	}
	if c.Reads/float64(c.Clients)*(1-c.Capacity/prefix) >= 3 { // clients stay saturated: the load stays
		ttl := float64(c.TTLS)
		if ttl == 0 {
			ttl = math.Inf(1)
		}
		if s*ttl >= 0.1 {
			return min(rest, 0.13/s)
		}
	}
	return rest
}

// runNs is run c on one core.
func runNs(c Config) float64 {
	k, n := float64(c.Entries), float64(c.Clients)
	total, lead, fix := float64(c.Seconds()), 60.0*LeadMin, 60*float64(c.FixAtMin)
	quiet := nsSecond + k*nsQuiet
	var pre, post, l0 float64
	if c.Backoff {
		quiet += n * nsClient
		a0 := backoffAct(c, 1, false)
		a1 := backoffAct(c, a0, true)
		l0 = c.Reads * a0
		pre = nsSecond + k*entryStormNs(c, l0, false) + n*(1+nsFree*a0)
		post = nsSecond + k*entryStormNs(c, c.Reads*a1, true) + n*(1+nsFree*a1)
	} else {
		l0 = c.StormLoad()
		pre = nsSecond + k*entryStormNs(c, l0, false)
		post = nsSecond + k*entryStormNs(c, l0, true)
	}
	after := total - lead - fix // seconds after the fix
	off := 0.0
	stormEnd := after
	if c.Cut {
		cut := 60 * float64(c.CutAtMin)
		off = min(60*float64(c.OffMin), total-lead-cut)
		if cut < fix {
			// the cut before the fix: the storm to the fix, as before
			stormEnd = 0
		} else {
			stormEnd = cut - fix
		}
	}
	d := min(stormAfterFix(c, l0, after), stormEnd)
	if c.Cut && c.RampMin == 0 && !c.KeepOnError && !c.Coalesce && d == stormEnd && c.Sustains() {
		d = after - off // every user back at once to an empty cache: the storm again
	}
	ttlStorm := c.TTLS > 0 && !c.KeepOnError && !c.Coalesce && c.Reads/float64(c.TTLS) > 0.7*c.Capacity
	if ttlStorm {
		return nsRun + (lead+after-off)*post + fix*pre + off*quiet
	}
	return nsRun + fix*pre + d*post + (lead+after-d)*quiet
}

// secondNs is the most a second of run c can take on one core.
func secondNs(c Config) float64 {
	k := float64(c.Entries)
	ns := nsSecond + k*entryStormNs(c, c.StormLoad(), true)
	if c.Backoff {
		ns += float64(c.Clients) * (1 + nsFree)
	}
	return ns
}

// Cost estimates the runs and their report in format (text, json or csv).
// An invalid spec costs nothing (it is refused first).
func (s Spec) Cost(format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"entries", "run-min", "runs", "attempts"}, MemoryLevers: []string{"entries", "attempts", "clients"},
		OutputLevers: []string{"run-min", "runs"}}
	cfgs, err := s.Configs()
	if err != nil {
		return c
	}
	cfg := cfgs[0]
	runs, minutes := float64(len(cfgs)), float64(cfg.Minutes())
	for _, r := range cfgs {
		c.Seconds += runNs(r) / 1e9
	}
	if float64(cfg.Clients)*nsClient > float64(cfg.Entries)*nsEntry {
		c.TimeLevers = []string{"clients", "entries", "run-min", "runs"}
	}
	switch format {
	case "json":
		c.OutputBytes = runs * (runJSON + engine.HeadlineJSON + minutes*rowJSON)
	case "csv":
		c.OutputBytes = 100 + runs*minutes*rowCSV
	default:
		c.OutputBytes = runs * (runText + engine.HeadlineText + minutes*rowText)
	}
	// One run's engine lives at a time; the results stay for the report,
	// which is built in memory before it is written.
	c.Bytes = 8e6 + float64(cfg.Entries)*(bytesEntry+2*float64(cfg.Attempts)*bytesTry) + float64(cfg.Clients)*bytesClient +
		runs*minutes*bytesMinute + 7*4096*16 + 2.5*c.OutputBytes
	return c
}

// MinuteSeconds is the longest a minute of every run can take on one
// core: what a view that plays a minute a step between frames waits for
// at most.
func (s Spec) MinuteSeconds() float64 {
	cfgs, err := s.Configs()
	if err != nil {
		return 0
	}
	ns := 0.0
	for _, c := range cfgs {
		ns += 60 * secondNs(c)
	}
	return ns / 1e9
}
