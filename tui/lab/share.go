package lab

import (
	"context"
	"runtime"
	"sync/atomic"
)

// A share is the machine's cores as background work may use them: on a
// desktop every core for the one piece of work under way; on a class
// server, whose sessions share the cores, a few pieces at once on a core
// each, the rest waiting their turn (ShareCores).
type share struct {
	turns   chan struct{} // nil: no turns to wait for
	workers int
	waiting atomic.Int64
}

var cores atomic.Pointer[share]

// ShareCores makes every later piece of background work in this process
// (Background.Start) wait for one of turns turns and run on workers
// cores: a class server's sessions then cannot take the cores the screens
// are drawn with. A desktop never calls it.
func ShareCores(turns, workers int) { cores.Store(newShare(turns, workers)) }

func newShare(turns, workers int) *share {
	return &share{turns: make(chan struct{}, max(1, turns)), workers: max(1, workers)}
}

// Workers is the cores one piece of background work may use: every core,
// or a class server's share.
func Workers() int {
	if s := cores.Load(); s != nil {
		return s.workers
	}
	return runtime.GOMAXPROCS(0)
}

// Queued is how many pieces of background work wait for a turn.
func Queued() int {
	if s := cores.Load(); s != nil {
		return int(s.waiting.Load())
	}
	return 0
}

// Turn waits for a turn on the cores background work may use (at once on
// a desktop), or for ctx's end; done gives the turn back. Work off the UI
// loop that does not go through Background takes its turn here.
func Turn(ctx context.Context) (done func(), err error) { return cores.Load().turn(ctx) }

func (s *share) turn(ctx context.Context) (done func(), err error) {
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
