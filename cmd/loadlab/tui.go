package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui"
)

// tuiCommand is "loadlab tui [ENGINE|SCENARIO] [flags] [--scenario-file
// F] [--theme NAME] [--play]", the flags before or after the name. An
// engine's flags open exactly the config loadlab run would run with the
// same arguments: the same parser, checks and messages, before the
// screen opens.
func tuiCommand(args []string) error {
	if len(args) > 0 && args[0] == "sweep" {
		return tuiSweep(args[1:])
	}
	bools := maps.Clone(boolFlagNames()) // the shared set, with the TUI's own
	bools["play"] = true
	target, file, err := flags.ScanArgs(args, bools)
	if err != nil {
		return err
	}
	if target == "tui" { // loadlab --theme mono tui NAME: a flag before the command
		i := slices.Index(args, "tui")
		args = append(args[:i:i], args[i+1:]...)
		if target, file, err = flags.ScanArgs(args, bools); err != nil {
			return err
		}
	}
	if slices.Contains(commandNames(), target) {
		return flags.Usagef("%q is a command: flags follow it (loadlab %s ...); --theme belongs to loadlab tui", target, target)
	}
	opts := tui.Options{DropKeyFloods: true}
	var fs *flags.Set
	var spec func() scenarios.Spec
	var base scenarios.Scenario
	if target == "" && file == "" {
		fs = flags.NewSet("tui")
	} else {
		if base, err = baseScenario(target, file); err != nil {
			return err
		}
		fs, spec = flags.For(base.Spec, "tui "+base.Engine())
	}
	fs.Text(&opts.Theme, "theme", "dark, light, contrast or mono", "the colours")
	fs.Bool(&opts.Play, "play", "open playing (a scenario opens paused at its first step)")
	fs.Text(&file, "scenario-file", "a TOML or JSON scenario file", "a scenario file to start from")
	positional, err := flags.Parse(fs, args, "tui")
	if err != nil {
		return err
	}
	if len(positional) > 1 {
		return flags.Usagef("tui takes one engine or scenario name, got also %q", positional[1])
	}
	if spec == nil {
		return runTUI(opts)
	}
	s := spec()
	if err := s.Validate(); err != nil {
		return flags.UsageError{Msg: engineNamed(err)}
	}
	if err := fs.OutOfRange(flagName); err != nil {
		return err
	}
	if err := flags.Idle(fs, s, flagName); err != nil {
		return err
	}
	var given []string
	for _, g := range fs.Given() {
		if !slices.ContainsFunc([]string{"--theme", "--play", "--scenario-file"}, func(p string) bool { return strings.HasPrefix(g, p) }) {
			given = append(given, g)
		}
	}
	if _, isScenario := scenarios.Lookup(target); isScenario && file == "" && len(given) == 0 {
		opts.Scenario = target
		return runTUI(opts)
	}
	sc := yours(base, s, given, file)
	opts.Config = &sc
	return runTUI(opts)
}

// yours is the scenario the TUI opens for a config of the user's: the
// base scenario (or engine) with the spec the flags and the file made,
// its title and lesson saying whose it is.
func yours(base scenarios.Scenario, s scenarios.Spec, given []string, file string) scenarios.Scenario {
	what := strings.Join(given, " ")
	if file != "" {
		what = strings.TrimSpace("--scenario-file " + file + " " + what)
	}
	sc := base
	sc.Spec = s
	if what != "" {
		sc.Title = "your config (" + what + "): " + base.Title // a narrow header keeps what comes before the colon
		lesson := "Your config of " + base.Engine() + ": " + what + "."
		if base.Lesson != "" {
			lesson += " The lesson below is " + base.Name + "'s, for its own config: " + base.Lesson
		}
		sc.Lesson = lesson
	}
	if sc.Lesson == "" {
		sc.Lesson = "The " + base.Engine() + " engine at its defaults: " + base.Title + "."
	}
	return sc
}

// engineNamed is an engine's error with its field named as the flag.
func engineNamed(err error) string { return flags.Named(err) }

func runTUI(opts tui.Options) error {
	opts.Sweep = sweepScreen
	if err := tui.Check(opts); err != nil {
		return flags.UsageError{Msg: err.Error()}
	}
	if !term.IsTerminal(os.Stdout.Fd()) {
		return flags.Usagef("the TUI needs a terminal; for a report without one, use loadlab run (see loadlab help run)")
	}
	var refused tui.OptionsError
	if err := tui.Run(opts); errors.As(err, &refused) {
		return flags.UsageError{Msg: refused.Error()}
	} else {
		return err
	}
}

// tuiSweep is "loadlab tui sweep …": the sweep loadlab sweep would run,
// with the same checks, filled in on screen point by point.
func tuiSweep(args []string) error {
	theme := ""
	var rest []string
	for i := 0; i < len(args); i++ { // --theme is the screen's, not the sweep's
		switch a := args[i]; {
		case a == "--theme" && i+1 < len(args):
			theme, i = args[i+1], i+1
		case strings.HasPrefix(a, "--theme="):
			theme = strings.TrimPrefix(a, "--theme=")
		default:
			rest = append(rest, a)
		}
	}
	opts, err := sweepScreen(nil, rest)
	if err != nil {
		return err
	}
	if !term.IsTerminal(os.Stdout.Fd()) {
		return flags.Usagef("the TUI needs a terminal; for a report without one, use loadlab sweep (see loadlab help sweep)")
	}
	opts.Theme = theme
	return tui.RunSweep(opts)
}

// sweepScreen checks a sweep as loadlab sweep does and gives its screen's
// options: args as loadlab tui sweep takes them, or, over base, a lab's
// prompt's flags and --vary (tui.Options.Sweep).
func sweepScreen(base *scenarios.Scenario, args []string) (tui.SweepOptions, error) {
	var p sweepPlan
	var err error
	if base == nil {
		p, err = prepareSweep(args)
	} else {
		var varyArgs, rest []string
		if varyArgs, rest, err = takeVary(args); err == nil {
			p, err = planSweep(*base, "", varyArgs, rest)
		}
	}
	if err != nil {
		return tui.SweepOptions{}, err
	}
	var fields []string
	for _, v := range p.varies {
		fields = append(fields, v.Field)
	}
	title := fmt.Sprintf("sweep of %s over %s, %d points", p.base.Name, strings.Join(fields, " x "), len(p.points))
	if p.seeds > 1 {
		title += fmt.Sprintf(", %d seeds a point", p.seeds)
	}
	lesson := ""
	if p.title != "" {
		title = p.title
		for _, sw := range scenarios.Sweeps() {
			if sw.Title == p.title {
				lesson = sw.Lesson
			}
		}
	}
	return tui.SweepOptions{Title: title, Lesson: lesson, Engine: p.base.Engine(), Points: p.points, Varies: p.varies, First: p.first, Seeds: p.seeds, Seeded: p.seeded}, nil
}
