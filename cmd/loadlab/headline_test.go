package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/tui"
)

// A quote is a headline figure as the headless JSON report gives it: the
// group it belongs to, its words and its value, worked out here from the
// report's own fields.
type quote struct{ group, name, value string }

// reportQuotes reads the headline figures a scenario's keys name out of
// its JSON report.
var reportQuotes = map[string]func(t *testing.T, report map[string]any, keys []string) []quote{
	// the lab shows the first two sets the spec lists
	"cascade": func(t *testing.T, report map[string]any, keys []string) []quote {
		shown := report["order"].([]any)[:min(2, len(report["order"].([]any)))]
		var out []quote
		for _, q := range reportFigures(t, report, keys) {
			if slices.Contains(shown, any(q.group)) {
				out = append(out, q)
			}
		}
		return out
	},
}

// reportFigures reads the headline figures a report carries, those the
// keys name (all when they name none): the engine's own, which its
// package tests against its Result.
func reportFigures(t *testing.T, report map[string]any, keys []string) []quote {
	figs, ok := report["figures"].([]any)
	if !ok {
		t.Fatalf("the report has neither figures nor a reader of its own here")
	}
	var out []quote
	for _, f := range figs {
		fig := f.(map[string]any)
		if len(keys) == 0 || slices.Contains(keys, fig["key"].(string)) {
			group, _ := fig["group"].(string)
			out = append(out, quote{group, fig["name"].(string), fig["value"].(string)})
		}
	}
	return out
}

// Each engine's first scenario, played to its end in the TUI, shows each
// figure its lesson quotes on the first screen, equal to the headless
// report's (JSON and text), and marks them final: a table over the
// engines, since the figures are the engine's and the reading of them
// the engine's reader's (the TUI's catalogue pass plays every scenario to
// its end and checks its frames).
func TestHeadlineFiguresMatchTheReport(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for _, sc := range scenarios.All() {
		if seen[sc.Engine()] {
			continue
		}
		seen[sc.Engine()] = true
		if raceDetector && slowPlays[sc.Name] {
			continue
		}
		t.Run(sc.Engine(), func(t *testing.T) {
			t.Parallel()
			headlineMatchesReport(t, sc)
		})
	}
}

// slowPlays are the scenarios whose play to the end takes minutes under
// the race detector (ten million events or more); they are checked
// without it.
var slowPlays = map[string]bool{"mitzenmacher-99": true, "slow-server-round-robin": true, "peak-ewma-slow-servers": true, "gray-failure": true, "panic-threshold": true}

// headlineMatchesReport is TestHeadlineFiguresMatchTheReport for one
// scenario.
func headlineMatchesReport(t *testing.T, sc scenarios.Scenario) {
	quotes, ok := reportQuotes[sc.Engine()]
	if !ok {
		quotes = reportFigures
	}
	one := []string{"run", sc.Name} // the one run on screen, not the spread a scenario of many seeds asks for
	if sc.Seeds > 0 {
		one = append(one, "--seeds", "0")
	}
	code, stdout, stderr := runArgs(t, append(one, "--format", "json")...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", sc.Name, code, stderr)
	}
	var report map[string]any
	if err := json.Unmarshal([]byte(stdout), &report); err != nil {
		t.Fatal(err)
	}
	want := quotes(t, report, sc.Headline)
	if len(want) == 0 {
		t.Errorf("%s declares no headline", sc.Name)
	}
	_, text, _ := runArgs(t, one...)
	_, tail, found := strings.Cut(text, "\nheadline, at the end:\n")
	for _, q := range want {
		if !found || !inTextHeadline(tail, q) {
			t.Errorf("%s: the text report does not end with %q %q %q under \"headline, at the end:\"", sc.Name, q.group, q.name, q.value)
		}
	}
	sizes := [][2]int{{80, 24}, {160, 48}}
	if raceDetector || testing.Short() || !ok {
		// The tightest only: the detector makes each play slow; and where
		// the engine gives the figures (its package tests them against its
		// Result) the play checks only that the shell shows them, final.
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		screen := playToEnd(t, sc.Name, size[0], size[1])
		if head := strings.Split(screen, "\n")[1]; strings.HasPrefix(strings.TrimPrefix(head, "model: "), "so far") { // "✓ final", or no mark where only keys move the lab
			t.Errorf("%s at %dx%d: the headline is still marked so far:\n%s", sc.Name, size[0], size[1], screen)
		}
		for _, q := range want {
			if !hasQuote(screen, q) {
				t.Errorf("%s at %dx%d: no %q %q %q on screen:\n%s", sc.Name, size[0], size[1], q.group, q.name, q.value, screen)
			}
		}
	}
}

// inTextHeadline finds a figure in a text report's headline block, on
// its group's line.
func inTextHeadline(block string, q quote) bool {
	for _, line := range strings.Split(block, "\n") {
		rest, ok := strings.CutPrefix(line, "  ")
		if q.group != "" {
			rest, ok = strings.CutPrefix(rest, q.group+": ")
		}
		if ok && strings.Contains(rest, q.name+" "+q.value) {
			return true
		}
	}
	return false
}

// hasQuote finds a figure on one line, after the first mention of its
// group.
func hasQuote(screen string, q quote) bool {
	at := strings.Index(screen, strings.TrimLeft(q.group+" ", " "))
	return at >= 0 && strings.Contains(screen[at:], q.name+" "+q.value)
}

// playToEnd opens a scenario at a size, presses end and carries out what
// the model asks until the run is over; where that is not the end, it
// starts the lab's own work as the program would and presses end again.
// It returns the screen as text.
func playToEnd(t *testing.T, scenario string, w, h int) string {
	t.Helper()
	m, err := tui.New(tui.Options{Scenario: scenario, Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	carry := func(cmd tea.Cmd) {
		for i := 0; cmd != nil && i < 1e5; i++ {
			cmd = carryOut(m, cmd)
		}
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnd})
	carry(cmd)
	if !strings.Contains(ansi.Strip(m.View()), "✓ final") { // a lab whose steps come with the work it starts (an enumeration's stepper)
		carry(m.Init())
		_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnd})
		carry(cmd)
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// carryOut runs a command and feeds its message back, as the program
// would; it returns the next command. The play loop's ticks and the busy
// redraws are dropped: they wait in real time and step nothing a replay
// does not.
func carryOut(m tea.Model, cmd tea.Cmd) tea.Cmd {
	msg := cmd()
	if name := fmt.Sprintf("%T", msg); name == "tui.tickMsg" || name == "tui.busyMsg" {
		return nil
	}
	switch msg := msg.(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var next []tea.Cmd
		for _, c := range msg {
			if c != nil {
				next = append(next, carryOut(m, c))
			}
		}
		return tea.Batch(next...)
	default:
		_, next := m.Update(msg)
		return next
	}
}
