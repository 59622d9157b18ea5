package cascade

import (
	"fmt"

	"github.com/loadlab/loadlab/sim/engine"
)

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

// breaker is the three-state circuit breaker of 26.3.1: closed, it records
// calls in a sliding window and opens when at least MinCalls calls fail
// above the ratio; open, it fails fast until the cool-down passes;
// half-open, it lets Trials calls through and closes when they come back
// ok, reopening on the first failure.
//
// With BreakerCounts "lecture" it runs as 26.4.1's program does: every
// call svc makes is reported to it, aux calls too, and half-open it closes
// as soon as as many calls have come back as it let trials out, whichever
// calls they were. A healthy aux call can so close it before any trial
// returns, and half-open lasts a few ticks. With "guarded" it is the
// textbook breaker: it counts only the database calls it guards and,
// half-open, only its own trial calls.
type breaker struct {
	cfg   *Config
	state BreakerState
	errWindow
	openedAt    float64
	trials      int
	inflight    int
	failedTrial bool
	// period numbers the half-open spells; a trial call carries its
	// spell's number, so a late trial of an earlier spell counts for none.
	period int32
	// trialsBack and trialsOK are the trials of this spell back, and back
	// ok; refused the database calls failed fast since it last opened.
	trialsBack, trialsOK int
	refused              int
	// back counts the calls of any kind back half-open (the lecture's
	// breaker closes on them); closedAt is when it last closed, since
	// when its window has counted.
	back     int
	closedAt float64
	log      []Transition
	// trialLog is each trial call as it goes and comes back.
	trialLog []Trial
}

// Trial is a half-open breaker's trial call going to the database, or
// coming back.
type Trial struct {
	At float64 `json:"t"`
	// N is, going, the trial's number in its half-open spell, from 1;
	// coming back, how many of the spell's trials are back with it.
	N      int  `json:"n"`
	Back   bool `json:"back"`
	Failed bool `json:"failed"`
}

func (b *breaker) guarded() bool { return b.cfg.BreakerCounts == "guarded" }

func (b *breaker) moveTo(now float64, to BreakerState, reason string) {
	b.log = append(b.log, Transition{At: now, From: b.state, To: to, Reason: reason})
	b.state = to
	switch to {
	case Open:
		b.openedAt, b.refused = now, 0
	case Closed:
		b.closedAt = now
	case HalfOpen:
		b.back = 0
	}
}

// allow reports whether a database call may go, and the half-open spell a
// trial call belongs to (0: not a trial).
func (b *breaker) allow(now float64) (bool, int32) {
	switch {
	case b.state == Closed:
		return true, 0
	case b.state == HalfOpen && b.trials > 0:
		b.trials--
		b.inflight++
		n := b.cfg.BreakerTrials - b.trials
		b.trialLog = append(b.trialLog, Trial{At: now, N: n})
		return true, b.period
	}
	b.refused++
	return false, 0
}

// record takes a call's outcome: aux says it was svc's aux call, trial the
// half-open spell that let it out (0: none).
func (b *breaker) record(now float64, failed, aux bool, trial int32) {
	if trial != 0 && trial == b.period {
		b.trialsBack++
		b.trialLog = append(b.trialLog, Trial{At: now, N: b.trialsBack, Back: true, Failed: failed})
	}
	if b.guarded() {
		b.recordGuarded(now, failed, trial)
		return
	}
	switch b.state {
	case HalfOpen:
		b.inflight--
		b.back++
		if failed {
			b.failedTrial = true
			b.moveTo(now, Open, b.lectureCallWord(aux, trial)+" failed while half-open")
		} else if b.inflight <= 0 && !b.failedTrial {
			b.clear()
			b.moveTo(now, Closed, b.lectureCloseReason(aux, trial))
		}
		return
	case Open:
		return
	}
	b.add(now, failed, b.cfg.BreakerWindow)
	b.checkOpen(now)
}

// lectureCloseReason says why the lecture's breaker closed: it closes on
// any success that leaves no call counted out, so once as many calls of
// any kind are back ok as it let trials out, aux calls and late ones too.
func (b *breaker) lectureCloseReason(aux bool, trial int32) string {
	sent, of := b.cfg.BreakerTrials-b.trials, b.cfg.BreakerTrials
	if aux || trial != b.period || trial == 0 {
		if sent == 0 {
			return fmt.Sprintf("%s returned ok before any trial went out: 26.4.1's breaker closes when as many calls are back as it let trials out, aux calls too (G: the textbook breaker)",
				b.lectureCallWord(aux, trial))
		}
		return fmt.Sprintf("it let %d of its %d trials out, and %s came back ok, %s (the last %s): 26.4.1's breaker closes once as many calls are back as it let trials out, whichever calls (G: the textbook breaker)",
			sent, of, engine.Count(b.back, "call"), trialWords(b.trialsBack, b.back), b.lectureCallWord(aux, trial))
	}
	if sent < of {
		return fmt.Sprintf("%d of %d trial calls sent, every one ok and none out (the lecture's breaker closes then, without the last)", sent, of)
	}
	return fmt.Sprintf("%d of %d trial calls sent, every one back ok", sent, of)
}

// trialWords says how many of the calls back were trials.
func trialWords(trials, back int) string {
	switch {
	case trials == 0:
		return "none of them a trial"
	case trials == back:
		return "all of them trials"
	}
	return fmt.Sprintf("%d of them trials", trials)
}

// lectureCallWord names a call the lecture's breaker counts half-open.
func (b *breaker) lectureCallWord(aux bool, trial int32) string {
	switch {
	case aux:
		return "an aux call"
	case trial == 0 || trial != b.period:
		return "a db call sent before it opened"
	}
	return fmt.Sprintf("trial call %d of %d", b.trialsBack, b.cfg.BreakerTrials)
}

// recordGuarded is record for the textbook breaker: database calls only,
// and half-open only its own trials.
func (b *breaker) recordGuarded(now float64, failed bool, trial int32) {
	switch b.state {
	case HalfOpen:
		if trial == 0 || trial != b.period {
			return // sent before this spell: not a trial
		}
		b.inflight--
		if failed {
			b.moveTo(now, Open, fmt.Sprintf("trial call %d of %d failed", b.trialsBack, b.cfg.BreakerTrials))
			return
		}
		b.trialsOK++
		if b.trialsOK == b.cfg.BreakerTrials {
			b.clear()
			b.moveTo(now, Closed, fmt.Sprintf("all %d trial calls came back ok", b.cfg.BreakerTrials))
		}
		return
	case Open:
		return
	}
	b.add(now, failed, b.cfg.BreakerWindow)
	b.checkOpen(now)
}

// checkOpen opens a closed breaker whose window fails too often.
func (b *breaker) checkOpen(now float64) {
	if n := b.window(); n >= b.cfg.BreakerMinCalls {
		if float64(b.failed)/float64(n) > b.cfg.BreakerErrRatio {
			calls := "calls (db and aux)"
			if b.guarded() {
				calls = "db calls"
			}
			since := fmt.Sprintf("in the last %.10g s", b.cfg.BreakerWindow)
			if len(b.log) > 0 && now-b.closedAt < b.cfg.BreakerWindow { // the window was cleared when it closed
				since = fmt.Sprintf("since closing %.2f s ago", now-b.closedAt)
			}
			b.moveTo(now, Open, fmt.Sprintf("%d of %d %s failed %s (%.1f %% > %.0f %%)",
				b.failed, n, calls, since, 100*float64(b.failed)/float64(n), 100*b.cfg.BreakerErrRatio))
		}
	}
}

// tick moves an open breaker to half-open after the cool-down.
func (b *breaker) tick(now float64) {
	if b.state == Open && now-b.openedAt >= b.cfg.BreakerCoolDown {
		b.trials, b.inflight, b.failedTrial, b.trialsBack, b.trialsOK = b.cfg.BreakerTrials, 0, false, 0, 0
		b.period++
		b.moveTo(now, HalfOpen, fmt.Sprintf("after the %.10g s cool-down, in which %d db calls failed fast", b.cfg.BreakerCoolDown, b.refused))
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
