package serve

import (
	"sync"
	"time"
)

// tallyEvery is how often a kind of refusal is logged: the first at once,
// those that follow within it counted into the next line.
const tallyEvery = 10 * time.Second

// tally logs refusals at a bounded rate: a guesser or a flood of sockets
// writes a line every tallyEvery for each kind of refusal, with the count
// of those not written, rather than a line each.
type tally struct {
	log  logger
	mu   sync.Mutex
	now  func() time.Time
	last map[string]time.Time
	held map[string]int
}

func newTally(log logger) *tally {
	return &tally{log: log, now: time.Now, last: map[string]time.Time{}, held: map[string]int{}}
}

// refused logs "refused: why" with keyvals, or counts it when a line of
// that kind was written less than tallyEvery ago.
func (t *tally) refused(why string, keyvals ...any) {
	t.mu.Lock()
	now := t.now()
	if last, ok := t.last[why]; ok && now.Sub(last) < tallyEvery {
		t.held[why]++
		t.mu.Unlock()
		return
	}
	held := t.held[why]
	t.last[why], t.held[why] = now, 0
	t.mu.Unlock()
	if held > 0 {
		keyvals = append(keyvals, "more since the last line", held)
	}
	t.log.Warn("refused: "+why, keyvals...)
}

// flush logs the refusals counted and not yet written: the server is
// stopping.
func (t *tally) flush() {
	t.mu.Lock()
	held := t.held
	t.held = map[string]int{}
	t.mu.Unlock()
	for why, n := range held {
		if n > 0 {
			t.log.Warn("refused: "+why, "more since the last line", n)
		}
	}
}
