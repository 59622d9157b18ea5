package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
)

// progress draws "37% done" on stderr when it is a terminal, at most ten
// times a second.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	fraction float64
	last     time.Time
	shown    bool
	terminal bool
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, last: time.Now()}
	if f, ok := w.(*os.File); ok {
		p.terminal = term.IsTerminal(f.Fd())
	}
	return p
}

func (p *progress) update(fraction float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fraction = max(p.fraction, fraction)
	if !p.terminal || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	p.shown = true
	fmt.Fprintf(p.w, "\r%3.0f%% done  (ctrl+c stops)", 100*p.fraction)
}

func (p *progress) done() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fraction
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
