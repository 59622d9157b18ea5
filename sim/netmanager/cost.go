package netmanager

import "github.com/loadlab/loadlab/sim/engine"

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCostModel prints the estimate against the
// measured work), and the bytes of its report.
const (
	nsMinute = 550.0 // a minute simulated, its five points, and its row of the result
	nsRun    = 5e4
	// bytesMinute is a minute of the five series and of the result's
	// row.
	bytesMinute = 5*16 + 120
	// A minute's row at its longest (every float written in 17 digits)
	// in the JSON, the CSV and the text (which prints one every ten
	// minutes), and a run's fields, moments and phases besides them.
	rowJSON, rowCSV, rowText = 240.0, 120.0, 8.0
	runJSON, runText         = 2500.0, 1200.0
)

// Cost estimates the runs and their report in format (text, json or csv).
// An invalid spec costs nothing (it is refused first).
func (s Spec) Cost(format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"duration-min", "runs"}, MemoryLevers: []string{"duration-min", "runs"},
		OutputLevers: []string{"duration-min", "runs"}}
	cfgs, err := s.Configs()
	if err != nil {
		return c
	}
	runs, minutes := float64(len(cfgs)), float64(cfgs[0].DurationMin)
	c.Seconds = runs * (nsRun + minutes*nsMinute) / 1e9
	switch format {
	case "json":
		c.OutputBytes = runs * (runJSON + engine.HeadlineJSON + minutes*rowJSON)
	case "csv":
		c.OutputBytes = 100 + runs*minutes*rowCSV
	default:
		c.OutputBytes = runs * (runText + engine.HeadlineText + minutes*rowText)
	}
	c.Bytes = 8e6 + runs*minutes*bytesMinute + 5*4096*16*runs + 2.5*c.OutputBytes
	return c
}
