package remirror

import "github.com/loadlab/loadlab/sim/engine"

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCostModel prints the estimate against the
// measured work), and the bytes of its state and report.
const (
	nsMinute = 300.0 // a minute: its events, the control plane, nine points of series
	nsStuck  = 1.5   // a stuck volume read in a minute of the storm
	nsNode   = 6.0   // a node drawn for by the race in a minute
	nsVolume = 45.0  // a volume placed at midnight, and drawn for at the fix
	nsRun    = 1e5   // a run started and its result built
	// bytesVolume is a volume's state, its place in the queue and on its
	// nodes' lists; bytesMinute a minute of the nine series and the
	// tail's three counts.
	bytesVolume, bytesMinute = 36.0, 9*16 + 12
	// A row at its longest (every float in 17 digits) in the JSON and
	// the CSV; a text row; a run's fields and moments (and in the JSON the
	// timeline).
	rowJSON, rowCSV, rowText = 480.0, 80.0, 75.0
	runJSON, runText         = 5000.0, 2200.0
)

// stormMinutes is the minutes the storm can run: from 12:47 AM to the cut,
// the fix or the end, whichever comes first.
func (c Config) stormMinutes() int {
	stop := c.Minutes()
	for _, at := range []int{c.CutAt, c.FixAt} {
		if at >= 0 {
			stop = min(stop, at)
		}
	}
	return max(0, stop-TriggerAt)
}

// TextRows is the rows the text report prints for a run: every hour to
// noon on April 21, then every twelve hours, and the last minute.
func (c Config) TextRows() int {
	m := c.Minutes()
	rows := min(m, Noon)/60 + 1
	if m > Noon {
		rows += (m - Noon) / (12 * 60)
	}
	return rows + 1
}

// Cost estimates the runs and their report in format (text, json or csv).
// The work is bounded by every volume stuck through the storm, the most
// there can be; an invalid spec costs nothing (it is refused first).
func (s Spec) Cost(format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"volumes", "hours", "runs"},
		MemoryLevers: []string{"volumes", "hours", "runs"}, OutputLevers: []string{"hours", "runs"}}
	cfgs, err := s.Configs()
	if err != nil {
		return c
	}
	cfg := cfgs[0]
	runs := float64(len(cfgs))
	minutes := float64(cfg.Minutes())
	storm := float64(cfg.stormMinutes())
	v, k := float64(cfg.Volumes), float64(cfg.Nodes)
	c.Seconds = runs * (nsRun + 2*v*nsVolume + minutes*nsMinute + storm*(v*nsStuck+k*nsNode)) / 1e9
	if k*nsNode > v*nsStuck {
		c.TimeLevers = []string{"nodes", "volumes", "hours", "runs"}
	}
	rows := minutes/RowEveryMin + 1
	switch format {
	case "json":
		c.OutputBytes = runs * (runJSON + engine.HeadlineJSON + rows*rowJSON)
	case "csv":
		c.OutputBytes = 120 + runs*rows*rowCSV
	default:
		c.OutputBytes = runs * (runText + engine.HeadlineText + float64(cfg.TextRows())*rowText)
	}
	// One run's engine lives at a time; the results stay for the report,
	// which is built in memory before it is written.
	c.Bytes = 8e6 + v*bytesVolume + 4*k + minutes*bytesMinute + runs*rows*(rowJSON+120) + 2.5*c.OutputBytes
	return c
}

// StepSeconds is the longest a minute of every run can take on one core:
// every volume stuck, the race drawing for every node, or the fix drawing
// for every volume: what a view that plays minutes between frames waits
// for at most, per minute.
func (s Spec) StepSeconds() float64 {
	cfgs, err := s.Configs()
	if err != nil {
		return 0
	}
	c := cfgs[0]
	return float64(len(cfgs)) * (nsMinute + float64(c.Volumes)*(nsStuck+nsVolume) + float64(c.Nodes)*nsNode) / 1e9
}
