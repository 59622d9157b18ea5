package main

import (
	"os"
	"slices"

	"github.com/loadlab/loadlab/internal/flags"

	"github.com/charmbracelet/x/term"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui"
)

// tuiCommand is "loadlab tui [SCENARIO] [--theme NAME] [--play]", the
// flags before or after the name.
func tuiCommand(args []string) error {
	fs := flags.NewSet("tui")
	theme, play := "", false
	fs.Text(&theme, "theme", "dark, light, contrast or mono", "the colours")
	fs.Bool(&play, "play", "open playing (a scenario opens paused at its first step)")
	positional, err := flags.Parse(fs, args, "tui")
	if err != nil {
		return err
	}
	if len(positional) > 0 && positional[0] == "tui" && len(args) > 0 && args[0] != "tui" {
		positional = positional[1:] // loadlab --theme mono tui NAME: the flag before the command
	}
	name := ""
	switch len(positional) {
	case 0:
	case 1:
		name = positional[0]
		if slices.Contains(commandNames(), name) {
			return flags.Usagef("%q is a command: flags follow it (loadlab %s ...); --theme belongs to loadlab tui", name, name)
		}
		if _, ok := scenarios.Lookup(name); !ok {
			return flags.Usagef("unknown scenario %q (see loadlab list)", name)
		}
	default:
		return flags.Usagef("tui takes one scenario name, got also %q", positional[1])
	}
	return runTUI(tui.Options{Scenario: name, Theme: theme, Play: play})
}

func runTUI(opts tui.Options) error {
	if err := tui.Check(opts); err != nil {
		return flags.UsageError{Msg: err.Error()}
	}
	if !term.IsTerminal(os.Stdout.Fd()) {
		return flags.Usagef("the TUI needs a terminal; for a report without one, use loadlab run (see loadlab help run)")
	}
	return tui.Run(opts)
}
