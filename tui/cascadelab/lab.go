// Package cascadelab is the cascading-failure lab: one protection set of
// lecture 26.4.1 run tick by tick, with the pools filling, the success
// rate and the backlog over time, the breaker's states, and the moments of
// the story.
package cascadelab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs one protection set of a cascade spec. The preset keys and the
// protection keys restart the run from t = 0 on the same seed.
type Lab struct {
	spec    cascade.Spec
	name    string // S1..S6, or custom
	cfg     cascade.Config
	engine  *cascade.Engine
	snap    cascade.Snapshot
	stale   bool
	moments int
}

// New opens the lab on the first protection set a cascade spec lists.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(cascade.Spec)
	if !ok {
		return nil, fmt.Errorf("cascadelab: %T is not a cascade spec", s)
	}
	runs, err := spec.Runs()
	if err != nil {
		return nil, err
	}
	l := &Lab{spec: spec}
	return l, l.start(runs[0].Name, runs[0].Config)
}

func (l *Lab) start(name string, cfg cascade.Config) error {
	e, err := cascade.New(cfg)
	if err != nil {
		return err
	}
	l.name, l.cfg, l.engine, l.stale, l.moments = name, cfg, e, true, 0
	return nil
}

func (l *Lab) sync() {
	if l.stale {
		l.snap = l.engine.Snapshot()
		l.stale = false
	}
}

// Step runs one 10 ms tick.
func (l *Lab) Step() bool {
	l.stale = true
	return l.engine.Step()
}

// Done reports whether the run reached its end.
func (l *Lab) Done() bool { return l.engine.Done() }

// Restart runs the same set again from t = 0.
func (l *Lab) Restart() error { return l.start(l.name, l.cfg) }

// Seed is the run's seed.
func (l *Lab) Seed() int64 { return l.cfg.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error {
	cfg := l.cfg
	cfg.Seed = seed
	return l.start(l.name, cfg)
}

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.cfg.Seed + 1) }

// NewMoment reports the moments the latest tick reached.
func (l *Lab) NewMoment() (string, bool) {
	l.sync()
	all := l.snap.Moments
	if len(all) == l.moments {
		return "", false
	}
	var captions []string
	for _, m := range all[l.moments:] {
		captions = append(captions, m.Caption)
	}
	l.moments = len(all)
	return strings.Join(captions, "; "), true
}

// Status is the set, the seed and the time.
func (l *Lab) Status() []string {
	l.sync()
	return []string{l.name, fmt.Sprintf("seed %d", l.cfg.Seed), fmt.Sprintf("t %5.2f / %g s", l.snap.T, l.cfg.Duration)}
}

// keyMap is the lab's own keys.
var keys = struct {
	Preset, Timeout, Retry, Breaker, Bulkhead, Shed, Budget key.Binding
}{
	Preset:   lab.Bind([]string{"1", "2", "3", "4", "5", "6"}, "1-6", "presets S1-S6"),
	Timeout:  lab.Bind([]string{"o"}, "o", "timeout default/tuned"),
	Retry:    lab.Bind([]string{"y"}, "y", "retry off/immediate/backoff"),
	Breaker:  lab.Bind([]string{"b"}, "b", "breaker"),
	Bulkhead: lab.Bind([]string{"k"}, "k", "bulkhead"),
	Shed:     lab.Bind([]string{"x"}, "x", "shed low priority"),
	Budget:   lab.Bind([]string{"u"}, "u", "retry budget"),
}

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, keys.Preset, keys.Breaker, c.Moments, c.Faster, c.Slower}
	presets := keys.Preset
	presets.SetHelp("1-6", "S1 none · S2 retries · S3 tuned timeouts · S4 +breaker · S5 +bulkhead · S6 all")
	full := [][]key.Binding{
		{c.Play, c.Step, c.Faster, c.Slower, c.Reset, c.NextSeed, c.TypeSeed},
		{presets, keys.Timeout, keys.Retry, keys.Breaker, keys.Bulkhead, keys.Shed, keys.Budget},
		{c.Moments, c.Theme, c.Back, c.Help, c.Quit},
	}
	return short, full
}

// Key picks a preset or flips a protection; either restarts the run.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	p := l.cfg.Protections
	name := "custom"
	switch {
	case key.Matches(msg, keys.Preset):
		preset := cascade.Presets[int(msg.String()[0]-'1')]
		p, name = preset.Protections, preset.Name
	case key.Matches(msg, keys.Timeout):
		p.Tuned = !p.Tuned
	case key.Matches(msg, keys.Retry):
		p.Retry = (p.Retry + 1) % 3
	case key.Matches(msg, keys.Breaker):
		p.Breaker = !p.Breaker
	case key.Matches(msg, keys.Bulkhead):
		p.Bulkhead = !p.Bulkhead
	case key.Matches(msg, keys.Shed):
		p.Shed = !p.Shed
	case key.Matches(msg, keys.Budget):
		p.Budget = !p.Budget
	default:
		return lab.Outcome{}
	}
	cfg := l.cfg
	cfg.Protections = p
	for _, pr := range cascade.Presets { // a custom set equal to a preset is that preset
		if pr.Protections == p {
			name = pr.Name
		}
	}
	if err := l.start(name, cfg); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	return lab.Outcome{Handled: true, Note: name + ": " + describe(p) + " (restarted at t = 0, same seed)", Restarted: true}
}

// describe writes a protection set in words.
func describe(p cascade.Protections) string {
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	timeout := "default"
	if p.Tuned {
		timeout = "tuned"
	}
	return fmt.Sprintf("timeout %s · retry %s · breaker %s · bulkhead %s · shed %s · budget %s",
		timeout, p.Retry, onOff(p.Breaker), onOff(p.Bulkhead), onOff(p.Shed), onOff(p.Budget))
}
