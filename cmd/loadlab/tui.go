package main

import (
	"strings"

	"github.com/loadlab/loadlab/tui"
)

// tuiCommand is "loadlab tui [SCENARIO] [--theme NAME]".
func tuiCommand(args []string) error {
	name := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	fs := newFlagSet("tui")
	theme := fs.String("theme", "", "dark, light, contrast or mono")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("tui takes one scenario name, got also %q", fs.Arg(0))
	}
	if name != "" {
		if err := checkScenarioName(name); err != nil {
			return err
		}
	}
	return runTUI(name, *theme)
}

func runTUI(scenario, theme string) error {
	opts := tui.Options{Scenario: scenario, Theme: theme}
	if err := tui.Check(opts); err != nil {
		return usageError{err.Error()}
	}
	return tui.Run(opts)
}
