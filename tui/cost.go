package tui

import (
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// costOf is what playing spec's run to its end costs on one core, by its
// engine's cost model, whatever form the engine's estimate takes; false
// for an engine with none that fits its lab. The bins engine's prices
// loadlab run's fluid limits, which its lab does not work out (a trial of
// heavy-load-blog is priced at 0.33 s and plays in a few ms): its lab
// bounds each step and its memory itself.
func costOf(spec scenarios.Spec) (engine.Cost, bool) {
	switch s := spec.(type) {
	case bins.Spec:
		return engine.Cost{}, false
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

// playedCost is what playing spec's run to its end costs by its engine's
// model, for work that plays whole runs (N's seeds): costOf, and for the
// bins engine its run's cost without the fluid limits, which N works out
// once.
func playedCost(spec scenarios.Spec) (engine.Cost, bool) {
	if b, ok := spec.(bins.Spec); ok {
		cfg, err := b.Config()
		return cfg.PlayCost(), err == nil
	}
	return costOf(spec)
}

// admit passes spec through the gate before anything is built for it
// (Share.Admit, on the session's share: nil on a desktop): every way a
// lab opens, from the command line, the picker, the ":" line or a class
// server's session, comes through here.
func admit(share *lab.Share, spec scenarios.Spec) error {
	if c, ok := costOf(spec); ok {
		return share.Admit(c)
	}
	return nil
}
