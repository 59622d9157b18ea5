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
	errWindow
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
		trial := b.inflight > 0 // else a call sent before the breaker opened
		b.inflight--
		if failed {
			b.failedTrial = true
			b.openedAt = now
			b.moveTo(now, Open, "a trial call failed")
		} else if b.inflight <= 0 && !b.failedTrial {
			// The lecture's program closes on any success that leaves no
			// trial out, a late one sent before the breaker opened too.
			reason := "a call sent before it opened returned ok with no trial out (the lecture's breaker closes on that)"
			if sent := b.cfg.BreakerTrials - b.trials; trial && sent < b.cfg.BreakerTrials {
				reason = fmt.Sprintf("%d of %d trial calls sent, every one ok and none out (the lecture's breaker closes then, without the last)", sent, b.cfg.BreakerTrials)
			} else if trial {
				reason = fmt.Sprintf("%d of %d trial calls sent, every one ok", sent, b.cfg.BreakerTrials)
			}
			b.clear()
			b.moveTo(now, Closed, reason)
		}
		return
	case Open:
		return
	}
	b.add(now, failed, b.cfg.BreakerWindow)
	if n := b.window(); n >= b.cfg.BreakerMinCalls {
		if float64(b.failed)/float64(n) > b.cfg.BreakerErrRatio {
			b.openedAt = now
			b.moveTo(now, Open, fmt.Sprintf("%d of %d calls failed in the last %.10g s (%.1f %% > %.0f %%)",
				b.failed, n, b.cfg.BreakerWindow, 100*float64(b.failed)/float64(n), 100*b.cfg.BreakerErrRatio))
		}
	}
}

// tick moves an open breaker to half-open after the cool-down.
func (b *breaker) tick(now float64) {
	if b.state == Open && now-b.openedAt >= b.cfg.BreakerCoolDown {
		b.trials, b.inflight, b.failedTrial = b.cfg.BreakerTrials, 0, false
		b.moveTo(now, HalfOpen, fmt.Sprintf("after the %.10g s cool-down", b.cfg.BreakerCoolDown))
	}
}

// errWindow is a sliding window over a dependency's latest calls: the
// breaker's, and the retry budget's own when no breaker runs (26.3.2: a
// budget stops retries while the dependency fails too often, breaker or
// not).
type errWindow struct {
	// calls are the window's calls from head on, oldest first; failed
	// counts the failed among them.
	calls  []call
	head   int
	failed int
}

// add takes a call ended at now and drops the calls older than span.
func (w *errWindow) add(now float64, failed bool, span float64) {
	// Calls come in time order, so the window only ever loses its oldest.
	w.calls = append(w.calls, call{now, failed})
	if failed {
		w.failed++
	}
	for w.head < len(w.calls) && !(now-w.calls[w.head].at <= span) {
		if w.calls[w.head].failed {
			w.failed--
		}
		w.head++
	}
	if w.head > 1024 && w.head > len(w.calls)/2 {
		w.calls = append(w.calls[:0], w.calls[w.head:]...)
		w.head = 0
	}
}

// window is the number of calls in the window.
func (w *errWindow) window() int { return len(w.calls) - w.head }

func (w *errWindow) clear() { w.calls, w.head, w.failed = w.calls[:0], 0, 0 }

// ratio is the failed share of the window's calls, 0 below minCalls.
func (w *errWindow) ratio(minCalls int) float64 {
	if w.window() < minCalls {
		return 0
	}
	return float64(w.failed) / float64(w.window())
}
