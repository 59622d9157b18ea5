package flipflop

import "github.com/loadlab/loadlab/sim/engine"

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCostModel prints the estimate against the
// measured work), and the bytes of its state and report.
const (
	nsSecond   = 40.0 // a second simulated: its phase looked up, DNS's work
	nsCheck    = 70.0 // a check: its latency drawn (a Gaussian), the state updated
	nsInstance = 150.0
	nsRun      = 1e5
	// bytesInstance is an instance's state; bytesMinute a minute of the
	// five series and of the result's row.
	bytesInstance = 40.0
	bytesMinute   = 5*16 + 100
	// A minute's row at its longest (every float written in 17 digits)
	// in the JSON, the CSV and the text (which prints one
	// every ten minutes), and a run's fields and moments besides them.
	rowJSON, rowCSV, rowText = 240.0, 70.0, 8.0
	runJSON, runText         = 2000.0, 1000.0
)

// Cost estimates the runs and their report in format (text, json or csv).
// An invalid spec costs nothing (it is refused first).
func (s Spec) Cost(format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"instances", "duration-min", "runs"}, MemoryLevers: []string{"instances"},
		OutputLevers: []string{"duration-min", "runs"}}
	cfgs, err := s.Configs()
	if err != nil {
		return c
	}
	cfg := cfgs[0]
	runs, minutes := float64(len(cfgs)), float64(cfg.DurationMin)
	seconds := 60 * minutes
	checks := seconds * float64(cfg.Instances) / float64(cfg.IntervalS)
	c.Seconds = runs * (nsRun + seconds*nsSecond + checks*nsCheck + float64(cfg.Instances)*nsInstance) / 1e9
	switch format {
	case "json":
		c.OutputBytes = runs * (runJSON + minutes*rowJSON)
	case "csv":
		c.OutputBytes = 100 + runs*minutes*rowCSV
	default:
		c.OutputBytes = runs * (runText + minutes*rowText)
	}
	c.Bytes = 8e6 + float64(cfg.Instances)*bytesInstance + float64(cfg.IntervalS)*24 + runs*minutes*bytesMinute + 5*4096*16 + 2.5*c.OutputBytes
	return c
}

// MinuteSeconds is the longest a minute of every run can take on one
// core: what a view that plays a minute a step between frames waits for.
func (s Spec) MinuteSeconds() float64 {
	cfgs, err := s.Configs()
	if err != nil {
		return 0
	}
	c := cfgs[0]
	return float64(len(cfgs)) * 60 * (nsSecond + float64(c.Instances)/float64(c.IntervalS)*nsCheck) / 1e9
}
