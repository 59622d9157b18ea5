package lab

import (
	"context"
	"math"
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"
)

// Background is work a lab runs off the UI loop for the run on screen (a
// table over every protection set, losses over many seeds): one piece at
// a time, keyed by what it is for, so that a result for a config no
// longer on screen is dropped and the same config is not worked out
// twice. A lab implementing Async passes its Update, Busy and Leave here.
type Background[T any] struct {
	key, pending string
	result       T
	err          error
	cancel       context.CancelFunc
	// progress is the share done, as float64 bits, for the running work;
	// waiting says it waits for a turn on a class server's cores.
	progress atomic.Uint64
	waiting  atomic.Bool
	// Share is the machine the work runs on (nil: a desktop's).
	Share *Share
}

// backgroundMsg is a piece of work done off the loop.
type backgroundMsg[T any] struct {
	owner  *Background[T]
	key    string
	result T
	err    error
}

// Start begins work for key unless its result is in or under way; work
// for another key is cancelled. work gets a context and a progress
// function (a share in [0, 1]). On a class server it first waits for a
// turn on the cores background work may use (b.Share).
func (b *Background[T]) Start(key string, work func(ctx context.Context, progress func(float64)) (T, error)) tea.Cmd {
	if key == b.key || key == b.pending {
		return nil
	}
	b.Stop()
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel, b.pending = cancel, key
	b.progress.Store(0)
	return func() tea.Msg {
		b.waiting.Store(true)
		done, err := b.Share.Turn(ctx)
		b.waiting.Store(false)
		if err != nil {
			var zero T
			return backgroundMsg[T]{owner: b, key: key, result: zero, err: err}
		}
		defer done()
		r, err := work(ctx, func(p float64) { b.progress.Store(math.Float64bits(p)) })
		return backgroundMsg[T]{owner: b, key: key, result: r, err: err}
	}
}

// Take keeps msg's result if it is this work's and still wanted, and
// reports whether it was.
func (b *Background[T]) Take(msg tea.Msg) bool {
	m, ok := msg.(backgroundMsg[T])
	if !ok || m.owner != b || m.key != b.pending {
		return false
	}
	b.cancel, b.pending = nil, ""
	b.key, b.result, b.err = m.key, m.result, m.err
	return true
}

// Owns reports whether msg is one of this worker's results, current or
// stale: what a screen sharing the loop with others routes to it.
func (b *Background[T]) Owns(msg tea.Msg) bool {
	m, ok := msg.(backgroundMsg[T])
	return ok && m.owner == b
}

// Busy says work is under way.
func (b *Background[T]) Busy() bool { return b.cancel != nil }

// Progress is the running work's share done.
func (b *Background[T]) Progress() float64 { return math.Float64frombits(b.progress.Load()) }

// Waiting says the work waits for its turn on a class server's cores
// (Share) and has not begun.
func (b *Background[T]) Waiting() bool { return b.waiting.Load() }

// Stop cancels the work under way.
func (b *Background[T]) Stop() {
	if b.cancel != nil {
		b.cancel()
		b.cancel, b.pending = nil, ""
	}
}

// For is the result for key, whether it is in, and its error.
func (b *Background[T]) For(key string) (T, bool, error) {
	var zero T
	if key != b.key {
		return zero, false, nil
	}
	return b.result, true, b.err
}

// Key is what the result in hand is for ("" before the first).
func (b *Background[T]) Key() string { return b.key }
