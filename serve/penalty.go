package serve

import (
	"math"
	"sync"
	"time"
)

// The cost of a wrong class code, per address, after OpenSSH's
// PerSourcePenalties: a few are free (a class mistypes), each further one
// locks the address out for twice as long as the one before, up to
// penaltyMax, and the count decays by one every penaltyDecay.
const (
	penaltyFree  = 5
	penaltyDecay = 10 * time.Second
	penaltyMax   = 5 * time.Minute
)

// penalties are the addresses' wrong codes and the lockouts they earned.
type penalties struct {
	mu    sync.Mutex
	now   func() time.Time // time.Now; a test's own clock
	books map[string]*penaltyBook
}

// penaltyBook is one address's: its wrong codes (decayed since last) and
// the end of its lockout.
type penaltyBook struct {
	fails       float64
	last, until time.Time
}

func newPenalties() *penalties {
	return &penalties{now: time.Now, books: map[string]*penaltyBook{}}
}

// lockedFor is how much longer host is locked out: 0 when it may try a
// code.
func (p *penalties) lockedFor(host string) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	b, ok := p.books[host]
	if !ok {
		return 0
	}
	return max(0, b.until.Sub(p.now()))
}

// fail books a wrong code from host and returns the lockout it earned (0
// while it has free ones left).
func (p *penalties) fail(host string) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	b, ok := p.books[host]
	if !ok {
		b = &penaltyBook{}
		p.books[host] = b
	}
	b.fails = max(0, b.fails-float64(now.Sub(b.last))/float64(penaltyDecay)) + 1
	b.last = now
	over := b.fails - penaltyFree
	if over <= 0 {
		return 0
	}
	lock := time.Duration(math.Min(float64(penaltyMax), float64(time.Second)*math.Exp2(over-1)))
	b.until = now.Add(lock)
	p.forgetOld(now)
	return lock
}

// forgetOld drops the books of addresses whose count has decayed to
// nothing and whose lockout is over, so that the books stay small.
// Under p.mu.
func (p *penalties) forgetOld(now time.Time) {
	if len(p.books) < 1024 {
		return
	}
	for host, b := range p.books {
		if now.After(b.until) && b.fails-float64(now.Sub(b.last))/float64(penaltyDecay) <= 0 {
			delete(p.books, host)
		}
	}
}
