// Command loadlab is a terminal lab for load balancing and failure: it runs
// the TUI, or an engine headless with text, JSON or CSV output.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/loadlab/loadlab/sim/bins"
)

// Exit codes of every command.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
	// exitInterrupted is the shell's code for a run stopped by ctrl+c.
	exitInterrupted = 130
)

// usageError is bad input: a flag, an argument or a configuration field out
// of range. It ends the command with exit code 2 and its one-line message.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

const usageText = `loadlab: a terminal lab for load balancing and failure

Usage:
  loadlab                          open the TUI on the scenario picker
  loadlab tui [SCENARIO] [--theme dark|light|contrast|mono]
                                   open the TUI on a scenario
  loadlab list [--format json]     list the scenarios
  loadlab run ENGINE|SCENARIO [flags] [--format text|json|csv]
  loadlab enum [--bins N --balls M] [--method brute|dp] [--refresh R]
               [--counterexamples K] [--d D] [--format text|json]
                                   exact enumeration of small cases
  loadlab help run|enum            the flags of run or enum

Engines: bins (run), enum. Run "loadlab list" for the scenarios.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns its exit code.
func run(args []string, stdout, stderr io.Writer) int {
	err := dispatch(args, stdout, stderr)
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(stderr, "loadlab:", err)
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "loadlab:", ue.msg)
		return exitUsage
	default:
		fmt.Fprintln(stderr, "loadlab:", err)
		return exitFailure
	}
}

func dispatch(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return runTUI("", "")
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "tui":
		return tuiCommand(rest)
	case "list":
		return listCommand(rest, stdout)
	case "run":
		return runCommand(rest, stdout, stderr)
	case "enum":
		return enumCommand(rest, bins.DefaultExactSpec(), stdout)
	case "help", "-h", "--help", "-help":
		if len(rest) > 0 && rest[0] == "run" {
			fmt.Fprint(stdout, runHelp())
			return nil
		}
		if len(rest) > 0 && rest[0] == "enum" {
			fmt.Fprint(stdout, enumHelp())
			return nil
		}
		fmt.Fprint(stdout, usageText)
		return nil
	default:
		return usagef("unknown command %q (commands: tui list run enum help)", cmd)
	}
}
