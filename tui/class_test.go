package tui

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/themes"
)

// lecturerAt is what a lecturer's session publishes once it has opened
// name and stepped it steps times, or with atMoment, stepped on from there
// to the first moment it stops at.
func lecturerAt(t *testing.T, name string, steps int, atMoment bool) ClassState {
	t.Helper()
	var got ClassState
	m, err := New(Options{Scenario: name, Theme: "mono", Publish: func(st ClassState) { got = st }})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	for range steps {
		drive(m, "n")
	}
	for n := 0; atMoment && got.Caption == ""; n++ {
		if n == 10000 {
			t.Fatalf("%s: no moment in 10,000 steps", name)
		}
		drive(m, "n")
	}
	return got
}

// A student of a class starts on the picker, on their own; ctrl+f there
// follows the lecturer: the lecturer's scenario at the lecturer's step,
// the moment the lecturer stands at told on screen.
func TestFollowFromThePicker(t *testing.T) {
	t.Parallel()
	lect := lecturerAt(t, "lease-storm", 40, true)
	if !lect.Open || lect.Step == 0 || lect.Caption == "" {
		t.Fatalf("the lecturer published %+v", lect)
	}
	m, err := New(Options{Theme: "mono", Followable: true})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(plain(m), "ctrl+f follow") {
		t.Errorf("the picker's help should offer ctrl+f:\n%s", plain(m))
	}
	send(m, FollowMsg{State: lect})
	if m.screen != screenPicker {
		t.Fatalf("a student who has not asked to follow was moved to %v", m.screen)
	}
	drive(m, "ctrl+f")
	if m.screen != screenLab || m.scenario.Name != "lease-storm" || m.seek.steps != lect.Step {
		t.Fatalf("ctrl+f: screen %v, %s at step %d, want lease-storm at %d", m.screen, m.scenario.Name, m.seek.steps, lect.Step)
	}
	if m.caption != lect.Caption || !strings.Contains(plain(m), "moment") {
		t.Errorf("the moment on screen is %q, the lecturer's %q:\n%s", m.caption, lect.Caption, plain(m))
	}
	if !strings.Contains(plain(m), "│ following │") {
		t.Errorf("the status should say the session follows:\n%s", plain(m))
	}
}

// Branching off keeps the lecturer's run: the same screen at the same
// step as the scenario opened and stepped there by hand, and a step then
// moves the student's run alone.
func TestBranchIsTheLecturersRun(t *testing.T) {
	t.Parallel()
	lect := lecturerAt(t, "cascade-lecture", 60, false)
	m, err := New(Options{Theme: "mono", Follow: true})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	send(m, FollowMsg{State: lect})
	drive(m, "ctrl+b")
	if m.class.following || !strings.Contains(m.note, "branched off at step") {
		t.Fatalf("ctrl+b: following %v, note %q", m.class.following, m.note)
	}
	byHand := openAt(t, "cascade-lecture", 120, 40)
	for range lect.Step {
		drive(byHand, "n")
	}
	if got, want := state(m), state(byHand); got != want {
		t.Errorf("the branch differs from the run stepped by hand to step %d:\n%s\nwant\n%s", lect.Step, got, want)
	}
	drive(m, "n")
	if m.seek.steps != lect.Step+1 {
		t.Errorf("a step after branching: step %d, want %d", m.seek.steps, lect.Step+1)
	}
}

// script is a lecturer's keys: "n*5" is n five times, ":--load 0.95" a
// line typed into the prompt and entered.
func script(keys ...string) []string {
	var out []string
	for _, k := range keys {
		switch {
		case strings.HasPrefix(k, ":") && len(k) > 1:
			out = append(out, ":")
			for _, r := range k[1:] {
				out = append(out, string(r))
			}
			out = append(out, "enter")
		case strings.Contains(k, "*"):
			name, times, _ := strings.Cut(k, "*")
			n, _ := strconv.Atoi(times)
			for range n {
				out = append(out, name)
			}
		default:
			out = append(out, k)
		}
	}
	return out
}

// Whatever the lecturer's keys do to the run (a seed, a preset on either
// side, a protection at the first step or switched mid-run, a comparison,
// a node that leaves, a policy, a config typed at the prompt, a step back
// over a switch, a rerun from the start), a follower shows the same run
// at the same step after every key, and keeps its own view (the focus).
func TestFollowersMatchTheLecturer(t *testing.T) {
	t.Parallel()
	for name, keys := range map[string][]string{
		"cascade-lecture": script("B", "n*5", "s", "n*3", "@", "n*10", "c", "n*20", "c", "B", "B", "3", "n*5", "b*2", "y", "n*3", "Z", "n*2", "R", "n*4", "S", "7", "enter", "n*3"),
		"hrw-vs-ring":     script("n*3", "x", "a", "n*2", "x"),
		"lease-storm":     script("n*30", "h", "n*10", "c", "n*5", "o", "b", "n*3"),
		"supermarket-90":  script("n*5", "]", "n*5", "p", "n*3", ":--servers 200", "n*4", "P", "n*2"),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var latest ClassState
			lect, err := New(Options{Scenario: name, Theme: "mono", Publish: func(st ClassState) { latest = st }})
			if err != nil {
				t.Fatal(err)
			}
			lect.Update(tea.WindowSizeMsg{Width: 160, Height: 48})
			f, err := New(Options{Theme: "mono", Follow: true})
			if err != nil {
				t.Fatal(err)
			}
			f.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
			for i, k := range keys {
				send(lect, keyFor(k))
				send(f, FollowMsg{State: latest})
				if i == 2 {
					send(f, keyFor("tab")) // the follower's own focus
				}
				if f.seek.steps != lect.seek.steps || state(f) != state(lect) {
					t.Fatalf("after %q (key %d): the follower at step %d, the lecturer at %d:\n%s\nthe lecturer's:\n%s",
						strings.Join(keys[:i+1], " "), i, f.seek.steps, lect.seek.steps, state(f), state(lect))
				}
			}
		})
	}
}

// A follower who branched, changed the run and follows again gets the
// lecturer's run, not its own changes under the lecturer's keys; and the
// exact labs' followers wait for the enumeration before replaying.
func TestFollowAgainIsTheLecturersRun(t *testing.T) {
	t.Parallel()
	for name, keys := range map[string]struct{ lecturer, own []string }{
		"supermarket-90":  {script("n*3", "p", "n"), []string{"]", "n"}},
		"cascade-lecture": {script("n*3", "B", "n"), []string{"B", "n", "s"}},
		"exact-n4":        {script("n*3", "]", "n"), []string{"f", "n"}},
	} {
		var latest ClassState
		lect, err := New(Options{Scenario: name, Theme: "mono", Publish: func(st ClassState) { latest = st }})
		if err != nil {
			t.Fatal(err)
		}
		lect.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		run(lect, lect.Init())
		f, err := New(Options{Theme: "mono", Follow: true})
		if err != nil {
			t.Fatal(err)
		}
		f.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		for _, k := range keys.lecturer {
			send(lect, keyFor(k))
		}
		send(f, FollowMsg{State: latest})
		drive(f, "ctrl+b")
		for _, k := range keys.own {
			drive(f, k)
		}
		drive(f, "ctrl+f")
		send(lect, keyFor("n"))
		send(f, FollowMsg{State: latest})
		if f.seek.steps != lect.seek.steps || state(f) != state(lect) {
			t.Errorf("%s: following again after %v: the follower at step %d, the lecturer at %d:\n%s\nthe lecturer's:\n%s",
				name, keys.own, f.seek.steps, lect.seek.steps, state(f), state(lect))
		}
	}
}

// A follower's own keys work while following, one at a time or arriving
// together: the help scrolls, "tt" is two themes; the keys that would move
// the lecturer's run say how to branch.
func TestAFollowersOwnKeys(t *testing.T) {
	t.Parallel()
	lect := lecturerAt(t, "lease-storm", 5, false)
	f, err := New(Options{Theme: "dark", Follow: true})
	if err != nil {
		t.Fatal(err)
	}
	f.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	send(f, FollowMsg{State: lect})
	drive(f, "?")
	drive(f, "down")
	if !f.helpOpen || f.helpPage.YOffset == 0 {
		t.Errorf("a follower's help: open %v, scrolled to %d", f.helpOpen, f.helpPage.YOffset)
	}
	drive(f, "?")
	theme := f.theme
	drive(f, "tt")
	if f.theme == theme || f.theme != (theme+2)%len(themes.All) {
		t.Errorf("tt while following: theme %d, want %d", f.theme, (theme+2)%len(themes.All))
	}
	drive(f, "n")
	if f.seek.steps != lect.Step || !strings.Contains(f.note, "ctrl+b branches off") {
		t.Errorf("n while following: step %d (the lecturer's %d), note %q", f.seek.steps, lect.Step, f.note)
	}
}

// A q that arrives with other letters at once (typed in a hurry, pasted)
// does not quit; alone it does.
func TestAQInABurstDoesNotQuit(t *testing.T) {
	t.Parallel()
	m := openAt(t, "small-steps", 80, 24)
	if _, cmd := m.Update(keyFor("nq")); cmd != nil {
		if _, quit := cmd().(tea.QuitMsg); quit {
			t.Fatal("nq quit")
		}
	}
	if m.seek.steps != 1 || !strings.Contains(m.note, "press it alone to quit") {
		t.Errorf("nq: step %d, note %q", m.seek.steps, m.note)
	}
	if _, cmd := m.Update(keyFor("q")); cmd == nil {
		t.Error("q alone did not quit")
	}
}

// A lecturer's session that comes back resumes the class's run: it
// replays it to the class's step, then publishes it as the same run (the
// same opening and keys, so followers keep their screen) and drives it on.
func TestALecturerResumesTheClassRun(t *testing.T) {
	t.Parallel()
	class := lecturerAt(t, "lease-storm", 30, false)
	var got ClassState
	m, err := New(Options{Theme: "mono", Publish: func(st ClassState) { got = st }})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	send(m, ResumeMsg{State: class})
	if m.class.resuming || m.seek.steps != class.Step || !strings.Contains(m.note, "resumed the class's run") {
		t.Fatalf("resuming: %v at step %d (the class's %d), note %q", m.class.resuming, m.seek.steps, class.Step, m.note)
	}
	if got.Epoch != class.Epoch || len(got.Events) != len(class.Events) || got.Step != class.Step {
		t.Errorf("published epoch %d, %d keys, step %d; the class's %d, %d, %d", got.Epoch, len(got.Events), got.Step, class.Epoch, len(class.Events), class.Step)
	}
	drive(m, "n")
	if got.Epoch != class.Epoch || got.Step != class.Step+1 {
		t.Errorf("n after resuming published epoch %d at step %d, want %d at %d", got.Epoch, got.Step, class.Epoch, class.Step+1)
	}
}
