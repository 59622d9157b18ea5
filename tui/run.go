package tui

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/flags"
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
		return OptionsError{err}
	}
	err = runProgram(m)
	if m.crash != "" || errors.Is(err, tea.ErrProgramPanic) {
		return fmt.Errorf("crashed: %s", m.crashReport())
	}
	return err
}

// runProgram runs a model in the alternate screen until it quits: nil
// for a quit by key, ErrInterrupted for SIGINT or SIGTERM. Bubble Tea
// takes SIGTERM as a quit, so it is watched here too: a program ended by
// a signal exits as interrupted, whichever signal it was.
func runProgram(m tea.Model, opts ...tea.ProgramOption) error {
	terminated := make(chan os.Signal, 1)
	signal.Notify(terminated, syscall.SIGTERM)
	defer signal.Stop(terminated)
	_, err := tea.NewProgram(m, append([]tea.ProgramOption{tea.WithAltScreen()}, opts...)...).Run()
	select {
	case <-terminated:
		if err == nil {
			return ErrInterrupted
		}
	default:
	}
	if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrInterrupted) {
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

// Check reports whether opts are valid without starting the program or
// building anything, so that the command line can answer bad input with
// exit code 2 before it asks for a terminal: the theme, the scenario, and
// the config's cost at the gate (admit).
func Check(opts Options) error {
	if _, err := themeOf(opts.Theme); err != nil {
		return err
	}
	sc, ok, err := opening(opts)
	if err != nil || !ok {
		return err
	}
	if _, ok := labs[sc.Engine()]; !ok {
		return fmt.Errorf("scenario %s: the %s engine has no lab", sc.Name, sc.Engine())
	}
	if err := admit(nil, sc.Spec); err != nil { // on this desktop
		return errors.New(flags.Named(err))
	}
	return nil
}

// OptionsError is Run's error for options refused before the screen
// opened (a lab that refuses its config): the terminal is as it was.
type OptionsError struct{ Err error }

func (e OptionsError) Error() string { return e.Err.Error() }
