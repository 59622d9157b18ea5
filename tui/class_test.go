package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
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
	if !strings.Contains(plain(m), "following (ctrl+b branches)") {
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
	if m.following || !strings.Contains(m.note, "branched off at step") {
		t.Fatalf("ctrl+b: following %v, note %q", m.following, m.note)
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
