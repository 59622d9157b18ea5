package avail

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

// A watch runs WatchCycles x (MTTF + MTTR) of simulated time (the mean
// length of a failure-repair cycle; the machine's own cycles are random),
// StepsPerCycle steps each.
const (
	WatchCycles   = 400
	StepsPerCycle = 4
)

// Watch measures one machine's Process against the spec's target, a
// quarter of a failure-repair cycle a step, and marks the steps where the
// measured availability crosses the target: the formula of 26.3.6 is a
// long-run figure, and a measured run wanders round it before it settles.
type Watch struct {
	spec     Spec
	machine  *Process
	measured engine.Series
	steps    int64
	above    bool
	moments  []engine.Moment
}

// NewWatch starts the machine up at t = 0 on the spec's seed.
func NewWatch(s Spec) (*Watch, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &Watch{spec: s, machine: NewProcess(s.MTTF, s.MTTR, s.Seed), above: true}, nil
}

// Steps is the watch's length in steps.
func (w *Watch) Steps() int64 { return WatchCycles * StepsPerCycle }

// Step runs the machine a quarter of a cycle and reports whether it did.
func (w *Watch) Step() bool {
	if w.Done() {
		return false
	}
	cycle := w.spec.MTTF + w.spec.MTTR
	w.machine.Advance(cycle / StepsPerCycle)
	w.steps++
	m := w.machine.Measured()
	w.measured.Append(engine.Point{X: w.machine.Now() / cycle, Y: Nines(m)})
	if above := m >= w.spec.Target; above != w.above && w.machine.Failures() > 0 {
		w.above = above
		side := "below"
		if above {
			side = "back above"
		}
		w.moments = append(w.moments, engine.Moment{Step: w.steps, Caption: fmt.Sprintf(
			"after %s (%s): the measured availability, %s, is %s the %s target; the formula says %s",
			Failures(w.machine.Failures()), Duration(w.machine.Now()), Percent(m), side,
			TargetPercent(w.spec.Target), Percent(Availability(w.spec.MTTF, w.spec.MTTR)))})
	}
	return true
}

// Done reports whether every cycle has run.
func (w *Watch) Done() bool { return w.steps >= w.Steps() }

// Pos counts quarter cycles, and gives the time in hours.
func (w *Watch) Pos() engine.Pos {
	return engine.Pos{Step: w.steps, Steps: w.Steps(), At: w.machine.Now(), Unit: "h"}
}

// Machine is the process watched.
func (w *Watch) Machine() *Process { return w.machine }

// Measured is the nines measured after each step, against the cycles run.
func (w *Watch) Measured() engine.SeriesView { return w.measured.View() }

// Moments are the crossings of the target so far.
func (w *Watch) Moments() []engine.Moment { return w.moments[:len(w.moments):len(w.moments)] }
