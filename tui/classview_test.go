package tui

import (
	"fmt"
	"github.com/loadlab/loadlab/scenarios"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// playToCaption steps m with the shell's own step (moments on) until a
// moment's caption holds want, at most limit steps.
func playToCaption(t *testing.T, m *Model, want string, limit int) {
	t.Helper()
	for range limit {
		if !m.stepOnce() && m.caption == "" {
			break
		}
		if strings.Contains(m.caption, want) {
			m.redraw()
			return
		}
	}
	t.Fatalf("no moment %q in %d steps", want, limit)
}

// Stopped at a moment, the status clock reads the moment's time, not the
// end of the step that reached it; + and - keep the sentence on screen.
func TestMomentClockReadsTheMoment(t *testing.T) {
	t.Parallel()
	m := openAsShipped(t, "lease-storm", 80, 24)
	playToCaption(t, m, "4:14 AM", 2000)
	status := strings.Split(plain(m), "\n")[22]
	if !strings.Contains(status, "4:14 AM") {
		t.Errorf("stopped at the 4:14 AM moment the status reads %q", status)
	}
	press(m, "+")
	if !strings.Contains(plain(m), "4:14 AM: ") || m.caption == "" {
		t.Errorf("+ took the moment's sentence away:\n%s", plain(m))
	}
}

// Every scenario opens paused at its first step, stopping at moments
// where it has any, and says how to play.
func TestEveryScenarioOpensPaused(t *testing.T) {
	t.Parallel()
	for _, sc := range catalogue(t) {
		m := openAsShipped(t, sc.Name, 80, 24)
		if m.Init(); m.play.playing {
			t.Errorf("%s opens playing", sc.Name)
		}
		if m.seek.steps != 0 {
			t.Errorf("%s opens at step %d", sc.Name, m.seek.steps)
		}
		if moves, plays := m.playsRun(); plays && !strings.Contains(plain(m), "space plays") {
			t.Errorf("%s does not say space plays:\n%s", sc.Name, plain(m))
		} else if !plays && !strings.Contains(plain(m), moves) {
			t.Errorf("%s does not say what moves it (%s):\n%s", sc.Name, moves, plain(m))
		}
		if n := len(m.noteLines()); n > noteRows {
			t.Errorf("%s: the opening note takes %d rows, at most %d", sc.Name, n, noteRows)
		}
		if m.lab.Info().Stops != "" && !m.stopAtMoments {
			t.Errorf("%s has moments and opens with M off", sc.Name)
		}
	}
}

// shellOwners maps each key the shell owns to the binding that declares
// it: a lab binding that takes one of these keys must be that binding's
// keys exactly (the lab then does what the shell's key means: the bins
// lab's b steps a ball back, its v shows the next chart).
func shellOwners() map[string]key.Binding {
	c := lab.CommonKeys
	owners := map[string]key.Binding{}
	for _, b := range []key.Binding{c.Quit, c.Help, c.Play, c.Step, c.Faster, c.Slower, c.Reset, c.NextSeed, c.TypeSeed, c.Theme, c.Back, c.Tab, c.Moments, c.Lecture,
		c.Timeline, c.View, c.Compare, c.StepBack, c.First, c.Last, c.JumpBack, c.JumpForward, c.Scenario, c.FromStart} {
		for _, k := range b.Keys() {
			owners[k] = b
		}
	}
	return owners
}

// One meaning per key in every lab: no lab's own key takes a shell key;
// b and ← step back wherever a run plays; i shows a timeline in every
// casebook lab and acts or says why in every other; v, c and tab act or
// say why, and no shell key is "not a key of this lab".
func TestShellKeysMeanTheSameEverywhere(t *testing.T) {
	t.Parallel()
	owners := shellOwners()
	for _, sc := range catalogue(t) {
		probe := openAt(t, sc.Name, 80, 24)
		for _, col := range probe.lab.KeyMap().FullHelp() {
			for _, b := range col {
				for _, k := range b.Keys() {
					if o, ok := owners[k]; ok && !sameKeys(o, b) {
						t.Errorf("%s: the lab's %q (%s) takes the shell's %q (%s)", sc.Name, b.Help().Key, b.Help().Desc, k, o.Help().Desc)
					}
				}
			}
		}
		for _, k := range []string{"b", "left"} {
			m := openAt(t, sc.Name, 80, 24)
			if _, plays := m.playsRun(); !plays {
				continue
			}
			drive(m, "n")
			drive(m, "n")
			drive(m, "n")
			drive(m, k)
			if m.seek.steps != 2 {
				t.Errorf("%s: %s after three steps is at step %d, want 2 (note %q)", sc.Name, k, m.seek.steps, m.note)
			}
		}
		casebook := labTitle(sc.Engine()) == labTitle("remirror")
		for _, k := range []string{"i", "v", "c", "tab"} {
			m := openAt(t, sc.Name, 80, 24)
			press(m, "n")
			before := plain(m)
			press(m, k)
			if strings.Contains(m.note, "not a key of this lab") {
				t.Errorf("%s: %s is the shell's, and the lab says %q", sc.Name, k, m.note)
			}
			if plain(m) == before {
				t.Errorf("%s: %s changed nothing and said nothing", sc.Name, k)
			}
			if k == "i" && casebook && !strings.Contains(strings.ToLower(plain(m)), "timeline") {
				t.Errorf("%s: i shows no timeline:\n%s", sc.Name, plain(m))
			}
		}
	}
}

// sameKeys reports whether two bindings take the same keys, in any order.
func sameKeys(a, b key.Binding) bool {
	x, y := slices.Sorted(slices.Values(a.Keys())), slices.Sorted(slices.Values(b.Keys()))
	return slices.Equal(x, y)
}

// ellipsisLines are the lines of m's screen that hold a …, but for the
// help bar's own mark of keys left out at its end.
func ellipsisLines(m *Model) []string {
	lines := strings.Split(plain(m), "\n")
	var bad []string
	for i, l := range lines {
		if i == len(lines)-1 && !m.helpOpen {
			l = strings.TrimSuffix(l, " …")
		}
		if strings.Contains(l, "…") {
			bad = append(bad, l)
		}
	}
	return bad
}

// Nothing is cut with …, anywhere, at any class size: each scenario as
// it opens, after every key its help lists (pressed in turn, the help
// opened and closed), a fifth on and at its end. The help bar's own
// mark of keys left out is the one … allowed.
func TestNothingCut(t *testing.T) {
	atClassSizes(t, func(t *testing.T, sc scenarios.Scenario, size [2]int) {
		m := openAsShipped(t, sc.Name, size[0], size[1])
		seen := map[string]bool{}
		check := func(when string) {
			for _, l := range ellipsisLines(m) {
				if !seen[l] {
					seen[l] = true
					t.Errorf("%dx%d %s: cut: %q", size[0], size[1], when, l)
				}
			}
		}
		check("as it opens")
		// N plays 100 whole runs (TestOverSeedsInTheShell looks at it)
		pressed := map[string]bool{"q": true, "ctrl+c": true, "esc": true, "end": true, "S": true, "e": true, ":": true, "N": true}
		for _, col := range m.lab.KeyMap().FullHelp() {
			for _, b := range col {
				for _, k := range b.Keys() {
					if pressed[k] {
						continue
					}
					pressed[k] = true
					drive(m, k)
					check("after " + k)
					if m.helpOpen {
						press(m, "?")
					}
				}
			}
		}
		drive(m, ">")
		drive(m, ">")
		check("a fifth on")
		m.stopAtMoments = false
		drive(m, "end")
		check("at its end")
	})
}

// atClassSizes runs check on every scenario at every class size, the
// scenarios in parallel; it plays whole runs.
func atClassSizes(t *testing.T, check func(t *testing.T, sc scenarios.Scenario, size [2]int)) {
	t.Helper()
	t.Parallel()
	playsWholeRuns(t)
	for _, sc := range catalogue(t) {
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel()
			for _, size := range classSizes {
				check(t, sc, size)
			}
		})
	}
}

// Every chart drawn, in every scenario at a class's sizes, opened, half
// way and at its end, with the lecture strip and without, is at the
// readable minimum: a lab short of room shows fewer charts (tab pages to
// the others), never smaller ones.
func TestEveryChartReadable(t *testing.T) {
	atClassSizes(t, func(t *testing.T, sc scenarios.Scenario, size [2]int) {
		for _, lecture := range []bool{false, true} {
			m := openAsShipped(t, sc.Name, size[0], size[1])
			if lecture {
				press(m, "L")
			}
			look := func(when string) {
				var small []string
				m.st.Seen = func(kind string, cols, rows int) {
					if !widget.Readable(kind, cols, rows) {
						small = append(small, fmt.Sprintf("%s %dx%d", kind, cols, rows))
					}
				}
				m.redraw()
				m.st.Seen = nil
				if len(small) > 0 {
					t.Errorf("%dx%d lecture strip %v, %s: charts under the readable minimum (%dx%d): %s\n%s",
						size[0], size[1], lecture, when, widget.ReadableCols, widget.ReadableRows, strings.Join(small, ", "), plain(m))
				}
			}
			look("as it opens")
			m.stopAtMoments = false
			for range 5 {
				drive(m, ">")
			}
			look("half way")
			drive(m, "end")
			look("at its end")
		}
	})
}

// showCard presses tab until the screen holds want, where a small screen
// shows one panel or chart at a time.
func showCard(t *testing.T, m *Model, want string) string {
	t.Helper()
	for range 8 {
		if v := plain(m); strings.Contains(v, want) {
			return v
		}
		press(m, "tab")
	}
	t.Fatalf("no card with %q:\n%s", want, plain(m))
	return ""
}
