package netmanager

import (
	"math"

	"github.com/loadlab/loadlab/sim/engine"
)

// Row is one minute of a run's series.
type Row struct {
	// Minute counts from the run's start (5:28 AM); Clock is its start as
	// a time of day.
	Minute int    `json:"minute"`
	Clock  string `json:"clock"`
	// Waiting is the updates the Network Manager holds at its end;
	// WaitMin how long a launch made then waits for its network; LagMin
	// how far behind the Network Manager is; Admitted the launches let
	// through in the minute; Held those held back at its end.
	Waiting  float64 `json:"waiting"`
	WaitMin  float64 `json:"wait_min"`
	LagMin   float64 `json:"lag_min"`
	Admitted float64 `json:"admitted"`
	Held     float64 `json:"held"`
}

// Result is a run's figures.
type Result struct {
	// Set names the run's set: steps, at-once, priority,
	// at-once+priority.
	Set string `json:"set"`
	// PeakWaitMin is the longest a launch waited for its network, and
	// PeakWaitRelaxedMin the longest once the throttle was being
	// relaxed; PeakLagMin the furthest behind the Network Manager was;
	// PeakHeld the most launches held back.
	PeakWaitMin        float64 `json:"peak_wait_min"`
	PeakWaitRelaxedMin float64 `json:"peak_wait_relaxed_min"`
	PeakLagMin         float64 `json:"peak_lag_min"`
	PeakHeld           float64 `json:"peak_held"`
	// The moments' times, as clocks ("" until they come): the Network
	// Manager SlowMin behind, caught up, the throttle's relaxing begun, a
	// new instance SlowMin behind again once relaxing, and EC2 back; BackAtMin is the last in minutes of the run (-1: not
	// yet).
	Slow      string `json:"slow_at"`
	CaughtUp  string `json:"caught_up_at"`
	Relaxed   string `json:"relaxed_at"`
	SlowAgain string `json:"slow_again_at"`
	Back      string `json:"back_at"`
	BackAtMin int    `json:"back_at_min"`
	// Updates is the updates propagated; Launched the launches let
	// through; HeldAtEnd the launches still held: expected counts of a
	// flow, to the whole update.
	Updates   float64         `json:"updates"`
	Launched  float64         `json:"launched"`
	HeldAtEnd float64         `json:"held_at_end"`
	Moments   []engine.Moment `json:"moments"`
	Phases    []Event         `json:"phases"`
	Series    []Row           `json:"series"`
}

// clockOf writes a moment's minute as a clock, "" before it comes.
func clockOf(m int) string {
	if m < 0 {
		return ""
	}
	return Clock(m)
}

// Result is the run's figures so far, with every minute of its series.
func (e *Engine) Result() Result {
	t := e.tot
	r := Result{Set: SetName(e.cfg.Protections), PeakWaitMin: t.PeakWait, PeakWaitRelaxedMin: t.PeakWaitRelaxed, PeakLagMin: t.PeakLag,
		PeakHeld: t.PeakHeld, Slow: clockOf(t.SlowAt), CaughtUp: clockOf(t.CaughtUpAt), Relaxed: clockOf(t.RelaxedAt), SlowAgain: clockOf(t.SlowAgainAt), Back: clockOf(t.BackAt),
		BackAtMin: t.BackAt, Updates: math.Round(t.Updates), Launched: math.Round(t.Launched), HeldAtEnd: math.Round(e.held),
		Moments: append([]engine.Moment{}, e.moments...), Phases: append([]Event{}, e.phases...)}
	v := e.series.View()
	r.Series = make([]Row, v.Wait.Len())
	for i := range r.Series {
		m := int(math.Round(v.Wait.At(i).X)) - 1 // the minute that ends at X
		r.Series[i] = Row{Minute: m, Clock: Clock(m), Waiting: v.Waiting.At(i).Y, WaitMin: v.Wait.At(i).Y, LagMin: v.Lag.At(i).Y,
			Admitted: v.Admitted.At(i).Y, Held: v.Held.At(i).Y}
	}
	return r
}
