package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/internal/gate"
	"github.com/loadlab/loadlab/internal/sweep"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// adaptors are the engines on the command line, one file each, which
// registers its engine; an engine that is not here cannot be run
// headless.
var adaptors []adaptor

// register adds an engine's adaptor to the command line's: each adaptor
// file's init registers its own.
func register(a adaptor) { adaptors = append(adaptors, a) }

// adaptor is one engine on the command line: its flags and their ranges,
// its run, and its writers. engineCLI implements it for each engine's
// spec and result types.
type adaptor interface {
	engine() string
	// prepare parses args over the base spec and returns the run that
	// writes the result; every problem with the input is found here.
	prepare(topic string, args []string, base scenarios.Spec) (prepared, error)
	// help is the text of "loadlab help ENGINE".
	help(topic string) string
	boolFlags() []string
	// fromFile sets the fields a scenario file's table names over base.
	fromFile(base scenarios.Spec, table map[string]any) (scenarios.Spec, error)
	// estimate is what a run of a spec of the engine to its headline
	// figures (its Figures) costs on one core.
	estimate(spec scenarios.Spec) engine.Cost
	// runner is the engine's runs over seeds at once where it has them,
	// for sweeps and --seeds.
	runner() sweep.Runner
}

func adaptorFor(engineName string) (adaptor, bool) {
	i := slices.IndexFunc(adaptors, func(a adaptor) bool { return a.engine() == engineName })
	if i < 0 {
		return nil, false
	}
	return adaptors[i], true
}

// prepared is a checked command line: its run, and what the run is
// estimated to cost.
type prepared struct {
	run      func(ctx context.Context, stdout, stderr io.Writer) error
	estimate engine.Cost
}

// runEnv is what every run gets besides its spec.
type runEnv struct {
	workers  int
	progress func(fraction float64)
	// keepAll asks for every trial, as the JSON and CSV reports list them.
	keepAll bool
	// format is the report's: text, json or csv.
	format string
}

// formatOrder is the order formats are offered in.
var formatOrder = []string{"text", "json", "csv"}

// engineCLI is an engine's adaptor over its spec type S and result type R.
type engineCLI[S scenarios.Spec, R any] struct {
	// about is the help's paragraph on what the engine computes.
	about string
	run   func(ctx context.Context, s S, env runEnv) (R, error)
	// cost estimates the run before it starts.
	cost func(s S, env runEnv) engine.Cost
	// writers by format name: text, json, csv; the JSON report carries the
	// estimate.
	writers map[string]func(ctx context.Context, w io.Writer, r R, estimate engine.Cost) error
	// seeds, when set, runs s on n consecutive seeds from its own at once
	// on one core, each run's headline as figures would give it
	// (sweep.Runner.Seeds).
	seeds func(ctx context.Context, s S, n int) ([][]engine.Figure, error)
	// headlines is how many headline figures a run of s gives, for the
	// size of a --seeds report; nil is eight.
	headlines func(s S) int
}

// options are the flags every engine shares.
type options struct {
	format    string
	workers   int
	file      string
	maxMemory float64
	// seeds, above 0, runs the config on that many seeds from its own and
	// reports each headline figure's spread (seeds.go).
	seeds int
}

func (o options) env() runEnv {
	return runEnv{workers: o.workers, keepAll: o.format != "text", format: o.format}
}

// engine is the engine's name, as its spec says it.
func (c *engineCLI[S, R]) engine() string {
	var s S
	return s.Engine()
}

func (c *engineCLI[S, R]) formats() []string {
	var out []string
	for _, f := range formatOrder {
		if c.writers[f] != nil {
			out = append(out, f)
		}
	}
	return out
}

// flagSet declares the engine's flags over spec and the shared ones over o.
func (c *engineCLI[S, R]) flagSet(spec *S, o *options) *flags.Set {
	fs := flags.NewSet("run " + c.engine())
	flags.Declare(fs, spec)
	c.bindShared(fs, o)
	return fs
}

// bindShared declares the flags every engine has over o.
func (c *engineCLI[S, R]) bindShared(fs *flags.Set, o *options) {
	o.format, o.workers = "text", runtime.GOMAXPROCS(0)
	fs.Text(&o.format, "format", flags.QuoteList(c.formats()), "the report's form")
	fs.Int(&o.workers, "workers", 1, math.MaxInt, "goroutines sharing the work, at most one a core (the result does not depend on it)")
	fs.Text(&o.file, "scenario-file", "a file name", "a TOML or JSON scenario file to start from; flags still win over it")
	fs.Value(sizeValue{&o.maxMemory}, "max-memory", maxMemoryAccepts(), "the memory a run may use")
	if c.seeded() {
		fs.Int(&o.seeds, "seeds", 0, engine.MaxSeeds, "run the config on this many seeds from --seed, on --workers cores, and report each headline figure's mean, median, 5-95 % interval and spread (0: one run)")
	}
}

// seeded reports whether the engine draws random numbers: it has --seed.
func (c *engineCLI[S, R]) seeded() bool {
	var spec S
	fs := flags.NewSet("")
	flags.Declare(fs, &spec)
	return fs.Lookup("seed") != nil
}

func (c *engineCLI[S, R]) boolFlags() []string {
	var spec S
	var names []string
	c.flagSet(&spec, &options{}).VisitAll(func(f *flag.Flag) {
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			names = append(names, f.Name)
		}
	})
	return names
}

func (c *engineCLI[S, R]) help(topic string) string {
	var b strings.Builder
	e, _ := scenarios.LookupEngine(c.engine())
	usage := "loadlab run " + c.engine() + " [flags]"
	if topic != c.engine() {
		usage = "loadlab " + topic + " [flags]   (short for loadlab run " + c.engine() + ")"
	}
	fmt.Fprintf(&b, "Usage: %s\n\n%s: %s.\n%s\n\nFlags:\n", usage, c.engine(), e.Title, c.about)
	fs := flags.NewSet(c.engine())
	c.bindDefault(fs)
	c.bindShared(fs, &options{})
	flags.Print(&b, fs)
	fmt.Fprintf(&b, "\nA scenario of this engine (see loadlab list) can stand for %q: its values become the defaults.\n", c.engine())
	return b.String()
}

// fromFile sets each field the table names over base as its flag would
// take it, then checks the spec as the command line does: a file and the
// command line accept the same values, and a value either refuses gets
// the same words, the field named as engine.field.
func (c *engineCLI[S, R]) fromFile(base scenarios.Spec, table map[string]any) (scenarios.Spec, error) {
	spec, ok := base.(S)
	if !ok {
		return nil, fmt.Errorf("scenario spec %T is not a %s spec", base, c.engine())
	}
	fs := flags.NewSet(c.engine())
	flags.Declare(fs, &spec)
	for _, name := range slices.Sorted(maps.Keys(table)) {
		if err := fs.SetFromFile(c.engine(), name, table[name]); err != nil {
			return nil, err
		}
	}
	field := func(f string) string { return c.engine() + "." + f }
	if err := spec.Validate(); err != nil {
		return nil, errors.New(engine.Named(err, field))
	}
	return spec, fs.OutOfRange(field)
}

// bindDefault declares the engine's flags over its default spec.
func (c *engineCLI[S, R]) bindDefault(fs *flags.Set) {
	e, _ := scenarios.LookupEngine(c.engine())
	spec, _ := e.Default.(S)
	flags.Declare(fs, &spec)
}

// flagName is how the command line names a spec field.
func flagName(field string) string { return "--" + field }

func (c *engineCLI[S, R]) prepare(topic string, args []string, base scenarios.Spec) (prepared, error) {
	spec, ok := base.(S)
	if !ok {
		return prepared{}, fmt.Errorf("scenario spec %T is not a %s spec", base, c.engine())
	}
	var o options
	fs := c.flagSet(&spec, &o)
	positional, err := flags.Parse(fs, args, topic)
	if err != nil {
		return prepared{}, err
	}
	if len(positional) > 1 {
		return prepared{}, flags.Usagef("unexpected argument %q: run takes one engine or scenario name", positional[1])
	}
	if !slices.Contains(c.formats(), o.format) {
		return prepared{}, flags.Usagef("--format must be %s for %s, got %q", flags.QuoteList(c.formats()), c.engine(), o.format)
	}
	if err := spec.Validate(); err != nil {
		return prepared{}, flags.UsageError{Msg: engine.Named(err, flagName)}
	}
	if err := fs.OutOfRange(flagName); err != nil {
		return prepared{}, err
	}
	if err := flags.Idle(fs, spec, flagName); err != nil {
		return prepared{}, err
	}
	estimate := c.cost(spec, o.env())
	if o.seeds > 0 {
		first, _ := strconv.ParseInt(fs.Current("seed"), 10, 64) // checked by the flag
		if err := gate.SeedsFit(first, o.seeds, engine.StrideOf(spec)); err != nil {
			return prepared{}, flags.UsageError{Msg: err.Error()}
		}
		estimate = seedsCost(estimate, o, c.headlineCount(spec))
	}
	lim := limits(o.maxMemory)
	if err := estimate.Check(lim); err != nil {
		lever := flagName
		if o.file != "" { // the value may come from the file: name both
			lever = func(f string) string { return flagName(f) + " (" + c.engine() + "." + f + " in the file)" }
		}
		return prepared{}, flags.UsageError{Msg: engine.Named(err, lever)}
	}
	return prepared{estimate: estimate, run: func(ctx context.Context, stdout, stderr io.Writer) error {
		// The collector keeps the heap near the estimate the run was
		// accepted for, instead of letting it grow to twice what is live.
		soft := min(lim.Bytes, max(1.25*estimate.Bytes, 64e6))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(soft)))
		if o.seeds > 0 {
			return c.overSeeds(ctx, spec, o, stdout, stderr)
		}
		return c.execute(ctx, spec, o, estimate, stdout, stderr)
	}}, nil
}

// execute runs a parsed request. The whole report is built before anything
// is written, so a failed or interrupted run leaves no partial output.
func (c *engineCLI[S, R]) execute(ctx context.Context, spec S, o options, estimate engine.Cost, stdout, stderr io.Writer) error {
	progress := newProgress(stderr)
	env := o.env()
	env.progress = progress.update
	res, err := c.run(ctx, spec, env)
	progress.finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("%w: no output written (stopped at %.0f%%)", errInterrupted, 100*progress.done())
		}
		if _, isField := engine.AsField(err); isField {
			return flags.UsageError{Msg: engine.Named(err, flagName)}
		}
		return err
	}
	// The buffer starts at the report's estimated size, so that a large
	// report is not copied on every doubling (and held twice meanwhile).
	var out bytes.Buffer
	out.Grow(int(min(estimate.OutputBytes, maxOutputBytes)))
	if err := c.writers[o.format](ctx, &out, res, estimate); err != nil || ctx.Err() != nil {
		if ctx.Err() != nil { // ctrl+c while the report was being built
			return fmt.Errorf("%w: no output written (stopped while building the report)", errInterrupted)
		}
		return err
	}
	return writeReport(ctx, stdout, stderr, out.Bytes())
}

// reportChunk is how much of a report goes to stdout in one write: at
// most the size a pipe takes whole or not at all (PIPE_BUF).
const reportChunk = 4096

// reportGrace is how long ctrl+c lets a report that has begun to go out
// finish, so that the process still ends within half a second.
const reportGrace = 400 * time.Millisecond

// writeReport writes a finished report so that stdout gets it whole, or
// not at all, or cut at a point it states. ctrl+c before the first write
// is offered leaves stdout empty, and no write starts after it. Once a
// write is offered, even one still waiting on a full pipe, bytes may reach
// the reader: ctrl+c lets the writing go on for reportGrace (a second
// ctrl+c ends it at once), says on stderr how it ended, and starts no
// write after. The writing runs in a goroutine, so ctrl+c is answered at
// once either way.
func writeReport(ctx context.Context, w, stderr io.Writer, report []byte) error {
	return writeReportWithin(ctx, w, stderr, report, reportGrace)
}

// writeReportWithin is writeReport with the grace given.
func writeReportWithin(ctx context.Context, w, stderr io.Writer, report []byte, grace time.Duration) error {
	var (
		mu      sync.Mutex
		offered bool // a write has been offered: bytes may be out
		stopped bool // no write may start
		written atomic.Int64
	)
	done := make(chan error, 1)
	go func() {
		for i := 0; i < len(report); i += reportChunk {
			mu.Lock()
			if stopped || !offered && ctx.Err() != nil { // ctrl+c came first: nothing goes out
				stopped = true
				mu.Unlock()
				done <- ctx.Err()
				return
			}
			offered = true
			mu.Unlock()
			n, err := w.Write(report[i:min(i+reportChunk, len(report))])
			written.Add(int64(n))
			if err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	total := engine.Size(float64(len(report)))
	select {
	case err := <-done:
		switch {
		case err == nil || ctx.Err() == nil && written.Load() == 0:
			return err
		case written.Load() == 0:
			return fmt.Errorf("%w: no output written (stopped before writing the report)", errInterrupted)
		}
		return fmt.Errorf("the report on stdout is cut short after %s of %s (%w)", engine.Size(float64(written.Load())), total, err)
	case <-ctx.Done():
	}
	again := make(chan os.Signal, 1) // a second ctrl+c cuts the report at once
	signal.Notify(again, os.Interrupt)
	defer signal.Stop(again)
	mu.Lock()
	stopped = !offered
	mu.Unlock()
	if stopped {
		return fmt.Errorf("%w: no output written (stopped before writing the report)", errInterrupted)
	}
	fmt.Fprintf(stderr, "loadlab: ctrl+c while the report was going out (%s of %s taken by stdout): finishing it, so that it is whole\n",
		engine.Size(float64(written.Load())), total)
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("%w: the report on stdout is cut short after %s of %s (%v)", errInterrupted, engine.Size(float64(written.Load())), total, err)
		}
		return fmt.Errorf("%w: the report on stdout was finished whole (%s) after ctrl+c", errInterrupted, total)
	case <-time.After(grace):
	case <-again:
	}
	mu.Lock()
	stopped = true
	mu.Unlock()
	return fmt.Errorf("%w: the report on stdout is cut short after %s of %s, as its reader took no more (a write of at most %s was still waiting on it)",
		errInterrupted, engine.Size(float64(written.Load())), total, engine.Size(reportChunk))
}

// boolFlagNames are the flags of any engine that take no value.
var boolFlagNames = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, a := range adaptors {
		for _, n := range a.boolFlags() {
			m[n] = true
		}
	}
	return m
})

// runCommand is "loadlab run ENGINE|SCENARIO [flags]", flags before or
// after the name.
func runCommand(args []string, stdout, stderr io.Writer) error {
	p, err := prepareRun(args)
	if err != nil {
		return err
	}
	return withInterrupt(func(ctx context.Context) error { return p.run(ctx, stdout, stderr) })
}

// prepareRun resolves and checks "loadlab run" arguments without running.
func prepareRun(args []string) (prepared, error) {
	target, file, err := flags.ScanArgs(args, boolFlagNames())
	if err != nil {
		return prepared{}, err
	}
	if target == "" && file == "" && slices.ContainsFunc(args, flags.IsHelpFlag) {
		return prepared{}, flags.HelpRequest{Topic: "run"}
	}
	base, err := baseScenario(target, file)
	if err != nil {
		return prepared{}, err
	}
	if base.Seeds > 0 && !slices.ContainsFunc(args, func(a string) bool { return a == "--seeds" || strings.HasPrefix(a, "--seeds=") }) {
		args = append(args, "--seeds", strconv.Itoa(base.Seeds)) // the scenario's question is a spread
	}
	return prepare(base.Engine(), base.Engine(), args, base.Spec)
}

// runEngine is a short form of "loadlab run ENGINE": "loadlab enum" is the
// exact engine.
func runEngine(topic, engineName string, args []string, stdout, stderr io.Writer) error {
	target, file, err := flags.ScanArgs(args, boolFlagNames())
	if err != nil {
		return err
	}
	if target != "" {
		return flags.Usagef("%s takes flags only, got %q", topic, target)
	}
	e, _ := scenarios.LookupEngine(engineName)
	base := e.Default
	if file != "" {
		sc, err := loadScenarioFile(file)
		if err != nil {
			return err
		}
		if sc.Engine() != engineName {
			return flags.Usagef("--scenario-file %q is a %s scenario: run it with loadlab run --scenario-file", file, sc.Engine())
		}
		base = sc.Spec
	}
	p, err := prepare(engineName, topic, args, base)
	if err != nil {
		return err
	}
	return withInterrupt(func(ctx context.Context) error { return p.run(ctx, stdout, stderr) })
}

func prepare(engineName, topic string, args []string, base scenarios.Spec) (prepared, error) {
	a, ok := adaptorFor(engineName)
	if !ok {
		return prepared{}, flags.Usagef("the %s engine has no headless run yet", engineName)
	}
	return a.prepare(topic, args, base)
}

// withInterrupt runs f with a context that ctrl+c cancels.
func withInterrupt(f func(ctx context.Context) error) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return f(ctx)
}

// baseScenario resolves the positional ENGINE|SCENARIO and --scenario-file
// into the scenario that flags then override.
func baseScenario(target, file string) (scenarios.Scenario, error) {
	if file != "" {
		sc, err := loadScenarioFile(file)
		if err != nil {
			return sc, err
		}
		if target != "" && target != sc.Engine() {
			return sc, flags.Usagef("give either a scenario name or --scenario-file, not both (got %q; the file is a %s scenario)", target, sc.Engine())
		}
		return sc, nil
	}
	if target == "" {
		return scenarios.Scenario{}, flags.Usagef("run needs an engine (%s) or a scenario (see loadlab list)", strings.Join(engineNames(), ", "))
	}
	if e, ok := scenarios.LookupEngine(target); ok {
		return scenarios.Scenario{Name: e.Name, Title: e.Title, Spec: e.Default}, nil
	}
	sc, ok := scenarios.Lookup(target)
	if !ok {
		return sc, flags.Usagef("unknown engine or scenario %q (engines: %s; scenarios: see loadlab list)", target, strings.Join(engineNames(), ", "))
	}
	return sc, nil
}

func engineNames() []string {
	var out []string
	for _, e := range scenarios.Engines() {
		out = append(out, e.Name)
	}
	return out
}

// reportOf is c with its report's size in format as measured, where the
// engine's model gives one size (its JSON's) for every format and its
// report in format is a table of about that size.
func reportOf(c engine.Cost, format string, measured map[string]float64) engine.Cost {
	if b, ok := measured[format]; ok {
		c.OutputBytes = b
	}
	return c
}

// selfRunning is a spec that runs itself to a report (the casebook's
// paired specs, the cascade's configs).
type selfRunning[R any] interface {
	scenarios.Spec
	Run(ctx context.Context, progress func(float64)) (R, error)
}

// runSpec is an engineCLI's run for a spec that runs itself.
func runSpec[S selfRunning[R], R any](ctx context.Context, s S, env runEnv) (R, error) {
	return s.Run(ctx, env.progress)
}

// costSpec is an engineCLI's cost for a spec that estimates itself by
// output format.
func costSpec[S interface {
	Cost(format string) engine.Cost
}](s S, env runEnv) engine.Cost {
	return s.Cost(env.format)
}
