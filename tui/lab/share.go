package lab

import (
	"context"
	"runtime"
	"sync/atomic"

	"github.com/loadlab/loadlab/internal/gate"
	"github.com/loadlab/loadlab/sim/engine"
)

// A ClassShare is how a class server's sessions share the machine: the
// background work of them all (runs over many seeds, tables, exact
// enumerations) takes turns on a few cores, and what one session may ask
// for is bounded, so that no student's config takes the cores or the
// memory the class's screens need.
type ClassShare struct {
	// Turns pieces of background work run at once, each on Workers cores;
	// the rest wait their turn.
	Turns, Workers int
	// Work is what one session's run or piece of work may cost by its
	// engine's cost model: a config the ":" line sets, N's seeds, an
	// exact enumeration.
	Work engine.Limits
}

// Share is the machine as one session's work may use it: a class
// server's (NewShare), shared by all its sessions, whose background work
// (runs over many seeds, tables, exact enumerations) takes turns on a few
// cores and whose runs are bounded; nil on a desktop, where one piece of
// work at a time has every core and the labs' own bounds hold. The shell
// gets it from its Options and builds each lab with it.
type Share struct {
	turns   chan struct{}
	workers int
	work    engine.Limits
	waiting atomic.Int64
}

// NewShare is a class server's share of the machine, c.
func NewShare(c ClassShare) *Share {
	return &Share{turns: make(chan struct{}, max(1, c.Turns)), workers: max(1, c.Workers), work: c.Work}
}

// WorkLimits is what one session's run or piece of work may cost on a
// class server; false on a desktop, where the labs' own bounds hold.
func (s *Share) WorkLimits() (engine.Limits, bool) {
	if s != nil {
		return s.work, true
	}
	return engine.Limits{}, false
}

// Admit is the gate a lab's run passes before anything is built for it:
// a cost over what one session of a class server may ask for is refused,
// naming the server, and on a desktop one over what loadlab run would
// take (gate.Limits). The refusal names the levers as the caller's
// engine.Named does.
func (s *Share) Admit(c engine.Cost) error {
	lim, ok := s.WorkLimits()
	if !ok {
		return c.Check(gate.Limits(0))
	}
	if over, ok := engine.AsOverLimit(c.Check(lim)); ok {
		return classLimit{over}
	}
	return nil
}

// classLimit is a cost over a class server's share.
type classLimit struct{ *engine.OverLimit }

func (c classLimit) Error() string { return c.Describe(func(f string) string { return f }) }

// Describe says the refusal with the levers named by name.
func (c classLimit) Describe(name func(field string) string) string {
	return "on this class server, " + c.OverLimit.Describe(name)
}

// Workers is the cores one piece of background work may use: every core,
// or a class server's share.
func (s *Share) Workers() int {
	if s != nil {
		return s.workers
	}
	return runtime.GOMAXPROCS(0)
}

// Turn waits for a turn on the cores background work may use (at once on
// a desktop), or for ctx's end; done gives the turn back. Work off the UI
// loop that does not go through Background takes its turn here.
func (s *Share) Turn(ctx context.Context) (done func(), err error) {
	if s == nil {
		return func() {}, nil
	}
	s.waiting.Add(1)
	defer s.waiting.Add(-1)
	select {
	case s.turns <- struct{}{}:
		return func() { <-s.turns }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
