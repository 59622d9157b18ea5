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
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/avail"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab keeps the study and one machine watched against the target.
type Lab struct {
	spec  avail.Spec
	watch *avail.Watch
	seen  int
}

// New opens the lab on an availability spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(avail.Spec)
	if !ok {
		return nil, fmt.Errorf("availlab: %T is not an availability spec", s)
	}
	l := &Lab{spec: spec}
	return l, l.Restart()
}

// Restart starts the machine again at t = 0.
func (l *Lab) Restart() error {
	w, err := avail.NewWatch(l.spec)
	if err != nil {
		return err
	}
	l.watch, l.seen = w, 0
	return nil
}

// Step runs the machine a quarter of a failure-repair cycle.
func (l *Lab) Step() bool { return l.watch.Step() }

// Steps is the strip's points.
func (l *Lab) Steps() int64 { return l.watch.Steps() }

// Done reports whether the strip is full.
func (l *Lab) Done() bool { return l.watch.Done() }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "the measured availability crossing the target"
}

// NewMoment reports the strip crossing its target.
func (l *Lab) NewMoment() (string, bool) { return lab.Unseen(l.watch.Moments(), &l.seen) }

// Pace says a speed in failure-repair cycles.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%g cycles a second", stepsPerSecond/avail.StepsPerCycle)
}

// Seed is the machine's seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts the machine on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

// Status is the time and the failures so far.
func (l *Lab) Status() []string {
	m := l.watch.Machine()
	return []string{fmt.Sprintf("%.0f h, %d failures", m.Now(), m.Failures()), fmt.Sprintf("seed %d", l.spec.Seed)}
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
		mttf(spec.MTTF), avail.Duration(spec.MTTR), avail.Percent(a), avail.Nines(a))}
}
