package cascade

import "fmt"

// BreakerState is the circuit breaker's state.
type BreakerState int

// The breaker's states.
const (
	Closed BreakerState = iota
	Open
	HalfOpen
)

func (s BreakerState) String() string { return [...]string{"CLOSED", "OPEN", "HALF_OPEN"}[s] }

// MarshalText writes the state's name in JSON.
func (s BreakerState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// call is one recorded downstream call: when, and whether it failed.
type call struct {
	at     float64
	failed bool
}

// Transition is one change of the breaker's state, with why.
type Transition struct {
	At     float64      `json:"t"`
	From   BreakerState `json:"from"`
	To     BreakerState `json:"to"`
	Reason string       `json:"reason"`
}

// breaker is the three-state circuit breaker of 26.3.1 as the reference
// program runs it: closed, it records calls in a sliding window and opens
// when at least MinCalls calls fail above the ratio; open, it fails fast
// until the cool-down passes; half-open, it lets Trials calls through and
// closes when they all succeed, reopening on the first failure.
type breaker struct {
	cfg   *Config
	state BreakerState
	// calls are the window's calls from head on, oldest first; failed
	// counts the failed among them.
	calls       []call
	head        int
	failed      int
	openedAt    float64
	trials      int
	inflight    int
	failedTrial bool
	log         []Transition
}

func (b *breaker) moveTo(now float64, to BreakerState, reason string) {
	b.log = append(b.log, Transition{At: now, From: b.state, To: to, Reason: reason})
	b.state = to
}

// allow reports whether a call may go to the database.
func (b *breaker) allow() bool {
	switch {
	case b.state == Closed:
		return true
	case b.state == HalfOpen && b.trials > 0:
		b.trials--
		b.inflight++
		return true
	}
	return false
}

// record takes a call's outcome.
func (b *breaker) record(now float64, failed bool) {
	switch b.state {
	case HalfOpen:
		b.inflight--
		if failed {
			b.failedTrial = true
			b.openedAt = now
			b.moveTo(now, Open, "a trial call failed")
		} else if b.inflight <= 0 && !b.failedTrial {
			b.calls, b.head, b.failed = b.calls[:0], 0, 0
			b.moveTo(now, Closed, fmt.Sprintf("%d trial calls succeeded", b.cfg.BreakerTrials))
		}
		return
	case Open:
		return
	}
	// Calls come in time order, so the window only ever loses its oldest.
	b.calls = append(b.calls, call{now, failed})
	if failed {
		b.failed++
	}
	for b.head < len(b.calls) && !(now-b.calls[b.head].at <= b.cfg.BreakerWindow) {
		if b.calls[b.head].failed {
			b.failed--
		}
		b.head++
	}
	if b.head > 1024 && b.head > len(b.calls)/2 {
		b.calls = append(b.calls[:0], b.calls[b.head:]...)
		b.head = 0
	}
	if n := b.window(); n >= b.cfg.BreakerMinCalls {
		if float64(b.failed)/float64(n) > b.cfg.BreakerErrRatio {
			b.openedAt = now
			b.moveTo(now, Open, fmt.Sprintf("%d of %d calls failed in the last %g s (%.1f %% > %.0f %%)",
				b.failed, n, b.cfg.BreakerWindow, 100*float64(b.failed)/float64(n), 100*b.cfg.BreakerErrRatio))
		}
	}
}

// window is the number of calls in the window.
func (b *breaker) window() int { return len(b.calls) - b.head }

// tick moves an open breaker to half-open after the cool-down.
func (b *breaker) tick(now float64) {
	if b.state == Open && now-b.openedAt >= b.cfg.BreakerCoolDown {
		b.trials, b.inflight, b.failedTrial = b.cfg.BreakerTrials, 0, false
		b.moveTo(now, HalfOpen, fmt.Sprintf("after the %g s cool-down", b.cfg.BreakerCoolDown))
	}
}

// errRatio is the failed share of the window's calls, 0 below MinCalls.
func (b *breaker) errRatio() float64 {
	if b.window() < b.cfg.BreakerMinCalls {
		return 0
	}
	return float64(b.failed) / float64(b.window())
}
