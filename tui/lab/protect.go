package lab

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Protection is a protection of a lockstep case as its key turns it in
// the right-hand run (or the only one): from the time on the clock where
// the runs switch (Switchable), else for the whole run, replayed.
type Protection[C any] struct {
	Key key.Binding
	// Name is the protection's switch, as --switch spells it.
	Name string
	// Flag points at the protection in a config.
	Flag func(*C) *bool
}

// Answer answers the key of one of the case's protections or knobs, and
// reports false for any other key.
func (l *Lockstep[S, C, E]) Answer(msg tea.KeyMsg) (Outcome, bool) {
	if out, ok := l.Protect(msg, l.c.Protections...); ok {
		return out, true
	}
	return l.Turn(msg, l.c.Knobs...)
}

// Protect answers the key of one of ps, and reports false for any other
// key.
func (l *Lockstep[S, C, E]) Protect(msg tea.KeyMsg, ps ...Protection[C]) (Outcome, bool) {
	for _, p := range ps {
		if !key.Matches(msg, p.Key) {
			continue
		}
		if l.Switchable() {
			return l.FlipNow(p.Name, func(c C) bool { return *p.Flag(&c) }), true
		}
		return l.Edit(msg.String(), l.Toggle(func(c *C) { on := p.Flag(c); *on = !*on })), true
	}
	return Outcome{}, false
}

// Turn answers the keys of one of levers: each moves a number the runs
// share (turn gets the lever's direction), and the runs replay. It
// reports false for any other key.
func (l *Lockstep[S, C, E]) Turn(msg tea.KeyMsg, levers ...Knob[S]) (Outcome, bool) {
	for _, k := range levers {
		if dir := k.Lever.Dir(msg); dir != 0 {
			return l.Edit(msg.String(), Shared(func(s *S) { k.Turn(s, dir) })), true
		}
	}
	return Outcome{}, false
}

// Knob is a lever on a number the runs share: Turn moves it a step
// down (dir -1) or up (+1) in a spec.
type Knob[S any] struct {
	Lever
	Turn func(s *S, dir int)
}
