// Package leasestormlab is the lease-storm lab of lecture 26, section
// 26.2.10: the night DWFM lost its leases while DynamoDB was unreachable
// and stayed collapsed after DynamoDB returned, played a minute a step,
// one protection set alone or two side by side on one seed.
package leasestormlab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's protection sets in lockstep, a minute a step. The
// keys change the spec (the night's numbers, shared by the runs, or the
// right-hand run's protections) and restart it.
type Lab struct {
	spec   leasestorm.Spec
	opened string // the runs the scenario opened with
	runs   []*run
	seen   []int
	// pair keeps the left run's set while a toggle has made the right
	// run like it; c forgets it.
	pair lab.Pair
}

// maxStep is the longest a step (a minute of every run) may take: play
// steps between frames, and a longer step would freeze the screen and
// the keys.
const maxStep = 0.1

// run is one protection set under way.
type run struct {
	cfg    leasestorm.Config
	engine *leasestorm.Engine
}

// New opens the lab on a lease-storm spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(leasestorm.Spec)
	if !ok {
		return nil, fmt.Errorf("leasestormlab: %T is not a lease-storm spec", s)
	}
	l := &Lab{spec: spec, opened: spec.Runs}
	return l, l.Restart()
}

// Restart builds every run again at 11:18 PM.
func (l *Lab) Restart() error {
	cfgs, err := l.spec.Configs()
	if err != nil {
		return err
	}
	if s := l.spec.MinuteSeconds(); s > maxStep {
		return &engine.OverLimit{What: "step", Estimate: s, Limit: maxStep, Levers: []string{"droplets", "timeout-s", "runs"}}
	}
	var runs []*run
	for _, c := range cfgs {
		e, err := leasestorm.New(c)
		if err != nil {
			return err
		}
		runs = append(runs, &run{cfg: c, engine: e})
	}
	l.runs, l.seen = runs, make([]int, len(runs))
	return nil
}

// Step runs a minute of every run.
func (l *Lab) Step() bool {
	stepped := false
	for range 60 {
		for _, r := range l.runs {
			stepped = r.engine.Step() || stepped
		}
	}
	return stepped
}

// Steps is the night's minutes.
func (l *Lab) Steps() int64 { return int64(l.runs[0].cfg.Minutes()) }

// StepsExact says Steps is the run's length, not an estimate: its
// clock ends at a set time.
func (l *Lab) StepsExact() bool { return true }

// Done reports whether the night is over.
func (l *Lab) Done() bool { return l.runs[0].engine.Done() }

// Pace says a speed in minutes of the night.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%g min of the night a second", stepsPerSecond)
}

// Seed is the runs' seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "DynamoDB lost (11:48 PM) and back (2:25 AM), goodput falling to zero, every lease lost, the throttle (4:14 AM), the recovery"
}

// NewMoment reports the moments the latest step reached; side by side,
// each caption names its runs.
func (l *Lab) NewMoment() (string, bool) {
	var captions []string
	who := map[string][]string{}
	for i, r := range l.runs {
		all := r.engine.Moments()
		for _, m := range all[min(l.seen[i], len(all)):] {
			if len(who[m.Caption]) == 0 {
				captions = append(captions, m.Caption)
			}
			who[m.Caption] = append(who[m.Caption], setWords(r.cfg.Protections))
		}
		l.seen[i] = len(all)
	}
	if len(l.runs) > 1 {
		for i, c := range captions {
			if len(who[c]) < len(l.runs) { // a moment of one run only says whose
				captions[i] = strings.Join(who[c], " and ") + ", " + c
			}
		}
	}
	return strings.Join(captions, lab.MomentBreak), len(captions) > 0
}

// Status is the runs, the time and the seed.
func (l *Lab) Status() []string {
	var names []string
	for _, r := range l.runs {
		names = append(names, setWords(r.cfg.Protections))
	}
	s := l.runs[0].engine.Pos()
	m := int(s.Step / 60)
	return []string{strings.Join(names, " vs "), fmt.Sprintf("%s, min %d of %d", leasestorm.Clock(m), m, l.runs[0].cfg.Minutes()),
		fmt.Sprintf("seed %d", l.spec.Seed)}
}

// Title says the runs on screen once the keys have changed them.
func (l *Lab) Title() (string, bool) {
	if l.spec.Runs == l.opened {
		return "", false
	}
	var names []string
	for _, r := range l.runs {
		names = append(names, setWords(r.cfg.Protections))
	}
	return "The lease storm: " + strings.Join(names, " against ") + " (keys changed the runs)", true
}

// setWords names a protection set in a class's words.
func setWords(p leasestorm.Protections) string {
	switch {
	case p.Throttle && p.DropStale:
		return "throttle + drop stale"
	case p.Throttle:
		return "throttle"
	case p.DropStale:
		return "drop stale"
	}
	return "no protection"
}

// Glossary explains the words of the lab.
func (l *Lab) Glossary() [][2]string {
	return [][2]string{
		{"droplet", "EC2's name for the host an instance runs on; DWFM (the DropletWorkflow Manager) holds a lease on each"},
		{"lease", "a droplet's right to be managed, granted for a time and renewed before it runs out; in the lecture DWFM would not renew one that had expired, so every expired droplet had to ask for a new one"},
		{"goodput", "leases granted a second to droplets still waiting for them: the manager's useful work"},
		{"wasted work", "a request served after its droplet gave up (its timeout passed) and asked again: the answer goes nowhere"},
		{"rate x timeout", "the most droplets the manager can serve before their timeout: with more waiting, the queue's wait can pass the timeout, and then everything served is wasted"},
		{"metastable state", "a bad state that keeps itself going after its cause is gone: here the droplets' retries keep the queue too long to serve anyone in time"},
		{"congestive collapse", "the lecture's words for DWFM's state after 2:25 AM: busy all the time, getting nothing done"},
		{"throttle", "a cap on requests in flight: past it, requests are turned away at once, so those let in are served in time (the lecture's engineers throttled at 4:14 AM and restarted hosts, flushing their queues)"},
		{"drop stale", "dropping, unserved, a request older than the timeout: its droplet has already asked again"},
		{"the marks", "under the charts: D DynamoDB lost (11:48 PM), B back (2:25 AM), T the throttle, R the recovery (every droplet leased again)"},
	}
}

// keys are the lab's own, a binding per direction.
var keys = struct {
	OutageShorter, OutageLonger, RateDown, RateUp, TimeoutDown, TimeoutUp, CapDown, CapUp key.Binding
	Throttle, DropStale, Compare                                                          key.Binding
}{
	OutageShorter: lab.Bind([]string{"o"}, "o", "shorter outage"),
	OutageLonger:  lab.Bind([]string{"O"}, "O", "longer outage"),
	RateDown:      lab.Bind([]string{"w"}, "w", "slower manager"),
	RateUp:        lab.Bind([]string{"W"}, "W", "faster manager"),
	TimeoutDown:   lab.Bind([]string{"d"}, "d", "shorter timeout"),
	TimeoutUp:     lab.Bind([]string{"D"}, "D", "longer timeout"),
	CapDown:       lab.Bind([]string{"j"}, "j", "throttle's cap /2"),
	CapUp:         lab.Bind([]string{"J"}, "J", "throttle's cap x2"),
	Throttle:      lab.Bind([]string{"h"}, "h", "throttle on/off (right run)"),
	DropStale:     lab.Bind([]string{"x"}, "x", "drop stale requests on/off (right run)"),
	Compare:       lab.Bind([]string{"c"}, "c", "one run or two side by side"),
}

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c, k := lab.CommonKeys, keys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Throttle, "h", "throttle"), lab.Brief(k.OutageShorter, "o/O", "outage"),
		lab.Brief(k.CapDown, "j/J", "cap"), lab.Brief(k.DropStale, "x", "drop stale"), k.Compare, c.Moments}
	full := [][]key.Binding{
		lab.PlayKeys(),
		{k.OutageShorter, k.OutageLonger, k.RateDown, k.RateUp, k.TimeoutDown, k.TimeoutUp, k.Throttle, k.CapDown, k.CapUp, k.DropStale, k.Compare},
		lab.ShellKeys(),
	}
	return short, full
}

// The steps the keys move through: the outage's minutes, the manager's
// rate and the timeout's seconds.
var (
	outageSteps  = []float64{0, 1, 2, 3, 5, 10, 15, 30, 60, 90, 120, 157, 180, 240, 360}
	rateSteps    = []float64{1, 2, 3, 4.5, 6, 9, 12, 18, 27, 40, 60, 90}
	timeoutSteps = []float64{5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600}
)

// stepTo is the next value of steps past v, down (dir -1) or up.
func stepTo(steps []float64, v float64, dir int) float64 {
	if dir > 0 {
		if i := slices.IndexFunc(steps, func(s float64) bool { return s > v }); i >= 0 {
			return steps[i]
		}
		return v
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i] < v {
			return steps[i]
		}
	}
	return v
}

// Key changes the spec and restarts the night on its seed.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := keys
	pair := l.pair
	var change func(*leasestorm.Spec) string
	switch {
	case key.Matches(msg, k.OutageShorter), key.Matches(msg, k.OutageLonger):
		dir := dirOf(msg, k.OutageShorter)
		change = func(s *leasestorm.Spec) string {
			s.OutageMin = int(stepTo(outageSteps, float64(s.OutageMin), dir))
			return ""
		}
	case key.Matches(msg, k.RateDown), key.Matches(msg, k.RateUp):
		dir := dirOf(msg, k.RateDown)
		change = func(s *leasestorm.Spec) string { s.Rate = stepTo(rateSteps, s.Rate, dir); return "" }
	case key.Matches(msg, k.TimeoutDown), key.Matches(msg, k.TimeoutUp):
		dir := dirOf(msg, k.TimeoutDown)
		change = func(s *leasestorm.Spec) string {
			s.TimeoutS = int(stepTo(timeoutSteps, float64(s.TimeoutS), dir))
			return ""
		}
	case key.Matches(msg, k.CapDown):
		change = func(s *leasestorm.Spec) string { s.Cap = max(1, s.Cap/2); return "" }
	case key.Matches(msg, k.CapUp):
		change = func(s *leasestorm.Spec) string { s.Cap = min(leasestorm.MaxQueue, 2*s.Cap); return "" }
	case key.Matches(msg, k.Throttle):
		change = toggle(&pair, func(p *leasestorm.Protections) { p.Throttle = !p.Throttle })
	case key.Matches(msg, k.DropStale):
		change = toggle(&pair, func(p *leasestorm.Protections) { p.DropStale = !p.DropStale })
	case key.Matches(msg, k.Compare):
		change = func(s *leasestorm.Spec) string {
			pair.Forget()
			s.Runs = lab.Compare(s.Runs, l.opened, "none", "none,throttle")
			return ""
		}
	default:
		return lab.Outcome{}
	}
	back := setWords(l.runs[len(l.runs)-1].cfg.Protections) // the right run before the key
	return lab.EditRuns(&l.spec, &l.pair, &pair, msg.String(), back,
		func(s leasestorm.Spec) string { cfgs, _ := s.Configs(); return setWords(cfgs[0].Protections) },
		change, leasestorm.Spec.Validate, l.Restart, note)
}

// dirOf is -1 for the down key of a pair, else +1.
func dirOf(msg tea.KeyMsg, down key.Binding) int {
	if key.Matches(msg, down) {
		return -1
	}
	return 1
}

// toggle flips a protection of the last run listed (the right one, or the
// only one); pair merges and splits the runs (lab.Pair).
func toggle(pair *lab.Pair, flip func(*leasestorm.Protections)) func(*leasestorm.Spec) string {
	return func(s *leasestorm.Spec) string {
		names := strings.Split(s.Runs, ",")
		cfgs, err := s.Configs()
		if err != nil {
			return err.Error()
		}
		p := cfgs[len(cfgs)-1].Protections
		flip(&p)
		s.Runs = strings.Join(pair.Toggle(names, leasestorm.SetName(p)), ",")
		return ""
	}
}

// note says what the night now is, in at most two lines of an 80 column
// screen.
func note(s leasestorm.Spec) string {
	cfgs, _ := s.Configs()
	var names []string
	for _, c := range cfgs {
		names = append(names, setWords(c.Protections))
	}
	return fmt.Sprintf("%s: outage %d min, rate %g/s x timeout %d s = %s, cap %s; replayed to the same time on seed %d",
		strings.Join(names, " vs "), s.OutageMin, s.Rate, s.TimeoutS, textfmt.Int(int(math.Round(s.Rate*float64(s.TimeoutS)))), textfmt.Int(s.Cap), s.Seed)
}
