package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/loadlab/loadlab/scenarios"
)

func listCommand(args []string, stdout io.Writer) error {
	fs := newFlagSet("list")
	format := fs.String("format", "text", "text or json")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("list takes no arguments, got %q", fs.Arg(0))
	}
	type entry struct {
		Name   string `json:"name"`
		Engine string `json:"engine"`
		Title  string `json:"title"`
	}
	var entries []entry
	for _, s := range scenarios.All() {
		entries = append(entries, entry{s.Name, string(s.Engine), s.Title})
	}
	switch *format {
	case "json":
		out, _ := json.MarshalIndent(entries, "", "  ")
		_, err := fmt.Fprintln(stdout, string(out))
		return err
	case "text":
		tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "SCENARIO\tENGINE\tTITLE")
		for _, e := range entries {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", e.Name, e.Engine, e.Title)
		}
		return tw.Flush()
	default:
		return usagef("--format must be text or json for list, got %q", *format)
	}
}

// newFlagSet returns a flag set that reports errors to us instead of
// printing its own usage.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parseFlags parses args and turns the flag package's errors into one-line
// usage errors that name the flag and, where known, its allowed range.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return usagef("see \"loadlab help run\" for the flags")
		}
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
			return usagef("--%s is not a flag of %s (see loadlab help %s)", name, fs.Name(), fs.Name())
		}
		fs.VisitAll(func(f *flag.Flag) {
			if hint, ok := flagRanges[f.Name]; ok && containsFlag(msg, f.Name) {
				msg = fmt.Sprintf("--%s must be %s (%s)", f.Name, hint, msg)
			}
		})
		return usageError{msg}
	}
	return nil
}

func containsFlag(msg, name string) bool {
	return strings.Contains(msg, "flag -"+name+":")
}
