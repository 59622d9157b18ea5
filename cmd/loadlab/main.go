// Command loadlab is a terminal lab for load balancing and failure: it runs
// the TUI, or an engine headless with text, JSON or CSV output.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/loadlab/loadlab/internal/flags"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui"
)

// Exit codes of every command.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
	// exitInterrupted is the shell's code for a run stopped by ctrl+c.
	exitInterrupted = 130
)

// errInterrupted ends a command stopped by ctrl+c, with exit code 130.
var errInterrupted = errors.New("interrupted")

func main() {
	if stdoutClosed() && len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "loadlab: standard output is closed, so the report would be lost: send it to a file (>report.txt), or to >/dev/null to discard it")
		os.Exit(exitUsage)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns its exit code.
func run(args []string, stdout, stderr io.Writer) int {
	err := dispatch(args, stdout, stderr)
	var (
		ue flags.UsageError
		hr flags.HelpRequest
	)
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &hr):
		return run([]string{"help", hr.Topic}, stdout, stderr)
	case errors.Is(err, errInterrupted), errors.Is(err, tui.ErrInterrupted):
		fmt.Fprintln(stderr, "loadlab:", oneLine(err.Error()))
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "loadlab:", oneLine(ue.Msg))
		return exitUsage
	default:
		fmt.Fprintln(stderr, "loadlab:", oneLine(err.Error()))
		return exitFailure
	}
}

// maxMessage is the longest message printed: a decoder may quote a whole
// key or value back.
const maxMessage = 400

// oneLine keeps a message on one line, whatever a name or path in it
// holds, and short.
func oneLine(s string) string {
	s = engine.PlainExponents(strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s))
	if len(s) > maxMessage {
		s = strings.ToValidUTF8(s[:maxMessage], "") + "…"
	}
	return s
}

func dispatch(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return runTUI(tui.Options{DropKeyFloods: true})
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "tui":
		return tuiCommand(rest)
	case "list":
		return listCommand(rest, stdout)
	case "run":
		return runCommand(rest, stdout, stderr)
	case "sweep":
		return sweepCommand(rest, stdout, stderr)
	case "enum":
		return runEngine("enum", "exact", rest, stdout, stderr)
	case "serve":
		return serveCommand(rest, stdout, stderr)
	case "help":
		return helpCommand(rest, stdout)
	case "-h", "--help", "-help":
		return helpCommand(nil, stdout)
	default:
		if strings.HasPrefix(cmd, "-") { // loadlab --theme contrast: the picker
			return tuiCommand(args)
		}
		return flags.Usagef("unknown command %q (commands: %s; see loadlab help)", cmd, strings.Join(commandNames(), " "))
	}
}
