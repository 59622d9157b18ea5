package tui

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/binslab"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// catalogue is the scenarios the catalogue pass goes through: every one;
// under -short every third, and under the race detector every seventh,
// which ones chosen by the test's name. The detector slows the TUI about
// tenfold, and what it looks for (memory shared between goroutines) is the
// shell's, not a scenario's; the plain run, which CI makes, checks every
// scenario. Only TestCatalogue calls it (TestOnePassOverTheCatalogue).
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

// endCards are the scenarios whose end is the lecture's card: the
// trigger, what kept it going, what ended it, what prevents it.
var endCards = map[string]bool{"aws-2011-remirror": true, "aws-2011-backoff": true, "facebook-2010": true, "facebook-2010-backoff": true,
	"the-planet-2008": true, "lease-storm": true, "lease-storm-throttled": true, "health-flip-flop": true}

// The one pass over the catalogue. Each scenario is opened once, as
// loadlab tui opens it, by a lecturer whom two followers watch, and its
// frames are seen at every class size (a resize, not a new run) as it
// opens, after three steps, after each key of its help, a fifth on and at
// its end; then a short fuzz plays on from the end. Every check over the
// catalogue belongs here, on these frames:
//   - it opens paused at step 0, says how to play, keeps its opening note
//     short, stops at its moments, shows its seed, and its help lists ":"
//     and (where it draws random numbers) N;
//   - every frame fits the terminal, in every theme, with help open too;
//     below the minimum the screen says how big it must be, and resizing
//     keeps the state;
//   - nothing is cut with …, but for the help bar's mark of keys left out;
//     no chart row is cut at its right edge before its lines start;
//   - every chart drawn, with the lecture strip and without, is at the
//     readable minimum;
//   - panels side by side share their scales (at 80x24 and 160x48);
//   - no lab's own key takes a shell key, and the shell's keys mean the
//     same everywhere: b and ← step back, i, v, c and tab act or say why;
//   - going back to step k shows what k forward steps showed, and home
//     shows the first step;
//   - every key of the help, pressed in turn, acts or says why it does
//     nothing, and the followers show the lecturer's run after it;
//   - a lab whose length is exact ends at that step, and a casebook lab
//     ends on the lecture's card, which esc leaves and end shows again;
//   - no key, resize or tick panics or prints float noise.
func TestCatalogue(t *testing.T) {
	t.Parallel()
	owners := shellOwners()
	for _, sc := range catalogue(t) {
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel()
			p := openPass(t, sc)
			p.opening()
			p.frames("as it opens", true)
			p.ownKeys(owners)
			p.fitsEverywhere()
			p.stepsBack()
			p.keysInTurn()
			m := p.lect
			if p.lect.screen == screenLab && !raceDetector {
				m.stopAtMoments = false
				drive(m, ">")
				drive(m, ">")
				p.frames("a fifth on", false)
				drive(m, "end")
				p.follows(p.late, "end, caught up at once", true)
				p.frames("at its end", false)
				p.ending()
			}
			fuzzSession(t, m, sc.Name, 1, 120)
		})
	}
}

// pass is one scenario's way through TestCatalogue: the lecturer's
// session, opened as loadlab tui opens it, and two followers: f at 80x24
// follows after every key; late, at 120x40, catches up only before each
// key of its own and at the end, many of the lecturer's keys at once.
type pass struct {
	t         *testing.T
	scenario  string
	engine    string
	lect      *Model
	f, late   *Model
	published ClassState
	// watched says the followers are checked and each key's work off
	// the loop is done before the next key. Not under the race detector:
	// following replays whole runs on the shell's one goroutine, where it
	// finds nothing and runs ten times slower (see playsWholeRuns). Not
	// over seeds: each key of a scenario over seeds sets its seeds' runs
	// going (40 nights of aws-2011-over-seeds, a quarter of the pass), so
	// its keys come faster than the work, as a lecturer's may, and each
	// key's work gives way to the next; its lab's keys are followed in
	// the scenario of its one seed (aws-2011-remirror), and the runs over
	// seeds are the lesson's, checked headless.
	watched bool
	// undone is the work the keys set going while unwatched, run at the
	// end of the keys: the work a later key replaced gives way at once.
	undone []tea.Cmd
}

func openPass(t *testing.T, sc scenarios.Scenario) *pass {
	p := &pass{t: t, scenario: sc.Name, engine: sc.Engine(), watched: !raceDetector && sc.Seeds <= 1}
	p.lect = openAsShipped(t, sc.Name, 80, 24)
	p.lect.class.publish = func(st ClassState) { p.published = st }
	p.lect.class.published = ClassState{Epoch: -1}
	p.lect.publishClass()
	p.f = newFollower(t, 80, 24)
	p.late = newFollower(t, 120, 40)
	return p
}

func newFollower(t *testing.T, w, h int) *Model {
	f, err := New(Options{Theme: "mono", Follow: true})
	if err != nil {
		t.Fatal(err)
	}
	f.play.timer = atOnce
	f.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return f
}

// opening checks the scenario as it opens: paused at step 0, saying how
// to play or what moves it, its note short, stopping at its moments, its
// seed on the status line, ":" and N in its help.
func (p *pass) opening() {
	t, m, name := p.t, p.lect, p.scenario
	if m.Init(); m.play.playing {
		t.Errorf("%s opens playing", name)
	}
	if m.seek.steps != 0 {
		t.Errorf("%s opens at step %d", name, m.seek.steps)
	}
	if moves, plays := m.playsRun(); plays && !strings.Contains(plain(m), "space plays") {
		t.Errorf("%s does not say space plays:\n%s", name, plain(m))
	} else if !plays && !strings.Contains(plain(m), moves) {
		t.Errorf("%s does not say what moves it (%s):\n%s", name, moves, plain(m))
	}
	if n := len(m.noteLines()); n > noteRows {
		t.Errorf("%s: the opening note takes %d rows, at most %d", name, n, noteRows)
	}
	if m.lab.Info().Stops != "" && !m.stopAtMoments {
		t.Errorf("%s has moments and opens with M off", name)
	}
	if seed := m.lab.Seed(); seed >= 0 && !strings.Contains(strings.Join(m.lab.Status(), " "), "seed "+strconv.FormatInt(seed, 10)) {
		t.Errorf("%s: status %q does not show seed %d", name, strings.Join(m.lab.Status(), " "), seed)
	}
	keys := keysOfHelp(m)
	if !slices.Contains(keys, ":") {
		t.Errorf("%s: the help has no \":\"", name)
	}
	if m.lab.Seed() >= 0 && !slices.Contains(keys, "N") {
		t.Errorf("%s: the help has no N", name)
	}
	if len(m.lab.Headline()) == 0 && !ownsL(m) {
		press(m, "L")
		if !strings.Contains(plain(m), "no headline figures") {
			t.Errorf("%s: L in a lab without a headline figure should say so:\n%s", name, plain(m))
		}
		if m.lecture {
			press(m, "L")
		}
	}
	if endCards[name] {
		if v := plain(m); strings.Contains(v, "prevented by") || !strings.Contains(v, "model: so far") {
			t.Errorf("%s as it opens: a card, or no \"model: so far\":\n%s", name, v)
		}
	}
	// The class's state is told before any key: the tests of the keys
	// compare the followers with a lecturer seen through it.
	m.stopAtMoments = false
}

// keysOfHelp are the keys of m's full help, in its order.
func keysOfHelp(m *Model) []string {
	var keys []string
	for _, col := range m.lab.KeyMap().FullHelp() {
		for _, b := range col {
			keys = append(keys, b.Keys()...)
		}
	}
	return keys
}

// cutWord is an ellipsis that cuts into a word or a number.
var cutWord = regexp.MustCompile(`[^\s]…`)

// axisRun is a chart's x axis on a row: the corner and its run of ticks.
var axisRun = regexp.MustCompile(`└[─┬┴┼]+`)

// frames checks the lecturer's frame at every class size: it fits,
// nothing is cut, side-by-side axes agree (at 80x24 and 160x48), and every
// chart is readable with the lecture strip and without. At the start
// (before any line) no chart row ends in a cut. It leaves the model at
// 80x24.
func (p *pass) frames(when string, start bool) {
	t, m := p.t, p.lect
	t.Helper()
	var small []string
	m.st.Seen = func(kind string, cols, rows int) {
		if !widget.Readable(kind, cols, rows) {
			small = append(small, fmt.Sprintf("%s %dx%d", kind, cols, rows))
		}
	}
	defer func() { m.st.Seen = nil }()
	readable := func(size [2]int, strip string) {
		if len(small) > 0 {
			t.Errorf("%s at %dx%d %s, %s: charts under the readable minimum (%dx%d): %s\n%s", p.scenario, size[0], size[1], when, strip,
				widget.ReadableCols, widget.ReadableRows, strings.Join(small, ", "), plain(m))
		}
		small = nil
	}
	for _, size := range classSizes {
		small = nil
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		readable(size, "no lecture strip")
		checkFits(t, m, size[0], size[1])
		axes := size[0] != 120
		for _, line := range ellipsisLines(m) {
			t.Errorf("%s at %dx%d %s: cut: %q", p.scenario, size[0], size[1], when, line)
		}
		for _, line := range strings.Split(plain(m), "\n") {
			if start && strings.ContainsAny(line, "┤└") && strings.HasSuffix(line, "…") {
				t.Errorf("%s at %dx%d: a chart row is cut: %q", p.scenario, size[0], size[1], line)
			}
			if !axes {
				continue
			}
			runs := axisRun.FindAllString(line, -1)
			for _, a := range runs[min(1, len(runs)):] {
				if a != runs[0] {
					t.Errorf("%s at %dx%d %s: side-by-side axes differ:\n%s", p.scenario, size[0], size[1], when, line)
					break
				}
			}
		}
		if !ownsL(m) && m.screen == screenLab {
			press(m, "L")
			readable(size, "with the lecture strip")
			press(m, "L")
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
}

// ownKeys checks that no key of the lab's own takes a key the shell owns
// under another meaning.
func (p *pass) ownKeys(owners map[string]key.Binding) {
	for _, col := range p.lect.lab.KeyMap().FullHelp() {
		for _, b := range col {
			for _, k := range b.Keys() {
				if o, ok := owners[k]; ok && !sameKeys(o, b) {
					p.t.Errorf("%s: the lab's %q (%s) takes the shell's %q (%s)", p.scenario, b.Help().Key, b.Help().Desc, k, o.Help().Desc)
				}
			}
		}
	}
}

// fitsEverywhere steps three times and checks the frame fits in every
// theme at 80x24, with help open at 80x24 and 160x48, says the minimum at
// 40x10, and keeps the state through the resizes. It leaves the model in
// its theme at 80x24.
func (p *pass) fitsEverywhere() {
	t, m, scenario := p.t, p.lect, p.scenario
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
		for _, line := range ellipsisLines(m) {
			t.Errorf("%s at %dx%d with help open: cut: %q", scenario, size[0], size[1], line)
		}
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

// stepsBack checks, where a run plays, that b and ← each step back one
// step (from the third), and that going back to step k shows what k
// forward steps showed: the shell replays the run on its seed, and the
// bins lab replays its trial; home shows the first step.
func (p *pass) stepsBack() {
	t, m := p.t, p.lect
	if _, plays := m.playsRun(); !plays {
		return
	}
	for _, k := range []string{"b", "left"} {
		drive(m, k)
		if m.seek.steps != 2 {
			t.Errorf("%s: %s after three steps is at step %d, want 2 (note %q)", p.scenario, k, m.seek.steps, m.note)
		}
		drive(m, "n")
	}
	const k, further = 6, 5
	drive(m, "home")
	start := state(m)
	for range k {
		drive(m, "n")
	}
	atK := state(m)
	moved := 0
	for ; moved < further && !m.lab.Done(); moved++ {
		drive(m, "n")
	}
	for range moved {
		drive(m, "left")
	}
	if got := state(m); got != atK {
		t.Errorf("%s: after %d steps back the lab shows\n%s\nbut %d steps forward showed\n%s", p.scenario, moved, got, k, atK)
	}
	drive(m, "home")
	if got := state(m); got != start {
		t.Errorf("%s: home shows\n%s\nnot the first step's\n%s", p.scenario, got, start)
	}
}

// follows checks that follower f, told the lecturer's latest state,
// shows the lecturer's run: at the same step with the same status line,
// and, where whole, the same body drawn at one size (a body differs only
// where a status line would too, so the body is drawn at the pass's
// checkpoints, not after every key).
func (p *pass) follows(f *Model, after string, whole bool) {
	if !p.watched {
		return
	}
	send(f, FollowMsg{State: p.published})
	if a, ok := p.lect.async(); ok && a.Busy() {
		return // the lecturer's own work is not in yet: the follower waits for it
	}
	if !whole {
		if got, want := strings.Join(f.lab.Status(), " │ "), strings.Join(p.lect.lab.Status(), " │ "); got != want || f.seek.steps != p.lect.seek.steps {
			p.t.Errorf("%s: after the lecturer's %s the follower at step %d, the lecturer at %d:\n%s\nthe lecturer's:\n%s",
				p.scenario, after, f.seek.steps, p.lect.seek.steps, got, want)
		}
		return
	}
	if got, want := state(f), state(p.lect); got != want {
		p.t.Errorf("%s: after the lecturer's %s the follower at step %d, the lecturer at %d:\n%s\nthe lecturer's:\n%s",
			p.scenario, after, f.seek.steps, p.lect.seek.steps, got, want)
	}
}

// press gives the lecturer a key as a session does and runs what it
// starts; a screen key (a follower's own) the followers press too, the
// late one catching up first.
func (p *pass) press(k string) {
	msg := keyFor(k)
	own := key.Matches(msg, screenKeys...)
	if !p.watched {
		_, cmd := p.lect.Update(msg) // its work off the loop not yet done: done at the end of the keys, unless under the race detector
		if !raceDetector {
			p.undone = append(p.undone, cmd)
		}
		return
	}
	if own {
		send(p.late, FollowMsg{State: p.published})
	}
	send(p.lect, msg)
	if own {
		send(p.f, msg)
		send(p.late, msg)
		p.follows(p.late, fmt.Sprintf("%q, caught up at once", k), false)
	}
	p.follows(p.f, strconv.Quote(k), false)
}

// keysInTurn presses every key of the scenario's help in turn, then the
// shell's i, v, c and tab, in the lecturer's session (a field a key opens
// closed again with esc, the help and timeline closed). Each key must act
// (the screen changes) or say in a note why it does nothing there, and
// leave nothing cut; a shell key is never "not a key of this lab", and i
// shows the casebook's timeline. N is left out: its runs over seeds are a
// view of the same config, the follower's own, and cost a hundred runs.
func (p *pass) keysInTurn() {
	t, lect := p.t, p.lect
	casebook := labTitle(p.engine) == labTitle("remirror")
	seen := map[string]bool{"q": true, "ctrl+c": true, "esc": true, "end": true, "N": true}
	keys := append(keysOfHelp(lect), "i", "v", "c", "tab")
	for _, k := range keys {
		if seen[k] || lect.screen != screenLab {
			continue
		}
		seen[k] = true
		before := lect.frame
		p.press(k)
		shell := slices.Contains([]string{"i", "v", "c", "tab"}, k)
		if lect.frame == before && lect.note == "" {
			t.Errorf("%s: %q changed nothing and said nothing", p.scenario, k)
		}
		if shell && strings.Contains(lect.note, "not a key of this lab") {
			t.Errorf("%s: %s is the shell's, and the lab says %q", p.scenario, k, lect.note)
		}
		if k == "i" && casebook && !strings.Contains(strings.ToLower(plain(lect)), "timeline") {
			t.Errorf("%s: i shows no timeline:\n%s", p.scenario, plain(lect))
		}
		for _, line := range ellipsisLines(lect) {
			t.Errorf("%s at 80x24 after %q: cut: %q", p.scenario, k, line)
		}
		if lect.textFocused() {
			p.press("esc")
		}
		for _, close := range []struct {
			open bool
			key  string
		}{{lect.helpOpen, "?"}, {lect.timelineOpen, "i"}} {
			if close.open {
				p.press(close.key)
			}
		}
	}
	settle(lect, p.undone...)
	if lect.screen == screenLab {
		p.follows(p.late, "keys since its last own one, caught up at once", true)
		p.follows(p.f, "every key of the help", true)
	}
}

// ending checks the run's end: the headline is no longer "so far"; a
// lab whose length is exact ends at that step; a casebook lab ends on the lecture's card at every class size,
// which esc leaves for the charts and end, after a step back, shows again.
func (p *pass) ending() {
	t, m, name := p.t, p.lect, p.scenario
	if info := m.lab.Info(); info.Exact && (!m.lab.Done() || m.seek.steps != info.Steps) {
		t.Errorf("%s: the end is step %d (done %v), the lab says exactly %d", name, m.seek.steps, m.lab.Done(), info.Steps)
	}
	if rows := strings.Split(plain(m), "\n"); len(rows) > 1 && strings.HasPrefix(strings.TrimPrefix(rows[1], "model: "), "so far") {
		t.Errorf("%s at its end: the headline is still marked so far:\n%s", name, plain(m))
	}
	if !endCards[name] {
		return
	}
	for _, size := range classSizes {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		v := plain(m)
		for _, want := range []string{"the trigger", "kept it going", "what ended it", "prevented by", "model: figures", "model: ✓ final", "esc"} {
			if !strings.Contains(v, want) {
				t.Errorf("%s %dx%d at its end: no %q:\n%s", name, size[0], size[1], want, v)
			}
		}
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "esc")
	if v := plain(m); strings.Contains(v, "prevented by") || m.screen != screenLab {
		t.Errorf("%s: esc does not show the charts:\n%s", name, v)
	}
	drive(m, "b")
	drive(m, "end")
	if !strings.Contains(plain(m), "prevented by") {
		t.Errorf("%s: the end again shows no card:\n%s", name, plain(m))
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
