package main

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fullPipe is a pipe whose buffer is already full: a write to it waits
// until the reader reads. filled is how many bytes fill it.
func fullPipe(t *testing.T) (r, w *os.File, filled int) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fd := int(w.Fd())
	if err := syscall.SetNonblock(fd, true); err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	for {
		n, err := syscall.Write(fd, chunk)
		if n > 0 {
			filled += n
		}
		if err != nil {
			break
		}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		t.Fatal(err)
	}
	return r, w, filled
}

// What an interrupted run says of its report is true when stdout is a
// pipe that is full as the report starts (issue 49's fourth finding: "no
// output written" while the report's first write was waiting, and then
// went out). ctrl+c comes at random moments around the first write; the
// reader drains the pipe only afterwards. Whatever the moment, either
// the run says nothing was written and the reader gets nothing past the
// filler, or it says the report was finished whole and the reader gets
// all of it. (The grace is long here: the reader drains the pipe only
// once the answer is in; TestCtrlCWhileTheReaderStalls tries the cut.)
func TestCtrlCWithAFullPipe(t *testing.T) {
	t.Parallel()
	src := rand.New(rand.NewPCG(49, 4))
	report := []byte(strings.Repeat("a report line\n", 3*reportChunk/14+1))
	for range 40 {
		r, w, filled := fullPipe(t)
		ctx, cancel := context.WithCancel(context.Background())
		var stderr syncBuffer
		done := make(chan error, 1)
		go func() { done <- writeReportWithin(ctx, w, &stderr, report, time.Minute) }()
		time.Sleep(time.Duration(src.IntN(2000)) * time.Microsecond)
		cancel()
		var err error
		for answered := false; !answered; { // nothing offered: done; a write waiting: stderr says so
			select {
			case err = <-done:
				answered = true
			case <-time.After(time.Millisecond):
				answered = strings.Contains(stderr.String(), "finishing it")
			}
		}
		got := make(chan int, 1)
		go func() {
			n, _ := io.Copy(io.Discard, r)
			got <- int(n)
		}()
		if err == nil {
			err = <-done
		}
		w.Close()
		n := <-got - filled
		r.Close()
		switch {
		case !errors.Is(err, errInterrupted):
			t.Fatalf("err %v", err)
		case strings.Contains(err.Error(), "no output written") && n != 0:
			t.Fatalf("said %q, and the reader got %d bytes of the report", err, n)
		case strings.Contains(err.Error(), "finished whole") && n != len(report):
			t.Fatalf("said %q, and the reader got %d of %d bytes", err, n, len(report))
		case !strings.Contains(err.Error(), "no output written") && !strings.Contains(err.Error(), "finished whole"):
			t.Fatalf("said %q", err)
		}
	}
}
