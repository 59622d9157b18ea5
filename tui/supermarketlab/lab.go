// Package supermarketlab is the supermarket lab of docs/sources.md, §SM:
// two policies side by side on the same arrivals, the share of servers at
// each queue length now with the mean-field value marked on each bar, the
// mean queue now and averaged since the warm-up against its theory line,
// and beside a stale board the jobs it sends its hottest servers. A spec
// with Stepper steps a job at a time on a few servers instead, marking
// the queues each job looks at and the one it joins.
package supermarketlab

import (
	"fmt"
	"math"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/charmbracelet/bubbles/help"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's policy and, if set, its Against in lockstep.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Seeds
	lab.Sizing
	spec queue.Spec
	// opened is the scenario's spec: once the keys change the run, the
	// title says whose it is.
	opened queue.Spec
	runs   []*run
	deck   lab.Deck
	// now is the spec as the switches have left the runs (spec is as
	// they started); switches are each run's, kept so that a restart or a
	// step back replays them; fromStart makes the keys rerun from t = 0
	// instead of switching from now.
	now       queue.Spec
	switches  [][]engine.Switch
	fromStart bool
}

// run is one policy's simulation and what the views keep of it.
type run struct {
	sim *queue.Sim
	// start is the config the run began with, before its switches
	start queue.Config
	seen  int
	// res is the report's figures at resAt, worked out once a step
	res   queue.Result
	resAt float64
	// before is each server's queue before the latest step, and
	// arrivalsBefore the jobs arrived by then (the stepper); longest is
	// the longest queue seen
	before         []int32
	scratch        []int32 // the next step's before, kept where the step is taken
	arrivalsBefore int
	longest        int
}

// New opens the lab on a supermarket spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, err := lab.SpecOf[queue.Spec](s)
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), spec: spec, opened: spec, now: spec}
	l.Seeds = lab.NewSeeds(&l.spec.Seed, l.Restart)
	if err := l.Restart(); err != nil {
		return nil, err
	}
	l.switches = nil
	for _, r := range l.runs {
		l.switches = append(l.switches, r.sim.Config().Switches)
	}
	return l, nil
}

// Restart starts every server empty at t = 0.
func (l *Lab) Restart() error {
	cs, err := l.spec.Configs()
	if err != nil {
		return err
	}
	l.runs = nil
	for i, c := range cs {
		if i < len(l.switches) {
			c.Switches = l.switches[i]
		}
		s, err := queue.New(c)
		if err != nil {
			return err
		}
		l.runs = append(l.runs, &run{sim: s, start: c, resAt: -1, before: make([]int32, c.Servers), scratch: make([]int32, c.Servers)})
	}
	for len(l.switches) < len(l.runs) && l.switches != nil {
		l.switches = append(l.switches, nil)
	}
	if l.switches == nil && l.opened != (queue.Spec{}) { // rerun from the start: no switches yet
		l.switches = make([][]engine.Switch, len(l.runs))
	}
	return nil
}

// result is the run's figures since the warm-up as the report gives them.
func (r *run) result() queue.Result {
	if now := r.sim.Now(); r.resAt != now {
		r.res, r.resAt = r.sim.Result(), now
	}
	return r.res
}

// pace says a speed in simulated time, or in jobs for the stepper.
func (l *Lab) pace(stepsPerSecond float64) string {
	if l.spec.Stepper {
		if stepsPerSecond == 1 {
			return "1 job a second"
		}
		return fmt.Sprintf("%.10g jobs a second", stepsPerSecond)
	}
	return fmt.Sprintf("%.10g time units a second", stepsPerSecond*queue.StepTime)
}

// Step runs every policy one step in lockstep: StepTime of simulated
// time, or for the stepper to the next job (the runs share their
// arrivals, so it is the same job in each).
func (l *Lab) Step() bool {
	stepped := false
	for _, r := range l.runs {
		if l.spec.Stepper {
			// The queues before are kept only where a step was taken: a
			// call at the end (a seek's last, say) changes nothing on
			// screen, however the step was reached.
			copy(r.scratch, r.sim.Jobs())
			arrivals := r.sim.Arrivals()
			if !r.sim.StepArrival() {
				continue
			}
			stepped = true
			r.before, r.scratch, r.arrivalsBefore = r.scratch, r.before, arrivals
			for _, q := range r.sim.Jobs() {
				r.longest = max(r.longest, int(q))
			}
			continue
		}
		stepped = r.sim.Step() || stepped
	}
	return stepped
}

// steps is the steps from t = 0 to the end of the time: for the stepper
// about the jobs that arrive in it.
func (l *Lab) steps() int64 {
	if l.spec.Stepper {
		return int64(math.Round(l.spec.Load*float64(l.spec.Servers)*l.spec.Time)) + 1
	}
	return l.runs[0].sim.Pos().Steps
}

// Done reports whether the time is up.
func (l *Lab) Done() bool { return l.runs[0].sim.Done() }

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	return "the first queue of 7 jobs, and a herd on a stale board"
}

// NewMoment reports each policy's moments, named.
func (l *Lab) NewMoment() (string, bool) {
	var parts []string
	for _, r := range l.runs {
		if c, ok := lab.Unseen(r.sim.Moments(), &r.seen); ok {
			parts = append(parts, r.sim.Config().Label()+": "+c)
		}
	}
	return strings.Join(parts, "; "), len(parts) > 0
}

// Status is the time (and for the stepper the job), the load and the seed.
func (l *Lab) Status() []string {
	s := l.runs[0].sim
	clock := fmt.Sprintf("t %.1f / %.10g", s.Now(), l.spec.Time)
	if l.spec.Stepper {
		clock = fmt.Sprintf("job %d, t %.2f / %.10g", s.Arrivals(), s.Now(), l.spec.Time)
	}
	return []string{clock, fmt.Sprintf("load %.10g", l.now.Load), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Glossary: glossary, Stops: l.stopsAt(), Pace: l.pace, Steps: l.steps()}
	if t, ok := l.switchTitle(); ok {
		i.Title = t
	} else if s := l.spec; s.Policy != l.opened.Policy || s.Against != l.opened.Against || s.Load != l.opened.Load || s.D != l.opened.D || s.Refresh != l.opened.Refresh {
		names := s.Policy
		if s.Against != "" {
			names += " against " + s.Against
		}
		i.Title = fmt.Sprintf("your run: %s at load %.2f (the scenario's: %s at %.2f)", names, s.Load, l.opened.Policy, l.opened.Load)
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap {
	short, full := l.help()
	return lab.Keys{Short: short, Full: full}
}

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }
