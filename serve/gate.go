package serve

import (
	"fmt"
	"net"
	"sync"
	"time"
)

// The gate's limits, as sshd keeps LoginGraceTime, MaxStartups and
// MaxSessions.
const (
	// loginGrace is how long a connection may go without a session: the
	// handshake and authentication, a session channel waiting for its
	// shell, a connection whose sessions have ended (ssh -N holds one
	// open and asks for none).
	loginGrace = 30 * time.Second
	// maxTime is the longest a connection lasts: a class day.
	maxTime = 12 * time.Hour
	// sessionsPerConn is the sessions one connection may hold at once.
	sessionsPerConn = 3
	// waitingPerHost and waitingInAll are the connections at the door
	// (no session yet) kept at once; one more closes the oldest waiting,
	// so that sockets left silent never keep out one that authenticates.
	waitingPerHost = 32
	waitingInAll   = 256
)

// gate counts a server's connections in two kinds, apart: those waiting
// at the door (no session yet), which are closed after loginGrace and
// make room for newer ones, and sessions, capped per connection, per
// address and in all.
type gate struct {
	maxSessions, perAddress int
	grace                   time.Duration // loginGrace; a test's shorter
	// expired hears of each connection closed for having had no session
	// for the grace
	expired  func(host string)
	mu       sync.Mutex
	waiting  []*tracked // oldest first
	sessions map[string]int
	total    int
}

func newGate(cfg Config) *gate {
	return &gate{maxSessions: cfg.MaxSessions, perAddress: cfg.PerAddress, grace: loginGrace, sessions: map[string]int{}}
}

// admit takes a new connection in as waiting, closing the oldest waiting
// one from its address, or in all, where that is full. It returns the
// connection to serve and the one closed to make room, if any.
func (g *gate) admit(c net.Conn) (conn *tracked, evicted string) {
	host, _, _ := net.SplitHostPort(c.RemoteAddr().String())
	t := &tracked{Conn: c, host: host, g: g}
	g.mu.Lock()
	var old *tracked
	if n := g.waitingFrom(host); n >= waitingPerHost {
		old = g.oldestWaiting(host)
	} else if len(g.waiting) >= waitingInAll {
		old = g.waiting[0]
	}
	if old != nil {
		old.gone = true
		g.unwait(old)
		evicted = old.host
	}
	g.wait(t)
	g.mu.Unlock()
	if old != nil {
		old.Conn.Close()
	}
	return t, evicted
}

// tracked is a connection the gate admitted: its address, its sessions,
// and, while it has none, the timer that closes it.
type tracked struct {
	net.Conn
	host     string
	g        *gate
	sessions int  // under g.mu
	gone     bool // closed; under g.mu
	timer    *time.Timer
	alive    sync.Once // the keepalive, started with the first session
}

// Close closes the connection and takes it off the gate's books.
func (t *tracked) Close() error {
	t.g.mu.Lock()
	t.gone = true
	t.g.unwait(t)
	t.g.mu.Unlock()
	return t.Conn.Close()
}

// wait puts t among the waiting, to be closed after the grace unless a
// session starts. Under g.mu.
func (g *gate) wait(t *tracked) {
	if t.gone {
		return
	}
	g.waiting = append(g.waiting, t)
	t.timer = time.AfterFunc(g.grace, func() {
		if g.expired != nil {
			g.expired(t.host)
		}
		t.Conn.Close()
	})
}

// unwait takes t off the waiting, if it is there. Under g.mu.
func (g *gate) unwait(t *tracked) {
	for i, w := range g.waiting {
		if w == t {
			g.waiting = append(g.waiting[:i], g.waiting[i+1:]...)
			t.timer.Stop()
			return
		}
	}
}

func (g *gate) waitingFrom(host string) int {
	n := 0
	for _, w := range g.waiting {
		if w.host == host {
			n++
		}
	}
	return n
}

func (g *gate) oldestWaiting(host string) *tracked {
	for _, w := range g.waiting {
		if w.host == host {
			return w
		}
	}
	return nil
}

// open counts a new session on t, or says why it is refused: too many on
// one connection, from one address, or in all (the class is full).
func (g *gate) open(t *tracked) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case t.sessions >= sessionsPerConn:
		return fmt.Errorf("loadlab: at most %d sessions on one connection", sessionsPerConn)
	case g.total >= g.maxSessions:
		return fmt.Errorf("loadlab: the class is full (%d sessions); try again later", g.maxSessions)
	case g.sessions[t.host] >= g.perAddress:
		return fmt.Errorf("loadlab: %d sessions from your address already (the most it may have); try again later", g.perAddress)
	}
	if t.sessions == 0 {
		g.unwait(t)
	}
	t.sessions++
	g.sessions[t.host]++
	g.total++
	return nil
}

// close counts a session on t out; a connection left with none waits
// again, and is closed after the grace unless another starts.
func (g *gate) close(t *tracked) {
	g.mu.Lock()
	defer g.mu.Unlock()
	t.sessions--
	g.total--
	if g.sessions[t.host]--; g.sessions[t.host] == 0 {
		delete(g.sessions, t.host)
	}
	if t.sessions == 0 {
		g.wait(t)
	}
}

// count is the sessions open.
func (g *gate) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.total
}
