package tui

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
)

// promptChanges is, per engine, a line the ":" prompt takes and a flag
// value the rebuilt lab's spec must then hold.
var promptChanges = map[string][2]string{
	"bins":             {"--bins 50 --strategies one,two,stale:8", "--strategies one,two,stale:8"},
	"exact":            {"--bins 3 --balls 3", "--bins 3"},
	"cascade":          {"--rate 150", "--rate 150"},
	"retry-storm":      {"--clients 200", "--clients 200"},
	"supermarket":      {"--d 3", "--d 3"},
	"hashing":          {"--nodes 20", "--nodes 20"},
	"placement":        {"--racks 4", "--racks 4"},
	"durability":       {"--years 5", "--years 5"},
	"availability":     {"--replicas 5", "--replicas 5"},
	"interleave":       {"--records 1", "--records 1"},
	"lease-storm":      {"--rate 12", "--rate 12"},
	"network-manager":  {"--rate 200", "--rate 200"},
	"remirror":         {"--seed 7", "--seed 7"},
	"config-storm":     {"--capacity 10000", "--capacity 10000"},
	"health-flip-flop": {"--k 6", "--k 6"},
	"site-outage":      {"--customers 6000", "--customers 6000"},
}

// ":" in every engine's lab takes its engine's flags: a bad value shows
// the command line's message under the line and changes nothing (the
// same lab, the line still open); a good one rebuilds the run on the new
// config, says what changed, titles it the user's, and R gives back the
// scenario as written.
func TestPromptInEveryLab(t *testing.T) {
	t.Parallel()
	for _, e := range scenarios.Engines() {
		change, ok := promptChanges[e.Name]
		if !ok {
			t.Errorf("%s: no prompt change to try", e.Name)
			continue
		}
		var sc scenarios.Scenario
		for _, s := range scenarios.All() {
			if s.Engine() == e.Name {
				sc = s
				break
			}
		}
		m := openAt(t, sc.Name, 80, 24)
		before := m.lab
		press(m, ":")
		typeText(m, "--nope 3")
		press(m, "enter")
		if !m.prompt.open || m.lab != before || !strings.Contains(m.prompt.err, "--nope is not a flag of run "+e.Name) {
			t.Errorf("%s: a bad flag: open %v, same lab %v, %q", sc.Name, m.prompt.open, m.lab == before, m.prompt.err)
		}
		if v := plain(m); !strings.Contains(v, "--nope is not a flag") {
			t.Errorf("%s: the refusal is not under the line:\n%s", sc.Name, v)
		}
		press(m, "esc", ":")
		typeText(m, change[0])
		_, cmd := m.Update(keyMsg("enter"))
		run(m, cmd)
		if m.prompt.open || m.lab == before {
			t.Fatalf("%s: %q was not applied: %q", sc.Name, change[0], m.prompt.err)
		}
		fs, _ := flags.For(m.current(), "")
		name, value, _ := strings.Cut(strings.TrimPrefix(change[1], "--"), " ")
		if got := fs.Current(name); got != value {
			t.Errorf("%s: after %q --%s is %q", sc.Name, change[0], name, got)
		}
		if !strings.Contains(m.note, "applied ") || !strings.Contains(m.note, change[1]) || !strings.HasPrefix(m.scenario.Title, "your config (") || strings.Contains(m.scenario.Title, "(was") {
			t.Errorf("%s: note %q, title %q", sc.Name, m.note, m.scenario.Title)
		}
		checkFits(t, m, 80, 24)
		press(m, "R")
		if m.scenario.Title != sc.Title || m.origin != nil {
			t.Errorf("%s: R gave %q", sc.Name, m.scenario.Title)
		}
	}
}

// Tab completes a flag's name, a value of a word-valued flag (a list's
// last item too), and lists what fits where several do; the line under
// gives the help of the flag at the cursor with its value now.
func TestPromptCompletes(t *testing.T) {
	t.Parallel()
	m := openAt(t, "heavy-load-blog", 80, 24)
	press(m, ":")
	for _, c := range []struct{ typed, want, hint string }{
		{"--bi", "--bins ", ""},
		{"--b", "--b", "--balls --baseline --bins"},
		{"--strategies one,st", "--strategies one,stale ", ""},
		{"--stream s", "--stream sequential ", ""},
	} {
		m.prompt.input.SetValue("")
		typeText(m, c.typed)
		m.Update(keyFor("tab"))
		if got := m.prompt.input.Value(); got != c.want || !strings.Contains(m.prompt.hint, c.hint) {
			t.Errorf("%q then tab: %q, hint %q", c.typed, got, m.prompt.hint)
		}
	}
	m.prompt.input.SetValue("")
	m.prompt.hint = ""
	typeText(m, "--bins 7")
	if v := plain(m); !strings.Contains(v, "--bins number of bins n: a whole number in 1..50000000 (now 100)") {
		t.Errorf("no help of --bins under the line:\n%s", v)
	}
}

// The command line's own flags at the prompt say what a lab has in their
// place: --seeds is N.
func TestPromptNamesTheLabsWay(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 80, 24)
	before := m.lab
	press(m, ":")
	typeText(m, "--bins 8 --seeds 10")
	press(m, "enter")
	if m.lab != before || !strings.Contains(m.prompt.err, "--seeds is N in a lab") {
		t.Errorf("--seeds at the prompt: same lab %v, %q", m.lab == before, m.prompt.err)
	}
	checkFits(t, m, 80, 24)
}
