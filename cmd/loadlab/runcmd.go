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
	spec := bins.DefaultSpec()
	fs := runFlags(&spec, &runRequest{})
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

// runRequest is a parsed and validated "loadlab run" command line.
type runRequest struct {
	cfg     bins.Config
	format  string
	workers int
	file    string
}

// runFlags declares the flags of "loadlab run bins" over spec.
func runFlags(spec *bins.Spec, r *runRequest) *flag.FlagSet {
	fs := newFlagSet("run")
	bindBinsFlags(fs, spec)
	fs.StringVar(&r.format, "format", "text", "text, json or csv")
	fs.StringVar(&r.file, "scenario-file", "", "a TOML or JSON scenario file")
	fs.IntVar(&r.workers, "workers", runtime.GOMAXPROCS(0), "goroutines running trials (the result does not depend on it)")
	return fs
}

// parseRunArgs turns the arguments of "loadlab run" into a request; every
// problem is a usage error. The flags are read twice: once to find the
// scenario file and check their syntax, then over the base scenario so
// that the flags given override it.
func parseRunArgs(args []string) (runRequest, error) {
	target := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		target, args = args[0], args[1:]
	}
	var r runRequest
	var probe bins.Spec
	fs := runFlags(&probe, &r)
	if err := parseFlags(fs, args); err != nil {
		return r, err
	}
	if fs.NArg() > 0 {
		return r, usagef("unexpected argument %q: flags come after the engine or scenario name", fs.Arg(0))
	}
	if r.format != "text" && r.format != "json" && r.format != "csv" {
		return r, usagef("--format must be text, json or csv, got %q", r.format)
	}
	if r.workers < 1 {
		return r, usagef("--workers must be a whole number >= 1, got %d", r.workers)
	}
	sc, err := baseScenario(target, r.file)
	if err != nil {
		return r, err
	}
	spec := sc.Bins
	if err := parseFlags(runFlags(&spec, &r), args); err != nil {
		return r, err
	}
	if r.cfg, err = spec.Config(); err != nil {
		return r, usageError{err.Error()}
	}
	return r, nil
}

// runCommand is "loadlab run ENGINE|SCENARIO [flags]". The whole report is
// built before anything is written, so a failed or interrupted run leaves
// no partial output.
func runCommand(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		if sc, ok := scenarios.Lookup(args[0]); ok && sc.Engine == scenarios.Enum {
			return enumCommand(args[1:], sc.Enum, stdout)
		}
	}
	req, err := parseRunArgs(args)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	progress := newProgress(stderr)
	res, err := bins.RunAll(ctx, req.cfg, req.workers, progress.update)
	progress.finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w (stopped at %.0f%%)", errInterrupted, 100*progress.done())
		}
		return err
	}
	var out bytes.Buffer
	switch req.format {
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
		if sc.Engine == scenarios.Enum {
			return sc, usagef("--scenario-file %s is an enumeration: run it with loadlab enum --scenario-file", file)
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

// progress draws "37% of 819,200 placements" on stderr when it is a
// terminal, at most ten times a second.
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
