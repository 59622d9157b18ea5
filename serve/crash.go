package serve

import (
	"fmt"
	"runtime/debug"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
)

// crash is what ended a session's program in a panic: the value and the
// stack, for the log (never the keys or codes the session was given).
type crash struct {
	mu    sync.Mutex
	what  string
	stack string
	quit  func()
}

// caught keeps the first panic and quits the program (from its own
// goroutine: the program may be the one panicking).
func (c *crash) caught(r any) {
	c.mu.Lock()
	first := c.what == ""
	if first {
		c.what, c.stack = fmt.Sprint(r), string(debug.Stack())
	}
	quit := c.quit
	c.mu.Unlock()
	if first && quit != nil {
		go quit()
	}
}

// report is the panic and its stack, "" when none was caught.
func (c *crash) report() (what, stack string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.what, c.stack
}

// crashGuard wraps a session's model so that a panic in its Init, Update,
// View or the commands they return is caught here, with its stack, before
// Bubble Tea's own catch (which prints to the server's stdout and tells
// no one which session it was).
type crashGuard struct {
	tea.Model
	c *crash
}

func (g crashGuard) Init() (cmd tea.Cmd) {
	defer g.recover()
	return g.wrap(g.Model.Init())
}

func (g crashGuard) Update(msg tea.Msg) (out tea.Model, cmd tea.Cmd) {
	out = g // what the program keeps if Update panics
	defer g.recover()
	m, cmd := g.Model.Update(msg)
	return crashGuard{Model: m, c: g.c}, g.wrap(cmd)
}

func (g crashGuard) View() (v string) {
	defer g.recover()
	return g.Model.View()
}

func (g crashGuard) recover() {
	if r := recover(); r != nil {
		g.c.caught(r)
	}
}

// wrap guards a command, and the commands of a batch it returns.
func (g crashGuard) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer g.recover()
		msg = cmd()
		if batch, ok := msg.(tea.BatchMsg); ok {
			for i, c := range batch {
				batch[i] = g.wrap(c)
			}
		}
		return msg
	}
}
