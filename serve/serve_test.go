package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/tui"
	gossh "golang.org/x/crypto/ssh"
)

// quiet is a logger that keeps what it is told, for a test to read.
type quiet struct {
	mu    sync.Mutex
	lines []string
}

func (q *quiet) add(msg any, kv ...any) {
	q.mu.Lock()
	defer q.mu.Unlock()
	line := fmt.Sprint(msg)
	for i := 0; i+1 < len(kv); i += 2 {
		line += fmt.Sprintf(" %v=%v", kv[i], kv[i+1])
	}
	q.lines = append(q.lines, line)
}
func (q *quiet) Info(msg any, kv ...any)  { q.add(msg, kv...) }
func (q *quiet) Warn(msg any, kv ...any)  { q.add(msg, kv...) }
func (q *quiet) Error(msg any, kv ...any) { q.add(msg, kv...) }

// count is the lines that hold want.
func (q *quiet) count(want string) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := 0
	for _, l := range q.lines {
		if strings.Contains(l, want) {
			n++
		}
	}
	return n
}

func (q *quiet) text() string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return strings.Join(q.lines, "\n")
}

// start serves cfg (on a free loopback port, its host key in a temporary
// directory, a wrong code refused in 10 ms) until the test ends.
func start(t *testing.T, edit func(*Config)) (*Server, *quiet) {
	t.Helper()
	return startTuned(t, edit, nil)
}

// startTuned is start with the door's timings tuned too.
func startTuned(t *testing.T, edit func(*Config), tune func(*door)) (*Server, *quiet) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Addr, cfg.HostKey, cfg.Theme = "127.0.0.1:0", filepath.Join(t.TempDir(), "host_key"), "mono"
	if edit != nil {
		edit(&cfg)
	}
	log := &quiet{}
	s, err := serve(cfg, log, func(d *door) {
		d.delay = 10 * time.Millisecond
		if tune != nil {
			tune(d)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		s.Shutdown(ctx)
	})
	return s, log
}

// dial connects as user with auth.
func dial(s *Server, user string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return dialAddr(s.Addr(), user, auth...)
}

// dialAddr connects to a server at addr as user with auth.
func dialAddr(addr, user string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second})
}

// keyAuth is a fresh ed25519 key, as auth and as its public key.
func keyAuth(t *testing.T) (gossh.AuthMethod, gossh.PublicKey) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return gossh.PublicKeys(signer), signer.PublicKey()
}

// screen is a session with a terminal: its output so far, stripped of
// its escapes.
type screen struct {
	sess *gossh.Session
	in   interface{ Write([]byte) (int, error) }
	mu   sync.Mutex
	out  bytes.Buffer
	n    int // writes so far
}

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	return s.out.Write(p)
}

// writes is the writes the screen has had: about a screen update each.
func (s *screen) writes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

// length is the output's length so far, a mark for waitSince.
func (s *screen) length() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.Len()
}

// waitSince waits up to limit for want in the output after mark.
func (s *screen) waitSince(mark int, want string, limit time.Duration) bool {
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		s.mu.Lock()
		found := strings.Contains(ansi.Strip(string(s.out.Bytes()[mark:])), want)
		s.mu.Unlock()
		if found {
			return true
		}
	}
	return false
}

// raw is the output as written, escapes and all.
func (s *screen) raw() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

func (s *screen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(s.out.String())
}

// waitFor waits up to 10 s for the screen to show want.
func (s *screen) waitFor(t *testing.T, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if strings.Contains(s.text(), want) {
			return
		}
	}
	t.Fatalf("the screen never showed %q; it shows:\n%s", want, s.text())
}

// open starts an interactive session at 80x24.
func open(t *testing.T, c *gossh.Client) *screen { return openSized(t, c, 80, 24) }

// onPicker connects to s as user and opens a session at w x h, on the
// picker.
func onPicker(t *testing.T, s *Server, user string, auth gossh.AuthMethod, w, h int) *screen {
	t.Helper()
	c, err := dial(s, user, auth)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	sc := openSized(t, c, w, h)
	sc.waitFor(t, "small-steps")
	return sc
}

// openScenario opens a scenario from the picker by its name.
func (s *screen) openScenario(t *testing.T, name string) {
	t.Helper()
	s.in.Write([]byte("/" + name))
	s.waitFor(t, name)
	time.Sleep(200 * time.Millisecond) // the filter taken
	s.in.Write([]byte("\r"))
	time.Sleep(200 * time.Millisecond)
	s.in.Write([]byte("\r"))
	s.waitFor(t, name+" ·")
}

// A student connects to an open class and gets their own loadlab, on the
// picker.
func TestASessionOpensThePicker(t *testing.T) {
	s, log := start(t, nil)
	auth, _ := keyAuth(t)
	onPicker(t, s, "ada", auth, 80, 24)
	if !strings.Contains(log.text(), "session") || !strings.Contains(log.text(), "student") {
		t.Errorf("the log should say a student's session began:\n%s", log.text())
	}
}

// Only the interactive screen is served: a command, a subsystem, port
// forwarding, agent forwarding and environment variables are refused.
func TestTheDoorRefusesAllButTheScreen(t *testing.T) {
	s, _ := start(t, nil)
	auth, _ := keyAuth(t)
	c, err := dial(s, "bob", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if sess, err := c.NewSession(); err == nil {
		if err := sess.Run("cat /etc/passwd"); err == nil {
			t.Error("a command ran")
		}
		sess.Close()
	}
	if sess, err := c.NewSession(); err == nil {
		if err := sess.RequestSubsystem("sftp"); err == nil {
			t.Error("the sftp subsystem was granted")
		}
		sess.Close()
	}
	if conn, err := c.Dial("tcp", s.Addr()); err == nil {
		conn.Close()
		t.Error("port forwarding was granted")
	}
	if _, err := c.Listen("tcp", "127.0.0.1:0"); err == nil {
		t.Error("reverse port forwarding was granted")
	}
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if err := sess.Setenv("LD_PRELOAD", "/tmp/x.so"); err == nil {
		t.Error("an environment variable was taken")
	}
	if ok, _ := sess.SendRequest("auth-agent-req@openssh.com", true, nil); ok {
		t.Error("agent forwarding was granted")
	}
	if ok, _ := sess.SendRequest("x11-req", true, nil); ok {
		t.Error("X11 forwarding was granted")
	}
}

// With a class code a student needs it: a wrong one is refused, the right
// one lets them in; a lecturer's key needs none.
func TestTheClassCodeAndTheLecturersKey(t *testing.T) {
	lectAuth, lectKey := keyAuth(t)
	keys := filepath.Join(t.TempDir(), "lecturers")
	if err := os.WriteFile(keys, gossh.MarshalAuthorizedKey(lectKey), 0o600); err != nil {
		t.Fatal(err)
	}
	s, log := start(t, func(c *Config) { c.ClassCode, c.LecturerKeys = "sesame", keys })
	studentAuth, _ := keyAuth(t)
	if c, err := dial(s, "eve", studentAuth, gossh.Password("guess")); err == nil {
		c.Close()
		t.Error("a wrong class code got in")
	}
	c, err := dial(s, "carl", studentAuth, gossh.Password("sesame"))
	if err != nil {
		t.Fatalf("the class code was refused: %v", err)
	}
	c.Close()
	l, err := dial(s, "prof", lectAuth)
	if err != nil {
		t.Fatalf("the lecturer's key was refused: %v", err)
	}
	defer l.Close()
	open(t, l).waitFor(t, "small-steps")
	text := log.text()
	if !strings.Contains(text, "wrong class code") || !strings.Contains(text, "lecturer") || strings.Contains(text, "sesame") || strings.Contains(text, "guess") {
		t.Errorf("the log should name the refusal and the lecturer, and no code:\n%s", text)
	}
}

// --max-sessions caps the sessions, wherever they are opened: two on one
// connection fill a class of two, and a third is refused in words the
// client shows; a place freed is taken again.
func TestMaxSessionsCountsSessions(t *testing.T) {
	s, log := start(t, func(c *Config) { c.MaxSessions = 2 })
	auth, _ := keyAuth(t)
	one, err := dial(s, "s", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	first, second := open(t, one), open(t, one)
	first.waitFor(t, "small-steps")
	second.waitFor(t, "small-steps")
	other, err := dial(s, "s", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.NewSession(); err == nil || !strings.Contains(err.Error(), "the class is full (2 sessions)") {
		t.Errorf("a third session past --max-sessions 2: %v, want the class is full", err)
	}
	first.sess.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		sess, err := other.NewSession()
		if err == nil {
			sess.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a place freed by a closed session was never taken: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(log.text(), "the class is full") {
		t.Errorf("the log should say why it refused:\n%s", log.text())
	}
}

// The host key is written 0600 on the first start and read again on the
// next: the fingerprint students accepted stays.
func TestHostKeyIsKeptAndPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "host_key")
	first, _ := start(t, func(c *Config) { c.HostKey = path })
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Errorf("the host key's file has mode %o, want 600", mode)
	}
	second, _ := start(t, func(c *Config) { c.HostKey = path })
	if first.Fingerprint != second.Fingerprint || !strings.HasPrefix(first.Fingerprint, "SHA256:") {
		t.Errorf("fingerprints %q and %q: want one SHA256 fingerprint kept across starts", first.Fingerprint, second.Fingerprint)
	}
}

// panicky is a program that panics on the key x.
type panicky struct{}

func (panicky) Init() tea.Cmd { return nil }
func (p panicky) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && k.String() == "x" {
		panic("a bug in one session")
	}
	return p, nil
}
func (panicky) View() string { return "ready" }

// A session that panics ends alone: the server and the other sessions go
// on; its user is told, and the log has the panic and its stack.
func TestAPanicEndsOneSession(t *testing.T) {
	s, log := start(t, nil)
	s.newModel = func(tui.Options) (tea.Model, error) { return panicky{}, nil }
	auth, _ := keyAuth(t)
	a, err := dial(s, "a", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := dial(s, "b", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	sa, sb := open(t, a), open(t, b)
	sa.waitFor(t, "ready")
	sb.waitFor(t, "ready")
	sa.in.Write([]byte("x"))
	done := make(chan error, 1)
	go func() { done <- sa.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the session that panicked did not end")
	}
	c, err := dial(s, "c", auth)
	if err != nil {
		t.Fatalf("after a session's panic the server refuses: %v", err)
	}
	c.Close()
	sb.in.Write([]byte("y"))
	if _, err := sb.sess.SendRequest("keepalive@loadlab", true, nil); err != nil {
		t.Errorf("the other session ended too: %v", err)
	}
	sa.waitFor(t, "this session crashed and has ended")
	if text := log.text(); !strings.Contains(text, "session crashed") || !strings.Contains(text, "a bug in one session") || !strings.Contains(text, "panicky.Update") {
		t.Errorf("the log should say the session crashed, with the panic and its stack:\n%s", text)
	}
}

// Shutdown tells every session and stops within a second.
func TestShutdownWithinASecond(t *testing.T) {
	s, _ := start(t, nil)
	auth, _ := keyAuth(t)
	c, err := dial(s, "d", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sc := open(t, c)
	sc.waitFor(t, "small-steps")
	began := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := s.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if took := time.Since(began); took > time.Second {
		t.Errorf("the shutdown took %v", took)
	}
	sc.waitFor(t, "the class server is stopping")
	if raw := sc.raw(); !strings.Contains(raw, "\x1b[?1049l") || strings.Index(raw, "\x1b[?1049l") > strings.Index(raw, "stopping") {
		t.Errorf("the terminal should be given back (the alternate screen left) before the message")
	}
}

// Each session is drawn at its own terminal's colour profile: a 256
// colour terminal gets colours, a dumb one none, whatever the server's
// own terminal is.
func TestEachSessionItsOwnColours(t *testing.T) {
	s, _ := start(t, func(c *Config) { c.Theme = "dark" })
	auth, _ := keyAuth(t)
	output := func(term string) string {
		c, err := dial(s, "s", auth)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		sess, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		sc := &screen{sess: sess}
		sess.Stdout, sess.Stderr = sc, sc
		if err := sess.RequestPty(term, 24, 80, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		if err := sess.Shell(); err != nil {
			t.Fatal(err)
		}
		sc.waitFor(t, "small-steps")
		sc.mu.Lock()
		defer sc.mu.Unlock()
		return sc.out.String()
	}
	if out := output("xterm-256color"); !strings.Contains(out, "\x1b[38;5;") && !strings.Contains(out, "\x1b[38;2;") {
		t.Error("a 256-colour terminal got no colours")
	}
	if out := output("dumb"); strings.Contains(out, "\x1b[38;") {
		t.Error("a dumb terminal got colours")
	}
}
