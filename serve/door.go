package serve

import (
	"crypto/subtle"
	"fmt"
	"net"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// role is who a session's user is: a lecturer (by key) or a student.
type role int

const (
	student role = iota
	lecturer
)

func (r role) String() string { return [...]string{"student", "lecturer"}[r] }

// refuseDelay is how long a wrong class code waits before it is refused.
const refuseDelay = time.Second

// The keepalive, as sshd's ClientAliveInterval and ClientAliveCountMax: a
// connection whose client answers none of aliveMissed requests in a row
// is closed.
const (
	aliveEvery  = 15 * time.Second
	aliveMissed = 3
)

// door decides who comes in, as what, and what they may ask for.
type door struct {
	cfg        Config
	lecturers  []lecturerKey
	log        logger
	tally      *tally
	gate       *gate
	penalties  *penalties
	delay      time.Duration // refuseDelay; a test's shorter
	aliveEvery time.Duration // aliveEvery; a test's shorter
}

// logger is what the door and the sessions log to.
type logger interface {
	Info(msg any, keyvals ...any)
	Warn(msg any, keyvals ...any)
	Error(msg any, keyvals ...any)
}

func newDoor(cfg Config, log logger) *door {
	d := &door{cfg: cfg, log: log, tally: newTally(log), gate: newGate(cfg), penalties: newPenalties(),
		delay: refuseDelay, aliveEvery: aliveEvery}
	d.gate.expired = func(host string) {
		d.tally.refused(fmt.Sprintf("a connection closed after %v without a session", d.gate.grace), "addr", host)
	}
	return d
}

// publicKey accepts a lecturer's key (from an address its from= allows),
// and any key while the class has no code. It decides nothing else: a key
// may be offered here and never used, so the role comes from the key the
// session proved (roleOf).
func (d *door) publicKey(ctx ssh.Context, key ssh.PublicKey) bool {
	return d.cfg.ClassCode == "" || d.lecturerKey(key, ctx.RemoteAddr())
}

// lecturerKey reports whether key is a lecturer's, allowed from addr.
func (d *door) lecturerKey(key ssh.PublicKey, addr net.Addr) bool {
	for _, k := range d.lecturers {
		if ssh.KeysEqual(k.key, key) && k.allows(addr) {
			return true
		}
	}
	return false
}

// roleOf is a session's role: a lecturer where the session authenticated
// with a lecturer's key (Session.PublicKey is set only by a signature that
// was checked), a student otherwise.
func (d *door) roleOf(sess ssh.Session) role {
	if k := sess.PublicKey(); k != nil && d.lecturerKey(k, sess.RemoteAddr()) {
		return lecturer
	}
	return student
}

// password takes the class code. An address locked out by its wrong codes
// is refused without the code being looked at; a wrong code waits
// d.delay, and costs the address (penalties).
func (d *door) password(ctx ssh.Context, code string) bool {
	ok, _ := d.checkCode(ctx, code)
	return ok
}

// checkCode is password's check, and the lockout an address is under.
func (d *door) checkCode(ctx ssh.Context, code string) (bool, time.Duration) {
	if d.cfg.ClassCode == "" {
		return true, 0
	}
	host := hostOf(ctx.RemoteAddr())
	if wait := d.penalties.lockedFor(host); wait > 0 {
		d.tally.refused("a code from an address locked out by wrong ones", "addr", host, "for", seconds(wait))
		return false, wait
	}
	if subtle.ConstantTimeCompare([]byte(code), []byte(d.cfg.ClassCode)) == 1 {
		return true, 0
	}
	lock := d.penalties.fail(host)
	d.tally.refused("wrong class code", "addr", host, "user", ctx.User())
	time.Sleep(d.delay)
	return false, lock
}

// keyboard lets a client without keys into an open class, and asks for
// the class code otherwise; an address locked out is told for how long.
func (d *door) keyboard(ctx ssh.Context, ask gossh.KeyboardInteractiveChallenge) bool {
	if d.cfg.ClassCode == "" {
		return true
	}
	if wait := d.penalties.lockedFor(hostOf(ctx.RemoteAddr())); wait > 0 {
		ask("", lockedOut(wait), nil, nil)
		d.tally.refused("a code from an address locked out by wrong ones", "addr", hostOf(ctx.RemoteAddr()), "for", seconds(wait))
		return false
	}
	// Three tries in one round, as ssh gives a password three: otherwise
	// ssh turns to asking for a "password" after the first wrong code.
	question := "class code: "
	for range codeTries {
		answers, err := ask("", "", []string{question}, []bool{false})
		if err != nil || len(answers) != 1 {
			return false
		}
		ok, lock := d.checkCode(ctx, answers[0])
		switch {
		case ok:
			return true
		case lock > 0:
			ask("", lockedOut(lock), nil, nil)
			return false
		}
		question = "wrong class code; class code: "
	}
	return false
}

// codeTries is the class codes one keyboard-interactive round may try.
const codeTries = 3

// lockedOut tells a client its address is locked out, and for how long.
func lockedOut(wait time.Duration) string {
	return fmt.Sprintf("loadlab: too many wrong class codes from your address; try again in %s\n", seconds(wait))
}

// seconds is a wait in whole seconds, rounded up: never "0s".
func seconds(wait time.Duration) string {
	return (wait + time.Second - 1).Truncate(time.Second).String()
}

// hostOf is an address's host.
func hostOf(addr net.Addr) string {
	host, _, err := net.SplitHostPort(addr.String())
	if err != nil {
		return addr.String()
	}
	return host
}

// trackedKey holds a connection's place at the gate in its context.
type trackedKey struct{}

// conn admits a connection at the gate, as one waiting for its session.
func (d *door) conn(ctx ssh.Context, c net.Conn) net.Conn {
	t, evicted := d.gate.admit(c)
	if evicted != "" {
		d.tally.refused("the oldest connection waiting at the door closed for a newer one", "addr", evicted)
	}
	ctx.SetValue(trackedKey{}, t)
	return t
}

// sessionChannel opens a session under the gate's caps (refused in words
// the client shows where they are full), on a connection kept alive, and
// serves it behind a filter on its requests.
func (d *door) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	t, _ := ctx.Value(trackedKey{}).(*tracked)
	if t == nil {
		ch.Reject(gossh.ConnectionFailed, "loadlab: no such connection")
		return
	}
	if err := d.gate.open(t); err != nil {
		d.tally.refused("session: "+err.Error(), "addr", t.host)
		ch.Reject(gossh.ResourceShortage, err.Error())
		return
	}
	defer d.gate.close(t)
	t.alive.Do(func() { go d.keepAlive(ctx, conn) })
	ssh.DefaultSessionHandler(srv, conn, filtered{NewChannel: ch, d: d, host: t.host}, ctx)
}

// keepAlive asks the client to answer every d.aliveEvery and closes the
// connection when it has answered none of aliveMissed in a row: a client
// that stopped reading holds nothing for long.
func (d *door) keepAlive(ctx ssh.Context, conn *gossh.ServerConn) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(d.aliveEvery):
		}
		answered := make(chan error, 1)
		go func() {
			_, _, err := conn.SendRequest("keepalive@openssh.com", true, nil)
			answered <- err
		}()
		select {
		case err := <-answered:
			if err != nil {
				return
			}
		case <-time.After(aliveMissed * d.aliveEvery):
			d.log.Info("connection closed: its client stopped answering", "addr", hostOf(conn.RemoteAddr()))
			conn.Close()
			return
		case <-ctx.Done():
			return
		}
	}
}

// refusedChannel turns down every channel but the session: port
// forwarding (direct-tcpip) and the rest.
func (d *door) refusedChannel(_ *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, _ ssh.Context) {
	d.tally.refused("channel "+ch.ChannelType(), "addr", hostOf(conn.RemoteAddr()))
	ch.Reject(gossh.Prohibited, "loadlab serves its screen only")
}

// forwardRequests are the global requests that ask the server to forward:
// refused, and logged. Others (keepalives, host key rotation) are refused
// without a word.
var forwardRequests = map[string]bool{"tcpip-forward": true, "cancel-tcpip-forward": true,
	"streamlocal-forward@openssh.com": true, "cancel-streamlocal-forward@openssh.com": true}

// refusedRequest turns down a connection's global requests.
func (d *door) refusedRequest(ctx ssh.Context, _ *ssh.Server, req *gossh.Request) (bool, []byte) {
	if forwardRequests[req.Type] {
		d.tally.refused("request "+req.Type, "addr", hostOf(ctx.RemoteAddr()))
	}
	return false, nil
}
