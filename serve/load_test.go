package serve

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// loadSessions is the load test's sessions: LOADLAB_LOAD_SESSIONS, or 3
// for the quick run every go test makes (it reports, and checks only that
// every session answered).
func loadSessions() int {
	if n, err := strconv.Atoi(os.Getenv("LOADLAB_LOAD_SESSIONS")); err == nil && n > 0 {
		return min(n, 200)
	}
	return 3
}

// TestClassLoad opens N sessions over loopback that each open
// cascade-lecture, play it and press keys, for LOADLAB_LOAD_SECONDS (2 by default, at most
// 60), and reports what a class on this machine would see: the screen
// updates a session gets a second, the time from a key to the screen that
// shows it (p50, p99), the server's memory a session and its CPU.
func TestClassLoad(t *testing.T) {
	n := loadSessions()
	seconds := 2.0
	if v, err := strconv.ParseFloat(os.Getenv("LOADLAB_LOAD_SECONDS"), 64); err == nil && v > 0 {
		seconds = min(v, 60)
	}
	s, _ := start(t, func(c *Config) { c.MaxSessions, c.PerAddress = n+1, n+1 })
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu0 := cpuTime()
	auth, _ := keyAuth(t)
	screens := make([]*screen, n)
	for i := range n {
		c, err := dial(s, fmt.Sprintf("s%d", i), auth)
		if err != nil {
			t.Fatalf("session %d: %v", i, err)
		}
		defer c.Close()
		screens[i] = openSized(t, c, 160, 48)
	}
	for _, sc := range screens {
		sc.waitFor(t, "small-steps")
		sc.in.Write([]byte("/cascade-lecture")) // the lecture's cascade: charts redrawn every step
	}
	time.Sleep(300 * time.Millisecond)
	for _, sc := range screens {
		sc.in.Write([]byte("\r")) // the filter taken
	}
	time.Sleep(300 * time.Millisecond)
	for _, sc := range screens {
		sc.in.Write([]byte("\r")) // and the scenario opened
	}
	for _, sc := range screens {
		sc.waitFor(t, "cascade-lecture ·")
		sc.in.Write([]byte(" ")) // play
	}
	var mu sync.Mutex
	var latencies []time.Duration
	writes := make([]int, n)
	var wg sync.WaitGroup
	began := time.Now()
	for i, sc := range screens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := sc.writes()
			for time.Since(began).Seconds() < seconds {
				// ? opens the help, whose heading says so; ? again closes it
				mark := sc.length()
				t0 := time.Now()
				sc.in.Write([]byte("?"))
				if !sc.waitSince(mark, "space play/pause", 5*time.Second) {
					return
				}
				mu.Lock()
				latencies = append(latencies, time.Since(t0))
				mu.Unlock()
				sc.in.Write([]byte("?"))
				time.Sleep(200 * time.Millisecond)
			}
			writes[i] = sc.writes() - start
		}()
	}
	wg.Wait()
	elapsed := time.Since(began).Seconds()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	cpu := cpuTime() - cpu0
	if len(latencies) == 0 {
		t.Fatal("no key was ever answered")
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))] }
	total := 0
	for _, w := range writes {
		total += w
	}
	t.Logf("%d sessions at 160x48 for %.1f s: %.1f screen updates a second a session; key to screen p50 %v, p99 %v (%d keys); heap %.1f MB a session; CPU %.2f cores",
		n, elapsed, float64(total)/float64(n)/elapsed, pct(0.5).Round(time.Millisecond), pct(0.99).Round(time.Millisecond), len(latencies),
		float64(int64(after.HeapInuse)-int64(before.HeapInuse))/float64(n)/1e6, cpu.Seconds()/elapsed)
}

// openSized starts an interactive session at w x h.
func openSized(t *testing.T, c *gossh.Client, w, h int) *screen {
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
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// cpuTime is the process's CPU time, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
