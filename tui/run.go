package tui

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

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
	switch {
	case m.crash != "" || errors.Is(err, tea.ErrProgramPanic):
		return fmt.Errorf("crashed: %s", m.crashReport())
	case errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrInterrupted):
		return ErrInterrupted
	}
	return err
}

// guard turns a panic in the model into a crash report: the panic's first
// line is kept for the exit message and the whole trace goes to a file,
// then the panic goes on to Bubble Tea, which restores the terminal.
func (m *Model) guard() {
	r := recover()
	if r == nil {
		return
	}
	m.crash = strings.SplitN(fmt.Sprint(r), "\n", 2)[0]
	if f, err := os.CreateTemp("", "loadlab-crash-*.txt"); err == nil {
		fmt.Fprintf(f, "loadlab crashed: %v\n\n%s", r, debug.Stack())
		f.Close()
		m.crashTrace = f.Name()
	}
	panic(r)
}

// crashReport is the crash's one line: the panic and where the trace is.
func (m *Model) crashReport() string {
	msg := m.crash
	if msg == "" {
		msg = "a panic"
	}
	if m.crashTrace != "" {
		return msg + " (the trace is in " + m.crashTrace + "; please report it)"
	}
	return msg + " (the trace is printed above)"
}

// Check reports whether opts are valid without starting the program, so
// that the command line can answer bad input with exit code 2.
func Check(opts Options) error {
	_, err := New(opts)
	return err
}
