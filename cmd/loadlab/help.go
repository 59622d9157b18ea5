package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/loadlab/loadlab/internal/flags"

	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui/widget"
)

const usageText = `loadlab: a terminal lab for load balancing and failure

Usage:
  loadlab [--theme NAME]           open the TUI on the scenario picker
  loadlab tui [ENGINE|SCENARIO] [flags] [--theme dark|light|contrast|mono]
                                   open the TUI on a scenario, or your config
  loadlab list [--format F]        list the scenarios (text, json or csv)
  loadlab run ENGINE|SCENARIO [flags] [--format text|json|csv]
                                   run an engine headless
  loadlab sweep ENGINE|SCENARIO --vary FIELD=VALUES [--vary ...] [--seeds N]
                                   run a grid of configs, each figure against it
  loadlab enum [flags]             exact enumeration (short for run exact)
  loadlab serve [flags]            serve a class over SSH: each student their own loadlab
  loadlab help TOPIC               help on a command or an engine

Flags may come before or after a name. Engines:
`

// commands are the help topics that are commands, with their help.
var commands = []struct{ name, help string }{
	{"serve", `Usage: loadlab serve [--addr 127.0.0.1:2222] [--host-key FILE] [--lecturer-keys FILE]
                     [--class-code WORD] [--max-sessions 100] [--per-address 20] [--idle 30m] [--theme NAME]

Serves loadlab over SSH until SIGINT or SIGTERM: ssh -p 2222 HOST gives each
student their own loadlab at their own terminal's size, on the picker;
ssh -t -p 2222 HOST follow shows the lecturer's session live (ctrl+b branches
off at the step on screen, ctrl+f follows again; without -t ssh asks for no
terminal, and the session says to add it). The host key is made on the first
start (ed25519, mode 0600) and its fingerprint printed; a host key others may
read is refused. --lecturer-keys is an authorized_keys file of the lecturers'
keys (from= honoured, other options refused); a session is a lecturer's only
if it authenticated with one of them. With --class-code students give it as
their password: a wrong one waits a second, and past five an address is
locked out for longer each time; without it anyone may come in. Only the
screen is served: commands, subsystems, port, agent and X11 forwarding and
environment variables are refused. Terminal sizes are drawn at 500x200 at
most. --max-sessions and --per-address cap the sessions (3 on one connection
at most); a connection without a session closes after 30 s, and these never
keep a session out; a session idle for --idle ends, unless it follows a
lecturer who is here or is the lecturer's that students follow; a session that
crashes ends alone. On SIGINT or SIGTERM every session is told and the server
stops within a second. A non-loopback address must be named (--addr 0.0.0.0:2222 for every network).
`},
	{"tui", `Usage: loadlab tui [ENGINE|SCENARIO] [flags] [--scenario-file F] [--theme dark|light|contrast|mono] [--play]

Opens the TUI on a scenario, or on the picker without one. An engine's
flags, or a scenario file, open exactly the config loadlab run would run
with the same arguments (the same checks and messages, exit 2 before the
screen opens), its title saying it is yours: loadlab tui bins --bins 1000
--strategies one,two,stale:8. NO_COLOR (or --theme mono) draws without
colour; contrast is for projectors; --play opens it playing.
`},
	{"sweep", `Usage: loadlab sweep ENGINE|SCENARIO --vary FIELD=VALUES [--vary ...] [flags] [--seeds N] [--workers N] [--format text|json|csv]

Runs the engine at every point of a grid, on every core, and reports each
headline figure at each point (its mean and 5-95 % over --seeds seeds, for
an engine that draws random numbers), with the engine's theory beside it
where it has one (bins: the fluid limit at each n, and the asymptote,
ln n / ln ln n for one choice while m <= n and m/n + ln ln n / ln d for d;
supermarket: the mean field; hashing: the binomial spread and 1/n;
availability: MTTF / (MTTF + MTTR)), and, where one field varies, a plot of
every figure against it. The named sweeps below open from the picker too.
FIELD is any flag of the engine; VALUES a list (16,64,256), a geometric
range A..BxK (16..65536x4: 16, 64, ... 65536) or an arithmetic one A..B+K;
@OTHER ties a field to another varied one (--vary balls=@bins: m = n).
Every point is checked as loadlab run would check it, before any runs:
  loadlab sweep bins --vary bins=16..65536x4 --balls 1000 --strategies one,two --seeds 50
At most 1000 points and 100,000 runs; the work is estimated and refused
past the limit, as every run is. The report is the same for any --workers.
loadlab tui sweep ... opens the same sweep on screen, filled in point by point.
`},
	{"list", `Usage: loadlab list [--format text|json|csv]

Lists the scenarios: name, engine and title. A scenario name can stand for
its engine in loadlab run and loadlab tui.
`},
	{"run", `Usage: loadlab run ENGINE|SCENARIO [flags] [--format text|json|csv]

Runs an engine headless and writes one report on stdout, only once the run
is whole: ctrl+c stops it (exit 130) and writes nothing. A scenario fixes the
engine and its defaults; flags override them. Flags every engine has:

  --format text|json|csv    the report's form (each engine lists its own)
  --workers N               goroutines sharing the work (the result does not depend on it)
  --scenario-file FILE      a TOML or JSON scenario file to start from
  --seeds N                 an engine that draws random numbers: run the config on N
                            seeds from --seed (at most 1000) and report each headline
                            figure's mean, median, 5-95 % interval, least and most and a
                            histogram (a time or a state: the values it took); the same
                            for any --workers

A scenario file names the engine and a table of that engine's fields, and
may start from a built-in scenario:

  base = "heavy-load-blog"      # optional
  engine = "bins"               # optional when base or a table says it
  [bins]
  balls = 20000

Run "loadlab help ENGINE" for an engine's flags. Exit codes: 0 done, 1 failed,
2 bad input (one line naming the flag and what it accepts), 130 interrupted.
`},
	{"help", `Usage: loadlab help [TOPIC]

Topics: the commands (tui list run enum help) and the engines.
`},
}

func commandNames() []string {
	names := []string{"tui", "list", "run", "sweep", "enum", "serve", "help"}
	return names
}

// helpTopics lists every topic "loadlab help" answers.
func helpTopics() []string {
	return append(commandNames(), engineNames()...)
}

func helpCommand(args []string, stdout io.Writer) error {
	if len(args) > 1 {
		return flags.Usagef("help takes one topic, got %q too (topics: %s)", args[1], strings.Join(helpTopics(), " "))
	}
	if len(args) == 0 {
		var b strings.Builder
		b.WriteString(usageText)
		writeEngines(&b, scenarios.Engines())
		b.WriteString("\nRun \"loadlab list\" for the scenarios and \"loadlab help TOPIC\" for more.\n")
		_, err := io.WriteString(stdout, b.String())
		return err
	}
	topic := args[0]
	for _, c := range commands {
		if c.name == topic {
			text := c.help
			if topic == "sweep" {
				text += "\nNamed sweeps (loadlab sweep NAME, loadlab tui sweep NAME; flags after the name win):\n"
				for _, s := range scenarios.Sweeps() {
					text += fmt.Sprintf("  %-14s %s\n", s.Name, s.Title)
				}
			}
			_, err := io.WriteString(stdout, text)
			return err
		}
	}
	if topic == "enum" {
		_, err := io.WriteString(stdout, exactCLI.help("enum"))
		return err
	}
	if sc, ok := scenarios.Lookup(topic); ok { // a scenario named as its engine: the lesson, then the engine's help
		_, err := io.WriteString(stdout, scenarioHelp(sc))
		return err
	}
	if a, ok := adaptorFor(topic); ok {
		_, err := io.WriteString(stdout, a.help(topic))
		return err
	}
	if _, ok := scenarios.LookupEngine(topic); ok {
		return flags.Usagef("the %s engine has no headless run yet; open it with loadlab tui", topic)
	}
	return flags.Usagef("no help on %q (topics: %s)", topic, strings.Join(helpTopics(), " "))
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// scenarioHelp is "loadlab help SCENARIO": the scenario's title and lesson
// (a casebook scenario's holds its incident's timeline), then its
// engine's help.
func scenarioHelp(sc scenarios.Scenario) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Scenario %s (engine %s): %s.\n\n", sc.Name, sc.Engine(), sc.Title)
	for _, line := range widget.Wrap(sc.Lesson, 80) {
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(&b, "\nRun it with loadlab run %s or open it with loadlab tui %s; its flags are its engine's (below with the engine's defaults; the scenario sets its own values).\n\n", sc.Name, sc.Name)
	if a, ok := adaptorFor(sc.Engine()); ok {
		b.WriteString(a.help(sc.Engine()))
	}
	return b.String()
}

// helpWidth is the width the usage's engine list wraps to.
const helpWidth = 80

// writeEngines lists the engines, names in one column as wide as the
// widest, each title wrapped beside its name to helpWidth columns.
func writeEngines(b *strings.Builder, engines []scenarios.Engine) {
	nameW := 0
	for _, e := range engines {
		nameW = max(nameW, len(e.Name))
	}
	indent := strings.Repeat(" ", 2+nameW+2)
	for _, e := range engines {
		line := fmt.Sprintf("  %-*s  ", nameW, e.Name)
		fresh := true // nothing but the line's lead yet
		for _, word := range strings.Fields(e.Title) {
			if !fresh && len(line)+1+len(word) > helpWidth {
				b.WriteString(line + "\n")
				line, fresh = indent, true
			}
			if !fresh {
				line += " "
			}
			line += word
			fresh = false
		}
		b.WriteString(line + "\n")
	}
}
