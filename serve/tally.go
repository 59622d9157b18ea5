package serve

import (
	"fmt"
	"sync"
	"time"
)

// tallyEvery is how often a kind of refusal is logged: the first at once,
// those that follow within it counted into the next line.
const tallyEvery = 10 * time.Second

// tally logs refusals at a bounded rate: a guesser or a flood of sockets
// writes a line every tallyEvery for each kind of refusal, rather than a
// line each; those counted in between are logged in one line when the
// interval is over ("refused: wrong class code (31 more like it)").
type tally struct {
	log  logger
	mu   sync.Mutex
	last map[string]time.Time
	held map[string]int
	// every is tallyEvery; a test's shorter
	every time.Duration
}

func newTally(log logger) *tally {
	return &tally{log: log, last: map[string]time.Time{}, held: map[string]int{}, every: tallyEvery}
}

// refused logs "refused: why" with keyvals, or counts it when a line of
// that kind was written less than an interval ago, to be logged at its
// end.
func (t *tally) refused(why string, keyvals ...any) {
	t.mu.Lock()
	now := time.Now()
	if last, ok := t.last[why]; ok && now.Sub(last) < t.every {
		if t.held[why]++; t.held[why] == 1 {
			time.AfterFunc(t.every-now.Sub(last), func() { t.report(why) })
		}
		t.mu.Unlock()
		return
	}
	t.last[why] = now
	t.mu.Unlock()
	t.log.Warn("refused: "+why, keyvals...)
}

// report logs the refusals of a kind counted since its last line.
func (t *tally) report(why string) {
	t.mu.Lock()
	n := t.held[why]
	delete(t.held, why)
	t.last[why] = time.Now()
	t.mu.Unlock()
	if n > 0 {
		t.log.Warn(fmt.Sprintf("refused: %s (%d more like it)", why, n))
	}
}

// flush logs the refusals counted and not yet written: the server is
// stopping.
func (t *tally) flush() {
	t.mu.Lock()
	kinds := make([]string, 0, len(t.held))
	for why := range t.held {
		kinds = append(kinds, why)
	}
	t.mu.Unlock()
	for _, why := range kinds {
		t.report(why)
	}
}
