package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/loadlab/loadlab/internal/sysmem"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/muesli/termenv"
)

// Server is a class server listening.
type Server struct {
	// Fingerprint is the host key's, as ssh shows it on first connecting.
	Fingerprint string
	srv         *ssh.Server
	ln          net.Listener
	door        *door
	log         logger
	mu          sync.Mutex
	programs    map[*tea.Program]ssh.Session
	sessions    int
	served      chan struct{}
	class       *class
	// work is the machine as the sessions' work off their UI loops shares
	// it (tui.Options.Work): turns on a few cores, runs bounded.
	work *lab.Share
	// why is why a session is being ended (an ssh.Session's string),
	// told it once its program has given the terminal back
	why sync.Map
	// crashes holds each session's crash catcher (an ssh.Session's)
	crashes sync.Map
	// newModel opens a session's program (tui.New with opts; a test's
	// own)
	newModel func(opts tui.Options) (tea.Model, error)
}

// Start checks cfg, reads or makes the host key, and serves until
// Shutdown.
func Start(cfg Config, log logger) (*Server, error) { return serve(cfg, log, nil) }

// serve is Start with the door's timings tuned before it opens (a
// test's shorter ones).
func serve(cfg Config, log logger, tune func(*door)) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, ConfigError{err}
	}
	pemBytes, fingerprint, err := hostKey(cfg.HostKey)
	if err != nil {
		return nil, ConfigError{err}
	}
	d := newDoor(cfg, log)
	if tune != nil {
		tune(d)
	}
	if cfg.LecturerKeys != "" {
		if d.lecturers, err = readKeys(cfg.LecturerKeys); err != nil {
			return nil, ConfigError{err}
		}
	}
	s := &Server{Fingerprint: fingerprint, door: d, log: log, programs: map[*tea.Program]ssh.Session{}, served: make(chan struct{}), class: newClass(),
		work:     lab.NewShare(classShare(runtime.GOMAXPROCS(0), sysmem.Total(), cfg.MaxSessions)),
		newModel: func(opts tui.Options) (tea.Model, error) { return tui.New(opts) }}
	s.srv, err = wish.NewServer(
		wish.WithHostKeyPEM(pemBytes),
		wish.WithPublicKeyAuth(d.publicKey),
		wish.WithPasswordAuth(d.password),
		wish.WithKeyboardInteractiveAuth(d.keyboard),
		wish.WithMaxTimeout(maxTime),
		wish.WithMiddleware(
			bm.MiddlewareWithProgramHandler(s.program, termenv.Ascii), // each session at its own profile, none forced
			needsTerminal,
			s.onlyFollow,
			s.guard,
		),
	)
	if err != nil {
		return nil, err
	}
	s.srv.ConnCallback = d.conn
	s.srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": d.sessionChannel, "default": d.refusedChannel}
	s.srv.RequestHandlers = map[string]ssh.RequestHandler{"default": d.refusedRequest}
	s.srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{}
	if s.ln, err = net.Listen("tcp", cfg.Addr); err != nil {
		return nil, ConfigError{fmt.Errorf("--addr: cannot listen on %s: %w", cfg.Addr, err)}
	}
	go func() {
		defer close(s.served)
		if err := s.srv.Serve(s.ln); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
			log.Error("serving stopped", "err", err)
		}
	}()
	return s, nil
}

// Addr is where the server listens.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// guard is every session's outermost layer: it logs the session's start
// and end, tells the session why it ended once its program has given the
// terminal back, and ends a session whose handler or program panics
// without taking the server with it, logging the stack. (wish's recover
// middleware guards only the middlewares handed to it, and tells neither
// the session's user nor the log which session it was.)
func (s *Server) guard(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		addr, who, began := sess.RemoteAddr().String(), s.door.roleOf(sess), time.Now()
		s.mu.Lock()
		s.sessions++
		s.mu.Unlock()
		c := &crash{}
		s.crashes.Store(sess, c)
		defer func() {
			if r := recover(); r != nil {
				c.caught(r)
			}
			s.crashes.Delete(sess)
			if what, stack := c.report(); what != "" {
				s.log.Error("session crashed; the others go on", "addr", addr, "user", sess.User(), "panic", what, "stack", stack)
				wish.Fatalln(sess, "loadlab: this session crashed and has ended (the server's log has why); the class goes on")
			} else {
				s.log.Info("session ended", "addr", addr, "user", sess.User(), "as", who.String(), "after", time.Since(began).Round(time.Second).String())
			}
			s.mu.Lock()
			s.sessions--
			s.mu.Unlock()
		}()
		s.log.Info("session", "addr", addr, "user", sess.User(), "as", who.String())
		next(sess)
		if why, ok := s.why.LoadAndDelete(sess); ok {
			wish.Println(sess, why.(string))
		}
	}
}

// needsTerminal refuses a session without a terminal in words that say
// how to ask for one (ssh runs a command, such as follow, without a
// terminal unless -t asks; wish's activeterm says only that one is
// needed).
func needsTerminal(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if _, _, ok := sess.Pty(); ok {
			next(sess)
			return
		}
		wish.Fatalln(sess, "loadlab draws a screen and needs a terminal: add -t, as in "+sshCommand(sess, "-t", sess.RawCommand()))
	}
}

// onlyFollow serves a session that asks for no command or for follow,
// and refuses any other in words that say what is served, logged. (wish's
// accesscontrol does the same check, but says only "Command is not
// allowed" and logs nothing.)
func (s *Server) onlyFollow(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if cmd := sess.RawCommand(); cmd != "" && cmd != followCommand {
			s.door.tally.refused("a command", "addr", hostOf(sess.RemoteAddr()))
			wish.Fatalln(sess, "loadlab serves its screen only: "+sshCommand(sess, "", "")+", or "+sshCommand(sess, "-t", followCommand)+" to follow the lecturer")
			return
		}
		next(sess)
	}
}

// sshCommand is the ssh command that reaches this server as the session
// did, with flag and command.
func sshCommand(sess ssh.Session, flag, command string) string {
	host, port, _ := net.SplitHostPort(sess.LocalAddr().String())
	return strings.Join(strings.Fields(fmt.Sprintf("ssh %s -p %s %s %s", flag, port, host, command)), " ")
}

// program is a session's loadlab at the session's size and colour
// profile (its terminal's type), within its share of the cores: a
// lecturer's publishing what it shows to the class; a student's on the
// picker, following the lecturer once ctrl+f asks (or from the start when
// the command was follow) until ctrl+b branches off.
func (s *Server) program(sess ssh.Session) *tea.Program {
	opts := tui.Options{Theme: s.door.cfg.Theme, Renderer: renderer(sess), Cores: s.share, Work: s.work, DropKeyFloods: true}
	following := len(sess.Command()) == 1 && sess.Command()[0] == followCommand
	var p *tea.Program
	switch {
	case s.door.roleOf(sess) == lecturer:
		opts.Publish = func(st tui.ClassState) { s.class.publish(p, st) }
	default: // a student, following from the start if it asked to
		opts.Followable, opts.Follow = true, following
		opts.OnFollow = func(on bool) { s.class.branched(p, on) }
	}
	m, err := s.newModel(opts)
	if err != nil {
		wish.Fatalln(sess, "loadlab: "+err.Error())
		return nil
	}
	c, _ := s.crashes.Load(sess)
	guarded := crashGuard{Model: m, c: c.(*crash)}
	// The session's keys, timed for --idle (the door asks for no pty: the
	// session itself is the input); the server alone hears signals, and
	// ends each session as Shutdown says.
	keys := &keysRead{r: sess}
	keys.touch()
	p = tea.NewProgram(guarded, append(bm.MakeOptions(sess), tea.WithAltScreen(), tea.WithInput(keys), tea.WithoutSignalHandler())...)
	guarded.c.mu.Lock()
	guarded.c.quit = p.Quit
	guarded.c.mu.Unlock()
	s.mu.Lock()
	s.programs[p] = sess
	s.mu.Unlock()
	switch {
	case opts.Publish != nil:
		s.class.lecture(p)
	default:
		s.class.join(p, sess.Context().Done(), following)
	}
	go func() {
		<-sess.Context().Done()
		s.mu.Lock()
		delete(s.programs, p)
		s.mu.Unlock()
		s.class.leave(p)
	}()
	go s.endWhenIdle(p, sess, keys)
	return p
}

// keysRead is a session's input, and when it last gave a key.
type keysRead struct {
	r    io.Reader
	last atomic.Int64 // unix nanoseconds
}

func (k *keysRead) touch() { k.last.Store(time.Now().UnixNano()) }

func (k *keysRead) Read(b []byte) (int, error) {
	n, err := k.r.Read(b)
	if n > 0 {
		k.touch()
	}
	return n, err
}

// idleFor is how long the session has gone without a key.
func (k *keysRead) idleFor() time.Duration { return time.Since(time.Unix(0, k.last.Load())) }

// endWhenIdle ends a session that has gone --idle without a key, saying
// so, unless it follows a lecturer who is here, or is the lecturer's that
// students follow: a class watching a lecture presses nothing for long
// stretches, and a lecturer talking to it none either.
func (s *Server) endWhenIdle(p *tea.Program, sess ssh.Session, keys *keysRead) {
	idle := s.door.cfg.Idle
	tick := time.NewTicker(min(idle/4, 5*time.Second))
	defer tick.Stop()
	for {
		select {
		case <-sess.Context().Done():
			return
		case <-tick.C:
			if s.class.watching(p) || s.class.watched(p) {
				keys.touch() // watching is not idle: the clock starts when the lecturer leaves
				continue
			}
			if keys.idleFor() < idle {
				continue
			}
			s.log.Info("session ended: idle", "addr", sess.RemoteAddr().String(), "user", sess.User(), "idle", idle.String())
			s.endWith(p, sess, fmt.Sprintf("loadlab: this session ended after %v without a key", idle))
			return
		}
	}
}

// sessionWork is the most one session's run or piece of work may cost on
// a class server: a minute of a core.
const sessionWork = 60.0

// classShare is how a class server's sessions share the machine: their
// background work (runs over many seeds, tables, exact enumerations) on at
// most half the cores, in turns of a core or more each, so that the
// screens keep the rest whatever the class asks for; and each session's
// run or piece of work within a minute of a core and its part of half the
// memory (64 MB at least).
func classShare(cores int, memory float64, sessions int) lab.ClassShare {
	turns := max(1, cores/4)
	return lab.ClassShare{Turns: turns, Workers: max(1, cores/(2*turns)),
		Work: engine.Limits{Seconds: sessionWork, Bytes: max(64e6, memory/2/float64(max(1, sessions)))}}
}

// screensShare is the share of the cores a session's frames may use now:
// four fifths of the machine over the sessions open, at most a core (the
// rest is the SSH traffic's and the collector's).
func screensShare(cores, sessions int) float64 {
	return min(1, 0.8*float64(cores)/float64(max(1, sessions)))
}

// share is screensShare for this server now.
func (s *Server) share() float64 {
	s.mu.Lock()
	n := s.sessions
	s.mu.Unlock()
	return screensShare(runtime.GOMAXPROCS(0), n)
}

// renderer draws for a session's terminal at the colour profile its type
// tells (from its pty request: the door refuses environment variables),
// without asking the terminal anything (an answer that never comes would
// hold the session up).
func renderer(sess ssh.Session) *lipgloss.Renderer {
	pty, _, _ := sess.Pty()
	p := profileOf(pty.Term)
	r := lipgloss.NewRenderer(sess, termenv.WithProfile(p))
	r.SetColorProfile(p)
	r.SetHasDarkBackground(true) // the themes choose their own
	return r
}

// profileOf is the colour profile of a terminal type.
func profileOf(term string) termenv.Profile {
	switch {
	case term == "" || term == "dumb":
		return termenv.Ascii
	case strings.Contains(term, "truecolor"), strings.Contains(term, "24bit"), strings.Contains(term, "direct"):
		return termenv.TrueColor
	case strings.Contains(term, "256"):
		return termenv.ANSI256
	}
	return termenv.ANSI
}

// followCommand is what a student asks for to follow the lecturer: ssh
// -t -p 2222 HOST follow (-t: ssh runs a command without a terminal
// unless asked).
const followCommand = "follow"

// Shutdown ends every session's program (each gives its terminal back
// and is told the server is stopping), and stops listening, all within
// the context's time.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	sessions := maps.Clone(s.programs)
	s.mu.Unlock()
	for p, sess := range sessions { // not under the lock: a program's frame reads the session count
		go s.endWith(p, sess, "loadlab: the class server is stopping")
	}
	// A program still busy in a long update when the time is nearly up is
	// killed (it still gives its terminal back once the update returns).
	killAt := time.Now().Add(max(0, time.Until(deadlineOf(ctx))*3/4))
	for s.open() > 0 && ctx.Err() == nil {
		if time.Now().After(killAt) {
			for p := range sessions {
				p.Kill()
			}
			killAt = deadlineOf(ctx)
		}
		time.Sleep(5 * time.Millisecond)
	}
	err := s.srv.Close()
	s.door.tally.flush()
	select {
	case <-s.served:
	case <-ctx.Done():
		return ctx.Err()
	}
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// deadlineOf is ctx's deadline, or a second from now without one.
func deadlineOf(ctx context.Context) time.Time {
	if d, ok := ctx.Deadline(); ok {
		return d
	}
	return time.Now().Add(time.Second)
}

// open is the sessions open.
func (s *Server) open() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions
}

// endWith quits a session's program; once it has given the terminal back
// (the alternate screen left, the cursor shown) the session's guard says
// why it ended, and the session ends.
func (s *Server) endWith(p *tea.Program, sess ssh.Session, why string) {
	s.why.Store(sess, why)
	p.Quit()
}
