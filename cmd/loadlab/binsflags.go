package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/bins"
)

// bindBinsFlags declares the flags of "run bins", one per Spec field.
func bindBinsFlags(fs *flag.FlagSet, s *bins.Spec) {
	fs.IntVar(&s.Bins, "bins", s.Bins, "number of bins n")
	fs.IntVar(&s.Balls, "balls", s.Balls, "number of balls m per trial")
	fs.IntVar(&s.Trials, "trials", s.Trials, "number of trials; trial t uses seed + t")
	fs.Int64Var(&s.Seed, "seed", s.Seed, "seed of trial 0, as CPython's random.seed")
	fs.StringVar(&s.Strategies, "strategies", s.Strategies,
		"comma-separated: "+strings.Join(bins.KindNames(), " ")+"; dchoice:D, left:D and stale:R set their own parameter")
	fs.IntVar(&s.D, "d", s.D, "candidates for dchoice and left")
	fs.IntVar(&s.Refresh, "refresh", s.Refresh, "balls between the snapshots stale reads")
	fs.StringVar(&s.Stream, "stream", s.Stream, "paired (one candidate list per ball for all) or sequential (one strategy after another)")
	fs.Float64Var(&s.Hot, "hot", s.Hot, "a bin is hot at or above this multiple of the mean load")
	fs.StringVar(&s.Baseline, "baseline", s.Baseline, "the strategy the others are compared with (default: the first)")
}

// flagRanges gives, per flag, the values it accepts, quoted when a value
// does not parse.
var flagRanges = map[string]string{
	"bins":       fmt.Sprintf("a whole number in 1..%d", bins.MaxBins),
	"balls":      fmt.Sprintf("a whole number in 1..%d", bins.MaxBalls),
	"trials":     "a whole number >= 1",
	"seed":       "a whole number >= 0",
	"d":          "a whole number in 1..bins",
	"refresh":    "a whole number >= 1",
	"hot":        "a number > 0",
	"format":     "text, json or csv",
	"workers":    "a whole number >= 1",
	"strategies": "a comma-separated list of " + strings.Join(bins.KindNames(), " "),
}
