package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
)

var errInterrupted = errors.New("interrupted: no output written")

func runHelp() string {
	var b strings.Builder
	b.WriteString("Usage: loadlab run ENGINE|SCENARIO [flags]\n\n")
	b.WriteString("A scenario fixes the engine and its defaults; flags override them.\n\nFlags of run bins:\n")
	fs := newFlagSet("run")
	spec := bins.DefaultSpec()
	bindBinsFlags(fs, &spec)
	fs.String("format", "text", "text, json or csv")
	fs.String("scenario-file", "", "a TOML or JSON scenario file")
	fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines running trials (the result does not depend on it)")
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return b.String()
}

func checkScenarioName(name string) error {
	if _, ok := scenarios.Lookup(name); !ok {
		return usagef("unknown scenario %q (see loadlab list)", name)
	}
	return nil
}

// runCommand is "loadlab run ENGINE|SCENARIO [flags]".
func runCommand(args []string, stdout, stderr io.Writer) error {
	target := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		target, args = args[0], args[1:]
	}
	var flagged bins.Spec
	fs := newFlagSet("run")
	bindBinsFlags(fs, &flagged)
	format := fs.String("format", "text", "")
	file := fs.String("scenario-file", "", "")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q: flags come after the engine or scenario name", fs.Arg(0))
	}
	if *format != "text" && *format != "json" && *format != "csv" {
		return usagef("--format must be text, json or csv, got %q", *format)
	}
	if *workers < 1 {
		return usagef("--workers must be a whole number >= 1, got %d", *workers)
	}
	sc, err := baseScenario(target, *file)
	if err != nil {
		return err
	}
	spec := sc.Bins
	fs.Visit(func(f *flag.Flag) { overlayBinsFlag(&spec, flagged, f.Name) })
	cfg, err := spec.Config()
	if err != nil {
		return usageError{err.Error()}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	progress := newProgress(stderr, cfg.Trials)
	res, err := bins.RunAll(ctx, cfg, *workers, progress.update)
	progress.finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w (stopped after %d of %d trials)", errInterrupted, progress.done(), cfg.Trials)
		}
		return err
	}
	var out bytes.Buffer
	switch *format {
	case "json":
		err = writeJSON(&out, res)
	case "csv":
		err = writeBinsCSV(&out, res)
	default:
		writeBinsText(&out, res)
	}
	if err != nil {
		return err
	}
	_, err = stdout.Write(out.Bytes())
	return err
}

// baseScenario resolves the positional ENGINE|SCENARIO and --scenario-file
// into the scenario that flags then override.
func baseScenario(target, file string) (scenarios.Scenario, error) {
	if file != "" {
		sc, err := loadScenarioFile(file)
		if err != nil {
			return sc, err
		}
		if target != "" && target != string(sc.Engine) {
			return sc, usagef("give either a scenario name or --scenario-file, not both (got %q)", target)
		}
		return sc, nil
	}
	switch target {
	case "":
		return scenarios.Scenario{}, usagef("run needs an engine or a scenario: loadlab run bins, or see loadlab list")
	case string(scenarios.Bins):
		return scenarios.Scenario{Name: "bins", Engine: scenarios.Bins, Bins: bins.DefaultSpec()}, nil
	}
	sc, ok := scenarios.Lookup(target)
	if !ok {
		return sc, usagef("unknown engine or scenario %q (engines: bins; scenarios: see loadlab list)", target)
	}
	return sc, nil
}

// progress draws "trials 37/200" on stderr when it is a terminal, at most
// ten times a second.
type progress struct {
	mu       sync.Mutex
	w        io.Writer
	total    int
	count    int
	last     time.Time
	shown    bool
	terminal bool
}

func newProgress(w io.Writer, total int) *progress {
	p := &progress{w: w, total: total}
	if f, ok := w.(*os.File); ok {
		p.terminal = term.IsTerminal(f.Fd())
	}
	return p
}

func (p *progress) update(done int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.count = max(p.count, done)
	if !p.terminal || time.Since(p.last) < 100*time.Millisecond {
		return
	}
	p.last = time.Now()
	p.shown = true
	fmt.Fprintf(p.w, "\rtrials %d/%d (%.0f%%)  ctrl+c stops", p.count, p.total, 100*float64(p.count)/float64(p.total))
}

func (p *progress) done() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.count
}

func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
