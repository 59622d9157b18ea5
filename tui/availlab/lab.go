// Package availlab is the availability lab of lecture 26 (sections 26.3.6
// and 26.4.3): MTTF and MTTR on keys, the nines and the downtime they
// allow, the MTTR path to more nines, the fleet sizes that force fast
// repair, and a machine failing and being repaired in simulated time whose
// measured availability converges to MTTF / (MTTF + MTTR).
package availlab

import (
	"fmt"
	"math"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// cycles is the strip's span, in failure-repair cycles; stepsPerCycle the
// points each cycle gets.
const (
	cycles        = 400
	stepsPerCycle = 4
)

// Lab keeps the study and one machine's up/down process.
type Lab struct {
	spec    avail.Spec
	seed    int64
	machine *avail.Process
	// measured is the nines of the availability measured so far, over
	// cycles of MTTF + MTTR.
	measured engine.Series
	steps    int
	// crossed is how many times the measured line has crossed the target;
	// moments reported so far.
	crossed, reported int
	above             bool
	moments           []string
}

// New opens the lab on an availability spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(avail.Spec)
	if !ok {
		return nil, fmt.Errorf("availlab: %T is not an availability spec", s)
	}
	l := &Lab{spec: spec, seed: 425}
	return l, l.Restart()
}

// Restart starts the machine again at t = 0.
func (l *Lab) Restart() error {
	if err := l.spec.Validate(); err != nil {
		return err
	}
	l.machine = avail.NewProcess(l.spec.MTTF, l.spec.MTTR, l.seed)
	l.measured, l.steps, l.crossed, l.reported, l.moments = engine.Series{}, 0, 0, 0, nil
	l.above = true
	return nil
}

// Step runs the machine a quarter of a failure-repair cycle.
func (l *Lab) Step() bool {
	if l.Done() {
		return false
	}
	cycle := l.spec.MTTF + l.spec.MTTR
	l.machine.Advance(cycle / stepsPerCycle)
	l.steps++
	m := l.machine.Measured()
	l.measured.Append(engine.Point{X: l.machine.Now() / cycle, Y: avail.Nines(m)})
	if above := m >= l.spec.Target; above != l.above && l.machine.Failures() > 0 {
		l.above = above
		side := "below"
		if above {
			side = "back above"
		}
		l.moments = append(l.moments, fmt.Sprintf("after %d failures (%s): the measured availability, %s, is %s the %s target; the formula says %s",
			l.machine.Failures(), textfmt.Hours(l.machine.Now()), textfmt.Availability(m), side, textfmt.Target(l.spec.Target), textfmt.Availability(avail.Availability(l.spec.MTTF, l.spec.MTTR))))
	}
	return true
}

// Steps is the strip's points.
func (l *Lab) Steps() int64 { return cycles * stepsPerCycle }

// Done reports whether the strip is full.
func (l *Lab) Done() bool { return l.steps >= cycles*stepsPerCycle }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "the measured availability crossing the target"
}

// NewMoment reports the strip crossing its target.
func (l *Lab) NewMoment() (string, bool) {
	if l.reported >= len(l.moments) {
		return "", false
	}
	m := l.moments[len(l.moments)-1]
	l.reported = len(l.moments)
	return m, true
}

// Pace says a speed in failure-repair cycles.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%g cycles a second", stepsPerSecond/stepsPerCycle)
}

// Seed is the machine's seed.
func (l *Lab) Seed() int64 { return l.seed }

// WithSeed restarts the machine on another seed.
func (l *Lab) WithSeed(seed int64) error {
	l.seed = seed
	return l.Restart()
}

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.seed + 1) }

// Status is the time and the failures so far.
func (l *Lab) Status() []string {
	return []string{fmt.Sprintf("%.0f h, %d failures", l.machine.Now(), l.machine.Failures()), fmt.Sprintf("seed %d", l.seed)}
}

var keys = struct {
	MTTF2, MTTF10, MTTR2, MTTR10, Target key.Binding
}{
	MTTF2:  lab.Bind([]string{"u", "U"}, "u/U", "MTTF /2, x2"),
	MTTF10: lab.Bind([]string{"j", "J"}, "j/J", "MTTF /10, x10"),
	MTTR2:  lab.Bind([]string{"d", "D"}, "d/D", "MTTR /2, x2"),
	MTTR10: lab.Bind([]string{"k", "K"}, "k/K", "MTTR /10, x10"),
	Target: lab.Bind([]string{"g", "G"}, "g/G", "target: one nine fewer, more"),
}

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Help, c.Quit, keys.MTTF2, keys.MTTF10, keys.MTTR2, keys.MTTR10, keys.Target}
	full := [][]key.Binding{
		lab.PlayKeys(),
		append([]key.Binding{keys.MTTF2, keys.MTTF10, keys.MTTR2, keys.MTTR10, keys.Target}, lab.ShellKeys()...),
	}
	return short, full
}

// Key scales MTTF or MTTR, or moves the target a nine; each restarts the
// machine.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	spec := l.spec
	up := msg.String() == "U" || msg.String() == "J" || msg.String() == "D" || msg.String() == "K" || msg.String() == "G"
	factor := func(f float64) float64 {
		if up {
			return f
		}
		return 1 / f
	}
	switch {
	case key.Matches(msg, keys.MTTF2):
		spec.MTTF *= factor(2)
	case key.Matches(msg, keys.MTTF10):
		spec.MTTF *= factor(10)
	case key.Matches(msg, keys.MTTR2):
		spec.MTTR *= factor(2)
	case key.Matches(msg, keys.MTTR10):
		spec.MTTR *= factor(10)
	case key.Matches(msg, keys.Target):
		n := math.Round(avail.Nines(spec.Target))
		if up {
			n = min(n+1, 6)
		} else {
			n = max(n-1, 1)
		}
		spec.Target = 1 - math.Pow(10, -n)
	default:
		return lab.Outcome{}
	}
	if err := spec.Validate(); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	l.spec = spec
	if err := l.Restart(); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	a := avail.Availability(spec.MTTF, spec.MTTR)
	return lab.Outcome{Handled: true, Restarted: true, Note: fmt.Sprintf("MTTF %s, MTTR %s: %s (%.2f nines); the machine starts again",
		mttf(spec.MTTF), textfmt.Hours(spec.MTTR), textfmt.Availability(a), avail.Nines(a))}
}
