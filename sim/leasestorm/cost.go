package leasestorm

import "github.com/loadlab/loadlab/sim/engine"

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCostModel prints the estimate against the
// measured work), and the bytes of its state and report.
const (
	nsSecond  = 120.0 // a second simulated: the events' queues looked at, the manager's budget
	nsAsk     = 5.5   // a request asked, queued or refused, and its retry kept
	nsDroplet = 160.0 // a droplet set up: its lease drawn, its events sorted
	nsRun     = 1e5   // a run started and its result built
	// bytesDroplet is a droplet's state and its share of the events'
	// queues; bytesRequest a queued request, with the ring's doubling.
	bytesDroplet, bytesRequest = 56.0, 16.0
	// bytesMinute is a minute of the seven series and of the result's row.
	bytesMinute = 7*16 + 130
	// A minute's row at its longest (every float written in 17 digits)
	// in the JSON, the CSV and the text (which prints one
	// every ten minutes), and a run's fields and moments besides them.
	rowJSON, rowCSV, rowText = 360.0, 60.0, 9.0
	runJSON, runText         = 2500.0, 1200.0
)

// Cost estimates the runs and their report in format (text, json or csv).
// The work is bounded by every droplet asking once a timeout all night
// (the collapse), the most it can ask; the queue by its limit. An invalid
// spec costs nothing (it is refused first).
func (s Spec) Cost(format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"droplets", "after-min", "outage-min", "runs"},
		MemoryLevers: []string{"droplets", "queue-limit"}, OutputLevers: []string{"after-min", "outage-min", "runs"}}
	cfgs, err := s.Configs()
	if err != nil {
		return c
	}
	cfg := cfgs[0]
	runs := float64(len(cfgs))
	minutes := float64(cfg.Minutes())
	seconds := 60 * minutes
	asks := float64(cfg.Droplets)/float64(cfg.TimeoutS) + cfg.RenewalRate()/0.875
	c.Seconds = runs * (nsRun + seconds*(nsSecond+asks*nsAsk) + float64(cfg.Droplets)*nsDroplet) / 1e9
	if float64(cfg.Droplets)/float64(cfg.TimeoutS) > 2*nsSecond/nsAsk {
		c.TimeLevers = []string{"droplets", "timeout-s", "after-min", "outage-min", "runs"}
	}
	switch format {
	case "json":
		c.OutputBytes = runs * (runJSON + engine.HeadlineJSON + minutes*rowJSON)
	case "csv":
		c.OutputBytes = 100 + runs*minutes*rowCSV
	default:
		c.OutputBytes = runs * (runText + engine.HeadlineText + minutes*rowText)
	}
	queue := min(float64(cfg.QueueLimit), float64(cfg.Droplets)*seconds/float64(cfg.TimeoutS))
	// One run's engine lives at a time; the results stay for the report,
	// which is built in memory before it is written.
	c.Bytes = 8e6 + float64(cfg.Droplets)*bytesDroplet + 2*queue*bytesRequest + float64(240*cfg.RenewMin) +
		runs*minutes*bytesMinute + 7*4096*16 + 2.5*c.OutputBytes
	return c
}

// MinuteSeconds is the longest a minute of every run can take on one
// core, every droplet asking once a timeout: what a view that plays a
// minute a step between frames waits for at most.
func (s Spec) MinuteSeconds() float64 {
	cfgs, err := s.Configs()
	if err != nil {
		return 0
	}
	c := cfgs[0]
	asks := float64(c.Droplets)/float64(c.TimeoutS) + c.RenewalRate()/0.875
	return float64(len(cfgs)) * 60 * (nsSecond + asks*nsAsk) / 1e9
}
