package tui

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/loadlab/loadlab/tui/exactlab"
)

// openEnum opens an enumeration scenario and runs its computation inline,
// as the program would when the command returns.
func openEnum(t *testing.T, scenario string, w, h int) (*Model, *exactlab.Lab) {
	t.Helper()
	m := openAt(t, scenario, w, h) // runs the computation inline
	return m, m.lab.(*exactlab.Lab)
}

// Stepping forward and back always lands on the loads of a fresh replay,
// and the end of every counterexample on the loads the enumeration reports.
func TestStepperLandsOnEnumeratedLoads(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "counterexample-n4", 80, 24)
	if _, _, open := l.Trajectory(); !open {
		t.Fatal("counterexample-n4 should open the stepper on the first counterexample")
	}
	rep, _ := l.Report()
	for i, c := range rep.Brute.Counterexamples {
		if tr, _, _ := l.Trajectory(); !slices.Equal(tr.Candidates, c.Candidates) {
			t.Fatalf("counterexample %d: the stepper shows %v, want %v", i, tr.Candidates, c.Candidates)
		}
		press(m, "n", "n", "b", "n", "n", "n", "n") // past the end is a no-op
		tr, pos, _ := l.Trajectory()
		end := tr.At(pos)
		if pos != 4 || !slices.Equal(end.One, c.One) || !slices.Equal(end.Two, c.Two) {
			t.Fatalf("counterexample %d: ball %d loads %v / %v, enumeration says %v / %v", i, pos, end.One, end.Two, c.One, c.Two)
		}
		press(m, "home")
		if _, pos, _ := l.Trajectory(); pos != 0 {
			t.Fatalf("g should go to the start")
		}
		press(m, "j")
	}
	if tr, _, _ := l.Trajectory(); !slices.Equal(tr.Candidates, rep.Brute.Counterexamples[0].Candidates) {
		t.Errorf("↓ past the last counterexample should wrap to the first")
	}
}

// A typed sequence opens in the stepper; a bad one shows why inline.
func TestInputEditor(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 80, 24)
	typeText := func(s string) {
		for _, r := range s {
			m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	press(m, "e")
	typeText("00 0x")
	press(m, "enter")
	if !l.Editing() || !strings.Contains(plain(m), "ball 2") {
		t.Fatalf("a bad sequence should keep the editor open with the reason:\n%s", plain(m))
	}
	press(m, "esc")
	press(m, "e")
	typeText("00 01 10 11")
	press(m, "enter")
	if tr, _, open := l.Trajectory(); l.Editing() || !open || tr.Len() != 4 {
		t.Fatalf("typed sequence not opened: editing %v stepper %v", l.Editing(), open)
	}
	press(m, "end")
	tr, _, _ := l.Trajectory()
	end := tr.At(4)
	if !slices.Equal(end.One, []int{2, 2, 0, 0}) || !slices.Equal(end.Two, []int{1, 3, 0, 0}) {
		t.Errorf("the research note's first counterexample typed by hand ends %v / %v", end.One, end.Two)
	}
	press(m, "esc")
	if _, _, open := l.Trajectory(); open || m.screen != screenLab {
		t.Error("esc in the stepper should return to the table")
	}
	press(m, "esc")
	if m.screen != screenPicker {
		t.Error("esc in the table should return to the picker")
	}
}

// A user opens counterexample-n4 from the picker, steps to the end and
// quits; the final loads are the research note's [2 2 0 0] and [1 3 0 0].
func TestFlowCounterexampleToTheEnd(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	pick(tm, "counterexample")
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("counterexample 1 of"))
	}, teatest.WithDuration(5*time.Second))
	for range 4 {
		tm.Send(keyMsg("n"))
	}
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("end worse"))
	}, teatest.WithDuration(5*time.Second))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	tr, pos, _ := final.lab.(*exactlab.Lab).Trajectory()
	end := tr.At(pos)
	if pos != 4 || !slices.Equal(end.One, []int{2, 2, 0, 0}) || !slices.Equal(end.Two, []int{1, 3, 0, 0}) {
		t.Errorf("after 4 steps: ball %d, one %v, two %v; §P2C publishes [2 2 0 0] and [1 3 0 0]", pos, end.One, end.Two)
	}
}

// BenchmarkEnumViews160x48 is one redraw of the enumeration table and of the
// stepper at 160x48.
func BenchmarkEnumViews160x48(b *testing.B) {
	m, _ := New(Options{Scenario: "exact-n4", Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
	m.Update(m.lab.(*exactlab.Lab).Init()())
	b.Run("table", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			m.redraw()
			_ = m.View()
		}
	})
	press(m, "enter", "n", "n", "n")
	b.Run("stepper", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			m.redraw()
			_ = m.View()
		}
	})
}

// With M on, playing counterexample-n4 stops at ball 3, the choice that
// goes wrong, and then at ball 4, where two's max passes one's.
func TestFlowStepperStopsAtMoments(t *testing.T) {
	t.Parallel()
	m, err := New(Options{Scenario: "counterexample-n4", Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("counterexample 1 of"))
	}, teatest.WithDuration(5*time.Second))
	for range 6 {
		tm.Send(keyMsg("+"))
	}
	tm.Send(keyMsg(" "))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("moment: ball 3: two choices take bin 1"))
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(keyMsg(" "))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("moment: ball 4: two choices' max reaches 3"))
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if _, pos, _ := final.lab.(*exactlab.Lab).Trajectory(); pos != 4 {
		t.Errorf("stopped at ball %d, want 4", pos)
	}
}

// run carries out a command the model returned and feeds its messages
// back, batches included, as the program would.
func run(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			run(m, c)
		}
	case nil:
	default:
		if _, ok := msg.(tea.KeyMsg); !ok {
			_, next := m.Update(msg)
			_ = next // ticks and redraws: not needed here
		}
	}
}

// [ ] { } change n and m and compute again; past brute force's bound the
// lab moves to the DP and says so; below 1 bin it refuses with the range.
func TestExactSizeKeys(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 80, 24)
	_, cmd := m.Update(keyMsg("{")) // 3 balls: 5 bins then take 5^6 inputs, not 5^8
	run(m, cmd)
	_, cmd = m.Update(keyMsg("]"))
	run(m, cmd)
	if rep, ready := l.Report(); !ready || rep.Spec.Bins != 5 || rep.Brute == nil || rep.Brute.Inputs != 15625 {
		t.Fatalf("] should enumerate 5 bins by brute force: %+v", rep.Spec)
	}
	if v := plain(m); !strings.Contains(v, "3 balls into 5 bins") || !strings.Contains(v, "at n = 5, m = 3 (your size)") || strings.Contains(v, "n = m = 4") {
		t.Errorf("the table and the title should say the new size:\n%s", v)
	}
	press(m, "[")
	for range 5 { // m = 8: 4^16 inputs, past brute force's bound
		_, cmd = m.Update(keyMsg("}"))
	}
	if !strings.Contains(m.note, "the DP, with the rules it can follow: one, two, dchoice:3, anti") {
		t.Errorf("past brute force the note should say the DP's rules, got %q", m.note)
	}
	run(m, cmd)
	if rep, ready := l.Report(); !ready || rep.Spec.Method != "dp" || rep.Spec.Balls != 8 || rep.Spec.Bins != 4 {
		t.Fatalf("m = 8 on 4 bins should run the DP: %+v", rep.Spec)
	}
	if v := plain(m); !strings.Contains(v, "Why these rules") || !strings.Contains(v, "Correlated is one choice exactly") {
		t.Errorf("the DP's table should say why correlated and stale left:\n%s", v)
	}
	_, cmd = m.Update(keyMsg("{"))
	if !strings.Contains(m.note, "correlated, stale and the counterexamples come back") {
		t.Errorf("back under brute force's bound the note should say the rules return, got %q", m.note)
	}
	_ = cmd // 4^14 inputs by brute force: the note is the point here
	press(m, "}")
	for range 4 {
		press(m, "[")
	}
	if !m.noteBad || !strings.Contains(m.note, "bins") {
		t.Errorf("0 bins should be refused, naming bins: %q", m.note)
	}
}

// A typed input longer than the screen scrolls: the labels, the verdict
// and the border stay, and the status gives the input's n and m.
func TestLongTypedInputScrolls(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 80, 24)
	press(m, "e")
	for _, r := range strings.Repeat("01 ", 30) {
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	press(m, "enter", "end")
	v := plain(m)
	checkFits(t, m, 80, 24)
	if _, pos, open := l.Trajectory(); !open || pos != 30 {
		t.Fatalf("the typed input should be open at its end, at ball %d", pos)
	}
	for _, want := range []string{"balls: …", "[(0,1)]", "╰", "final max", "your input: n=4 m=30", "0 "} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q on screen:\n%s", want, v)
		}
	}
}

// The DP's fractions are long: the table gives E[max] in decimals, and f
// writes each out in full, wrapped, not elided.
func TestDPFractionsInFull(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-dp-32", 80, 24)
	rep, _ := l.Report()
	if v := plain(m); !strings.Contains(v, "3.532941") || !strings.Contains(v, "f writes each as its exact fraction") {
		t.Fatalf("the DP table should give E[max] in decimals and say f writes the fractions:\n%s", v)
	}
	press(m, "f")
	v := plain(m)
	if strings.Contains(v, "digits)") || !strings.Contains(v, "E[max] exactly") {
		t.Fatalf("f should write the DP's fractions out:\n%s", v)
	}
	joined := strings.ReplaceAll(strings.ReplaceAll(v, "\n", ""), " ", "")
	want := "one=" + rep.Exact[0].Expected().String()
	if !strings.Contains(joined, want) {
		t.Errorf("one's E[max] %s is not written in full:\n%s", want, v)
	}
	checkFits(t, m, 80, 24)
}

// The help names each key once, r included, in the table and the stepper.
func TestExactHelpKeysOnce(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 80, 24)
	for _, view := range []string{"table", "stepper"} {
		if view == "stepper" {
			press(m, "enter")
		}
		full := l.KeyMap().FullHelp()
		seen := map[string]bool{}
		for _, col := range full {
			for _, b := range col {
				for _, k := range b.Keys() {
					if seen[k] {
						t.Errorf("%s: key %q listed twice", view, k)
					}
					seen[k] = true
				}
			}
		}
		if view == "stepper" && !seen["r"] {
			t.Errorf("the stepper's help should list r (rewind)")
		}
	}
}

// At 160 columns the table and the stepper stand side by side; ↑/↓ open
// the chosen counterexample beside the table, and n steps it.
func TestExactSideBySide(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 160, 48)
	v := plain(m)
	if !strings.Contains(v, "Exact max load") || !strings.Contains(v, "one choice: always first") {
		t.Fatalf("the table and the stepper should share a 160-column screen:\n%s", v)
	}
	press(m, "j", "n", "n")
	if tr, pos, open := l.Trajectory(); !open || pos != 2 || !strings.Contains(plain(m), "counterexample 2 of 96") {
		t.Errorf("↓ then n n should step counterexample 2 beside the table: open %v ball %d %v", open, pos, tr.Candidates)
	}
	checkFits(t, m, 160, 48)
}

// Both candidates in one bin: the mark is the first's, as the text says
// ("a tie goes to first"); sizes of one read in the singular.
func TestStepperTieMarksFirst(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "counterexample-n4", 80, 24)
	press(m, "j", "j", "n")
	if tr, pos, _ := l.Trajectory(); tr.Candidates[0] != [2]int{0, 0} || pos != 1 {
		t.Fatalf("counterexample 3 should start (0,0): %v at %d", tr.Candidates, pos)
	}
	v := plain(m)
	if strings.Count(v, "1▲") != 2 || strings.Contains(v, "2▲") {
		t.Errorf("a ball whose two looks are one bin should mark 1▲ in both panels:\n%s", v)
	}
	m, _ = openEnum(t, "exact-n4", 80, 24)
	press(m, "[", "[", "[", "{", "{")
	_, cmd := m.Update(keyMsg("{"))
	run(m, cmd)
	if v := plain(m); !strings.Contains(v, "1 ball into 1 bin, over all 1 input by brute force") || strings.Contains(v, "1/1") {
		t.Errorf("n = m = 1 should read in the singular, E[max] as 1:\n%s", v)
	}
}

// esc while a size computes cancels it and stays in the lab, on the table
// before; with no table before, the lab says so and enter starts again.
func TestEscCancelsTheComputation(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 120, 40)
	_, cmd := m.Update(keyMsg("]"))
	if !l.Busy() || cmd == nil {
		t.Fatalf("] should start computing n = 5")
	}
	press(m, "esc")
	if m.screen != screenLab || l.Busy() || !strings.Contains(m.note, "back to n = 4, m = 4") {
		t.Fatalf("esc should cancel and stay: screen %v busy %v note %q", m.screen, l.Busy(), m.note)
	}
	for _, c := range cmd().(tea.BatchMsg) { // the cancelled computation's message comes late
		if msg := c(); msg != (busyMsg{}) {
			m.Update(msg)
		}
	}
	if rep, ok := l.Report(); !ok || rep.Spec.Bins != 4 || !strings.Contains(plain(m), "439/256") {
		t.Errorf("the table before should stay on screen:\n%s", plain(m))
	}

	m, err := New(Options{Scenario: "exact-dp-32", Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	l = m.lab.(*exactlab.Lab)
	start := l.Init()
	press(m, "esc")
	if m.screen != screenLab || !strings.Contains(plain(m), "enter computes it again") {
		t.Fatalf("esc on the first computation should stay and say how to start again:\n%s", plain(m))
	}
	m.Update(start()) // cancelled: nothing to show
	drive(m, "enter")
	if v := plain(m); !strings.Contains(v, "3.532941") {
		t.Errorf("enter should compute the table again:\n%s", v)
	}
}

// From 120 columns the table gives P(max = k) as percentages: two
// choices' P(max = 2) at n = m = 4 reads as a number, not a block.
func TestProbabilitiesAsNumbers(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 120, 40)
	rep, _ := l.Report()
	p, _ := rep.Exact[1].Prob[2].Float64()
	want := "2: " + strconv.FormatFloat(100*p, 'g', 2, 64) + " %"
	for _, line := range strings.Split(plain(m), "\n") {
		if strings.HasPrefix(line, "two  ") { // the table's row, not the headline's "two vs one"
			if !strings.Contains(line, want) {
				t.Errorf("two choices' row should give %q: %q", want, line)
			}
			return
		}
	}
	t.Errorf("no row for two choices:\n%s", plain(m))
}

// Exact results are final once computed: stepping through one input does
// not turn them into "so far", and counterexample-n4 opens on its stepper
// with them final.
func TestExactHeadlineFinalWhileStepping(t *testing.T) {
	t.Parallel()
	m, _ := openEnum(t, "counterexample-n4", 120, 40)
	if head := strings.Split(plain(m), "\n")[1]; !strings.HasPrefix(head, "✓ final inputs 65,536") {
		t.Errorf("counterexample-n4 opens with %q", head)
	}
	m, _ = openEnum(t, "exact-n4", 80, 24)
	press(m, "enter", "n")
	if head := strings.Split(plain(m), "\n")[1]; !strings.HasPrefix(head, "✓ final one E[max] 17/8") {
		t.Errorf("in the stepper the exact results read %q", head)
	}
}

// exact-dp-32 at 80x24 has the rows for P(max = k) in numbers (two's 2 is
// 76 %, one's 3 is 52 %), where blocks scaled row by row drew both █; where
// only blocks fit, they are eighths of one share for every rule, which the
// header gives.
func TestExactSharesOnOneScale(t *testing.T) {
	t.Parallel()
	m, _ := openEnum(t, "exact-dp-32", 80, 24)
	if v := plain(m); !strings.Contains(v, "2: 76 %") || !strings.Contains(v, "3: 52 %") || strings.Contains(v, "2█") {
		t.Errorf("80x24 has room for P(max = k) in numbers:\n%s", v)
	}
	m, _ = openEnum(t, "exact-dp-32", 60, 16)
	v := plain(m)
	if !strings.Contains(v, "█ 98 %") || !strings.Contains(v, "2▆") || !strings.Contains(v, "3▄") || strings.Count(v, "█") != strings.Count(v, "2█")+1 {
		t.Errorf("blocks on one scale: only dchoice:3's 98 %% is a full block, two's 76 %% and one's 52 %% less:\n%s", v)
	}
	checkFits(t, m, 60, 16)
}

// A ball whose two looks are one bin has nothing to compare, and the
// stepper says so rather than "compare loads 2 and 2 (a tie goes to
// first)"; a tie between two bins is still called one.
func TestStepperOneBinIsNoTie(t *testing.T) {
	t.Parallel()
	m, _ := openEnum(t, "counterexample-n4", 80, 24)
	press(m, "n") // (0,0)
	if v := plain(m); !strings.Contains(v, "two choices look at bin 0 twice (load 0): bin 0, no choice.") || strings.Contains(v, "tie") {
		t.Errorf("ball (0,0):\n%s", v)
	}
	press(m, "n")   // (0,1): loads 1 and 0
	press(m, "end") // (1,1) at the end
	if v := plain(m); !strings.Contains(v, "look at bin 1 twice") {
		t.Errorf("ball (1,1):\n%s", v)
	}
}

// exact-dp-32 draws P(max = k) of every rule as one chart on one axis:
// under the table where the rows allow (160x48), and alone on v at 80x24,
// where v again goes back to the table.
func TestExactChartOnSharedAxes(t *testing.T) {
	t.Parallel()
	m, _ := openEnum(t, "exact-dp-32", 160, 48)
	v := plain(m)
	for _, want := range []string{"P(max = k) in %, every rule on one axis", "one E[max] 3.53", "two E[max] 2.24", "100┤", "2: 76 %"} {
		if !strings.Contains(v, want) {
			t.Errorf("160x48 should give the table and the chart under it, no %q:\n%s", want, v)
		}
	}
	checkFits(t, m, 160, 48)
	m, _ = openEnum(t, "exact-dp-32", 80, 24)
	if v := plain(m); strings.Contains(v, "every rule on one axis") {
		t.Errorf("80x24 has no room for the chart under the table:\n%s", v)
	}
	press(m, "v")
	v = plain(m)
	if !strings.Contains(v, "every rule on one axis") || !strings.Contains(v, "one E[max] 3.53") || strings.Contains(v, "2: 76 %") {
		t.Errorf("v should show the chart alone:\n%s", v)
	}
	checkFits(t, m, 80, 24)
	press(m, "v")
	if v := plain(m); !strings.Contains(v, "2: 76 %") {
		t.Errorf("v again should give the table back:\n%s", v)
	}
}

// f's fractions are a page: at 80x16 they do not fit, pgdn moves down a
// page and the title says which lines are on screen; esc goes back.
func TestFractionsPage(t *testing.T) {
	t.Parallel()
	m, _ := openEnum(t, "exact-dp-32", 80, 16)
	press(m, "f")
	if v := plain(m); !strings.Contains(v, "lines 1-") || !strings.Contains(v, "one = ") {
		t.Fatalf("f at 80x16 should page the fractions from the first line:\n%s", v)
	}
	m.Update(tea.KeyMsg{Type: tea.KeyPgDown})
	v := plain(m)
	if strings.Contains(v, "lines 1-") || !strings.Contains(v, "anti = ") {
		t.Errorf("pgdn should move down a page to anti's fraction:\n%s", v)
	}
	checkFits(t, m, 80, 16)
	press(m, "esc")
	if v := plain(m); !strings.Contains(v, "3.532941") || m.screen != screenLab {
		t.Errorf("esc should leave the page for the table, not the lab:\n%s", v)
	}
}

// z types the size: n then m, or named; a size the methods refuse keeps
// the editor open with the reason, and nothing changes.
func TestExactSizeTyped(t *testing.T) {
	t.Parallel()
	m, l := openEnum(t, "exact-n4", 80, 24)
	press(m, "z")
	typeText(m, "m=3 n=5")
	_, cmd := m.Update(keyMsg("enter"))
	run(m, cmd)
	if rep, ready := l.Report(); !ready || rep.Spec.Bins != 5 || rep.Spec.Balls != 3 {
		t.Fatalf("z m=3 n=5 should compute 3 balls into 5 bins: %+v", rep.Spec)
	}
	press(m, "z")
	typeText(m, "0 3")
	press(m, "enter")
	if v := plain(m); !strings.Contains(v, "size n m: 0 3") || !strings.Contains(v, "bins") {
		t.Errorf("0 bins should be refused under the editor, naming bins:\n%s", v)
	}
	if rep, _ := l.Report(); rep.Spec.Bins != 5 {
		t.Errorf("a refused size changed the run: %+v", rep.Spec)
	}
}
