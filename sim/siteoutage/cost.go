package siteoutage

import "github.com/loadlab/loadlab/sim/engine"

// Costs of a run on one core, in nanoseconds, measured on this project's
// 2-core machine (BenchmarkCostModel prints the estimate against the
// measured work), and the bytes of its state and report.
const (
	nsCustomer = 260.0 // a customer dealt its servers, placed, ordered, listed on its racks, and its downtime summed
	nsServer   = 60.0  // a server shuffled and dealt
	nsStep     = 400.0 // a step: its events looked for, its points appended
	nsRun      = 2e5   // a run started and its result built
	// bytesCustomer is a customer's state, its place in the orders and
	// on its racks, and its downtime in the result; bytesServer a
	// server's slot while dealing.
	bytesCustomer, bytesServer = 80.0, 8.0
	// bytesStep is a step of the seven series.
	bytesStep = 7 * 16
	// A half hour's row at its longest in the JSON, the CSV and the text
	// (which prints one every six hours), and a run's fields and moments.
	rowJSON, rowCSV, rowText = 330.0, 120.0, 12.0
	runJSON, runText         = 4000.0, 2500.0
)

// Cost estimates the runs and their report in format (text, json or csv).
// An invalid spec costs nothing (it is refused first).
func (s Spec) Cost(format string) engine.Cost {
	c := engine.Cost{TimeLevers: []string{"servers-per-rack", "racks-per-floor", "runs"},
		MemoryLevers: []string{"servers-per-rack", "racks-per-floor"}, OutputLevers: []string{"runs", "racks-per-hour", "floor1-min"}}
	cfgs, err := s.Configs()
	if err != nil {
		return c
	}
	cfg := cfgs[0]
	runs := float64(len(cfgs))
	steps := float64(cfg.Minutes() / StepMin)
	rows := float64(cfg.Minutes()/RowEvery) + 1
	customers, servers := float64(cfg.Customers), float64(cfg.Servers())
	c.Seconds = runs * (nsRun + customers*nsCustomer + servers*nsServer + steps*nsStep) / 1e9
	switch format {
	case "json":
		c.OutputBytes = 200 + runs*(runJSON+engine.HeadlineJSON+rows*rowJSON)
	case "csv":
		c.OutputBytes = 150 + runs*rows*rowCSV
	default:
		c.OutputBytes = 600 + runs*(runText+engine.HeadlineText+rows*rowText)
	}
	// One run's engine lives at a time; the results stay for the report,
	// which is built in memory before it is written.
	c.Bytes = 8e6 + customers*bytesCustomer + servers*bytesServer + runs*steps*bytesStep + 7*4096*16 + 2.5*c.OutputBytes
	return c
}
