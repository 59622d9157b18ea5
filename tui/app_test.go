package tui

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/binslab"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/muesli/termenv"
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
	case "left":
		return tea.KeyMsg{Type: tea.KeyLeft}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	case " ":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	case "ctrl+b":
		return tea.KeyMsg{Type: tea.KeyCtrlB}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "ctrl+f":
		return tea.KeyMsg{Type: tea.KeyCtrlF}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// openAt builds the model on a scenario at a terminal size, in mono.
func openAt(t *testing.T, scenario string, w, h int) *Model {
	t.Helper()
	return openThemed(t, scenario, "mono", w, h)
}

// slowUnderRace are the scenarios whose work off the UI loop the race
// build leaves unfinished: aws-2011-over-seeds plays 40 nights on opening,
// 8 s in the plain build and over two minutes under -race, once for every
// test that opens it. The plain build checks the screens with the work in.
var slowUnderRace = map[string]bool{"aws-2011-over-seeds": true}

func openThemed(t *testing.T, scenario, theme string, w, h int) *Model {
	t.Helper()
	m, err := New(Options{Scenario: scenario, Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	m.play.timer = atOnce
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	if a, ok := m.lab.(lab.Async); ok && scenario != "" && !(raceDetector && slowUnderRace[scenario]) {
		if cmd := a.Init(); cmd != nil {
			m.Update(cmd())
		}
	}
	// The tests of a lab's views step and play without stopping: each
	// presses M where it looks at moments. openAsShipped keeps the
	// opening's own.
	m.stopAtMoments = false
	return m
}

// atOnce is a timer whose messages come at once: a test that drives a
// model by hand (send) runs what a key starts without waiting for it.
func atOnce(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return fn(time.Now()) }
}

// openAsShipped opens a scenario as loadlab tui does: paused, stopping at
// its moments where it has any, with the opening note.
func openAsShipped(t *testing.T, scenario string, w, h int) *Model {
	t.Helper()
	m := openAt(t, scenario, w, h)
	m.opened()
	m.redraw()
	return m
}

func press(m *Model, keys ...string) {
	for _, k := range keys {
		m.Update(keyMsg(k))
	}
}

// plain is what a person sees: the view without colours, and without the
// spaces that paint the background to the right edge.
func plain(m *Model) string {
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

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

func binsSnap(m *Model) *binslab.Lab { return m.lab.(*binslab.Lab) }

func sizeName(w, h int) string { return fmt.Sprintf("%dx%d", w, h) }

// The small-steps lab after seven single steps: bars on a shared scale
// with numbered axes and bin numbers, the latest ball's candidates marked,
// each strategy's decision, legends.
func TestGoldenSmallSteps(t *testing.T) {
	t.Parallel()
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}, {160, 48}} {
		t.Run(sizeName(size.w, size.h), func(t *testing.T) {
			m := openAt(t, "small-steps", size.w, size.h)
			press(m, "n", "n", "n", "n", "n", "n", "n")
			checkFits(t, m, size.w, size.h)
			if !strings.Contains(plain(m), "0   2   4   6   8   10  12  14") && !strings.Contains(plain(m), "0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15") {
				t.Errorf("no bin numbers under the bars:\n%s", plain(m))
			}
			golden.RequireEqual(t, []byte(plain(m)))
		})
	}
}

// At 80x24 the full help of the largest scenario shows, scrolls, and esc
// closes it without leaving the lab; help does not stay on into the next
// scenario, and reopening a scenario resumes its run, which the picker says.
func TestHelpAndBack(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 80, 24)
	press(m, "n", "n")
	press(m, "?")
	if v := plain(m); strings.Contains(v, "too small") || !strings.Contains(v, "Keys") {
		t.Fatalf("? at 80x24:\n%s", v)
	}
	press(m, "down", "down")
	press(m, "esc")
	if m.screen != screenLab || m.helpOpen {
		t.Fatalf("esc should close help and stay in the lab: screen %v help %v", m.screen, m.helpOpen)
	}
	press(m, "?", "?", "?", "esc", "esc")
	if m.screen != screenPicker {
		t.Fatal("esc without help should return to the picker")
	}
	if !strings.Contains(plain(m), "↺ p2c-paired-4096") || !strings.Contains(plain(m), "run kept") {
		t.Errorf("the picker should say the run is kept:\n%s", plain(m))
	}
	press(m, "/")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("p2c-paired")})
	press(m, "enter", "enter")
	if m.helpOpen || binsSnap(m).Snapshot().Ball != 2 {
		t.Errorf("reopening: help %v, ball %d; want help closed and ball 2", m.helpOpen, binsSnap(m).Snapshot().Ball)
	}
	press(m, "esc") // back to a picker that was filtered: it used to panic
	if m.screen != screenPicker || !strings.Contains(plain(m), "↺ p2c-paired-4096") {
		t.Errorf("esc after opening through a filter:\n%s", plain(m))
	}
}

// "/heavy" and two enters arriving in one burst open heavy-load-blog, as
// they would typed slowly: the filter is applied before the enter is read.
func TestPickerBurst(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(keyMsg("/"))
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("heavy")})
	m.Update(keyMsg("enter"))
	m.Update(keyMsg("enter"))
	if m.screen != screenLab || m.scenario.Name != "heavy-load-blog" {
		t.Fatalf("opened %q (screen %v), want heavy-load-blog", m.scenario.Name, m.screen)
	}
}

// A bad seed keeps the prompt open with the reason beside it; a note is
// gone after the next key and is never cut in the middle of a word.
func TestSeedPromptAndNotes(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 80, 24)
	press(m, "S")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("abc")})
	press(m, "enter")
	if !m.typingSeed || !strings.Contains(plain(m), "seed: abc") || !strings.Contains(plain(m), "a seed is a whole number >= 0") {
		t.Fatalf("S abc enter should keep the prompt with the reason:\n%s", plain(m))
	}
	press(m, "esc")
	for range 16 {
		press(m, "n")
	}
	press(m, "n")
	if !strings.Contains(plain(m), "finished: r replays") {
		t.Fatalf("no note at the end:\n%s", plain(m))
	}
	press(m, "v")
	if strings.Contains(plain(m), "finished") {
		t.Error("the note should clear on the next key")
	}
	press(m, "3", "4", "5", "6") // a long note: the spec summary
	for _, line := range strings.Split(plain(m), "\n") {
		if strings.Contains(line, "…") && strings.Contains(line, "trial(s)") {
			t.Errorf("a note was cut mid-line: %q", line)
		}
	}
	if !strings.Contains(plain(m), "one,two,dchoice,correlated,stale,anti") {
		t.Errorf("the long note is not shown whole:\n%s", plain(m))
	}
}

// A tick of a loop that was stopped is dropped: it steps nothing.
func TestStaleTickIsDropped(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 80, 24)
	m.play.start()
	old := m.play.gen
	press(m, " ") // pause: a new generation
	m.Update(tickMsg{gen: old, at: time.Now().Add(time.Second)})
	if b := binsSnap(m).Snapshot().Ball; b != 0 {
		t.Errorf("a stale tick placed %d balls", b)
	}
	press(m, " ")
	m.Update(tickMsg{gen: m.play.gen, at: time.Now().Add(time.Second)})
	if b := binsSnap(m).Snapshot().Ball; b != 1 {
		t.Errorf("a current tick at 1/s placed %d balls, want 1", b)
	}
}

// colourCode matches an SGR sequence that sets a colour: 30-37, 38;..,
// 39-49 and 90-107 as parameters.
var colourCode = regexp.MustCompile(`\x1b\[[0-9;]*\b(3[0-9]|4[0-9]|9[0-7]|10[0-7])\b[0-9;]*m`)

// --theme mono writes no colour code on any screen, the picker included,
// even on a truecolor terminal (each lab on its first scenario: the
// colours are the lab's); under NO_COLOR, t says colour is off.
func TestMonoWritesNoColour(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	picker := openThemed(t, "", "mono", 80, 24)
	press(picker, "/", "h")
	screens := []*Model{picker}
	for _, sc := range oneEach() {
		m := openThemed(t, sc.Name, "mono", 120, 40)
		press(m, "n", "n", "?")
		screens = append(screens, m)
		m = openThemed(t, sc.Name, "mono", 120, 40)
		press(m, "n", "v", "v", "v", "S")
		screens = append(screens, m)
	}
	for i, m := range screens {
		if c := colourCode.FindString(m.View()); c != "" {
			t.Errorf("screen %d (%s) writes colour code %q", i, m.scenario.Name, c)
		}
	}
	dark := openThemed(t, "small-steps", "dark", 80, 24)
	if !colourCode.MatchString(dark.View()) {
		t.Fatal("the colour check finds nothing in the dark theme: it cannot fail")
	}
	t.Setenv("NO_COLOR", "1")
	m := openThemed(t, "small-steps", "", 80, 24)
	press(m, "t")
	if !strings.Contains(plain(m), "colour is off") || m.st.Theme != "mono" {
		t.Errorf("t under NO_COLOR: theme %s\n%s", m.st.Theme, plain(m))
	}
}

// Every theme paints its own background, on the picker too, and the
// picker's items take the theme's colours.
func TestThemesPaintTheirBackground(t *testing.T) {
	lipgloss.SetColorProfile(termenv.TrueColor)
	defer lipgloss.SetColorProfile(termenv.Ascii)
	for _, p := range themes.All {
		if p.Background == "" {
			continue
		}
		bg := lipgloss.NewStyle().Background(lipgloss.Color(p.Background)).Render("x")
		seq := bg[:strings.Index(bg, "x")]
		text := lipgloss.NewStyle().Foreground(lipgloss.Color(p.Text)).Render("x")
		textSeq := text[:strings.Index(text, "x")]
		for _, m := range []*Model{openThemed(t, "", p.Name, 80, 24), openThemed(t, "small-steps", p.Name, 80, 24)} {
			lines := strings.Split(m.View(), "\n")
			if len(lines) != 24 {
				t.Errorf("%s: %d lines, want the whole 24", p.Name, len(lines))
			}
			for i, l := range lines {
				if !strings.HasPrefix(l, seq) || strings.Count(l, "\x1b[0m") != strings.Count(l, "\x1b[0m"+seq)+1 {
					t.Errorf("%s %s line %d: background not painted: %q", p.Name, m.scenario.Name, i, l)
					break
				}
			}
			if m.screen == screenPicker && !strings.Contains(m.View(), textSeq) {
				t.Errorf("%s: the picker's items do not use the theme's text colour", p.Name)
			}
		}
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
	t.Parallel()
	m := openAt(t, "small-steps", 80, 24)
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("nnn")})
	if b := binsSnap(m).Snapshot().Ball; b != 3 {
		t.Fatalf(`"nnn" at once placed %d balls, want 3`, b)
	}
	press(m, "S")
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("77")})
	press(m, "enter")
	if s := binsSnap(m).Spec().Seed; s != 77 {
		t.Fatalf(`"77" typed at once into the seed field gave seed %d`, s)
	}
}

// A user picks heavy-load-blog in the picker, plays it at full speed to the
// end and quits; the final loads are the blog post's published figures.
func TestFlowPickerToBlogFigures(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	pick(tm, "heavy-load")
	tm.Send(keyMsg("M")) // it opens paused, stopping at moments: play straight through
	for range len(speeds) {
		tm.Send(keyMsg("+"))
	}
	tm.Send(keyMsg(" "))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("done"))
	}, teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(50*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if final.scenario.Name != "heavy-load-blog" {
		t.Fatalf("opened %q", final.scenario.Name)
	}
	snap := binsSnap(final).Snapshot()
	one, two := snap.Lanes[0].Figures, snap.Lanes[1].Figures
	if one.Max != 126 || one.Hot != 2 || two.Max != 102 || two.Hot != 0 {
		t.Errorf("final figures one %+v two %+v; §BLOG publishes 126 (2 hot) and 102 (0 hot)", one, two)
	}
}

// With M on, play at full speed stops at the blog post's moment, one
// choice's first hot bin (ball 9291), and not at ball 9, where at 100
// balls a bin one choice's max passing two's is noise.
func TestFlowStopsAtMoments(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Scenario: "heavy-load-blog", Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	tm.Send(keyMsg("r")) // it opens paused, stopping at moments
	for range len(speeds) {
		tm.Send(keyMsg("+"))
	}
	tm.Send(keyMsg(" "))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("moment: ball 9291: one's fullest bin reaches 120"))
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if b := binsSnap(final).Snapshot().Ball; b != 9291 {
		t.Errorf("play should stop at ball 9291, stopped at %d", b)
	}
}

// BenchmarkBinsFrame160x48 is one frame of the research note's experiment (§P2C) at 160x48:
// the snapshot, the redraw in Update and View.
func BenchmarkBinsFrame160x48(b *testing.B) {
	m, _ := New(Options{Scenario: "p2c-paired-4096", Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	l := binsSnap(m)
	for i := 0; i < 3*4096+100; i++ {
		l.Step()
	}
	b.Run("lanes", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			l.Step()
			m.redraw()
			_ = m.View()
		}
	})
	frame := func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			l.Step()
			m.redraw()
			_ = m.View()
		}
	}
	press(m, "v")
	if !strings.Contains(plain(m), "load distributions together") {
		b.Fatal("v should open the overlay")
	}
	b.Run("overlay", frame)
	press(m, "v", "v")
	if !strings.Contains(plain(m), "max load as the balls arrive") {
		b.Fatal("v v should open the history")
	}
	b.Run("history", frame)
}

// The probe's freeze: p2c-paired-4096 at one trial, the balls doubled
// nineteen times and the stream made sequential used to position the
// streams inside the key handler (53 s before q could quit). Every key now
// answers at once (checked against the clock only with LOADLAB_TIMED=1),
// the sequential stream is refused with its estimate, and q quits.
func TestNoKeyFreezesTheLab(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 80, 24)
	start := time.Now()
	press(m, "T") // 200 trials -> 1
	for range 19 {
		press(m, "}")
	}
	press(m, "m")
	if took := time.Since(start); os.Getenv("LOADLAB_TIMED") == "1" && took > time.Second {
		t.Errorf("the keys took %v", took)
	}
	if v := plain(m); !strings.Contains(v, "refused: one step would take about") || binsSnap(m).Spec().Stream != "paired" {
		t.Errorf("the sequential stream at %d balls should be refused with its estimate:\n%s", binsSnap(m).Spec().Balls, v)
	}
	if _, quit := m.handleKey(keyMsg("q")); !quit {
		t.Error("q should quit")
	}
}

// Toggling a kind off and on brings back the strategies it removed, with
// their parameters: stale-herd's stale:64 and stale:4096.
func TestToggleRestoresParameters(t *testing.T) {
	t.Parallel()
	m := openAt(t, "stale-herd", 120, 40)
	press(m, "5")
	if s := binsSnap(m).Spec().Strategies; s != "two" {
		t.Fatalf("5 should remove both stale rules, got %q", s)
	}
	press(m, "5")
	if s := binsSnap(m).Spec().Strategies; s != "two,stale:64,stale:4096" {
		t.Errorf("5 again should restore them, got %q", s)
	}
}

// With always-go-left on, D moves to the next d that splits the 16 bins
// into equal groups (2, 4, 8, 16), where it used to stop at 3 with an
// error; d comes back down the same way.
func TestDWithLeftSkipsToDivisors(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 40)
	press(m, "7") // left on
	var ds []int
	for range 4 {
		press(m, "D")
		ds = append(ds, binsSnap(m).Spec().D)
	}
	if want := []int{4, 8, 16, 16}; !slices.Equal(ds, want) {
		t.Errorf("D with left on 16 bins went %v, want %v", ds, want)
	}
	press(m, "d")
	if d := binsSnap(m).Spec().D; d != 8 {
		t.Errorf("d went back to %d, want 8", d)
	}
}

// A stale view refreshed no sooner than the run ends says so in its
// title: stale-herd's stale:4096 at 4096 balls is one choice.
func TestStaleNeverRefreshedSaysSo(t *testing.T) {
	t.Parallel()
	m := openAt(t, "stale-herd", 160, 48)
	if v := plain(m); !strings.Contains(v, "stale:4096 (never refreshed: one choice)") || strings.Contains(v, "stale:64 (never") {
		t.Errorf("stale:4096 at 4096 balls should read as never refreshed, stale:64 not:\n%s", v)
	}
}

// ? gives the rules and the figures in plain words.
func TestHelpHasGlossary(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 80)
	press(m, "?")
	v := plain(m)
	for _, want := range []string{"Words", "correlated: the second look is forced to the first's bin", "gap: the max minus the mean", "paired: every rule reads"} {
		if !strings.Contains(v, want) {
			t.Errorf("help lacks %q:\n%s", want, v)
		}
	}
}

// After edits the title follows the run, where it used to keep saying
// "16 balls into 16 bins".
func TestBinsTitleFollowsEdits(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 40)
	press(m, "]", "}") // more bins, more balls
	v := plain(m)
	if strings.Contains(strings.Split(v, "\n")[0], "16 balls into 16 bins") || !strings.Contains(v, "your run: 32 balls into 32 bins") {
		t.Errorf("the title should follow the edits:\n%s", strings.Split(v, "\n")[0])
	}
}

// Speeds go below one step a second, for a class to follow each ball.
func TestSpeedsBelowOneASecond(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 40)
	for range len(speeds) {
		press(m, "-")
	}
	if s := m.play.stepsPerSecond(); s >= 1 {
		t.Fatalf("the slowest speed is %v steps a second", s)
	}
	if !strings.Contains(plain(m), "one step every 4 s") {
		t.Errorf("the slowest speed should read one step every 4 s:\n%s", plain(m))
	}
}

// A user plays small-steps with moments on; play stops where one choice's
// max first passes two's; b steps back a ball (the loads are those of the
// ball before) and n steps forward again (the loads at the moment again).
func TestFlowMomentStepBackAndForth(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Scenario: "small-steps", Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	for range len(speeds) {
		tm.Send(keyMsg("+"))
	}
	tm.Send(keyMsg(" ")) // small-steps opens paused, stopping at moments
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("max load reaches"))
	}, teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	at := binsSnap(final).Snapshot()
	loadsAt := [][]int32{}
	for _, l := range at.Lanes {
		loadsAt = append(loadsAt, l.Loads)
	}
	press(final, "b")
	back := binsSnap(final).Snapshot()
	if back.Ball != at.Ball-1 {
		t.Fatalf("b from ball %d went to ball %d", at.Ball, back.Ball)
	}
	for i, l := range back.Lanes {
		total := 0
		for _, x := range l.Loads {
			total += int(x)
		}
		if total != back.Ball {
			t.Errorf("%s holds %d balls after stepping back to ball %d", l.Strategy.Name, total, back.Ball)
		}
		if slices.Equal(l.Loads, loadsAt[i]) {
			t.Errorf("%s: stepping back left the loads as they were", l.Strategy.Name)
		}
	}
	press(final, "n")
	again := binsSnap(final).Snapshot()
	for i, l := range again.Lanes {
		if !slices.Equal(l.Loads, loadsAt[i]) {
			t.Errorf("%s: forward again gives %v, at the moment %v", l.Strategy.Name, l.Loads, loadsAt[i])
		}
	}
}

// The load distribution marks the fluid limit's expected bins at each load
// (◆) at the end of the run, and says what the mark is; mid-run, where the
// end's counts would sit on the wrong loads, it does not.
func TestDistributionMarksExpectedCounts(t *testing.T) {
	t.Parallel()
	m := openAt(t, "heavy-load-blog", 160, 48)
	for range 5000 {
		binsSnap(m).Step()
	}
	m.redraw()
	if v := plain(m); strings.Contains(v, "◆ ") && regexp.MustCompile(`[│┤]\S*◆`).MatchString(v) {
		t.Errorf("half way, the chart should hold no end-of-run marks:\n%s", v)
	}
	for binsSnap(m).Step() {
	}
	m.redraw()
	v := plain(m)
	if !regexp.MustCompile(`[│┤][^┃│]*◆`).MatchString(v) || !strings.Contains(v, "◆ fluid limit (at the end)") {
		t.Errorf("at the end the distribution should mark the expected counts:\n%s", v)
	}
}

// At one ball a bin "hot" would be any bin with two balls: the lab leaves
// the hot count and line out while the mean so far is under 5 and says
// why; at 100 balls a bin it shows them.
func TestHotOnlyWhereItMeansSomething(t *testing.T) {
	t.Parallel()
	light := plain(openAt(t, "small-steps", 160, 48))
	if regexp.MustCompile(`hot \d`).MatchString(light) || !strings.Contains(light, "no hot mark under 5 a bin") {
		t.Errorf("small-steps should leave hot out and say why:\n%s", light)
	}
	m := openAt(t, "heavy-load-blog", 160, 48)
	for range 9 {
		binsSnap(m).Step()
	}
	m.redraw()
	if early := plain(m); regexp.MustCompile(`hot \d`).MatchString(early) {
		t.Errorf("at ball 9 of heavy-load-blog (mean 0.09) hot counts mean nothing:\n%s", early)
	}
	for binsSnap(m).Step() {
	}
	m.redraw()
	if heavy := plain(m); !strings.Contains(heavy, "hot≥1.2×mean") || !strings.Contains(heavy, "hot 2") {
		t.Errorf("heavy-load-blog should count and mark hot bins at the end:\n%s", heavy)
	}
}

// The lanes give the asymptotic formula as a trend, with no figure to
// read as a prediction (two choices' would sit above one choice's), and
// the bars' axis stays put as the balls arrive.
func TestNoAsymptoticFigureAndSteadyAxis(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 160, 48)
	press(m, "n")
	v := plain(m)
	if regexp.MustCompile(`asymptotic \d`).MatchString(v) || !strings.Contains(v, "asymptotic: ln n / ln ln n") {
		t.Errorf("the asymptotic line should give the formula alone:\n%s", v)
	}
	top := regexp.MustCompile(`(\d+)┤`).FindStringSubmatch(v)
	for binsSnap(m).Step() {
	}
	m.redraw()
	end := regexp.MustCompile(`(\d+)┤`).FindStringSubmatch(plain(m))
	if top == nil || end == nil || top[1] != end[1] {
		t.Errorf("the bars' top moved from %v at ball 1 to %v at the end", top, end)
	}
}

// The overlay holds every strategy's load distribution in one chart, each
// line named, on numbered axes.
func TestOverlayHoldsEveryRule(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 160, 48)
	for range 4096 {
		binsSnap(m).Step()
	}
	for range 5 {
		if !strings.Contains(plain(m), "load distributions together") {
			press(m, "v")
		}
	}
	v := plain(m)
	if !strings.Contains(v, "load distributions together") {
		t.Fatalf("v should reach the overlay:\n%s", v)
	}
	for _, lane := range binsSnap(m).Snapshot().Lanes {
		name := lane.Strategy.Name
		if !regexp.MustCompile(`\s` + regexp.QuoteMeta(name) + `\s`).MatchString(v) {
			t.Errorf("the overlay does not name %s:\n%s", name, v)
		}
	}
	if !regexp.MustCompile(`\d┤`).MatchString(v) || !strings.Contains(v, "┬") {
		t.Errorf("the overlay's axes are not numbered:\n%s", v)
	}
	checkFits(t, m, 160, 48)
}

// Stepping narrates one line per ball under the lanes, as the stepper
// does; a step back takes the last line away.
func TestNarrationOneLinePerBall(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 160, 48)
	press(m, "n", "n", "n")
	v := plain(m)
	for _, want := range []string{"ball 1: one ", "ball 2: one ", "ball 3: one "} {
		if !strings.Contains(v, want) {
			t.Errorf("no line %q:\n%s", want, v)
		}
	}
	if !regexp.MustCompile(`ball 3: one \d+\(\d+\) → \d+ │ two \d+\(\d+\) \d+\(\d+\) → \d+`).MatchString(v) {
		t.Errorf("ball 3's line should give each rule's candidates, loads and choice:\n%s", v)
	}
	press(m, "b")
	if v := plain(m); strings.Contains(v, "ball 3: ") || !strings.Contains(v, "ball 2: ") {
		t.Errorf("a step back should leave the narration at ball 2:\n%s", v)
	}
	// Keys step faster than the screen draws: every ball still gets its
	// line.
	for range 4 {
		binsSnap(m).Step()
	}
	m.redraw()
	for _, want := range []string{"ball 3: one ", "ball 4: one ", "ball 5: one ", "ball 6: one "} {
		if v := plain(m); !strings.Contains(v, want) {
			t.Errorf("steps between two frames lost %q:\n%s", want, v)
		}
	}
}

// The end of each trial is a moment, with each rule's max load.
func TestTrialEndIsAMoment(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 40)
	l := binsSnap(m)
	var last string
	for l.Step() {
		if c, ok := l.NewMoment(); ok {
			last = c
		}
	}
	s := l.Snapshot()
	want := fmt.Sprintf("trial 1 of 1 ends: max load one %d, two %d", s.Lanes[0].Figures.Max, s.Lanes[1].Figures.Max)
	if !strings.HasSuffix(last, want) {
		t.Errorf("the last moment is %q, want it to end %q", last, want)
	}
}

// Counts carry thousands separators and plurals: "ball 10,000/10,000",
// "1 trial", "10 trials"; never "trial(s)".
func TestThousandsAndPlurals(t *testing.T) {
	t.Parallel()
	m := openAt(t, "heavy-load-blog", 120, 40)
	for binsSnap(m).Step() {
	}
	m.redraw()
	if v := plain(m); !strings.Contains(v, "ball 10,000/10,000") {
		t.Errorf("the status should group the digits:\n%s", v)
	}
	press(m, "T")
	if !strings.Contains(m.note, ", 10 trials:") {
		t.Errorf("note %q", m.note)
	}
	press(m, "T", "T", "T")
	if !strings.Contains(m.note, ", 1 trial:") || strings.Contains(m.note, "(s)") {
		t.Errorf("note %q", m.note)
	}
}

// d says why it does nothing on dchoice:1, the rule selected; a rule
// toggled off and on comes back to its place; the summary leaves out the
// refresh no rule reads; a jump leaves the narration at the balls before
// it; a change of the draws a ball takes says that every rule's
// candidates change.
func TestEditsSayWhatTheyDo(t *testing.T) {
	t.Parallel()
	m := openAt(t, "d-choices", 160, 48)
	press(m, "d")
	if !m.noteBad || !strings.Contains(m.note, "no smaller d free from dchoice:1") {
		t.Errorf("d in d-choices: %q", m.note)
	}
	before := binsSnap(m).Spec().Strategies
	press(m, "3", "3")
	if got := binsSnap(m).Spec().Strategies; got != before {
		t.Errorf("3 twice gives %s, want %s back in place", got, before)
	}
	if strings.Contains(m.note, "refresh=") {
		t.Errorf("no rule reads the refresh: %q", m.note)
	}
	press(m, "f")
	if !m.noteBad || !strings.Contains(m.note, "none runs here") {
		t.Errorf("f with no bare stale: %q", m.note)
	}
	s := openAt(t, "small-steps", 160, 48)
	press(s, "n", "n", "n")
	s.Update(tea.KeyMsg{Type: tea.KeyEnd})
	v := plain(s)
	if !strings.Contains(v, "ball 16: one ") || !strings.Contains(v, "ball 13: one ") || strings.Contains(v, "ball 3: one ") {
		t.Errorf("after end the narration should tell balls 13 to 16:\n%s", v)
	}
	press(s, "2")
	if !strings.Contains(s.note, "each ball now draws 1 random bin, not 2") {
		t.Errorf("two off: %q", s.note)
	}
}

// Lines that end together share one label in the history, which says they
// coincide (correlated and never-refreshed stale are one choice), rather
// than one name drifting to another line's row.
func TestHistoryJoinsCoincidingLines(t *testing.T) {
	t.Parallel()
	m := openAt(t, "p2c-paired-4096", 160, 48)
	for range 4096 {
		binsSnap(m).Step()
	}
	for range 5 {
		if !strings.Contains(plain(m), "max load as the balls arrive") {
			press(m, "v")
		}
	}
	if v := plain(m); !strings.Contains(v, "one, correlated, stale") {
		t.Errorf("one, correlated and stale end at 6 together:\n%s", v)
	}
}

// The help pauses a run that was playing, and closing it plays on; a run
// that was paused stays paused.
func TestHelpPausesTheRun(t *testing.T) {
	t.Parallel()
	m := openAt(t, "supermarket-90", 80, 24)
	if !m.play.playing {
		press(m, " ")
	}
	press(m, "?")
	if m.play.playing {
		t.Fatal("the run plays on behind the help")
	}
	press(m, "esc")
	if !m.play.playing {
		t.Error("closing the help did not play on")
	}
	press(m, " ", "?", "?")
	if m.play.playing {
		t.Error("a paused run played after the help")
	}
}
