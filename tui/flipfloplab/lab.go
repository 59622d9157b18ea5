// Package flipfloplab is the health-check flip-flop lab of lecture 26,
// section 26.2.10: health checks flipping instances in and out of DNS on
// the morning of 2025-10-20, played a minute a step, one protection set
// alone or two side by side on one seed (the same check results).
package flipfloplab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's protection sets in lockstep, a minute a step.
type Lab struct {
	spec   flipflop.Spec
	opened string
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

type run struct {
	cfg    flipflop.Config
	engine *flipflop.Engine
}

// New opens the lab on a flip-flop spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(flipflop.Spec)
	if !ok {
		return nil, fmt.Errorf("flipfloplab: %T is not a health-flip-flop spec", s)
	}
	l := &Lab{spec: spec, opened: spec.Runs}
	return l, l.Restart()
}

// Restart builds every run again at 5:00 AM.
func (l *Lab) Restart() error {
	cfgs, err := l.spec.Configs()
	if err != nil {
		return err
	}
	if s := l.spec.MinuteSeconds(); s > maxStep {
		return &engine.OverLimit{What: "step", Estimate: s, Limit: maxStep, Levers: []string{"instances", "interval-s", "runs"}}
	}
	var runs []*run
	for _, c := range cfgs {
		e, err := flipflop.New(c)
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

// Steps is the morning's minutes.
func (l *Lab) Steps() int64 { return int64(l.runs[0].cfg.DurationMin) }

// StepsExact says Steps is the run's length, not an estimate: its
// clock ends at a set time.
func (l *Lab) StepsExact() bool { return true }

// Done reports whether the morning is over.
func (l *Lab) Done() bool { return l.runs[0].engine.Done() }

// Pace says a speed in minutes of the morning.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%g min of the morning a second", stepsPerSecond)
}

// Seed is the runs' seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "the slow network (5:30 AM), DNS writes passing DNS's capacity, the switch-off (9:36 AM), latency back to normal (10:36 AM)"
}

// NewMoment reports the moments the latest step reached; a moment of one
// run only names it.
func (l *Lab) NewMoment() (string, bool) {
	var captions []string
	who := map[string][]string{}
	for i, r := range l.runs {
		all := r.engine.Moments()
		for _, m := range all[min(l.seen[i], len(all)):] {
			if len(who[m.Caption]) == 0 {
				captions = append(captions, m.Caption)
			}
			who[m.Caption] = append(who[m.Caption], setWords(r.cfg))
		}
		l.seen[i] = len(all)
	}
	if len(l.runs) > 1 {
		for i, c := range captions {
			if len(who[c]) < len(l.runs) {
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
		names = append(names, setWords(r.cfg))
	}
	m := int(l.runs[0].engine.Pos().Step / 60)
	return []string{strings.Join(names, " vs "), fmt.Sprintf("%s, min %d of %d", flipflop.Clock(m), m, l.runs[0].cfg.DurationMin),
		fmt.Sprintf("seed %d", l.spec.Seed)}
}

// Title says the runs on screen once the keys have changed them.
func (l *Lab) Title() (string, bool) {
	if l.spec.Runs == l.opened {
		return "", false
	}
	var names []string
	for _, r := range l.runs {
		names = append(names, setWords(r.cfg))
	}
	return "The health-check flip-flop: " + strings.Join(names, " against ") + " (keys changed the runs)", true
}

// setWords names a run's protections in a class's words.
func setWords(c flipflop.Config) string {
	h := fmt.Sprintf("hysteresis %d", c.K)
	cp := fmt.Sprintf("cap %d/min", c.CapPerMin)
	switch {
	case c.Hysteresis && c.Cap:
		return h + " + " + cp
	case c.Hysteresis:
		return h
	case c.Cap:
		return cp
	}
	return "no protection"
}

// Glossary explains the words of the lab.
func (l *Lab) Glossary() [][2]string {
	return [][2]string{
		{"NLB", "AWS's Network Load Balancer: it sends traffic to instances named in DNS and checks their health"},
		{"health check", "a probe of an instance every few seconds; it fails when the answer takes longer than its threshold"},
		{"flip", "a check result unlike the one before (pass after fail, or fail after pass)"},
		{"DNS write", "the automation taking an instance's record out of DNS when it judges it failed, or putting it back when healthy: one write per change"},
		{"DNS capacity", "the writes a minute DNS applies (DNS max on the chart); past it writes wait their turn, and a write waiting has not happened: DNS serves an old picture of the fleet, dead instances included"},
		{"DNS lag", "how long the oldest write waiting has waited: DNS serves the fleet as the automation saw it that long ago"},
		{"writes waiting", "DNS's work left, not a delay: at DNS's capacity they take writes / capacity minutes to apply"},
		{"hysteresis", "changing an instance's state only after k results in a row say so: a lone flip changes nothing"},
		{"cap", "at most so many changes a minute, fleet wide: fewer writes, but a dead instance may wait behind flapping ones"},
		{"dead", "an instance that really fails (every check fails): the automation should take it out; while DNS serves it, its traffic is lost"},
		{"the marks", "under the charts: S the slow network from 5:30 AM, O the automation switched off at 9:36 AM, N latency normal again at 10:36 AM"},
	}
}

// keys are the lab's own.
var keys = struct {
	Hysteresis, KDown, KUp, Cap, CapDown, CapUp, SwitchOff, Compare key.Binding
}{
	Hysteresis: lab.Bind([]string{"h"}, "h", "hysteresis on/off (right run)"),
	KDown:      lab.Bind([]string{"k"}, "k", "fewer results in a row"),
	KUp:        lab.Bind([]string{"K"}, "K", "more results in a row"),
	Cap:        lab.Bind([]string{"x"}, "x", "cap on changes a minute on/off (right run)"),
	CapDown:    lab.Bind([]string{"j"}, "j", "cap /2"),
	CapUp:      lab.Bind([]string{"J"}, "J", "cap x2"),
	SwitchOff:  lab.Bind([]string{"a"}, "a", "switch the automation off at 9:36 AM, or never"),
	Compare:    lab.Bind([]string{"c"}, "c", "one run or two side by side"),
}

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c, k := lab.CommonKeys, keys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Hysteresis, "h", "hysteresis"), lab.Brief(k.KDown, "k/K", "results in a row"),
		lab.Brief(k.Cap, "x", "cap"), lab.Brief(k.SwitchOff, "a", "switch-off"), k.Compare, c.Moments}
	full := [][]key.Binding{lab.PlayKeys(), {k.Hysteresis, k.KDown, k.KUp, k.Cap, k.CapDown, k.CapUp, k.SwitchOff, k.Compare}, lab.ShellKeys()}
	return short, full
}

// lectureSwitchOff is 9:36 AM, in minutes of the run.
const lectureSwitchOff = 9*60 + 36 - flipflop.StartClock

// Key changes the spec and restarts the morning on its seed.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := keys
	pair := l.pair
	var change func(*flipflop.Spec) string
	switch {
	case key.Matches(msg, k.Hysteresis):
		change = toggle(&pair, func(p *flipflop.Protections) { p.Hysteresis = !p.Hysteresis })
	case key.Matches(msg, k.Cap):
		change = toggle(&pair, func(p *flipflop.Protections) { p.Cap = !p.Cap })
	case key.Matches(msg, k.KDown):
		change = func(s *flipflop.Spec) string { s.K = max(1, s.K-1); return "" }
	case key.Matches(msg, k.KUp):
		change = func(s *flipflop.Spec) string { s.K = min(10, s.K+1); return "" }
	case key.Matches(msg, k.CapDown):
		change = func(s *flipflop.Spec) string { s.CapPerMin = max(1, s.CapPerMin/2); return "" }
	case key.Matches(msg, k.CapUp):
		change = func(s *flipflop.Spec) string { s.CapPerMin = min(1000, 2*s.CapPerMin); return "" }
	case key.Matches(msg, k.SwitchOff):
		change = func(s *flipflop.Spec) string {
			if s.DisableAtMin < s.DurationMin {
				s.DisableAtMin = s.DurationMin
			} else {
				s.DisableAtMin = min(lectureSwitchOff, s.DurationMin)
			}
			return ""
		}
	case key.Matches(msg, k.Compare):
		change = func(s *flipflop.Spec) string {
			pair.Forget()
			s.Runs = lab.Compare(s.Runs, l.opened, "none", "none,hysteresis")
			return ""
		}
	default:
		return lab.Outcome{}
	}
	back := setWords(l.runs[len(l.runs)-1].cfg) // the right run before the key
	return lab.EditRuns(&l.spec, &l.pair, &pair, msg.String(), back,
		func(s flipflop.Spec) string { cfgs, _ := s.Configs(); return setWords(cfgs[0]) },
		change, flipflop.Spec.Validate, l.Restart, note)
}

// toggle flips a protection of the last run listed (the right one, or the
// only one); pair merges and splits the runs (lab.Pair).
func toggle(pair *lab.Pair, flip func(*flipflop.Protections)) func(*flipflop.Spec) string {
	return func(s *flipflop.Spec) string {
		names := strings.Split(s.Runs, ",")
		cfgs, err := s.Configs()
		if err != nil {
			return err.Error()
		}
		p := cfgs[len(cfgs)-1].Protections
		flip(&p)
		s.Runs = strings.Join(pair.Toggle(names, flipflop.SetName(p)), ",")
		return ""
	}
}

// note says what the morning now is, in at most two lines of an 80
// column screen.
func note(s flipflop.Spec) string {
	cfgs, _ := s.Configs()
	var names []string
	for _, c := range cfgs {
		names = append(names, setWords(c))
	}
	off := "never switched off"
	if s.DisableAtMin < s.DurationMin {
		off = "switched off at " + flipflop.Clock(s.DisableAtMin)
	}
	return fmt.Sprintf("%s, %s: replayed to the same time on seed %d, the same checks", strings.Join(names, " vs "), off, s.Seed)
}
