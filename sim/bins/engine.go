package bins

import (
	"math"
	"slices"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/rng"
)

// Engine runs the trials of a Config. Each Step places one ball for every
// strategy in lockstep; a trial ends after Balls steps and the next one
// starts, with the next seed, on the following Step.
type Engine struct {
	cfg Config
	// theory is each lane's prediction for views, worked out on first use;
	// full the complete one for Result
	theory, full []Prediction
	lanes        []*lane
	src          rng.Source // Paired: the shared stream
	cand         []int32    // Paired: candidates of the latest batch
	trial        int        // index of the trial in progress (or last finished)
	ball         int        // balls placed in the current trial
	// rows are the finished trials' figures, trial by trial, strategy by
	// strategy.
	rows     []row
	finished int
	// moments finds the first trial's moments; history keeps every
	// trial's rises, not only the first one's.
	moments *momentFinder
	history bool
	// inTurn runs a sequential stream's strategies one after another
	// (RunAll); turn is the lane placing balls and turnBall its balls.
	inTurn         bool
	turn, turnBall int
}

// New validates cfg and returns an engine positioned before the first ball.
func New(cfg Config) (*Engine, error) { return newEngine(cfg, false) }

// newEngine is New with the strategies of a sequential stream run in turn
// (see RunAll) or in lockstep.
func newEngine(cfg Config, inTurn bool) (*Engine, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.Strategies = append([]Strategy(nil), cfg.Strategies...)
	e := &Engine{cfg: cfg, cand: make([]int32, cfg.maxDraws()), moments: newMomentFinder(cfg), inTurn: inTurn && cfg.Stream == Sequential}
	for _, s := range cfg.Strategies {
		e.lanes = append(e.lanes, newLane(s, cfg.Bins))
	}
	e.startTrial(0)
	return e, nil
}

// MustNew is New for configurations known to be valid, such as tests and
// built-in scenarios; it panics on an invalid one.
func MustNew(cfg Config) *Engine {
	e, err := New(cfg)
	if err != nil {
		panic("bins: " + err.Error())
	}
	return e
}

func (e *Engine) startTrial(t int) {
	e.trial, e.ball = t, 0
	seed := e.cfg.Seed + int64(t)
	e.src.Seed(seed)
	for _, l := range e.lanes {
		l.reset()
		l.track = t == 0 || e.history
	}
	switch {
	case e.inTurn:
		e.turn, e.turnBall = 0, 0
		e.lanes[0].src = e.src
	case e.cfg.Stream == Sequential:
		// Each strategy starts where the previous one's draws end.
		pos := e.src
		for _, l := range e.lanes {
			l.src = pos
			pos.Skip(e.cfg.Balls*l.strategy.Draws(), e.cfg.Bins)
		}
	}
}

// maxBatchCandidates bounds the candidates drawn at once, whatever d is.
const maxBatchCandidates = 1 << 16

// batch is how many balls one batch places with stride candidates each.
func batch(stride int) int { return min(batchBalls, max(1, maxBatchCandidates/stride)) }

// stride is how many candidates per ball the lane's batch buffer holds.
func (e *Engine) stride(l *lane) int {
	if e.cfg.Stream == Paired {
		return e.cfg.maxDraws()
	}
	return l.strategy.Draws()
}

// Position is the trial in progress (or just finished) and the balls
// placed in it.
func (e *Engine) Position() (trial, ball int) { return e.trial, e.ball }

// TrialsDone is the number of trials finished.
func (e *Engine) TrialsDone() int { return e.finished }

// Done reports whether every trial is finished.
func (e *Engine) Done() bool {
	return e.finished == e.cfg.Trials
}

// Pos counts balls over every trial: trial t's ball b is step
// t x balls + b.
func (e *Engine) Pos() engine.Pos {
	n := int64(e.cfg.Balls)
	return engine.Pos{Step: int64(e.trial)*n + int64(e.ball), Steps: int64(e.cfg.Trials) * n, At: float64(e.ball), Unit: "balls"}
}

// Step places the next ball for every strategy and reports whether it did;
// it returns false once every trial is finished.
func (e *Engine) Step() bool {
	if e.Done() {
		return false
	}
	if e.ball == e.cfg.Balls {
		e.startTrial(e.trial + 1)
	}
	e.placeBatch(1)
	if e.ball == e.cfg.Balls {
		e.finishTrial()
	}
	return true
}

// placeBatch places the next k balls for every strategy. On a paired stream
// the candidates of all k balls are drawn first and each strategy then runs
// through them, which gives the same placements as k single steps: the
// strategies only read the candidates, never the stream.
func (e *Engine) placeBatch(k int) {
	n := e.cfg.Bins
	if e.cfg.Stream == Paired {
		stride := e.cfg.maxDraws()
		e.cand = slices.Grow(e.cand[:0], k*stride)[:k*stride]
		e.src.FillBelow(e.cand, n)
		for _, l := range e.lanes {
			l.run(e.cand, stride, e.ball)
		}
	} else {
		for _, l := range e.lanes {
			stride := l.strategy.Draws()
			l.cand = slices.Grow(l.cand[:0], k*stride)[:k*stride]
			l.src.FillBelow(l.cand, n)
			l.run(l.cand, stride, e.ball)
		}
	}
	e.ball += k
	if e.trial == 0 {
		e.moments.scan(e.lanes, e.ball)
	}
}

// KeepHistory makes every trial record its max over time, as the first one
// always does, so that a view can draw it; headless runs keep only the
// first trial's.
func (e *Engine) KeepHistory() {
	e.history = true
	for _, l := range e.lanes {
		l.track = true
	}
}

// Moments are the first trial's moments found so far, in step order. The
// slice is shared: callers must not modify it.
func (e *Engine) Moments() []engine.Moment { return slices.Clip(e.moments.found) }

// batchBalls is how many balls RunTrial places per batch: enough to keep the
// per-rule loops long, few enough that the candidates stay in cache.
const batchBalls = 2048

// RunTrial steps to the end of the current trial (or starts and finishes the
// next one) and reports whether a trial was finished.
func (e *Engine) RunTrial() bool {
	return e.advance(math.MaxInt) > 0
}

// advance places up to limit balls of the current trial in batches, starting
// the next trial first if the current one is finished, and finishes the
// trial if it completes. It returns the number of balls placed.
func (e *Engine) advance(limit int) int {
	if e.Done() {
		return 0
	}
	if e.ball == e.cfg.Balls {
		e.startTrial(e.trial + 1)
	}
	placed := 0
	for e.ball < e.cfg.Balls && placed < limit {
		k := min(batch(e.cfg.maxDraws()), e.cfg.Balls-e.ball, limit-placed)
		e.placeBatch(k)
		placed += k
	}
	if e.ball == e.cfg.Balls {
		e.finishTrial()
	}
	return placed
}

// advanceWork places up to limit balls of single strategies, in lockstep or
// in turn, and returns how many it placed: a ball placed for k strategies
// in lockstep counts k.
func (e *Engine) advanceWork(limit int) int {
	if !e.inTurn {
		return e.advance(max(1, limit/len(e.lanes))) * len(e.lanes)
	}
	if e.Done() {
		return 0
	}
	if e.turn == len(e.lanes) {
		e.startTrial(e.trial + 1)
	}
	placed := 0
	for placed < limit && e.turn < len(e.lanes) {
		l := e.lanes[e.turn]
		stride := l.strategy.Draws()
		k := min(batch(stride), e.cfg.Balls-e.turnBall, limit-placed)
		l.cand = slices.Grow(l.cand[:0], k*stride)[:k*stride]
		l.src.FillBelow(l.cand, e.cfg.Bins)
		l.run(l.cand, stride, e.turnBall)
		e.turnBall += k
		placed += k
		if e.turnBall == e.cfg.Balls {
			e.turn++
			e.turnBall = 0
			if e.turn < len(e.lanes) {
				e.lanes[e.turn].src = l.src
			}
		}
	}
	if e.turn == len(e.lanes) {
		e.ball = e.cfg.Balls
		if e.trial == 0 {
			e.moments.scan(e.lanes, e.ball)
		}
		e.finishTrial()
	}
	return placed
}

func (e *Engine) finishTrial() {
	for _, l := range e.lanes {
		e.rows = append(e.rows, rowOf(l.figures(e.ball, e.cfg.Hot)))
	}
	e.finished++
}

// Snapshot is the state of every strategy after the latest ball.
type Snapshot struct {
	Trial, Trials int
	Ball, Balls   int
	Seed          int64 // seed of the trial in progress
	Done          bool
	Lanes         []LaneSnapshot
}

// LaneSnapshot is one strategy's bins, figures and latest decision.
type LaneSnapshot struct {
	Strategy Strategy
	Loads    []int32
	// ByLoad[k] is the number of bins holding k balls; nil when the loads
	// span too far for a histogram (see lane.histFits).
	ByLoad  []int
	Figures Figures
	Last    Decision
	Theory  Prediction
	// Rises is the max load over the trial: a point (ball, max) each time
	// it grew. It is shared with the engine, never copied.
	Rises engine.SeriesView
}

// snapshotFluidNs bounds the fluid limit a snapshot works out: a view must
// not wait on it (the run's Result always has it).
const snapshotFluidNs = 2e6

// TheoryPending is the NoFluid of a prediction a view left for later: the
// integration would have held it up.
const TheoryPending = "being worked out"

// TheoryDeferred reports whether a view of this config leaves some lane's
// fluid limit for later (TheoryPending): a view that wants it works it out
// off its loop with Predictions and hands it over with SetTheory.
func (c Config) TheoryDeferred() bool {
	for _, s := range c.Strategies {
		if fluidNs(s, c.Bins, c.Balls) > snapshotFluidNs {
			return true
		}
	}
	return false
}

// Predictions is every strategy's theory for the config, in full: the
// integrations included, however long they take.
func (c Config) Predictions() []Prediction {
	out := make([]Prediction, len(c.Strategies))
	for i, s := range c.Strategies {
		out[i] = Predict(s, c.Bins, c.Balls)
	}
	return out
}

// SetTheory gives the engine its strategies' predictions worked out
// elsewhere (Config.Predictions), for its snapshots and view results.
func (e *Engine) SetTheory(p []Prediction) {
	if len(p) == len(e.lanes) {
		e.theory = append([]Prediction(nil), p...)
	}
}

// prediction is lane i's theory, worked out once (an integration), or
// only its asymptote where the integration would hold a view up.
func (e *Engine) prediction(i int) Prediction {
	if e.theory == nil {
		e.theory = make([]Prediction, len(e.lanes))
		for j, l := range e.lanes {
			if fluidNs(l.strategy, e.cfg.Bins, e.cfg.Balls) > snapshotFluidNs {
				a := asymptotic(l.strategy, e.cfg.Bins, e.cfg.Balls)
				e.theory[j] = Prediction{NoFluid: TheoryPending, Asymptotic: a.max, Formula: a.formula}
				continue
			}
			e.theory[j] = Predict(l.strategy, e.cfg.Bins, e.cfg.Balls)
		}
	}
	return e.theory[i]
}

// LastDecisions is each strategy's latest decision: what a Snapshot's
// lanes hold as Last, without copying the loads.
func (e *Engine) LastDecisions() []Decision {
	out := make([]Decision, len(e.lanes))
	for i, l := range e.lanes {
		out[i] = l.decision(e.latestCandidates(l))
	}
	return out
}

// latestCandidates is the raw candidates of lane l's latest ball.
func (e *Engine) latestCandidates(l *lane) []int32 {
	raw := e.cand
	if e.cfg.Stream == Sequential {
		raw = l.cand
	}
	return raw[max(len(raw)-e.stride(l), 0):]
}

// Snapshot copies the current state; the engine never mutates it afterwards.
func (e *Engine) Snapshot() Snapshot {
	s := Snapshot{
		Trial: e.trial, Trials: e.cfg.Trials,
		Ball: e.ball, Balls: e.cfg.Balls,
		Seed: e.cfg.Seed + int64(e.trial),
		Done: e.Done(),
	}
	for i, l := range e.lanes {
		s.Lanes = append(s.Lanes, LaneSnapshot{
			Strategy: l.strategy,
			Loads:    append([]int32(nil), l.loads...),
			Figures:  l.figures(e.ball, e.cfg.Hot),
			ByLoad:   append([]int(nil), l.byLoad...),
			Last:     l.decision(e.latestCandidates(l)),
			Theory:   e.prediction(i),
			Rises:    l.rises.View(),
		})
	}
	return s
}
