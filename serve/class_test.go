package serve

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// following connects a student as user with a key of its own and opens
// a session at w x h that follows the lecturer; the test's end closes it.
func following(t *testing.T, s *Server, user string, w, h int) *screen {
	t.Helper()
	auth, _ := keyAuth(t)
	c, err := dial(s, user, auth)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return follow(t, c, w, h)
}

// lecturing opens cascade-lecture in a lecturer's session and steps it
// steps times; it returns the session, its client and the clock it shows.
func lecturing(t *testing.T, s *Server, auth gossh.AuthMethod, steps int) (*screen, *gossh.Client, string) {
	t.Helper()
	lect, lc := lecturerOn(t, s, auth)
	lect.openScenario(t, "cascade-lecture")
	for range steps {
		lect.in.Write([]byte("n"))
	}
	time.Sleep(300 * time.Millisecond)
	return lect, lc, latestClock(lect)
}

// follow opens a session that follows the lecturer, at w x h.
func follow(t *testing.T, c *gossh.Client, w, h int) *screen {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	sc := &screen{sess: sess}
	sess.Stdout, sess.Stderr = sc, sc
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	sc.in = in
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Start(followCommand); err != nil {
		t.Fatal(err)
	}
	return sc
}

// clock is the latest cascade clock a screen shows ("t 3.00 / 60 s").
var clock = regexp.MustCompile(`t +\d+\.\d\d / 60 s`)

// waitClock waits up to 10 s for the screen's latest clock to read want.
func waitClock(t *testing.T, sc *screen, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if latestClock(sc) == want {
			return
		}
	}
	t.Fatalf("the screen's clock reads %q, never %q", latestClock(sc), want)
}

func latestClock(sc *screen) string {
	all := clock.FindAllString(sc.text(), -1)
	if len(all) == 0 {
		return ""
	}
	return strings.Join(strings.Fields(all[len(all)-1]), " ")
}

// withLecturer starts a server whose lecturers' file holds a new key,
// and gives the key's auth.
func withLecturer(t *testing.T, edit func(*Config)) (*Server, *quiet, gossh.AuthMethod) {
	t.Helper()
	lectAuth, lectKey := keyAuth(t)
	keys := filepath.Join(t.TempDir(), "lecturers")
	if err := os.WriteFile(keys, gossh.MarshalAuthorizedKey(lectKey), 0o600); err != nil {
		t.Fatal(err)
	}
	s, log := start(t, func(c *Config) {
		c.LecturerKeys = keys
		if edit != nil {
			edit(c)
		}
	})
	return s, log, lectAuth
}

// lecturerOn connects with the lecturer's key and opens a session at
// 100x30, on the picker; closing the client ends it.
func lecturerOn(t *testing.T, s *Server, auth gossh.AuthMethod) (*screen, *gossh.Client) {
	t.Helper()
	return lecturerShowing(t, s, auth, "small-steps")
}

// lecturerShowing is lecturerOn for a session that opens on want: the
// class's run, where there is one.
func lecturerShowing(t *testing.T, s *Server, auth gossh.AuthMethod, want string) (*screen, *gossh.Client) {
	t.Helper()
	lc, err := dial(s, "prof", auth)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lc.Close() })
	sc := openSized(t, lc, 100, 30)
	sc.waitFor(t, want)
	return sc, lc
}

// A student who follows sees the lecturer's scenario at the lecturer's
// step, at their own size; the lecturer's status line counts them; ctrl+b
// branches off at that step (their own run, the same screen), and steps
// then move only the student's run; ctrl+f follows again, from a lab or
// from the picker.
func TestFollowTheLecturerAndBranchOff(t *testing.T) {
	s, _, lectAuth := withLecturer(t, nil)
	lect, _, at := lecturing(t, s, lectAuth, 30)
	st := following(t, s, "ada", 120, 40)
	st.waitFor(t, "│ following │")
	waitClock(t, st, at)
	lect.waitFor(t, "class: 1 follow, 0 branched")

	for range 10 { // the lecturer steps on; the follower follows
		lect.in.Write([]byte("n"))
	}
	time.Sleep(300 * time.Millisecond)
	now := latestClock(lect)
	if now == at {
		t.Fatalf("the lecturer's clock did not move from %s", at)
	}
	waitClock(t, st, now)

	st.in.Write([]byte{2}) // ctrl+b
	st.waitFor(t, "branched off at step")
	lect.waitFor(t, "class: 0 follow, 1 branched")
	for range 5 { // the student steps their own run
		st.in.Write([]byte("n"))
	}
	time.Sleep(300 * time.Millisecond)
	if latestClock(st) == latestClock(lect) {
		t.Errorf("after branching the student's steps should move their run alone: both at %s", latestClock(st))
	}
	st.in.Write([]byte{6}) // ctrl+f
	waitClock(t, st, latestClock(lect))

	// A student who connects without asking to follow starts on the
	// picker, on their own; ctrl+f there follows.
	bobAuth, _ := keyAuth(t)
	bob := onPicker(t, s, "bob", bobAuth, 120, 40)
	bob.waitFor(t, "ctrl+f follow")
	lect.waitFor(t, "class: 1 follow, 0 branched, 1 on their own")
	bob.in.Write([]byte{6}) // ctrl+f
	bob.waitFor(t, "│ following │")
	waitClock(t, bob, latestClock(lect))
	lect.waitFor(t, "class: 2 follow, 0 branched")
}

// A session with no key for --idle ends, saying so, with its terminal
// given back; one that follows a lecturer who is here does not (a class
// watches for long stretches), until the lecturer leaves.
func TestIdleSessionsEndButAClassWatching(t *testing.T) {
	s, log, lectAuth := withLecturer(t, func(c *Config) { c.Idle = time.Second })
	studentAuth, _ := keyAuth(t)
	alone := onPicker(t, s, "ada", studentAuth, 80, 24)
	lect, lc := lecturerOn(t, s, lectAuth)
	watching := following(t, s, "bob", 100, 30)
	watching.waitFor(t, "following the lecturer")
	alone.waitFor(t, "ended after 1s without a key")
	if !strings.Contains(alone.raw(), "\x1b[?1049l") {
		t.Errorf("the ended session's terminal was not given back (no exit from the alternate screen)")
	}
	for range 12 { // the lecturer keeps the session alive; the follower watches
		lect.in.Write([]byte("j"))
		time.Sleep(200 * time.Millisecond)
	}
	if strings.Contains(watching.text(), "ended after") {
		t.Fatalf("a student watching the lecturer was ended as idle")
	}
	lc.Close()
	watching.waitFor(t, "the lecturer has left")
	watching.waitFor(t, "ended after 1s without a key")
	if !strings.Contains(log.text(), "session ended: idle") {
		t.Errorf("the log should say a session ended idle:\n%s", log.text())
	}
}

// Two sessions with a lecturer's key: the first drives the class, the
// second opens on the class's run and is told the first drives it; when
// the first leaves, the second drives it.
func TestOneLecturerSessionDrives(t *testing.T) {
	s, _, lectAuth := withLecturer(t, nil)
	first, lc := lecturerOn(t, s, lectAuth)
	first.openScenario(t, "cascade-lecture")
	second, _ := lecturerShowing(t, s, lectAuth, "resumed the class's run")
	mark := second.length()
	second.in.Write([]byte{27}) // esc: the picker (taken before the next key, or the two read as alt+/)
	if !second.waitSince(mark, "choose a scenario", 10*time.Second) {
		t.Fatal("esc did not open the picker")
	}
	second.openScenario(t, "lease-storm")
	second.waitFor(t, "another lecturer's session drives it")
	st := following(t, s, "ada", 100, 30)
	st.waitFor(t, "cascade-lecture ·")
	lc.Close()
	second.waitFor(t, "class: 1 follow")
	st.waitFor(t, "lease-storm ·")
}

// A lecturer who leaves and comes back finds the class's run where the
// class is, and drives it on: the followers keep their screen throughout.
func TestALecturerWhoComesBackKeepsTheClass(t *testing.T) {
	s, _, lectAuth := withLecturer(t, nil)
	_, lc, at := lecturing(t, s, lectAuth, 30)
	st := following(t, s, "ada", 120, 40)
	waitClock(t, st, at)
	lc.Close()
	st.waitFor(t, "the lecturer has left")
	back, _ := lecturerShowing(t, s, lectAuth, "resumed the class's run at step 30")
	waitClock(t, back, at)
	st.waitFor(t, "the lecturer is back")
	if latestClock(st) != at || strings.Contains(st.text()[strings.LastIndex(st.text(), "the lecturer has left"):], "small-steps") {
		t.Fatalf("the follower's screen moved when the lecturer came back: clock %s, want %s", latestClock(st), at)
	}
	for range 5 {
		back.in.Write([]byte("n"))
	}
	time.Sleep(300 * time.Millisecond)
	if now := latestClock(back); now == at {
		t.Fatalf("the lecturer's steps after coming back did not move the run from %s", at)
	}
	waitClock(t, st, latestClock(back))
}

// A lecturer's session is not ended by --idle while students follow it
// (a lecture has long stretches of talk); once none follows, it is.
func TestALecturerWatchedIsNotIdle(t *testing.T) {
	s, _, lectAuth := withLecturer(t, func(c *Config) { c.Idle = time.Second })
	lect, _ := lecturerOn(t, s, lectAuth)
	lect.openScenario(t, "cascade-lecture")
	st := following(t, s, "ada", 100, 30)
	st.waitFor(t, "cascade-lecture ·")
	time.Sleep(2500 * time.Millisecond)
	if strings.Contains(lect.text(), "ended after") || strings.Contains(st.text(), "ended after") {
		t.Fatal("a lecturer followed by a student, or the student, was ended as idle")
	}
	st.in.Write([]byte{2}) // ctrl+b: no one follows now
	lect.waitFor(t, "ended after 1s without a key")
}
