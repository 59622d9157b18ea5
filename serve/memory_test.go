package serve

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A class server under a 2 GiB address-space limit (a small VM's, or
// ulimit -v) survives a client that reports 65535x65535 and one that
// reports 10000x10000, while another session answers keys within 100 ms
// at p99. It runs the server as a process of its own (this test binary,
// in TestHelperServer), so it is behind LOADLAB_DOOR_MEMORY=1: about 20 s.
func TestAServerUnder2GiBSurvivesHugeTerminals(t *testing.T) {
	if os.Getenv("LOADLAB_DOOR_MEMORY") == "" {
		t.Skip("LOADLAB_DOOR_MEMORY=1 runs it (a server process of its own under a 2 GiB limit, about 20 s)")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperServer$")
	cmd.Env = append(os.Environ(), "LOADLAB_HELPER_SERVER="+filepath.Join(dir, "host_key"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the server process said nothing: %v", err)
	}
	at := strings.TrimSpace(strings.TrimPrefix(line, "listening "))
	auth, _ := keyAuth(t)
	calm, err := dialAddr(at, "calm", auth)
	if err != nil {
		t.Fatal(err)
	}
	defer calm.Close()
	watch := openSized(t, calm, 100, 30)
	watch.waitFor(t, "small-steps")
	for _, size := range [][2]int{{65535, 65535}, {10000, 10000}} {
		c, err := dialAddr(at, "huge", auth)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		sc := openSized(t, c, size[0], size[1])
		sc.waitFor(t, "small-steps")
		sc.in.Write([]byte("/cascade-lecture"))
		time.Sleep(200 * time.Millisecond)
		sc.in.Write([]byte("\r"))
		time.Sleep(200 * time.Millisecond)
		sc.in.Write([]byte("\r \r")) // open it and play
	}
	var waits []time.Duration
	for i := range 100 {
		key := "/" // the picker's filter, then esc: each redraws a line
		if i%2 == 1 {
			key = "\x1b"
		}
		mark := watch.length()
		began := time.Now()
		watch.in.Write([]byte(key))
		for watch.length() == mark {
			if time.Since(began) > 5*time.Second {
				t.Fatalf("key %d went unanswered for 5 s", i)
			}
			time.Sleep(time.Millisecond)
		}
		waits = append(waits, time.Since(began))
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the server process died: %v", err)
	}
	slices.Sort(waits)
	p99 := waits[len(waits)*99/100]
	t.Logf("keys answered in %v at the median, %v at p99, beside a 65535x65535 and a 10000x10000 session playing", waits[len(waits)/2], p99)
	if p99 > 100*time.Millisecond {
		t.Errorf("p99 %v, want 100 ms at most", p99)
	}
}

// TestHelperServer is the server process of the test above: under a
// 2 GiB address-space limit, it serves until killed.
func TestHelperServer(t *testing.T) {
	hostKey := os.Getenv("LOADLAB_HELPER_SERVER")
	if hostKey == "" {
		t.Skip("the server process of TestAServerUnder2GiBSurvivesHugeTerminals")
	}
	limit := syscall.Rlimit{Cur: 2 << 30, Max: 2 << 30}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &limit); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Addr, cfg.HostKey, cfg.Theme = "127.0.0.1:0", hostKey, "mono"
	s, err := Start(cfg, &quiet{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("listening " + s.Addr())
	select {}
}
