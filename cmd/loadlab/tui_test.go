package main

import (
	"strings"
	"testing"

	"github.com/loadlab/loadlab/internal/flags"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui"
)

// loadlab tui refuses a bad config with the very line loadlab run prints,
// and exit 2, before any screen opens.
func TestTUIRefusesAsRunDoes(t *testing.T) {
	t.Parallel()
	for _, bad := range [][]string{{"bins", "--bins", "0"}, {"heavy-load-blog", "--strategies", "nine"}, {"cascade", "--configs", "S9"}, {"network-manager", "--rate", "0"}} {
		runCode, _, runErr := runArgs(t, append([]string{"run"}, bad...)...)
		tuiCode, _, tuiErr := runArgs(t, append([]string{"tui"}, bad...)...)
		if runCode != 2 || tuiCode != 2 || runErr != tuiErr {
			t.Errorf("%v: run says %q (exit %d), tui %q (exit %d)", bad, runErr, runCode, tuiErr, tuiCode)
		}
	}
}

// The config the flags make is the one run would run, and the TUI opens
// it titled as the user's.
func TestTUIOpensYourConfig(t *testing.T) {
	t.Parallel()
	base, err := baseScenario("bins", "")
	if err != nil {
		t.Fatal(err)
	}
	fs, spec := flags.For(base.Spec, "tui bins")
	if _, err := flags.Parse(fs, []string{"--bins", "1000", "--balls", "1000", "--strategies", "one,two,stale:8"}, "tui"); err != nil {
		t.Fatal(err)
	}
	s := spec().(bins.Spec)
	if s.Bins != 1000 || s.Balls != 1000 || s.Strategies != "one,two,stale:8" {
		t.Fatalf("the flags made %+v", s)
	}
	sc := yours(base, s, fs.Given(), "")
	m, err := tui.New(tui.Options{Config: &sc, Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	if v := m.View(); !strings.Contains(v, "bins · your config (") || !strings.Contains(sc.Title, "--balls 1000 --bins 1000 --strategies one,two,stale:8") {
		t.Errorf("title %q; screen:\n%s", sc.Title, v)
	}
	if _, ok := scenarios.Lookup(sc.Name); !ok && sc.Name != "bins" {
		t.Errorf("the config's name %q is neither a scenario nor its engine", sc.Name)
	}
}
