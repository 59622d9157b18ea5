package serve

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// openSSH is OpenSSH's own client, as students type it, with a key of its
// own in a temporary directory; the test skips where ssh is not
// installed.
type openSSH struct {
	dir, key string
	port     string
}

func newOpenSSH(t *testing.T, s *Server) *openSSH {
	t.Helper()
	if _, err := exec.LookPath("ssh"); err != nil {
		t.Skip("OpenSSH's ssh is not installed: the students' own client is not tried")
	}
	dir := t.TempDir()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(dir, "id_ed25519")
	if err := os.WriteFile(key, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(s.Addr())
	return &openSSH{dir: dir, key: key, port: port}
}

// run runs ssh with args before the destination user@127.0.0.1 and
// command after it, until it ends or done says what it printed is enough
// (a screen runs until it is stopped; 20 s at most), and returns what it
// printed, escapes stripped.
func (o *openSSH) run(t *testing.T, done func(out string) bool, env []string, args []string, user string, command ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	all := append([]string{"-p", o.port, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "LogLevel=ERROR", "-F", "/dev/null"}, args...)
	all = append(append(all, user+"@127.0.0.1"), command...)
	cmd := exec.CommandContext(ctx, "ssh", all...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader("")
	out := &screen{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan struct{})
	go func() { cmd.Wait(); close(ended) }()
	for {
		select {
		case <-ended:
			return out.text()
		case <-time.After(20 * time.Millisecond):
			if done != nil && done(out.text()) {
				cancel()
				<-ended
				return out.text()
			}
		}
	}
}

// The students' command works as printed: ssh -t ... follow follows the
// lecturer; without -t the session is refused with a line that says to
// add it; another command is told what is served.
func TestOpenSSHFollowsAsPrinted(t *testing.T) {
	s, _ := start(t, nil)
	o := newOpenSSH(t, s)
	key := []string{"-i", o.key, "-o", "IdentitiesOnly=yes"}
	if out := o.run(t, nil, nil, key, "ada", "follow"); !strings.Contains(out, "needs a terminal: add -t, as in ssh -t -p "+o.port+" 127.0.0.1 follow") {
		t.Errorf("ssh ... follow without -t printed:\n%s", out)
	}
	if out := o.run(t, nil, nil, key, "ada", "ls"); !strings.Contains(out, "loadlab serves its screen only: ssh -p "+o.port+" 127.0.0.1, or ssh -t -p "+o.port+" 127.0.0.1 follow") {
		t.Errorf("ssh ... ls printed:\n%s", out)
	}
	// -tt: this test's ssh has no terminal of its own to give, so it is
	// told to ask for one all the same, as -t does from a student's.
	following := func(out string) bool { return strings.Contains(out, "following") }
	if out := o.run(t, following, []string{"TERM=xterm-256color"}, append(key, "-tt"), "ada", "follow"); !following(out) {
		t.Errorf("ssh -t ... follow did not follow:\n%s", out)
	}
}

// A lecturer's public key offered by OpenSSH without its private key (the
// .pub alone), then the class code from the askpass helper, makes a
// student.
func TestOpenSSHOfferedKeyIsNoProof(t *testing.T) {
	s, log, _ := withLecturer(t, func(c *Config) { c.ClassCode = "sesame" })
	o := newOpenSSH(t, s)
	pub := filepath.Join(o.dir, "lecturer.pub")
	if err := os.WriteFile(pub, gossh.MarshalAuthorizedKey(lecturerPublic(t, s)), 0o600); err != nil {
		t.Fatal(err)
	}
	askpass := filepath.Join(o.dir, "askpass")
	if err := os.WriteFile(askpass, []byte("#!/bin/sh\necho sesame\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	env := []string{"SSH_ASKPASS=" + askpass, "SSH_ASKPASS_REQUIRE=force", "DISPLAY=:0", "TERM=xterm-256color"}
	o.run(t, func(string) bool { return strings.Contains(log.text(), "user=mallory as=") }, env, []string{"-tt", "-i", pub, "-o", "IdentitiesOnly=yes",
		"-o", "PreferredAuthentications=publickey,keyboard-interactive"}, "mallory")
	text := log.text()
	if !strings.Contains(text, "user=mallory as=student") || strings.Contains(text, "user=mallory as=lecturer") {
		t.Errorf("OpenSSH offering the lecturer's public key, then the code:\n%s", text)
	}
}
