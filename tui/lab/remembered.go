package lab

import (
	"context"
	"fmt"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
)

// remembered keeps the latest results of background work whose key
// describes it whole, for every session of the process: a class that
// opens the same scenario, or follows a lecturer into it, works it out
// once. Results are read, never changed, by the labs that take them.
var remembered = struct {
	sync.Mutex
	byKey map[string]any
	order []string // oldest first
}{byKey: map[string]any{}}

// rememberedMax is how many results the process keeps: each is a table
// or figures over seeds, a few hundred kilobytes at most.
const rememberedMax = 32

func remember(key string, result any) {
	remembered.Lock()
	defer remembered.Unlock()
	if _, ok := remembered.byKey[key]; !ok {
		remembered.order = append(remembered.order, key)
	}
	remembered.byKey[key] = result
	if len(remembered.order) > rememberedMax {
		delete(remembered.byKey, remembered.order[0])
		remembered.order = remembered.order[1:]
	}
}

func recall(key string) (any, bool) {
	remembered.Lock()
	defer remembered.Unlock()
	r, ok := remembered.byKey[key]
	return r, ok
}

// Remembered is work's result for key, worked out once in the process while
// it is remembered: key must describe the work whole, and the result is
// read, never changed.
func Remembered[T any](key string, work func() (T, error)) (T, error) {
	whole := fmt.Sprintf("%T\x00%s", work, key)
	if r, ok := recall(whole); ok {
		return r.(T), nil
	}
	r, err := work()
	if err == nil {
		remember(whole, r)
	}
	return r, err
}

// StartShared is Start for work that key describes whole (the spec and
// count it runs): a result this process worked out before for the same
// key, in any session, comes back at once, and a new one is kept for the
// next.
func (b *Background[T]) StartShared(key string, work func(ctx context.Context, progress func(float64)) (T, error)) tea.Cmd {
	whole := fmt.Sprintf("%T\x00%s", b, key)
	if r, ok := recall(whole); ok {
		if key == b.key || key == b.pending {
			return nil
		}
		b.Stop()
		b.pending = key
		return func() tea.Msg { return backgroundMsg[T]{owner: b, key: key, result: r.(T)} }
	}
	return b.Start(key, func(ctx context.Context, progress func(float64)) (T, error) {
		r, err := work(ctx, progress)
		if err == nil {
			remember(whole, r)
		}
		return r, err
	})
}
