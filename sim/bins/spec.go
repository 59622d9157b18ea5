package bins

import (
	"context"

	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
)

// Spec is a Config in the words of the command line and scenario files:
// strategies as a list such as "one,two,stale:64" and the stream by name.
// Scenarios store a Spec so that a flag can override any one field.
type Spec struct {
	Bins       int    `json:"bins"`
	Balls      int    `json:"balls"`
	Trials     int    `json:"trials"`
	Seed       int64  `json:"seed"`
	Strategies string `json:"strategies"`
	D          int    `json:"d"`
	// Refresh is a bare stale's snapshot interval in balls; 0 means the
	// number of balls, a snapshot never refreshed within a trial (as the
	// exact spec's Refresh does).
	Refresh  int     `json:"refresh"`
	Stream   string  `json:"stream"`
	Hot      float64 `json:"hot"`
	Baseline string  `json:"baseline"`
}

// DefaultSpec is the configuration a bare "loadlab run bins" uses: source
// the research note's experiment at one trial.
func DefaultSpec() Spec {
	return Spec{Bins: 4096, Balls: 4096, Trials: 1, Seed: 20260927,
		Strategies: "one,two", D: 2, Refresh: 4096, Stream: "paired", Hot: 1.2}
}

// Engine names the engine a Spec configures.
func (Spec) Engine() string { return "bins" }

// Validate reports the first invalid field, as an engine.FieldError where
// a field is to blame.
func (s Spec) Validate() error {
	_, err := s.Config()
	return err
}

// Config parses and validates the Spec.
func (s Spec) Config() (Config, error) {
	stream, err := ParseStream(s.Stream)
	if err != nil {
		return Config{}, err
	}
	refresh := s.Refresh
	if refresh == 0 {
		refresh = s.Balls
	}
	strategies, err := ParseStrategies(s.Strategies, s.D, refresh)
	if err != nil {
		return Config{}, err
	}
	cfg := Config{Bins: s.Bins, Balls: s.Balls, Trials: s.Trials, Seed: s.Seed,
		Strategies: strategies, Stream: stream, Hot: s.Hot, Baseline: s.Baseline}
	// d and refresh are checked where a strategy reads them, in Validate.
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// SeedStride is the seeds one run draws from: trial t uses seed + t.
func (s Spec) SeedStride() int64 { return int64(max(1, s.Trials)) }

// IdleFlags are the fields this spec's rules leave unread, each with
// why: d is read only by dchoice and left written without their own :D,
// refresh only by stale without its :R. A command line that sets one is
// told so rather than ignored.
func (s Spec) IdleFlags() map[string]string {
	uses := map[string]bool{}
	for _, r := range strings.Split(s.Strategies, ",") {
		uses[strings.TrimSpace(r)] = true
	}
	idle := map[string]string{}
	if !uses["dchoice"] && !uses["left"] {
		idle["d"] = fmt.Sprintf("no rule of %q reads it (dchoice and left without their own :D do)", s.Strategies)
	}
	if !uses["stale"] {
		idle["refresh"] = fmt.Sprintf("no rule of %q reads it (stale without its own :R does)", s.Strategies)
	}
	return idle
}

// Figures runs the spec on one core to its headline figures: what a
// sweep's point and a run over seeds record of each run.
func (s Spec) Figures(ctx context.Context) ([]engine.Figure, error) {
	cfg, err := s.Config()
	if err != nil {
		return nil, err
	}
	return engine.HeadlineOf(RunAll(ctx, cfg, RunOptions{Workers: 1}))
}
