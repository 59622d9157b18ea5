package tui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
)

// errNoSweeps answers --vary in a shell started without sweeps: a class
// server's session.
var errNoSweeps = errors.New("--vary: sweeps are not offered on a class server, where they would hold its cores for minutes: loadlab sweep runs them on your own machine")

// startSweep opens a sweep's screen in the shell: args as loadlab tui
// sweep takes them, over base when a lab's prompt asked for it. A refused
// sweep gives its one line and leaves the screen as it was.
func (m *Model) startSweep(base *scenarios.Scenario, args []string) (tea.Cmd, error) {
	if m.openSweep == nil {
		return nil, errNoSweeps
	}
	opts, err := m.openSweep(base, args)
	if err != nil {
		return nil, err
	}
	s, err := newSweep(opts)
	if err != nil {
		return nil, err
	}
	s.st, s.width, s.height, s.inShell = m.st, m.width, m.height, true
	s.bg.Share = m.work
	m.play.stop()
	m.sweep, m.sweepFrom, m.screen = s, m.screen, screenSweep
	m.redraw()
	return s.Init(), nil
}

// sweepUpdate gives the sweep's screen its messages until it closes.
func (m *Model) sweepUpdate(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(sweepClosedMsg); ok {
		m.screen, m.sweep = m.sweepFrom, nil
		m.redraw()
		return tea.Batch(m.whileBusy(), m.seedsBusy()) // their ticks stopped while the sweep had the screen
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.picker.SetSize(msg.Width, max(1, msg.Height-1))
	case tea.KeyMsg, busyMsg:
	default:
		if !m.sweep.bg.Owns(msg) { // the lab's own work, left behind
			var cmd tea.Cmd
			if !m.seeds.bg.Take(msg) {
				if a, ok := m.async(); ok {
					cmd = a.Update(msg)
				}
			}
			return cmd
		}
	}
	_, cmd := m.sweep.Update(msg)
	m.redraw()
	return cmd
}
