package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/loadlab/loadlab/internal/costcheck"
)

const allSeven = "one,two,dchoice:2,correlated,stale,anti,left:2"

// The runs a reliability probe found accepted and then crashing, running
// out of memory or running for hours: each is now refused before it
// starts, naming the figure over its limit and what to lower, or bounded.
func TestProbeRunsAreRefusedOrBounded(t *testing.T) {
	t.Parallel()
	refused := []struct {
		args []string
		says string
	}{
		{[]string{"run", "bins", "--bins", "50000000", "--balls", "2048", "--strategies", "dchoice:50000000"},
			"of work on one core, over the limit of 10 min: lower --balls, --trials or --strategies"},
		{[]string{"run", "bins", "--bins", "2", "--balls", "1", "--trials", "100000000"},
			"of work on one core, over the limit of 10 min: lower --trials or --strategies"},
		{[]string{"run", "bins", "--bins", "2", "--balls", "1", "--trials", "50000000", "--max-memory", "1GB"},
			"of memory, over the limit of 1 GB: lower --trials or --strategies"},
		{[]string{"run", "bins", "--bins", "2", "--balls", "1", "--trials", "1000000", "--strategies", allSeven, "--format", "json"},
			"the report would be about 2.25 GB, over the limit of 512 MB: lower --trials or --strategies"},
		{[]string{"run", "bins", "--bins", "50000000", "--balls", "1", "--strategies", allSeven, "--trials", "8", "--workers", "8", "--max-memory", "2GB"},
			"of memory, over the limit of 2 GB: lower --bins or --workers"},
		{[]string{"enum", "--bins", "2", "--balls", "15", "--counterexamples", "2000000000", "--format", "json"},
			`--counterexamples must be a whole number in 0..10000, got "2000000000"`},
		{[]string{"run", "bins", "--bins", "50000000", "--balls", "100000", "--strategies", "stale:1"},
			"over the limit of 10 min: lower --bins, --trials or --strategies"},
		{[]string{"run", "bins", "--balls", "2147483647", "--strategies", "dchoice:4096"},
			"h of work on one core, over the limit of 10 min"},
		{[]string{"run", "bins", "--bins", "50000000", "--balls", "1", "--trials", "100000"},
			"of work on one core, over the limit of 10 min: lower --bins, --trials or --strategies"},
		{[]string{"run", "bins", "--trials", "9223372036854775807"}, "--trials from the seed must stay within 2^63 - 1, the largest seed: at most 9223372036834514881 from seed 20260927"},
		{[]string{"run", "bins", "--strategies", "stale:9223372036854775807"}, "the number after ':' must be a whole number in 1..2147483647"},
		{[]string{"run", "bins", "--max-memory", "0.5"}, "--max-memory must be a size from 1MB to the machine's memory"},
		{[]string{"run", "bins", "--max-memory", "1e290TB"}, "--max-memory must be a size from 1MB to the machine's memory"},
		{[]string{"run", "bins", "--max-memory", "lots"}, `such as 512MB or 4GB, got "lots"`},
	}
	for _, c := range refused {
		code, out, errs := runArgs(t, c.args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("loadlab %s: exit %d, stderr %q; want exit 2 and one line saying %q", strings.Join(c.args, " "), code, errs, c.says)
		}
	}
	// Accepted, and bounded: the histogram of one bin holding every ball
	// is gone, and so is the 1.4 GB max distribution of 8 bins.
	for _, args := range [][]string{
		{"run", "bins", "--bins", "1", "--balls", "2147483647", "--strategies", "one"},
		{"run", "bins", "--bins", "8", "--balls", "1000000000", "--format", "json"},
	} {
		if _, err := prepareRun(args[1:]); err != nil {
			t.Errorf("loadlab %s: refused: %v", strings.Join(args, " "), err)
		}
	}
}

// The cost of the accepted probe runs, from the estimate in the JSON: well
// under the limits that refused their neighbours.
func TestEstimateInTheJSON(t *testing.T) {
	t.Parallel()
	code, out, errs := runArgs(t, "run", "p2c-paired-4096", "--trials", "20", "--format", "json")
	var r struct {
		Estimate struct {
			Seconds     float64 `json:"seconds"`
			MemoryBytes float64 `json:"memory_bytes"`
			OutputBytes float64 `json:"output_bytes"`
		} `json:"estimate"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Estimate.Seconds <= 0 || r.Estimate.MemoryBytes <= 0 {
		t.Fatalf("exit %d %s: estimate %+v", code, errs, r.Estimate)
	}
	if got := float64(len(out)); got > 2*r.Estimate.OutputBytes || got < r.Estimate.OutputBytes/2 {
		t.Errorf("the report is %.0f bytes, its estimate %.0f", got, r.Estimate.OutputBytes)
	}
}

// The JSON report, written trial by trial, is the document one encoder
// would write.
func TestStreamedJSONEqualsOneEncoding(t *testing.T) {
	t.Parallel()
	_, out, _ := runArgs(t, "run", "anti-choice", "--trials", "3", "--format", "json")
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	writeJSON(&again, doc) // keys sorted: compare as values
	var want map[string]any
	json.Unmarshal(again.Bytes(), &want)
	if len(doc["trials"].([]any)) != 3 || !strings.HasPrefix(out, "{\n  \"bins\": 1024,\n") || !strings.Contains(out, "\n  \"trials\": [\n    {\n      \"seed\": 20260927,\n") {
		t.Errorf("trials not laid out as the encoder lays them:\n%.400s", out)
	}
}

// Scenario files: bounded in size and nesting, regular files only, one
// JSON value; each refusal one line naming the file.
func TestScenarioFileBounds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, body []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		path, says string
	}{
		{write("deep.json", bytes.Repeat([]byte("["), 4<<20)), "larger than 1 MB"},
		{write("nested.json", bytes.Repeat([]byte("["), 1000)), "nested 1000 levels deep, more than the 32"},
		{write("nested.toml", []byte("a = "+strings.Repeat("[", 100))), "nested 100 levels deep"},
		{"/dev/zero", "not a regular file"},
		{dir, "not a regular file"},
		{write("two.json", []byte(`{"bins": {"bins": 8}} xyz`)), "holds more than one JSON value"},
		{write("dup.json", []byte(`{"bins": {"bins": 8, "balls": 4, "bins": 9}}`)), `names "bins" twice`},
		{write("dotted.toml", []byte(strings.Repeat("a.", 300000)+"b = 1\n")), "nested 300001 levels deep"},
		{fifo(t, dir), "not a regular file"},
		{write("line\nbreak.json", []byte(`{}`)), `line\nbreak.json`},
		// An apostrophe in a comment must not hide the nesting after it:
		// 10,000 inline tables in 40 KB once took the decoder to 6.4 GB.
		{write("comment.toml", []byte("# don't\na = "+strings.Repeat("{b = ", 10000)+"1"+strings.Repeat("}", 10000)+"\n")), "nested 10000 levels deep"},
		{write("instring.toml", []byte("s = \"'\"\na = "+strings.Repeat("[", 100)+"\n")), "nested 100 levels deep"},
		{write("hex.toml", []byte("[bins]\nbins = 0x10\n")), "plain decimal here (such as 16, 0.5 or 1e6), got 0x10"},
		{write("octal.toml", []byte("[bins]\nbins = 0o10\n")), "got 0o10"},
		{write("binary.toml", []byte("[bins]\nbins = 0b10\n")), "got 0b10"},
		{write("under.toml", []byte("[bins]\nballs = 1_000\n")), "got 1_000"},
		{write("inf.toml", []byte("[bins]\nhot = inf\n")), "got inf"},
		{write("nan.toml", []byte("[bins]\nhot = -nan\n")), "got -nan"},
		{write("case.json", []byte(`{"BINS": {"BINS": 5}}`)), `unknown field "BINS"`},
		{write("case2.json", []byte(`{"bins": {"bins": 5, "Bins": 6}}`)), `unknown field "bins.Bins"`},
	}
	for _, c := range cases {
		code, out, errs := runArgs(t, "run", "--scenario-file", c.path)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("%s: exit %d stderr %q; want exit 2, one line saying %q", c.path, code, errs, c.says)
		}
	}
}

// fifo makes a named pipe: opening it would wait for a writer forever.
func fifo(t *testing.T, dir string) string {
	p := filepath.Join(dir, "pipe.toml")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A report whose reader stops reading (a pipe into a pager) does not hold
// ctrl+c, and stdout gets the report whole or not at all: ctrl+c before the
// first byte writes nothing; ctrl+c once bytes went out lets the rest go
// out too, says so at once on stderr, and the report ends whole. The test
// waits on events, not on the clock; each run makes its own writer.
func TestCtrlCWhileTheReaderStalls(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stall := &stallingWriter{blocked: make(chan struct{}), release: make(chan struct{})}
	var stderr syncBuffer
	done := make(chan error, 1)
	report := make([]byte, 3*reportChunk+7)
	go func() { done <- writeReportWithin(ctx, stall, &stderr, report, time.Minute) }()
	<-stall.blocked
	cancel()
	for !strings.Contains(stderr.String(), "finishing it") { // said at once, while the reader still stalls
		runtime.Gosched()
	}
	close(stall.release)
	err := <-done
	if !errors.Is(err, errInterrupted) || !strings.Contains(err.Error(), "finished whole") || stall.total.Load() != int64(len(report)) {
		t.Errorf("got %v, %d of %d bytes written", err, stall.total.Load(), len(report))
	}
	// A reader that takes no more: the report is cut after the grace, at
	// the point the message states.
	stuck := &stallingWriter{blocked: make(chan struct{}), release: make(chan struct{})}
	ctx2, cancel2 := context.WithCancel(context.Background())
	done2 := make(chan error, 1)
	go func() { done2 <- writeReportWithin(ctx2, stuck, &stderr, report, 50*time.Millisecond) }()
	<-stuck.blocked
	cancel2()
	if err := <-done2; !errors.Is(err, errInterrupted) || !strings.Contains(err.Error(), "cut short after 4.1 KB of 12.3 KB") || stuck.total.Load() != reportChunk {
		t.Errorf("a reader that takes no more: %v, %d bytes taken", err, stuck.total.Load())
	}
	close(stuck.release)
	// ctrl+c before the first byte: nothing at all.
	quiet := &stallingWriter{blocked: make(chan struct{}), release: make(chan struct{})}
	if err := writeReport(ctx, quiet, &stderr, report); !strings.Contains(fmt.Sprint(err), "no output written") || quiet.total.Load() != 0 {
		t.Errorf("ctrl+c before writing: %v, %d bytes", err, quiet.total.Load())
	}
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// stallingWriter takes one chunk, then blocks like a full pipe until
// release is closed; blocked is closed when the second write arrives.
// total counts the bytes taken.
type stallingWriter struct {
	writes           atomic.Int32
	total            atomic.Int64
	blocked, release chan struct{}
}

func (w *stallingWriter) Write(p []byte) (int, error) {
	switch w.writes.Add(1) {
	case 1:
	case 2:
		close(w.blocked)
		<-w.release
	default:
		<-w.release
	}
	w.total.Add(int64(len(p)))
	return len(p), nil
}

// Decimal integers only; --counterexamples 0 agrees with itself.
func TestInputHardening(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ args []string }{
		{[]string{"run", "bins", "--bins", "0x10"}},
		{[]string{"run", "bins", "--seed", "0x10"}},
		{[]string{"run", "bins", "--strategies", "dchoice:2,dchoice:02"}},
		{[]string{"run", "bins", "--strategies", "one,,two"}},
	} {
		if code, _, _ := runArgs(t, c.args...); code != 2 {
			t.Errorf("loadlab %s: exit %d, want 2", strings.Join(c.args, " "), code)
		}
	}
	r := runJSON(t, "run", "bins", "--bins", "010", "--balls", "8")
	if r.Bins != 10 {
		t.Errorf("--bins 010 read as %d, want 10 (decimal)", r.Bins)
	}
	e, _ := enumJSONOut(t, "enum", "--counterexamples", "0")
	if e.First == nil || e.TwoVsOne.Worse != 96 {
		t.Errorf("--counterexamples 0: first %v, worse %d; the first counterexample is always given", e.First, e.TwoVsOne.Worse)
	}
	_, text, _ := runArgs(t, "enum", "--counterexamples", "0")
	if strings.Contains(text, "no input where two choices end worse") || !strings.Contains(text, "96 counterexamples in all; 0 listed") {
		t.Errorf("--counterexamples 0 text:\n%s", text)
	}
	if code, _, errs := runArgs(t, "run", "bins", "--bins", "1", "--balls", "1"); code != 0 {
		t.Errorf("one bin with the default d (unused by one and two): exit %d %s", code, errs)
	}
}

// interruptAfter runs loadlab with args, sends it SIGINT after d, and
// returns its exit code, output and how long it took to stop.
func interruptAfter(t *testing.T, d time.Duration, args ...string) (int, string, time.Duration) {
	t.Helper()
	code, out, _, took := interruptAfterSaying(t, d, args...)
	return code, out, took
}

// interruptAfterSaying is interruptAfter with what the run said on stderr.
func interruptAfterSaying(t *testing.T, d time.Duration, args ...string) (code int, out, errs string, took time.Duration) {
	t.Helper()
	type result struct {
		code      int
		out, errs string
	}
	// A second listener, so that a signal that arrives after the run has
	// ended cannot end the test binary.
	guard := make(chan os.Signal, 1)
	signal.Notify(guard, os.Interrupt)
	defer signal.Stop(guard)
	done := make(chan result)
	go func() {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		done <- result{code, out.String(), errb.String()}
	}()
	time.Sleep(d)
	sent := time.Now()
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case r := <-done:
		return r.code, r.out, r.errs, time.Since(sent)
	case <-time.After(hangGuard):
		t.Fatalf("loadlab %s ignored ctrl+c for %v", strings.Join(args, " "), hangGuard)
		return 0, "", "", 0
	}
}

// ctrl+c stops every long phase with exit 130 and nothing on stdout: a
// sequential stream, stale copies of many bins, enumeration, the DP, the
// building of a large report, and a retry storm's millions of retries. With LOADLAB_TIMED=1 (an idle machine,
// no -race) each must also stop within half a second.
func TestCtrlCStopsEveryPhase(t *testing.T) {
	costcheck.Long(t)
	if testing.Short() {
		t.Skip("starts runs of several seconds")
	}
	const within = 500 * time.Millisecond
	timed := os.Getenv("LOADLAB_TIMED") == "1"
	for _, args := range [][]string{
		{"run", "bins", "--stream", "sequential", "--balls", "200000000", "--strategies", "dchoice:8,one"},
		{"run", "bins", "--bins", "5000000", "--balls", "3000", "--strategies", "stale:1"},
		{"enum", "--bins", "2", "--balls", "15"},
		{"enum", "--method", "dp", "--bins", "48", "--balls", "48"},
		{"run", "bins", "--bins", "2", "--balls", "1", "--trials", "200000", "--strategies", allSeven, "--format", "json"},
		{"run", "retry-storm", "--clients", "2000000", "--retries", "20", "--format", "csv"}, // its retries' array: cleared, it was seconds deaf
	} {
		code, out, took := interruptAfter(t, 300*time.Millisecond, args...)
		if code != exitInterrupted || out != "" || (timed && took > within) {
			t.Errorf("loadlab %s: exit %d, %d bytes out, stopped %v after ctrl+c; want 130, nothing, under %v",
				strings.Join(args, " "), code, len(out), took, within)
		}
	}
}

// A run refused for its cost names the file's field beside the flag when
// a scenario file is in use: the value may come from either.
func TestOverLimitNamesTheFileField(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "big.toml")
	if err := os.WriteFile(p, []byte("[bins]\nbins = 4096\nballs = 2000000000\nstrategies = \"dchoice:4096\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runArgs(t, "run", "--scenario-file", p)
	if code != 2 || !strings.Contains(errs, "--balls (bins.balls in the file)") {
		t.Errorf("exit %d: %s", code, errs)
	}
}
