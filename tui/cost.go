package tui

import (
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
)

// costOf is what playing spec's run to its end costs on one core, by its
// engine's cost model, whatever form the engine's estimate takes; false
// for an engine with none.
func costOf(spec scenarios.Spec) (engine.Cost, bool) {
	switch s := spec.(type) {
	case bins.Spec:
		cfg, err := s.Config()
		return cfg.Cost(1, false), err == nil
	case interface{ Cost(string) engine.Cost }:
		return s.Cost("text"), true
	case interface{ Cost() engine.Cost }:
		return s.Cost(), true
	case interface{ Cost(int, string) engine.Cost }:
		return s.Cost(1, "text"), true
	case interface{ Cost(int) engine.Cost }:
		return s.Cost(1), true
	}
	return engine.Cost{}, false
}
