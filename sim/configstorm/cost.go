package configstorm

import "github.com/loadlab/loadlab/sim/engine"

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

// secondNs is a second of run c on one core in the storm, every entry
// queried and drawn (the most a second can take), every client looked at
// under backoff.
func secondNs(c Config) float64 {
	ns := nsSecond + float64(c.Entries)*(nsEntry+float64(c.Attempts)*nsTry)
	if c.Backoff {
		ns += float64(c.Clients) * nsClient
	}
	return ns
}

// runNs is run c on one core: the storm from the bad value to the fix
// and, where nothing ends it, on to the cut or the run's end; quiet
// seconds besides.
func runNs(c Config) float64 {
	total := float64(c.Seconds())
	storm := 60 * float64(c.FixAtMin)
	if !c.Backoff && !c.KeepOnError && !c.Coalesce {
		storm = 60 * float64(c.RunMin)
		if c.Cut {
			storm = 60 * float64(max(c.FixAtMin, c.CutAtMin))
		}
	}
	quiet := nsSecond + float64(c.Entries)*nsQuiet
	if c.Backoff {
		quiet += float64(c.Clients) * nsClient
	}
	return nsRun + storm*secondNs(c) + (total-storm)*quiet
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
