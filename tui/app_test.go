package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
)

func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// openAt builds the model on a scenario at a terminal size.
func openAt(t *testing.T, scenario string, w, h int) *Model {
	t.Helper()
	m, err := New(Options{Scenario: scenario, Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

func press(m *Model, keys ...string) {
	for _, k := range keys {
		m.Update(keyMsg(k))
	}
}

// plain is what a person sees: the view without colours.
func plain(m *Model) string { return ansi.Strip(m.View()) }

func checkFits(t *testing.T, m *Model, w, h int) {
	t.Helper()
	lines := strings.Split(plain(m), "\n")
	if len(lines) > h {
		t.Errorf("view is %d lines, terminal has %d", len(lines), h)
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("line %d is %d cells wide, terminal has %d: %q", i, ansi.StringWidth(l), w, l)
		}
	}
}

// The small-steps lab after seven single steps: bars, the latest ball's
// candidates marked, and each strategy's decision.
func TestGoldenSmallSteps(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "small-steps", size.w, size.h)
			press(m, "n", "n", "n", "n", "n", "n", "n")
			checkFits(t, m, size.w, size.h)
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}

// The 000 experiment after three finished trials: distributions of the
// loads and, at 120x40, the live trials table under the lanes.
func TestGoldenPairedTrials(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "p2c-paired-4096", size.w, size.h)
			bl := m.lab.(*binsLab)
			for i := 0; i < 3; i++ {
				bl.engine.RunTrial()
			}
			bl.refresh()
			m.redraw()
			checkFits(t, m, size.w, size.h)
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}

func sizeName(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }

// Every view fits 80x24 and 160x48 in every theme, and below the minimum
// size says how big the terminal must be; resizing keeps the state.
func TestEveryScenarioFitsAndSurvivesResize(t *testing.T) {
	for _, name := range []string{"p2c-paired-4096", "heavy-load-blog", "stale-herd", "correlated-candidates", "anti-choice", "d-choices", "small-steps"} {
		m := openAt(t, name, 80, 24)
		press(m, "n", "n", "n")
		for range 4 {
			press(m, "t")
			checkFits(t, m, 80, 24)
		}
		press(m, "?")
		checkFits(t, m, 80, 24)
		press(m, "?")
		m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
		if !strings.Contains(plain(m), "needs 60x16") {
			t.Errorf("%s at 40x10: %q", name, plain(m))
		}
		m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
		checkFits(t, m, 160, 48)
		if bl, ok := m.lab.(*binsLab); ok && bl.snap.Ball != 3 {
			t.Errorf("%s: resizing lost the state: ball %d, want 3", name, bl.snap.Ball)
		}
	}
}

// The lab keys edit the spec and restart; an invalid edit is refused with
// its reason and leaves the lab as it was.
func TestLabKeys(t *testing.T) {
	m := openAt(t, "small-steps", 80, 24)
	l := m.lab.(*binsLab)
	press(m, "3") // add dchoice
	if got := l.spec.Strategies; got != "one,two,dchoice" {
		t.Fatalf("strategies %q after toggling 3", got)
	}
	press(m, "D", "]", "}", "m", "T")
	s := l.spec
	if s.D != 3 || s.Bins != 32 || s.Balls != 32 || s.Stream != "sequential" || s.Trials != 10 {
		t.Fatalf("spec after D ] } m T: %+v", s)
	}
	press(m, "f", "F", "F", "[", "{", "d")
	if s := l.spec; s.Refresh != 8192 || s.Bins != 16 || s.Balls != 16 || s.D != 2 {
		t.Fatalf("spec after f F F [ { d: %+v", s)
	}
	press(m, "]", "}", "D")
	press(m, "n", "n", "r")
	if l.snap.Ball != 0 {
		t.Fatalf("r should reset to ball 0, at %d", l.snap.Ball)
	}
	speed := m.play.speed
	press(m, "+", "+", "-")
	if m.play.speed != speed+1 {
		t.Fatalf("+ + - should leave the speed one step faster")
	}
	press(m, "7") // left with d = 3 does not divide 32 bins
	if strings.Contains(l.spec.Strategies, "left") || !strings.Contains(plain(m), "refused") {
		t.Fatalf("left with d=3 on 32 bins should be refused; strategies %q", l.spec.Strategies)
	}
	press(m, "S")
	for _, r := range "123" {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	press(m, "enter")
	if l.spec.Seed != 123 {
		t.Fatalf("typed seed 123, lab has %d", l.spec.Seed)
	}
	press(m, "s")
	if l.spec.Seed != 133 {
		t.Fatalf("next seed after 123 with 10 trials is 133, got %d", l.spec.Seed)
	}
	// Three lanes of 22 columns cannot show 32 bars: v cycles the other two.
	if l.view.mode != chartDistribution {
		t.Fatalf("32 bins in 22 columns should start on the distribution, got %v", l.view.mode)
	}
	press(m, "v")
	if l.view.mode != chartSorted {
		t.Fatalf("v from the distribution should show sorted loads, got %v", l.view.mode)
	}
	press(m, "v")
	if l.view.mode != chartDistribution {
		t.Fatalf("v should skip bars that do not fit, got %v", l.view.mode)
	}
	press(m, "tab", "tab", "tab")
	if l.panel != panelTrials {
		t.Fatalf("tab past the last lane should focus the trials table")
	}
	press(m, "esc")
	if m.screen != screenPicker {
		t.Fatal("esc should return to the picker")
	}
}

// pick filters the picker down to one scenario and opens it, as a user
// typing "/" and a name would.
func pick(tm *teatest.TestModel, name string) {
	tm.Send(keyMsg("/"))
	tm.Type(name)
	tm.Send(keyMsg("enter")) // accept the filter
	tm.Send(keyMsg("enter")) // open the one scenario left
}

// Keys that arrive together, as from a held key, act one by one; in a text
// field they stay text.
func TestBatchedKeys(t *testing.T) {
	m := openAt(t, "small-steps", 80, 24)
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("nnn")})
	if l := m.lab.(*binsLab); l.snap.Ball != 3 {
		t.Fatalf(`"nnn" at once placed %d balls, want 3`, l.snap.Ball)
	}
	press(m, "S")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("77")})
	press(m, "enter")
	if l := m.lab.(*binsLab); l.spec.Seed != 77 {
		t.Fatalf(`"77" typed at once into the seed field gave seed %d`, l.spec.Seed)
	}
}

// A user picks heavy-load-blog in the picker, plays it at full speed to the
// end and quits; the final loads are 001's published figures.
func TestFlowPickerToBlogFigures(t *testing.T) {
	m, err := New(Options{Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	pick(tm, "heavy-load")
	for range len(speeds) {
		tm.Send(keyMsg("+"))
	}
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("done"))
	}, teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if final.scenario.Name != "heavy-load-blog" {
		t.Fatalf("opened %q", final.scenario.Name)
	}
	snap := final.lab.(*binsLab).snap
	one, two := snap.Lanes[0].Figures, snap.Lanes[1].Figures
	if one.Max != 126 || one.Hot != 2 || two.Max != 102 || two.Hot != 0 {
		t.Errorf("final figures one %+v two %+v; 001 publishes 126 (2 hot) and 102 (0 hot)", one, two)
	}
}

// BenchmarkBinsFrame160x48 is one frame of the 000 experiment at 160x48:
// the snapshot, the re-render in Update and View.
func BenchmarkBinsFrame160x48(b *testing.B) {
	m, _ := New(Options{Scenario: "p2c-paired-4096", Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	l := m.lab.(*binsLab)
	l.engine.RunTrial()
	for i := 0; i < b.N; i++ {
		l.refresh()
		m.redraw()
		_ = m.View()
	}
}
