package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/internal/gate"
	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
)

// sweepPlan is a checked sweep command line: what to run and how.
type sweepPlan struct {
	// title is a sweep scenario's, "" for a sweep typed in full.
	title          string
	base           scenarios.Scenario
	adaptor        adaptor
	spec           scenarios.Spec
	varies         []sweep.Vary
	points         []sweep.GridPoint
	first          int64
	seeds, workers int
	seeded         bool
	format         string
}

// prepareSweep reads and checks a sweep's command line: the engine or
// scenario, its flags, the fields varied, the seeds and the work, every
// point checked as loadlab run would check it.
func prepareSweep(args []string) (plan sweepPlan, err error) {
	args, named := sweepScenario(args)
	varyArgs, rest, err := takeVary(args)
	if err != nil {
		return plan, err
	}
	target, file, err := flags.ScanArgs(rest, boolFlagNames())
	if err != nil {
		return plan, err
	}
	if target == "" && file == "" && slices.ContainsFunc(rest, flags.IsHelpFlag) {
		return plan, flags.HelpRequest{Topic: "sweep"}
	}
	if target == "" && file == "" {
		return plan, flags.Usagef("sweep needs an engine (%s) or a scenario, and --vary FIELD=VALUES", strings.Join(engineNames(), ", "))
	}
	base, err := baseScenario(target, file)
	if err != nil {
		return plan, err
	}
	return planSweep(base, named, varyArgs, rest)
}

// planSweep checks a sweep over base: rest its flags (and base's name,
// if given), varyArgs the fields varied; named is a sweep scenario's
// title or "".
func planSweep(base scenarios.Scenario, named string, varyArgs, rest []string) (plan sweepPlan, err error) {
	var file string
	a, ok := adaptorFor(base.Engine())
	if !ok {
		return plan, flags.Usagef("the %s engine has no headless run", base.Engine())
	}
	fs, specOf := flags.For(base.Spec, "sweep "+base.Engine())
	format, workers, seeds := "text", runtime.GOMAXPROCS(0), 0
	fs.Text(&format, "format", "text, json or csv", "the report's form")
	fs.Int(&workers, "workers", 1, math.MaxInt, "goroutines sharing the runs, at most one a core (the result does not depend on it)")
	fs.Text(&file, "scenario-file", "a file name", "a TOML or JSON scenario file to start from")
	var maxMemory float64
	fs.Value(sizeValue{&maxMemory}, "max-memory", maxMemoryAccepts(), "the memory the sweep may use")
	seeded := fs.Lookup("seed") != nil
	if seeded {
		fs.Int(&seeds, "seeds", 1, engine.MaxSeeds, "seeds a point runs on, from --seed")
	}
	if _, err := flags.Parse(fs, rest, "sweep"); err != nil {
		return plan, err
	}
	if !slices.Contains(formatOrder, format) {
		return plan, flags.Usagef("--format must be text, json or csv, got %q", format)
	}
	spec := specOf()
	if err := spec.Validate(); err != nil {
		return plan, flags.UsageError{Msg: flags.Named(err)}
	}
	if len(varyArgs) == 0 {
		return plan, flags.Usagef("sweep needs --vary FIELD=VALUES: a flag of %s and its values, such as --vary bins=16..65536x4", base.Engine())
	}
	varies, err := sweep.ParseVaries(varyArgs, spec)
	if err != nil {
		return plan, err
	}
	for _, v := range varies {
		for _, g := range fs.Given() {
			if name, _, _ := strings.Cut(g, " "); name == "--"+v.Field || strings.HasPrefix(g, "--"+v.Field+"=") {
				return plan, flags.Usagef("--%s is varied (--vary %s=...) and given as a flag too: give its values in --vary only", v.Field, v.Field)
			}
		}
	}
	seeds = max(seeds, 1)
	points, err := sweep.Grid(spec, varies)
	if err != nil {
		return plan, err
	}
	if len(points)*seeds > sweep.MaxRuns {
		return plan, flags.Usagef("the sweep would be %d runs (%d points x %d seeds), over the limit of %d: vary fewer values or lower --seeds", len(points)*seeds, len(points), seeds, sweep.MaxRuns)
	}
	var first int64
	if seeded {
		first, _ = strconv.ParseInt(fs.Current("seed"), 10, 64)
		for _, p := range points {
			if err := gate.SeedsFit(first, seeds, engine.StrideOf(p.Spec)); err != nil {
				return plan, flags.UsageError{Msg: err.Error()}
			}
		}
	}
	if err := sweepFits(a, points, seeds, workers, limits(maxMemory)); err != nil {
		return plan, err
	}
	return sweepPlan{title: named, base: base, adaptor: a, spec: spec, varies: varies, points: points, first: first, seeds: seeds, workers: workers, seeded: seeded, format: format}, nil
}

// sweepScenario expands a sweep scenario's name among args into its base,
// its flags, its fields varied and its seeds, before the rest (which win
// over them); named is its title, "" where args name none.
func sweepScenario(args []string) (out []string, named string) {
	given := func(flag string) bool { // the user gives it: theirs wins
		return slices.ContainsFunc(args, func(a string) bool { return a == flag || strings.HasPrefix(a, flag+"=") })
	}
	varied := func(field string) bool {
		for i, a := range args {
			v, ok := strings.CutPrefix(a, "--vary=")
			if !ok && a == "--vary" && i+1 < len(args) {
				v, ok = args[i+1], true
			}
			if ok && strings.HasPrefix(v, field+"=") {
				return true
			}
		}
		return false
	}
	for i, a := range args {
		sc, ok := scenarios.LookupSweep(a)
		if !ok {
			continue
		}
		out = append(out, sc.Base)
		for j := 0; j+1 < len(sc.Flags); j += 2 {
			if !given(sc.Flags[j]) && !varied(strings.TrimPrefix(sc.Flags[j], "--")) {
				out = append(out, sc.Flags[j], sc.Flags[j+1])
			}
		}
		for _, v := range sc.Vary {
			if field, _, _ := strings.Cut(v, "="); !varied(field) && !given("--"+field) {
				out = append(out, "--vary", v)
			}
		}
		if !given("--seeds") {
			out = append(out, "--seeds", strconv.Itoa(sc.Seeds))
		}
		return append(append(out, args[:i]...), args[i+1:]...), sc.Title
	}
	return args, ""
}

// sweepCommand is "loadlab sweep ENGINE|SCENARIO --vary FIELD=VALUES
// [--vary ...] [flags] [--seeds N] [--workers N] [--format text|json|csv]".
func sweepCommand(args []string, stdout, stderr io.Writer) error {
	p, err := prepareSweep(args)
	if err != nil {
		return err
	}
	base, points, varies, first, seeds, workers, seeded, format, a := p.base, p.points, p.varies, p.first, p.seeds, p.workers, p.seeded, p.format, p.adaptor
	return withInterrupt(func(ctx context.Context) error {
		progress := newProgress(stderr)
		rep, err := sweep.Run(ctx, points, varies, first, seeds, workers, seeded, a.runner(), progress.update)
		progress.finish()
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%w: no output written (stopped at %.0f%%)", errInterrupted, 100*progress.done())
			}
			return err
		}
		rep.Engine, rep.Title = base.Engine(), p.title
		var b strings.Builder
		switch format {
		case "json":
			err = writeJSON(&b, rep)
		case "csv":
			err = writeSweepCSV(&b, rep)
		default:
			err = writeSweepText(&b, rep)
		}
		if err != nil {
			return err
		}
		return writeReport(ctx, stdout, stderr, []byte(b.String()))
	})
}

// takeVary takes every --vary (and --vary=) out of args.
func takeVary(args []string) (varies, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--vary" || a == "-vary":
			if i+1 >= len(args) {
				return nil, nil, flags.Usagef("--vary needs a value: FIELD=VALUES, such as bins=16,64,256")
			}
			varies = append(varies, args[i+1])
			i++
		case strings.HasPrefix(a, "--vary=") || strings.HasPrefix(a, "-vary="):
			varies = append(varies, a[strings.Index(a, "=")+1:])
		default:
			rest = append(rest, a)
		}
	}
	return varies, rest, nil
}

// sweepFits refuses a sweep whose work or memory is over a run's limits:
// its runs' work shared by the goroutines that will run them, and its
// costliest run's memory held by each of them at once.
func sweepFits(a adaptor, points []sweep.GridPoint, seeds, workers int, lim engine.Limits) error {
	runs := len(points) * seeds
	g := engine.Goroutines(workers, runs)
	work, peak := 0.0, engine.Cost{}
	for _, p := range points {
		c := a.estimate(p.Spec)
		work += c.Seconds * float64(seeds)
		if !(c.Bytes <= peak.Bytes) {
			peak = c
		}
	}
	if !(work/float64(g) <= lim.Seconds) {
		more := ""
		if g < runtime.GOMAXPROCS(0) {
			more = ", or add --workers"
		}
		return flags.Usagef("the sweep would take about %s on %s, over the limit of %s: vary fewer values or lower --seeds%s",
			engine.Duration(work/float64(g)), engine.Count(g, "core"), engine.Duration(lim.Seconds), more)
	}
	mem := engine.Cost{Bytes: peak.Bytes * float64(g), MemoryLevers: peak.MemoryLevers}
	if g > 1 {
		mem.MemoryLevers = append(append([]string(nil), peak.MemoryLevers...), "workers")
	}
	if over, ok := engine.AsOverLimit(mem.Check(engine.Limits{Bytes: lim.Bytes})); ok {
		over.Of = fmt.Sprintf("the sweep (its largest point on %s at once)", engine.Count(g, "goroutine"))
		return flags.UsageError{Msg: engine.Named(over, flagName)}
	}
	return nil
}
