package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// frame is what a lab needs to draw its body: the room it has, the styles,
// and whether play is slow enough to narrate each step.
type frame struct {
	w, h      int
	st        Styles
	narrating bool
}

// outcome is what a lab key did: whether the lab took the key, a message
// for the status bar, a refusal, and a command to run.
type outcome struct {
	handled bool
	note    string
	err     error
	cmd     tea.Cmd
	// restarted says the lab rebuilt its engine, which pauses play.
	restarted bool
}

// lab is an open scenario: its engine and the view that draws it. The root
// model plays it and routes keys to it; a lab never starts its own ticks.
type lab interface {
	stepper
	// init returns the lab's first command (a computation to run off the
	// UI loop), or nil.
	init() tea.Cmd
	// update takes the messages that are not keys, ticks or resizes.
	update(msg tea.Msg) tea.Cmd
	done() bool
	// restart rebuilds the engine at its start.
	restart() error
	// seed reports the seed and whether the lab has one.
	seed() (int64, bool)
	withSeed(seed int64) error
	nextSeed() error
	// status is the lab's part of the status bar.
	status() []string
	// render draws the body into f.w x f.h.
	render(f frame) string
	// key offers a key to the lab before the common keys.
	key(msg tea.KeyMsg, k keyMap) outcome
	nextPanel()
	help(k keyMap) (short []key.Binding, full [][]key.Binding)
	// editing reports whether a text input has the keyboard.
	editing() bool
}
