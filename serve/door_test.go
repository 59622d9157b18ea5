package serve

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/tui"
	gossh "golang.org/x/crypto/ssh"
)

// unsigned offers pub and cannot sign: a client that has a lecturer's
// public key (public keys are public) and not its private one.
type unsigned struct{ pub gossh.PublicKey }

func (u unsigned) PublicKey() gossh.PublicKey { return u.pub }
func (u unsigned) Sign(io.Reader, []byte) (*gossh.Signature, error) {
	return nil, errors.New("no private key")
}

// answer is keyboard-interactive auth that answers every question with
// code, and keeps what it was told.
func answer(code string, told *[]string) gossh.AuthMethod {
	return gossh.KeyboardInteractive(func(name, instruction string, questions []string, _ []bool) ([]string, error) {
		if told != nil && instruction != "" {
			*told = append(*told, instruction)
		}
		out := make([]string, len(questions))
		for i := range out {
			out[i] = code
		}
		return out, nil
	})
}

// dialFrom connects from a loopback address of its own (127.0.0.x): a
// host of its own to the server.
func dialFrom(s *Server, from, user string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	raw, err := d.Dial("tcp", s.Addr())
	if err != nil {
		return nil, err
	}
	cfg := &gossh.ClientConfig{User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second}
	c, chans, reqs, err := gossh.NewClientConn(raw, s.Addr(), cfg)
	if err != nil {
		raw.Close()
		return nil, err
	}
	return gossh.NewClient(c, chans, reqs), nil
}

// A lecturer's public key offered and not signed with, then the class
// code (or nothing, on an open class), makes a student: the role comes
// from the key the session proved. Signed with, it makes the lecturer.
func TestAnOfferedKeyIsNoProof(t *testing.T) {
	for _, code := range []string{"sesame", ""} {
		t.Run("code "+code, func(t *testing.T) {
			s, log, lectAuth := withLecturer(t, func(c *Config) { c.ClassCode = code })
			pub := lecturerPublic(t, s)
			c, err := dial(s, "mallory", gossh.PublicKeys(unsigned{pub}), answer(code, nil))
			if err != nil {
				t.Fatalf("the class code after an unsigned offer was refused: %v", err)
			}
			defer c.Close()
			open(t, c).waitFor(t, "ctrl+f follow") // a student's picker
			if !strings.Contains(log.text(), "user=mallory as=student") {
				t.Errorf("an offered key made a lecturer:\n%s", log.text())
			}
			prof, err := dial(s, "prof", lectAuth)
			if err != nil {
				t.Fatal(err)
			}
			defer prof.Close()
			open(t, prof).waitFor(t, "small-steps")
			if !strings.Contains(log.text(), "user=prof as=lecturer") {
				t.Errorf("the lecturer's signed key did not make a lecturer:\n%s", log.text())
			}
		})
	}
}

// lecturerPublic is the lecturers' key the server read.
func lecturerPublic(t *testing.T, s *Server) gossh.PublicKey {
	t.Helper()
	if len(s.door.lecturers) != 1 {
		t.Fatalf("want one lecturer key, have %d", len(s.door.lecturers))
	}
	return s.door.lecturers[0].key
}

// sizeModel keeps the latest size it was given.
type sizeModel struct{ last *atomic.Value }

func (m sizeModel) Init() tea.Cmd { return nil }
func (m sizeModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		m.last.Store(fmt.Sprintf("%dx%d", ws.Width, ws.Height))
	}
	return m, nil
}
func (m sizeModel) View() string { return "ready" }

// waitSize waits up to 10 s for the model's latest size to be want.
func waitSize(t *testing.T, last *atomic.Value, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if last.Load() == want {
			return
		}
	}
	t.Errorf("the session was drawn at %v, want %s", last.Load(), want)
}

// Whatever size a client reports, at its pty request or any window
// change, a session is drawn at 500x200 at most (and at 80x24 where it
// reports 0, a size it does not know).
func TestClientSizesAreClamped(t *testing.T) {
	s, _ := start(t, nil)
	last := &atomic.Value{}
	s.newModel = func(tui.Options) (tea.Model, error) { return sizeModel{last}, nil }
	auth, _ := keyAuth(t)
	c, err := dial(s, "big", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	sc := openSized(t, c, 65535, 65535)
	waitSize(t, last, "500x200")
	for _, size := range []struct {
		w, h int
		want string
	}{{10000, 10000, "500x200"}, {120, 40, "120x40"}, {0, 0, "80x24"}, {1, 1, "1x1"}, {1 << 31, 3, "500x3"}} {
		if err := sc.sess.WindowChange(size.h, size.w); err != nil {
			t.Fatal(err)
		}
		waitSize(t, last, size.want)
	}
}

// A real session asked for 65535x65535 draws the picker at 500x200, in
// memory that a class server can spare.
func TestAHugeTerminalCostsABoundedFrame(t *testing.T) {
	s, _ := start(t, nil)
	auth, _ := keyAuth(t)
	c, err := dial(s, "big", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sc := openSized(t, c, 65535, 65535)
	sc.waitFor(t, "small-steps")
	sc.sess.WindowChange(10000, 10000)
	time.Sleep(300 * time.Millisecond)
	runtime.ReadMemStats(&after)
	const bound = 400 << 20 // a 500x200 picker's frames, many times over; 65535x65535 took gigabytes
	if grew := after.TotalAlloc - before.TotalAlloc; grew > bound {
		t.Errorf("a huge terminal's session allocated %d MB, over %d MB", grew>>20, bound>>20)
	}
}

// Connections that never finish the handshake neither lock anyone out
// nor stay: with 100 silent sockets from five addresses (40 from one),
// a student from a sixth address and one from the busiest get in, and
// every silent socket is closed within the grace.
func TestSilentSocketsNeitherLockOutNorStay(t *testing.T) {
	const grace = time.Second
	s, log := startTuned(t, nil, func(d *door) { d.gate.grace = grace })
	var silent []net.Conn
	for i, n := range []int{40, 15, 15, 15, 15} {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(fmt.Sprintf("127.0.0.%d", i+1))}}
		for range n {
			c, err := d.Dial("tcp", s.Addr())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			silent = append(silent, c)
		}
	}
	opened := time.Now()
	auth, _ := keyAuth(t)
	for _, from := range []string{"127.0.0.6", "127.0.0.1"} {
		c, err := dialFrom(s, from, "student", auth)
		if err != nil {
			t.Fatalf("a student from %s was kept out by silent sockets: %v", from, err)
		}
		if _, err := c.NewSession(); err != nil {
			t.Errorf("a student from %s got no session: %v", from, err)
		}
		c.Close()
	}
	var open atomic.Int32
	var wg sync.WaitGroup
	for _, c := range silent {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.SetReadDeadline(opened.Add(grace + 5*time.Second)) // the test's patience, not the server's
			if _, err := io.Copy(io.Discard, c); err != nil {
				open.Add(1) // still open at the deadline
			}
		}()
	}
	wg.Wait()
	if n := open.Load(); n > 0 {
		t.Errorf("%d of %d silent sockets were still open %v after the grace", n, len(silent), 5*time.Second)
	}
	if n := log.count("for a newer one"); n > 2 {
		t.Errorf("%d log lines for the sockets closed to make room: want them counted, a line each 10 s", n)
	}
}

// An authenticated connection that asks for no session (ssh -N) is
// closed after the grace; so is one whose session never asks for its
// shell.
func TestAConnectionWithoutASessionCloses(t *testing.T) {
	s, _ := startTuned(t, nil, func(d *door) { d.gate.grace = 500 * time.Millisecond })
	auth, _ := keyAuth(t)
	for _, ask := range []bool{false, true} {
		c, err := dial(s, "n", auth)
		if err != nil {
			t.Fatal(err)
		}
		if ask {
			if _, err := c.NewSession(); err != nil {
				t.Fatal(err)
			}
		}
		closed := make(chan error, 1)
		go func() { closed <- c.Wait() }()
		select {
		case <-closed:
		case <-time.After(10 * time.Second):
			t.Errorf("a connection (session asked for: %v) outlived the grace by 10 s", ask)
			c.Close()
		}
	}
}

// frozen is a connection whose reads stop once frozen: a client that
// stopped answering.
type frozen struct {
	net.Conn
	stop chan struct{}
}

func (f *frozen) Read(b []byte) (int, error) {
	select {
	case <-f.stop:
		<-make(chan struct{}) // never: the server must close it
	default:
	}
	return f.Conn.Read(b)
}

// A client that stops answering is closed after three keepalives go
// unanswered, and its session counted out.
func TestAClientThatStopsAnsweringIsClosed(t *testing.T) {
	s, log := startTuned(t, nil, func(d *door) { d.aliveEvery = 100 * time.Millisecond })
	auth, _ := keyAuth(t)
	raw, err := net.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	f := &frozen{Conn: raw, stop: make(chan struct{})}
	c, chans, reqs, err := gossh.NewClientConn(f, s.Addr(), &gossh.ClientConfig{User: "z", Auth: []gossh.AuthMethod{auth}, HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	client := gossh.NewClient(c, chans, reqs)
	defer client.Close()
	open(t, client).waitFor(t, "small-steps")
	close(f.stop)
	for deadline := time.Now().Add(10 * time.Second); s.door.gate.count() > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("a client that stopped answering still holds its session after 10 s")
		}
	}
	if !strings.Contains(log.text(), "stopped answering") {
		t.Errorf("the log should say why the connection closed:\n%s", log.text())
	}
}

// One connection holds at most three sessions; --per-address caps the
// sessions from one address, whatever the connections.
func TestSessionsPerConnectionAndAddress(t *testing.T) {
	s, _ := start(t, func(c *Config) { c.PerAddress = 4 })
	auth, _ := keyAuth(t)
	c, err := dial(s, "many", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for range sessionsPerConn {
		open(t, c)
	}
	if _, err := c.NewSession(); err == nil || !strings.Contains(err.Error(), "at most 3 sessions on one connection") {
		t.Errorf("a fourth session on one connection: %v", err)
	}
	d, err := dial(s, "many", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	open(t, d)
	if _, err := d.NewSession(); err == nil || !strings.Contains(err.Error(), "4 sessions from your address") {
		t.Errorf("a fifth session from one address under --per-address 4: %v", err)
	}
	if other, err := dialFrom(s, "127.0.0.2", "other", auth); err != nil {
		t.Error(err)
	} else {
		if _, err := other.NewSession(); err != nil {
			t.Errorf("another address was refused with the first one full: %v", err)
		}
		other.Close()
	}
}

// Guessing the class code costs the guesser's address: after a few wrong
// codes it is locked out (the right code refused too, and told so), for
// longer each time, while other addresses come in; the log counts the
// guesses in a line or two.
func TestGuessingLocksOutTheAddress(t *testing.T) {
	s, log := start(t, func(c *Config) { c.ClassCode = "sesame" })
	guess := gossh.RetryableAuthMethod(gossh.Password("guess"), penaltyFree+1)
	if c, err := dialFrom(s, "127.0.0.7", "eve", guess); err == nil {
		c.Close()
		t.Fatal("a wrong code got in")
	}
	if wait := s.door.penalties.lockedFor("127.0.0.7"); wait <= 0 {
		t.Fatalf("%d wrong codes left the address free", penaltyFree+1)
	}
	var told []string
	if c, err := dialFrom(s, "127.0.0.7", "eve", answer("sesame", &told)); err == nil {
		c.Close()
		t.Error("a locked-out address got in with the right code")
	}
	if len(told) == 0 || !strings.Contains(told[0], "too many wrong class codes from your address; try again in 1s") {
		t.Errorf("the locked-out client was told %q", told)
	}
	if c, err := dialFrom(s, "127.0.0.8", "ada", gossh.Password("sesame")); err != nil {
		t.Errorf("another address was kept out by the guesser: %v", err)
	} else {
		c.Close()
	}
	if n := log.count("refused:"); n > 3 {
		t.Errorf("%d log lines for %d guesses: want them counted\n%s", n, penaltyFree+2, log.text())
	}
}

// The lockout doubles with each wrong code past the free ones, up to
// five minutes, and the count decays.
func TestPenaltiesGrowAndDecay(t *testing.T) {
	now := time.Unix(0, 0)
	p := newPenalties()
	p.now = func() time.Time { return now }
	for i := 1; i <= penaltyFree; i++ {
		if lock := p.fail("a"); lock != 0 {
			t.Fatalf("wrong code %d locked out for %v: the first %d are free", i, lock, penaltyFree)
		}
	}
	for _, want := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		if lock := p.fail("a"); lock != want {
			t.Errorf("lockout %v, want %v", lock, want)
		}
	}
	for range 20 {
		p.fail("a")
	}
	if lock := p.lockedFor("a"); lock != penaltyMax {
		t.Errorf("lockout after 28 wrong codes %v, want the most, %v", lock, penaltyMax)
	}
	now = now.Add(time.Hour)
	if lock := p.fail("a"); lock != 0 {
		t.Errorf("an hour later a wrong code locked out for %v: the count should have decayed", lock)
	}
}

// The lecturers' file: from= is honoured (addresses, blocks, wildcards,
// negations); any other option is refused at start, naming it.
func TestLecturerKeyOptions(t *testing.T) {
	_, pub := keyAuth(t)
	line := strings.TrimSpace(string(gossh.MarshalAuthorizedKey(pub)))
	write := func(text string) string {
		path := filepath.Join(t.TempDir(), "keys")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	keys, err := readKeys(write(`from="10.0.0.0/8,!10.0.0.5,192.168.1.*" ` + line + "\n# a comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	for addr, want := range map[string]bool{"10.1.2.3": true, "10.0.0.5": false, "192.168.1.9": true, "192.168.2.9": false, "127.0.0.1": false} {
		if got := keys[0].allows(&net.TCPAddr{IP: net.ParseIP(addr), Port: 1}); got != want {
			t.Errorf("from= and %s: allowed %v, want %v", addr, got, want)
		}
	}
	for _, bad := range []string{`no-pty ` + line, `command="ls" ` + line, `from="10.0.0.0/99" ` + line} {
		if _, err := readKeys(write(bad)); err == nil || !strings.Contains(err.Error(), "--lecturer-keys") {
			t.Errorf("%.30s...: %v, want a refusal naming --lecturer-keys", bad, err)
		}
	}
}

// A host key others may read is refused at start, as sshd refuses one.
func TestAHostKeyOthersMayReadIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "host_key")
	start(t, func(c *Config) { c.HostKey = path })
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Addr, cfg.HostKey = "127.0.0.1:0", path
	if s, err := Start(cfg, &quiet{}); err == nil {
		s.srv.Close()
		t.Fatal("a host key of mode 644 was used")
	} else if !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("the refusal should say what to do: %v", err)
	}
}
