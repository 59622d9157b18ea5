package tui

import (
	"hash/fnv"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/binslab"
)

// catalogue is the scenarios a whole-catalogue test goes through: every
// one; under -short every third, and under the race detector every seventh,
// which ones chosen by the test's name. The detector slows the TUI about tenfold, and what it
// looks for (memory shared between goroutines) is the shell's, not a
// scenario's; the plain run, which CI makes, checks every scenario.
func catalogue(t *testing.T) []scenarios.Scenario {
	all := scenarios.All()
	if !raceDetector && !testing.Short() {
		return all
	}
	every := 3
	if raceDetector {
		every = 7 // count=2 under the detector must finish well inside go test's 10 minutes
	}
	h := fnv.New32a()
	h.Write([]byte(t.Name()))
	var some []scenarios.Scenario
	for i := int(h.Sum32() % uint32(every)); i < len(all); i += every {
		some = append(some, all[i])
	}
	return some
}

// playsWholeRuns skips, under the race detector, a test that plays whole
// runs on the shell's one goroutine: the detector finds nothing there and
// makes each run ten times slower. The plain run, which CI makes, runs it.
func playsWholeRuns(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("plays whole runs on one goroutine: checked without -race")
	}
}

// classSizes are the terminals a class uses: the smallest a lab is made
// for, a laptop's and a projector's.
var classSizes = [][2]int{{80, 24}, {120, 40}, {160, 48}}

// One pass over the catalogue. Each scenario is opened once and its frames
// seen at every class size (a resize, not a new run) as it opens, after
// three steps, played on a fifth and at its end; every key its help lists
// is pressed on a fresh run; then a short fuzz plays on from the end.
//   - every frame fits the terminal, in every theme, with help open too;
//     below the minimum the screen says how big it must be, and resizing
//     keeps the state;
//   - nothing that carries meaning is cut: no line ends a word or a
//     number with an ellipsis;
//   - panels side by side share their scales (at 80x24 and 160x48): where
//     a row holds two or more charts' x axes, every one is as long and
//     ticked at the same columns;
//   - every key of the help, pressed in turn by a lecturer, acts (the
//     screen changes) or says in a note why it does nothing there, and a
//     follower shows the lecturer's run after it (keysInTurn);
//   - no key, resize or tick panics or prints float noise.
func TestCatalogue(t *testing.T) {
	t.Parallel()
	for _, sc := range catalogue(t) {
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel()
			keysInTurn(t, sc.Name)
			m := openAt(t, sc.Name, 80, 24)
			m.play.stop()
			framesHold(t, m, sc.Name, "as it opens")
			fitsEverywhere(t, m, sc.Name)
			if !raceDetector {
				drive(m, ">")
				drive(m, ">")
				framesHold(t, m, sc.Name, "a fifth on")
				drive(m, "end")
				framesHold(t, m, sc.Name, "at its end")
			}
			fuzzSession(t, m, sc.Name, 1, 120)
		})
	}
}

// cutWord is an ellipsis that cuts into a word or a number: a line may
// leave words out, marked " …", never show part of one.
var cutWord = regexp.MustCompile(`[^\s]…`)

// axisRun is a chart's x axis on a row: the corner and its run of ticks.
var axisRun = regexp.MustCompile(`└[─┬┴┼]+`)

// framesHold checks the frame at every class size: it fits, no word is cut
// short, and side-by-side axes agree (at 80x24 and 160x48). It leaves the
// model at 80x24.
func framesHold(t *testing.T, m *Model, scenario, when string) {
	t.Helper()
	for _, size := range classSizes {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		checkFits(t, m, size[0], size[1])
		axes := size[0] != 120
		for _, line := range strings.Split(plain(m), "\n") {
			if cutWord.MatchString(line) {
				t.Errorf("%s at %dx%d %s: a word cut short: %q", scenario, size[0], size[1], when, line)
			}
			if !axes {
				continue
			}
			runs := axisRun.FindAllString(line, -1)
			for _, a := range runs[min(1, len(runs)):] {
				if a != runs[0] {
					t.Errorf("%s at %dx%d %s: side-by-side axes differ:\n%s", scenario, size[0], size[1], when, line)
					break
				}
			}
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
}

// fitsEverywhere steps three times and checks the frame fits in every
// theme at 80x24, with help open at 80x24 and 160x48, says the minimum at
// 40x10, and keeps the state through the resizes. It leaves the model in
// its theme at 80x24.
func fitsEverywhere(t *testing.T, m *Model, scenario string) {
	t.Helper()
	press(m, "n", "n", "n")
	theme := m.theme
	for i := range themes.All {
		m.setTheme(i)
		checkFits(t, m, 80, 24)
	}
	m.setTheme(theme)
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		press(m, "?")
		if !strings.Contains(plain(m), "What this scenario teaches") {
			t.Errorf("%s %dx%d: ? shows no help:\n%s", scenario, size[0], size[1], plain(m))
		}
		checkFits(t, m, size[0], size[1])
		press(m, "?")
		m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
		if !strings.Contains(plain(m), "needs 60x16") {
			t.Errorf("%s at 40x10: %q", scenario, plain(m))
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if bl, ok := m.lab.(*binslab.Lab); ok && bl.Snapshot().Ball != 3 {
		t.Errorf("%s: resizing lost the state: ball %d, want 3", scenario, bl.Snapshot().Ball)
	}
}

// keysInTurn presses every key of the scenario's help in turn in a
// lecturer's session (a field a key opens closed again with esc, the help
// and timeline closed), then plays to the end. Each key must act (the
// screen changes) or say in a note why it does nothing there; and after
// each a follower at 80x24 shows the same run: the lab's status and body,
// drawn at one size, equal. A follower presses the screen keys
// itself (they are its own). A second follower, at 120x40, catches up
// only before each of its own keys and at the end, many of the lecturer's
// keys at once: a screen reached by a seek, at another size, equals one
// reached key by key. N is left out: its runs over seeds are a view of the same
// config, the follower's own, and cost a hundred runs.
func keysInTurn(t *testing.T, scenario string) {
	t.Helper()
	var published ClassState
	lect := openAt(t, scenario, 80, 24)
	lect.class.publish = func(st ClassState) { published = st }
	lect.class.published = ClassState{Epoch: -1}
	lect.publishClass()
	f, err := New(Options{Theme: "mono", Follow: true})
	if err != nil {
		t.Fatal(err)
	}
	f.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	late, err := New(Options{Theme: "mono", Follow: true})
	if err != nil {
		t.Fatal(err)
	}
	late.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	// Following replays whole runs on the shell's one goroutine, where
	// the race detector finds nothing and runs ten times slower: the plain
	// build, which CI makes, checks the followers (see playsWholeRuns).
	watched := !raceDetector
	follows := func(f *Model, k string) {
		if !watched {
			return
		}
		send(f, FollowMsg{State: published})
		if a, ok := lect.async(); ok && a.Busy() {
			return // the lecturer's own work is not in yet: the follower waits for it
		}
		if got, want := state(f), state(lect); got != want {
			t.Errorf("after the lecturer's %q the follower at step %d, the lecturer at %d:\n%s\nthe lecturer's:\n%s", k, f.seek.steps, lect.seek.steps, got, want)
		}
	}
	check := func(k string) { follows(f, k) }
	press := func(k string) {
		msg := keyFor(k)
		own := key.Matches(msg, screenKeys...)
		if own && watched { // the late follower catches up before each key of its own, then presses it
			send(late, FollowMsg{State: published})
		}
		if watched {
			send(lect, msg)
		} else {
			lect.Update(msg) // its work off the loop left undone, as the race build opens labs
		}
		if own && watched {
			send(f, msg)
			send(late, msg)
			follows(late, k+", caught up at once")
		}
		check(k)
	}
	seen := map[string]bool{"q": true, "ctrl+c": true, "esc": true, "end": true, "N": true}
	for _, col := range lect.lab.KeyMap().FullHelp() {
		for _, b := range col {
			for _, k := range b.Keys() {
				if seen[k] || lect.screen != screenLab {
					continue
				}
				seen[k] = true
				msg := keyFor(k)
				if !key.Matches(msg, b) {
					t.Fatalf("test bug: %q does not match its own binding", k)
				}
				before := lect.frame
				press(k)
				if lect.frame == before && lect.note == "" {
					t.Errorf("%q (%s) changed nothing and said nothing", k, b.Help().Desc)
				}
				if lect.textFocused() {
					press("esc")
				}
				for _, close := range []struct {
					open bool
					key  string
				}{{lect.helpOpen, "?"}, {lect.timelineOpen, "i"}} {
					if close.open {
						press(close.key)
					}
				}
			}
		}
	}
	if lect.screen != screenLab {
		return
	}
	follows(late, "the keys since its last own one, caught up at once")
	press("end")
	follows(late, "end, caught up at once")
}
