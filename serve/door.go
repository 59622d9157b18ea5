package serve

import (
	"crypto/subtle"
	"net"
	"sync"
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

// roleKey holds a connection's role in its context.
type roleKey struct{}

// refuseDelay is how long a wrong class code waits before it is refused:
// guessing costs a second a guess.
const refuseDelay = time.Second

// door decides who comes in and what they may ask for.
type door struct {
	cfg       Config
	lecturers []ssh.PublicKey
	log       logger
	delay     time.Duration // refuseDelay; a test's shorter
	mu        sync.Mutex
	conns     map[string]int // open connections by address
	total     int
}

// logger is what the door and the sessions log to.
type logger interface {
	Info(msg any, keyvals ...any)
	Warn(msg any, keyvals ...any)
	Error(msg any, keyvals ...any)
}

// publicKey lets a lecturer's key in as a lecturer; any other key gets in
// as a student when the class is open, and otherwise falls back to the
// class code.
func (d *door) publicKey(ctx ssh.Context, key ssh.PublicKey) bool {
	for _, k := range d.lecturers {
		if ssh.KeysEqual(k, key) {
			ctx.SetValue(roleKey{}, lecturer)
			return true
		}
	}
	return d.cfg.ClassCode == ""
}

// password takes the class code, refusing a wrong one after refuseDelay.
func (d *door) password(ctx ssh.Context, code string) bool {
	if d.cfg.ClassCode == "" || subtle.ConstantTimeCompare([]byte(code), []byte(d.cfg.ClassCode)) == 1 {
		return true
	}
	d.log.Warn("refused: wrong class code", "addr", ctx.RemoteAddr().String(), "user", ctx.User())
	time.Sleep(d.delay)
	return false
}

// keyboard lets a client without keys into an open class, and asks for
// the class code otherwise.
func (d *door) keyboard(ctx ssh.Context, ask gossh.KeyboardInteractiveChallenge) bool {
	if d.cfg.ClassCode == "" {
		return true
	}
	answers, err := ask("", "", []string{"class code: "}, []bool{false})
	return err == nil && len(answers) == 1 && d.password(ctx, answers[0])
}

// conn admits a connection under the caps, per address and in all, and
// counts it out when it closes; a refused one is closed at once.
func (d *door) conn(ctx ssh.Context, c net.Conn) net.Conn {
	host, _, _ := net.SplitHostPort(c.RemoteAddr().String())
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.total >= d.cfg.MaxSessions || d.conns[host] >= d.cfg.PerAddress {
		d.log.Warn("refused: too many connections", "addr", host, "from it", d.conns[host], "in all", d.total)
		return nil
	}
	d.conns[host]++
	d.total++
	return &countedConn{Conn: c, done: func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.conns[host]--
		d.total--
	}}
}

// countedConn runs done once, when it closes.
type countedConn struct {
	net.Conn
	once sync.Once
	done func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.done)
	return c.Conn.Close()
}

// session allows the interactive session only, on its own or following
// the lecturer's (the command follow): no other command, no subsystem.
func (d *door) session(sess ssh.Session, kind string) bool {
	if kind == "shell" || kind == "exec" && sess.RawCommand() == followCommand {
		return true
	}
	d.log.Warn("refused", "request", kind, "addr", sess.RemoteAddr().String(), "user", sess.User())
	return false
}

// refusedRequests are a session's requests the door turns down:
// environment variables, agent and X11 forwarding.
var refusedRequests = map[string]bool{"env": true, "auth-agent-req@openssh.com": true, "x11-req": true}

// sessionChannel is the session handler behind a filter on its requests.
func (d *door) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	ssh.DefaultSessionHandler(srv, conn, filtered{NewChannel: ch, d: d, ctx: ctx}, ctx)
}

// filtered is a session channel whose refused requests are answered no
// before the session sees them.
type filtered struct {
	gossh.NewChannel
	d   *door
	ctx ssh.Context
}

func (f filtered) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		for r := range reqs {
			if refusedRequests[r.Type] {
				if r.Type != "env" { // every OpenSSH client asks to pass LANG: not news
					f.d.log.Warn("refused", "request", r.Type, "addr", f.ctx.RemoteAddr().String())
				}
				if r.WantReply {
					r.Reply(false, nil)
				}
				continue
			}
			out <- r
		}
	}()
	return ch, out, nil
}
