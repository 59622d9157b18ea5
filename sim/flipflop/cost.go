package flipflop

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCostModel prints the estimate against the
// measured work), and the bytes of its state and report.
const (
	nsSecond   = 40.0 // a second simulated: its phase looked up, DNS's work
	nsCheck    = 70.0 // a check: its latency drawn (a Gaussian), the state updated
	nsInstance = 150.0
	nsRun      = 1e5
	// bytesInstance is an instance's state; bytesMinute a minute of the
	// six series and of the result's row; bytesBatch a second's batch of
	// DNS writes waiting, besides its bitset (a bit a check).
	bytesInstance = 41.0
	bytesMinute   = 6*16 + 110
	bytesBatch    = 48.0
	// A minute's row at its longest (every float written in 17 digits)
	// in the JSON, the CSV and the text (which prints one
	// every ten minutes), and a run's fields and moments besides them.
	rowJSON, rowCSV, rowText = 280.0, 46.0, 9.0
	runJSON, runText         = 2100.0, 1300.0
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
		c.OutputBytes = runs * (runJSON + engine.HeadlineJSON + minutes*rowJSON)
	case "csv":
		c.OutputBytes = 100 + runs*minutes*rowCSV
	default:
		c.OutputBytes = runs * (runText + engine.HeadlineText + minutes*rowText)
	}
	// DNS's queue at its longest: every second of the automation's a
	// batch, and a bit for each of its checks (as if DNS applied none).
	auto := 60 * float64(min(cfg.DisableAtMin, cfg.DurationMin))
	queue := auto*(bytesBatch+8*math.Ceil(float64(cfg.Instances)/float64(cfg.IntervalS)/64)) + float64(cfg.Instances)/8
	c.Bytes = 8e6 + float64(cfg.Instances)*bytesInstance + float64(cfg.IntervalS)*24 + runs*minutes*bytesMinute + 6*4096*16 + 2.5*c.OutputBytes + queue
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
