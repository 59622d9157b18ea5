package cascade

import (
	"context"
	"fmt"
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// StormStepMs is the storm time one step of a StormClock reveals.
const StormStepMs = 10

// StormClock plays a spec's storms in time, StormStepMs at a step (section
// 26.3.2's retry storm as it happens): the storms are worked out at once,
// being small, and the clock reveals each millisecond's retries as it
// passes, so that every jitter mode is seen at the same time on one
// scale. A wave of retries is a moment of the step that reveals its end.
type StormClock struct {
	Storms []Storm
	nowMs  int
	spanMs int
	waves  [][]engine.Moment
}

// NewStormClock works out a valid spec's storms and starts the clock at
// the failure, t = 0.
func NewStormClock(ctx context.Context, s StormSpec) (*StormClock, error) {
	storms, err := s.Run(ctx, nil)
	if err != nil {
		return nil, err
	}
	return ClockOver(storms), nil
}

// ClockOver starts a clock at the failure over storms worked out before
// (which it reads, never changes).
func ClockOver(storms []Storm) *StormClock {
	c := &StormClock{Storms: storms, spanMs: 1}
	for _, st := range storms {
		c.spanMs = max(c.spanMs, len(st.Histogram))
		c.waves = append(c.waves, st.Waves())
	}
	return c
}

// Rewind hides every millisecond again, back to the failure: the storms
// stay as they were worked out.
func (c *StormClock) Rewind() { c.nowMs = 0 }

// Step reveals the next StormStepMs.
func (c *StormClock) Step() bool {
	if c.Done() {
		return false
	}
	c.nowMs += StormStepMs
	return true
}

// Done reports whether every retry has been revealed.
func (c *StormClock) Done() bool { return c.nowMs >= c.spanMs }

// Pos is the step, of the longest storm's steps, and the milliseconds
// revealed.
func (c *StormClock) Pos() engine.Pos {
	return engine.Pos{Step: int64(c.nowMs / StormStepMs), Steps: int64((c.spanMs + StormStepMs - 1) / StormStepMs),
		At: float64(min(c.nowMs, c.spanMs)), Unit: "ms"}
}

// Now is the milliseconds revealed; Span the longest storm's.
func (c *StormClock) Now() int  { return c.nowMs }
func (c *StormClock) Span() int { return c.spanMs }

// Reached is storm i's waves the latest step revealed.
func (c *StormClock) Reached(i int) []engine.Moment {
	var out []engine.Moment
	for _, w := range c.waves[i] {
		if int(w.Step) >= c.nowMs-StormStepMs && int(w.Step) < c.nowMs {
			out = append(out, w)
		}
	}
	return out
}

// Busiest is storm i's busiest millisecond in [from, to) revealed so far.
func (c *StormClock) Busiest(i, from, to int) int {
	if from >= c.nowMs {
		return 0
	}
	return c.Storms[i].Busiest(from, min(to, c.nowMs))
}

// JitterName is a jitter mode in words: "no jitter", "full jitter", "no
// backoff".
func JitterName(mode string) string {
	switch mode {
	case "none":
		return "no jitter"
	case "no-backoff":
		return "no backoff"
	}
	return mode + " jitter"
}

// Figures is each jitter mode's headline so far: its busiest millisecond
// (key "peak", with its time) and the retries sent ("retries"); under the
// occ model the writes a run so far ("writes") and, once the clock has
// passed every run's end, when the last client was done ("done", "—"
// before).
func (c *StormClock) Figures() []engine.Figure {
	var figs []engine.Figure
	for _, s := range c.Storms {
		peak, at, sent := 0, 0, 0
		for ms, n := range s.Histogram[:min(c.nowMs, len(s.Histogram))] {
			if n > peak {
				peak, at = n, ms
			}
			sent += n
		}
		if s.Model == "occ" {
			done := "—"
			if c.nowMs >= len(s.Histogram) {
				done = occDone(s.TimeMs)
			}
			figs = append(figs, occFigures(s.Jitter, float64(sent)/float64(s.Runs), done)...)
			continue
		}
		figs = append(figs, stormFigures(s.Jitter, peak, at, sent)...)
	}
	return figs
}

// occFigures is one mode's writes a run (key "writes") and when its last
// client is done ("done"), the means over the runs.
func occFigures(jitter string, writes float64, done string) []engine.Figure {
	group := JitterName(jitter)
	return []engine.Figure{
		{Key: "writes", Group: group, Name: "writes a run", Value: engine.Digits(int64(math.Round(writes)))},
		{Key: "done", Group: group, Name: "last client done", Value: done},
	}
}

// occDone is a run's mean end, "4,960 ms".
func occDone(ms float64) string { return engine.Digits(int64(math.Round(ms))) + " ms" }

// Storms are a spec's storms, one a jitter mode, with their headline.
type Storms []Storm

// Headline is StormFigures of the storms.
func (s Storms) Headline() []engine.Figure { return StormFigures(s) }

// StormFigures is each storm's headline at its end, as StormClock gives
// it so far.
func StormFigures(storms []Storm) []engine.Figure {
	var figs []engine.Figure
	for _, s := range storms {
		if s.Model == "occ" {
			figs = append(figs, occFigures(s.Jitter, s.Calls, occDone(s.TimeMs))...)
			continue
		}
		figs = append(figs, stormFigures(s.Jitter, s.Peak, s.PeakMs, s.TotalRetries)...)
	}
	return figs
}

// stormFigures is one jitter mode's busiest millisecond (at at ms) and
// the retries sent.
func stormFigures(jitter string, peak, at, sent int) []engine.Figure {
	group := JitterName(jitter)
	return []engine.Figure{
		{Key: "peak", Group: group, Name: "peak", Value: fmt.Sprintf("%s at %d ms", engine.Digits(int64(peak)), at)},
		{Key: "retries", Group: group, Name: "retries", Value: engine.Digits(int64(sent))},
	}
}
