package tui

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"
)

// ErrInterrupted is Run's error when a signal (SIGINT, SIGTERM) ended the
// program rather than a key.
var ErrInterrupted = errors.New("interrupted")

// Run opens the TUI in the alternate screen and returns when the user
// quits. Bubble Tea restores the terminal on quit, on a signal and on a
// panic, before the panic is printed.
func Run(opts Options) error {
	m, err := New(opts)
	if err != nil {
		return err
	}
	_, err = tea.NewProgram(m, tea.WithAltScreen()).Run()
	if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrInterrupted) {
		return ErrInterrupted
	}
	return err
}

// Check reports whether opts are valid without starting the program, so
// that the command line can answer bad input with exit code 2.
func Check(opts Options) error {
	_, err := New(opts)
	return err
}
