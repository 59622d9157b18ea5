package interleave

import (
	"context"
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// TimingConfig is the race run in time instead of by schedule: each step
// takes a duration, and the order of the steps follows from the times. It
// shows how rare the empty record is while everything runs fast, and how
// sure it becomes when the slow Enactor stalls long enough.
//
// The slow Enactor starts at 0; each later Enactor's plan arrives an
// exponential time of mean PlanGapMs after the one before, and its
// Enactor starts then. A step takes StepMs x uniform(0.5, 1.5) and acts
// when it ends. Before each of its steps but the first, the slow Enactor
// stalls with chance StallChance for the stall length; every trial is run
// at every stall length of StallMs and under every race of Races (one per
// fix set), on the same draws, so that their differences come from the
// stall and the fixes alone.
type TimingConfig struct {
	Seed        int64
	Trials      int
	StepMs      float64
	PlanGapMs   float64
	StallChance float64
	StallMs     []float64
	Races       []Race
}

// TimingBatch is the trials one step of Timing runs.
const TimingBatch = 100

// maxProgram bounds a program's steps: a check, a re-check and a write a
// record, and a delete a plan.
const maxProgram = 1 + 2*MaxRecords + MaxEnactors

// Timing runs a TimingConfig's trials a batch at a time.
type Timing struct {
	cfg    TimingConfig
	src    *rng.Source
	drawn  [MaxProcs]int // the steps drawn for each Enactor: its longest program
	trials int
	// counts[i][j] is the trials of race i at stall length j by outcome.
	counts  [][]Counts
	moments []engine.Moment
	// a trial's draws, and the times of its steps
	start [MaxProcs]float64
	dur   [MaxProcs][maxProgram]float64
	stall [maxProgram]bool
	at    [MaxProcs][maxProgram]float64
}

// Validate reports the first invalid field.
func (c TimingConfig) Validate() error {
	switch {
	case c.Seed < 0:
		return engine.Invalid("seed", "must be >= 0, got %d", c.Seed)
	case c.Trials < 1 || c.Trials > MaxTrials:
		return engine.Invalid("trials", "must be in 1..%d, got %d", MaxTrials, c.Trials)
	case !(c.StepMs > 0) || c.StepMs > 1e6:
		return engine.Invalid("step-ms", "must be in (0, 1e6], got %v", c.StepMs)
	case !(c.PlanGapMs > 0) || c.PlanGapMs > 1e9:
		return engine.Invalid("plan-gap-ms", "must be in (0, 1e9], got %v", c.PlanGapMs)
	case !(c.StallChance >= 0 && c.StallChance <= 1):
		return engine.Invalid("stall-chance", "must be in [0, 1], got %v", c.StallChance)
	case len(c.StallMs) < 1 || len(c.StallMs) > MaxStalls:
		return engine.Invalid("stall-ms", "must list 1..%d stall lengths, got %d", MaxStalls, len(c.StallMs))
	case len(c.Races) < 1:
		return engine.Invalid("fixes", "must list a fix set")
	}
	for i, l := range c.StallMs {
		if !(l >= 0 && l <= 1e9) || i > 0 && !(l > c.StallMs[i-1]) {
			return engine.Invalid("stall-ms", "must list lengths in [0, 1e9] ms in rising order, got %v", c.StallMs)
		}
	}
	for _, r := range c.Races {
		if err := r.Validate(); err != nil {
			return err
		}
		if r.Enactors != c.Races[0].Enactors || r.Records != c.Races[0].Records || r.Atomic != c.Races[0].Atomic {
			return fmt.Errorf("interleave: the races of one timing differ in more than their fixes")
		}
	}
	return nil
}

// The timing's bounds.
const (
	MaxTrials = 10_000_000
	MaxStalls = 32
)

// NewTiming starts a timing at its first trial.
func NewTiming(c TimingConfig) (*Timing, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	t := &Timing{cfg: c, src: rng.New(c.Seed), counts: make([][]Counts, len(c.Races))}
	for i := range t.counts {
		t.counts[i] = make([]Counts, len(c.StallMs))
	}
	longest := c.Races[0]
	longest.Fixes = AllFixes
	for e := range longest.Enactors {
		t.drawn[e] = longest.Length(e)
	}
	return t, nil
}

// Step runs the next batch of trials.
func (t *Timing) Step() bool {
	if t.Done() {
		return false
	}
	for range min(TimingBatch, t.cfg.Trials-t.trials) {
		t.trial()
	}
	t.markMoments()
	return true
}

// Run runs every trial left, stopping with ctx's error once ctx is done;
// progress, if not nil, gets the share done.
func (t *Timing) Run(ctx context.Context, progress func(float64)) error {
	for i := 0; t.Step(); i++ {
		if i%64 == 0 {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if progress != nil {
				progress(float64(t.trials) / float64(t.cfg.Trials))
			}
		}
	}
	return nil
}

// Done reports whether every trial has run.
func (t *Timing) Done() bool { return t.trials >= t.cfg.Trials }

// Pos is the batches run, and the trials they stand for.
func (t *Timing) Pos() engine.Pos {
	return engine.Pos{Step: int64((t.trials + TimingBatch - 1) / TimingBatch), Steps: int64((t.cfg.Trials + TimingBatch - 1) / TimingBatch),
		At: float64(t.trials), Unit: "runs"}
}

// Trials is the trials run so far.
func (t *Timing) Trials() int { return t.trials }

// Config is the timing's configuration.
func (t *Timing) Config() TimingConfig { return t.cfg }

// Counts is the trials so far of race i (the i-th fix set) at stall
// length j, by outcome.
func (t *Timing) Counts(i, j int) Counts { return t.counts[i][j] }

// Moments are the first empty record at the shortest stall, and the end.
func (t *Timing) Moments() []engine.Moment { return t.moments }

// trial draws one trial and runs it under every race and stall length.
// The draws are as many whatever the fixes, so that a seed means the
// same trials for every fix set.
func (t *Timing) trial() {
	c := &t.cfg
	r0 := c.Races[0]
	for e := 1; e < r0.Enactors; e++ {
		t.start[e] = t.start[e-1] + t.src.ExpoVariate(1/c.PlanGapMs)
	}
	for e := range r0.Enactors {
		for k := range t.drawn[e] {
			t.dur[e][k] = c.StepMs * t.src.Uniform(0.5, 1.5)
		}
	}
	for k := 1; k < t.drawn[0]; k++ {
		t.stall[k] = t.src.Random() < c.StallChance
	}
	for i, r := range c.Races {
		for j, l := range c.StallMs {
			t.counts[i][j][t.run(r, l)]++
		}
	}
	t.trials++
}

// run is the outcome of the drawn trial under race r with stalls of l ms.
func (t *Timing) run(r Race, l float64) int {
	var n, pc [MaxProcs]int
	for e := range r.Enactors {
		n[e] = r.Length(e)
		at := t.start[e]
		for k := range n[e] {
			if e == 0 && t.stall[k] {
				at += l
			}
			at += t.dur[e][k]
			t.at[e][k] = at
		}
	}
	s := r.Start()
	for {
		next := -1
		for e := range r.Enactors { // the earliest step next; a tie to the lower Enactor
			if pc[e] < n[e] && (next < 0 || t.at[e][pc[e]] < t.at[next][pc[next]]) {
				next = e
			}
		}
		if next < 0 {
			return r.Outcome(s)
		}
		s = r.Apply(s, next, pc[next])
		pc[next]++
	}
}

// markMoments notes the first empty record at the shortest stall, and the
// end of the trials.
func (t *Timing) markMoments() {
	step := t.Pos().Step
	first := t.cfg.StallMs[0]
	if len(t.moments) == 0 && t.counts[0][0][Empty] > 0 {
		t.moments = append(t.moments, engine.Moment{Step: step, Caption: fmt.Sprintf(
			"the first empty record with a stall of %.10g ms, within the first %d runs: rare while every step runs fast, but the race is there", first, t.trials)})
	}
	if t.Done() {
		last := len(t.cfg.StallMs) - 1
		t.moments = append(t.moments, engine.Moment{Step: step, Caption: fmt.Sprintf(
			"%d runs: the record ends empty in %.2f %% of them with stalls of %.10g ms, in %.2f %% with stalls of %.10g ms",
			t.trials, 100*t.Chance(0, 0, Empty), first, 100*t.Chance(0, last, Empty), t.cfg.StallMs[last])})
	}
}

// Chance is the share of the trials so far of race i at stall j that
// ended in outcome o (0 before any).
func (t *Timing) Chance(i, j, o int) float64 {
	if t.trials == 0 {
		return 0
	}
	return float64(t.counts[i][j][o]) / float64(t.trials)
}
