// Package supermarketlab is the supermarket lab of docs/sources.md, §SM:
// two policies side by side on the same arrivals, the share of servers at
// each queue length now with the mean-field value marked on each bar, and
// the mean queue over time against its theory line.
package supermarketlab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/queue"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's policy and, if set, its Against in lockstep.
type Lab struct {
	spec queue.Spec
	sims []*queue.Sim
	seen []int
}

// New opens the lab on a supermarket spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(queue.Spec)
	if !ok {
		return nil, fmt.Errorf("supermarketlab: %T is not a supermarket spec", s)
	}
	l := &Lab{spec: spec}
	return l, l.Restart()
}

// Restart starts every server empty at t = 0.
func (l *Lab) Restart() error {
	cs, err := l.spec.Configs()
	if err != nil {
		return err
	}
	l.sims, l.seen = nil, make([]int, len(cs))
	for _, c := range cs {
		s, err := queue.New(c)
		if err != nil {
			return err
		}
		l.sims = append(l.sims, s)
	}
	return nil
}

// Pace says a speed in simulated time.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%g time units a second", stepsPerSecond*queue.StepTime)
}

// Step runs every policy one engine step, in lockstep.
func (l *Lab) Step() bool {
	stepped := false
	for _, s := range l.sims {
		stepped = s.Step() || stepped
	}
	return stepped
}

// Steps is the steps from t = 0 to the end of the time.
func (l *Lab) Steps() int64 { return l.sims[0].Pos().Steps }

// Done reports whether the time is up.
func (l *Lab) Done() bool { return l.sims[0].Done() }

// Seed is the arrivals' seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "the first queue of 7 jobs, and a herd on a stale board"
}

// NewMoment reports each policy's moments, named.
func (l *Lab) NewMoment() (string, bool) {
	var parts []string
	for i, s := range l.sims {
		if c, ok := lab.Unseen(s.Moments(), &l.seen[i]); ok {
			parts = append(parts, name(s.Config())+": "+c)
		}
	}
	return strings.Join(parts, "; "), len(parts) > 0
}

// Status is the time and the load.
func (l *Lab) Status() []string {
	s := l.sims[0]
	return []string{fmt.Sprintf("t %.1f / %g", s.Now(), l.spec.Time), fmt.Sprintf("load %g", l.spec.Load), fmt.Sprintf("seed %d", l.spec.Seed)}
}

var keys = struct {
	Policy, Against  key.Binding
	D, Load, Refresh lab.Lever
}{
	Policy:  lab.Bind([]string{"p"}, "p", "left policy: random, jsq-d, jsq, round-robin, stale-d"),
	Against: lab.Bind([]string{"P"}, "P", "right policy"),
	D:       lab.NewLever("d", "D", "one choice fewer", "one choice more", "fewer/more choices"),
	Load:    lab.NewLever("l", "L", "load down 0.05", "load up 0.05", "load down/up 0.05"),
	Refresh: lab.NewLever("f", "F", "refresh the board twice as often", "refresh it half as often", "board refresh x2, /2"),
}

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, lab.Brief(keys.Policy, "p/P", "policies"), keys.D.Short(), keys.Load.Short(), c.Help, c.Quit, c.Moments, c.Faster}
	own := []key.Binding{keys.Policy, keys.Against}
	for _, l := range []lab.Lever{keys.D, keys.Load, keys.Refresh} {
		own = append(own, l.Full()...)
	}
	full := [][]key.Binding{lab.PlayKeys(), own, lab.ShellKeys()}
	return short, full
}

var policies = []string{"random", "jsq-d", "jsq", "round-robin", "stale-d"}

// Key changes a policy, d, the load or the refresh; each restarts, or says
// why it does nothing here.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	next := func(p string) string {
		i := slices.Index(policies, p)
		return policies[(i+1)%len(policies)]
	}
	reads := func(s queue.Spec, p ...string) bool {
		return slices.Contains(p, s.Policy) || slices.Contains(p, s.Against)
	}
	var change func(*queue.Spec) string
	switch {
	case key.Matches(msg, keys.Policy):
		change = func(s *queue.Spec) string { s.Policy = next(s.Policy); return "" }
	case key.Matches(msg, keys.Against):
		change = func(s *queue.Spec) string { s.Against = next(s.Against); return "" }
	case keys.D.Dir(msg) != 0:
		dir := keys.D.Dir(msg)
		change = func(s *queue.Spec) string {
			if !reads(*s, "jsq-d", "stale-d") {
				return fmt.Sprintf("d: %s and %s read no d; p or P picks jsq-d or stale-d", s.Policy, s.Against)
			}
			s.D = min(max(1, s.D+dir), s.Servers)
			return ""
		}
	case keys.Load.Dir(msg) != 0:
		dir := float64(keys.Load.Dir(msg))
		change = func(s *queue.Spec) string {
			s.Load = math.Round(min(max(0.05, s.Load+0.05*dir), 0.95)*100) / 100
			return ""
		}
	case keys.Refresh.Dir(msg) != 0:
		factor := math.Pow(2, float64(keys.Refresh.Dir(msg)))
		change = func(s *queue.Spec) string {
			if !reads(*s, "stale-d") {
				return fmt.Sprintf("f: only stale-d reads a board; %s and %s see every queue as it is (p or P picks stale-d)", s.Policy, s.Against)
			}
			s.Refresh = min(max(0.125, s.Refresh*factor), 1000)
			return ""
		}
	default:
		return lab.Outcome{}
	}
	return lab.Edit(&l.spec, change, queue.Spec.Validate, l.Restart, func(s queue.Spec) string {
		var names []string
		for _, sim := range l.sims {
			names = append(names, name(sim.Config()))
		}
		return fmt.Sprintf("%s at load %.2f, from t = 0 on the same arrivals", strings.Join(names, " against "), s.Load)
	})
}

// name says a policy with its d: "jsq-2".
func name(c queue.Config) string {
	switch c.Policy {
	case queue.JSQD:
		return fmt.Sprintf("jsq-%d", c.D)
	case queue.StaleD:
		return fmt.Sprintf("stale-%d (board every %g)", c.D, c.Refresh)
	}
	return c.Policy.String()
}
