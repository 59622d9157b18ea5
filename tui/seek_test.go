package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/loadlab/loadlab/tui/lab"
)

// drive sends a key and runs what it starts (a replay to its end, a
// lab's own work), leaving play's ticks alone.
func drive(m *Model, k string) { send(m, keyMsg(k)) }

// send gives m a message and runs what it starts, as drive does.
func send(m *Model, msg tea.Msg) {
	_, cmd := m.Update(msg)
	settle(m, cmd)
}

// settle runs cmds and what their messages start, as send does.
func settle(m *Model, cmds ...tea.Cmd) {
	queue := cmds
	var cmd tea.Cmd
	for len(queue) > 0 {
		cmd, queue = queue[0], queue[1:]
		if cmd == nil {
			continue
		}
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case tickMsg, busyMsg:
		default:
			_, next := m.Update(msg)
			queue = append(queue, next)
		}
	}
}

// state is what a class sees of the lab, less the shell's note: its
// status and its body at a fixed size.
func state(m *Model) string {
	f := lab.Frame{W: 120, H: 40, St: m.st, Narrating: true}
	m.lab.Resize(f)
	return strings.Join(m.lab.Status(), " │ ") + "\n" + m.lab.Render(f)
}

// The jumps and end move through the run and the status bar says where
// it is.
func TestJumpsAndEnd(t *testing.T) {
	t.Parallel()
	playsWholeRuns(t)
	m := openAt(t, "supermarket-90", 80, 24)
	drive(m, ">")
	if m.seek.steps != m.lab.Info().Steps/10 {
		t.Errorf("> went to step %d, want a tenth of %d", m.seek.steps, m.lab.Info().Steps)
	}
	drive(m, "end")
	if bar := m.statusBar(); !m.lab.Done() || !strings.Contains(bar, "✓ done") || !strings.Contains(m.placeNote(), "the end") {
		t.Errorf("end: done %v, status %q, place %q", m.lab.Done(), bar, m.placeNote())
	}
	drive(m, "<")
	if m.lab.Done() {
		t.Errorf("< stayed at the end")
	}
}

// A key other than the seek keys stops a replay where it got to.
func TestAnyKeyStopsAReplay(t *testing.T) {
	t.Parallel()
	m := openAt(t, "durability-years", 80, 24)
	m.Update(keyMsg("end")) // one batch; the rest waits for its seekMsg
	if !m.seek.going {
		t.Skip("the replay finished in one frame")
	}
	m.Update(keyMsg("x"))
	if m.seek.going || !strings.Contains(m.note, "stopped") {
		t.Errorf("going %v, note %q", m.seek.going, m.note)
	}
}

// R returns a lab to its scenario as written, whatever the keys changed;
// r keeps the changes.
func TestScenarioAsWritten(t *testing.T) {
	t.Parallel()
	m := openAt(t, "d-choices", 80, 24)
	title := m.scenario.Title
	for _, k := range []string{"3", "4", "6", "7", "1"} {
		drive(m, k)
	}
	changed := strings.Join(m.lab.Status(), " ")
	if m.lab.Info().Title == "" {
		t.Fatalf("the toggles did not change the rules")
	}
	drive(m, "r")
	if got := strings.Join(m.lab.Status(), " "); got != changed {
		t.Errorf("r changed the rules: %q, was %q", got, changed)
	}
	drive(m, "R")
	if m.lab.Info().Title != "" || !strings.Contains(plain(m), title) {
		t.Errorf("R left the title changed:\n%s", plain(m))
	}
	fresh := openAt(t, "d-choices", 80, 24)
	if state(m) != state(fresh) {
		t.Errorf("R shows\n%s\nnot the scenario as written\n%s", state(m), state(fresh))
	}
}

// The placement lab survives its largest topology at the smallest
// terminal, and resizes down to it.
func TestPlacementLargestTopologyAtTheSmallestSize(t *testing.T) {
	t.Parallel()
	m := openAt(t, "placement-lecture", 80, 24)
	drive(m, " ")
	for _, k := range []string{"A", "A", "A", "B", "B", "B", "D", "D", "D"} {
		drive(m, k)
	}
	for _, size := range [][2]int{{60, 16}, {80, 24}, {160, 48}, {60, 16}} {
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		for range 3 {
			drive(m, "n")
		}
	}
}

// With M on, the retry storm stops at each wave of retries: without jitter
// the first is a thousand retries at 100 ms.
func TestStormStopsAtWaves(t *testing.T) {
	t.Parallel()
	m := openAt(t, "thundering-herd", 80, 24)
	drive(m, "M")
	if !strings.Contains(m.note, "each wave of retries") {
		t.Fatalf("M says %q", m.note)
	}
	for range 200 {
		if drive(m, "n"); m.caption != "" {
			break
		}
	}
	if !strings.Contains(m.caption, "100 ms: 1000 retries arrive in one millisecond") {
		t.Errorf("caption %q", m.caption)
	}
}

// At 80x24 the availability strip keeps the target's line on a row of its
// own, apart from the measured line and the formula (its y range is a nine
// round them, not 0 to 5 nines).
func TestAvailabilityLinesApartAt80x24(t *testing.T) {
	t.Parallel()
	m := openAt(t, "availability-lecture", 80, 24)
	for range 400 {
		drive(m, "n")
	}
	rows := strings.Split(showCard(t, m, "availability, measured · tab"), "\n")
	target, measured := -1, -1
	for i, r := range rows {
		switch {
		case strings.Contains(r, " · "): // the letters' legend
		case strings.HasSuffix(strings.TrimRight(r, " "), " target"):
			target = i
		case strings.HasSuffix(strings.TrimRight(r, " "), " measured"):
			measured = i
		}
	}
	if target < 0 || measured < 0 || target == measured || !strings.ContainsFunc(rows[target], func(r rune) bool { return r >= 0x2801 && r <= 0x28FF }) {
		t.Errorf("target on row %d, measured on row %d:\n%s", target, measured, strings.Join(rows, "\n"))
	}
}

// The step count follows a lab's own moves: in small-steps, home (the
// bins lab's, within the trial) then end says step 16 each time, where it
// once said 32, then 48; the exact stepper's g does the same.
func TestStepCountFollowsTheLabsOwnMoves(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 120, 40)
	m.play.stop()
	for range 3 {
		drive(m, "end")
		if bar := m.statusBar(); !strings.Contains(bar, "step 16: the end") {
			t.Fatalf("end says %q, not step 16: the end", bar)
		}
		drive(m, "home")
	}
	press(m, "n", "n", "n", "b")
	if m.seek.steps != 2 {
		t.Errorf("three steps and a ball back: the shell counts %d", m.seek.steps)
	}
	m = openAt(t, "counterexample-n4", 80, 24)
	for _, k := range []struct {
		key  string
		want int64
	}{{"end", 4}, {"home", 0}, {"n", 1}, {"end", 4}, {"b", 3}} {
		drive(m, k.key)
		if m.seek.steps != k.want {
			t.Errorf("the stepper after %s: the shell counts %d steps, the stepper is at ball %d", k.key, m.seek.steps, k.want)
		}
	}
}
