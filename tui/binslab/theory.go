package binslab

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/lab"
)

// theoryMsg carries a config's predictions, worked out off the UI loop.
type theoryMsg struct {
	key    string
	theory []bins.Prediction
}

func theoryKey(cfg bins.Config) string { return fmt.Sprint(cfg.Bins, cfg.Balls, cfg.Strategies) }

// useTheory gives a new engine the predictions already worked out for its
// config, or marks them to be worked out (theoryCmd).
func (l *Lab) useTheory(cfg bins.Config, e *bins.Engine) {
	key := theoryKey(cfg)
	switch {
	case l.theory.key == key:
		e.SetTheory(l.theory.p)
	case cfg.TheoryDeferred():
		l.pending = key
	default:
		l.pending = ""
	}
}

// theoryCmd works out the pending predictions off the UI loop, once in
// the process for a config (every student of a class asks for the same).
func (l *Lab) theoryCmd() tea.Cmd {
	if l.pending == "" {
		return nil
	}
	cfg, err := config(l.spec)
	key := l.pending
	l.pending = ""
	if err != nil || theoryKey(cfg) != key {
		return nil
	}
	return func() tea.Msg {
		theory, _ := lab.Remembered(key, func() ([]bins.Prediction, error) { return cfg.Predictions(), nil })
		return theoryMsg{key: key, theory: theory}
	}
}

// Init starts working out the opened run's theory, when a view would not.
func (l *Lab) Init() tea.Cmd { return l.theoryCmd() }

// Update takes the predictions worked out off the loop, if they are still
// for the run on screen.
func (l *Lab) Update(msg tea.Msg) tea.Cmd {
	m, ok := msg.(theoryMsg)
	if !ok {
		return nil
	}
	l.theory.key, l.theory.p = m.key, m.theory
	if cfg, err := config(l.spec); err == nil && theoryKey(cfg) == m.key {
		l.engine.SetTheory(m.theory)
		l.stale = true
	}
	return nil
}

// Busy is false: the theory is worked out beside the run, which plays on.
func (l *Lab) Busy() bool { return false }

// Leave keeps the theory under way: it is quick and its result is kept.
func (l *Lab) Leave() {}
