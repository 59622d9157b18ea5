package dnsracelab

import (
	"fmt"
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/lab"
)

// KeyMap is the explorer's own keys.
type KeyMap struct {
	Recheck, CAS, Safe        key.Binding
	Enactors, Atomic          key.Binding
	Records                   lab.Lever
	NextBad, PrevBad, Lecture key.Binding
	Edit                      key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Recheck:  lab.Bind([]string{"1"}, "1", "fix: re-check just before each write (on/off)"),
	CAS:      lab.Bind([]string{"2"}, "2", "fix: compare-and-swap on the version (on/off)"),
	Safe:     lab.Bind([]string{"3"}, "3", "fix: cleanup keeps the plan a record points to (on/off)"),
	Enactors: lab.Bind([]string{"E"}, "E", "Enactors: 2 or 3"),
	Atomic:   lab.Bind([]string{"a"}, "a", "which parts are one step: cleanup, none, apply and cleanup, apply"),
	Records:  lab.NewLever("[", "]", "one record fewer a plan", "one record more a plan", "records a plan −1, +1"),
	NextBad:  lab.Bind([]string{"x"}, "x", "next bad schedule"),
	PrevBad:  lab.Bind([]string{"X"}, "X", "previous bad schedule"),
	Lecture:  lab.Bind([]string{"l"}, "l", "the lecture's order (on another race, the slow Enactor held back before its last write)"),
	Edit:     lab.Bind([]string{"e"}, "e", `type a schedule ("s1 f1 f2 f3 s2")`),
}

// help lists the explorer's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Step, lab.Brief(c.StepBack, "b/←", "back"), lab.Brief(k.NextBad, "x/X", "bad schedules"),
		lab.Brief(k.Recheck, "1 2 3", "fixes"), lab.Brief(k.Edit, "e", "type one"), c.Help, c.Quit,
		lab.Brief(k.Enactors, "E", "Enactors"), k.Records.Short(), lab.Brief(k.Lecture, "l", "lecture's"), c.Tab}
	full := [][]key.Binding{
		unseeded(lab.PlayKeys()),
		{k.Recheck, k.CAS, k.Safe, k.Enactors, k.Records.Down, k.Records.Up, k.Atomic, k.NextBad, k.PrevBad, k.Lecture, k.Edit, c.Tab},
		lab.ShellKeys(),
	}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// noSeed is what s and S say here.
const noSeed = "no seed here: the explorer counts every schedule exactly, and chance plays no part (dns-race-timing runs the race by chance, with a seed)"

// unseeded is the play keys without the seeds': the explorer counts
// schedules, and draws nothing.
func unseeded(play []key.Binding) []key.Binding {
	c := lab.CommonKeys
	return slices.DeleteFunc(play, func(b key.Binding) bool {
		return slices.Equal(b.Keys(), c.NextSeed.Keys()) || slices.Equal(b.Keys(), c.TypeSeed.Keys())
	})
}

// Key toggles the fixes, changes the setup, moves through the bad
// schedules and opens the editor.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	if l.edit {
		return l.editorKey(msg)
	}
	k := l.keys
	toggle := func(f interleave.Fixes) func(*setup) string {
		return func(s *setup) string { s.cur ^= f; return "" }
	}
	var change func(*setup) string
	switch {
	case key.Matches(msg, k.Recheck):
		change = toggle(interleave.Recheck)
	case key.Matches(msg, k.CAS):
		change = toggle(interleave.CAS)
	case key.Matches(msg, k.Safe):
		change = toggle(interleave.SafeCleanup)
	case key.Matches(msg, k.Enactors):
		change = func(s *setup) string { s.spec.Enactors = 5 - s.spec.Enactors; return "" }
	case k.Records.Dir(msg) != 0:
		d := k.Records.Dir(msg)
		change = func(s *setup) string {
			s.spec.Records = min(max(s.spec.Records+d, interleave.MinRecords), interleave.MaxRecords)
			return ""
		}
	case key.Matches(msg, k.Atomic):
		change = func(s *setup) string { s.spec.Atomic = nextAtomic(s.spec.Atomic); return "" }
	case key.Matches(msg, k.NextBad), key.Matches(msg, k.PrevBad):
		return l.moveBad(key.Matches(msg, k.NextBad))
	case key.Matches(msg, k.Lecture):
		l.kind = lectureOrder
		if !l.race.LectureSetup() { // the schedule is on screen: the note says why it is not the lecture's
			return l.reopen(interleave.HeldBack + " (the lecture's order itself is on 2 Enactors and 2 writes a plan)")
		}
		return l.reopen("the lecture's order: " + l.race.Format(l.race.Lecture()))
	case key.Matches(msg, lab.CommonKeys.NextSeed), key.Matches(msg, lab.CommonKeys.TypeSeed):
		// the shell would pass over them in silence: the explorer is not seeded
		return lab.Outcome{Handled: true, Note: noSeed}
	case key.Matches(msg, k.Edit):
		// the schedule on screen, to change a step of it (ctrl+u clears)
		l.edit, l.editErr = true, ""
		l.editor.SetValue(l.race.Format(l.player.Schedule()))
		l.editor.CursorEnd()
		l.editor.Placeholder = l.race.Format(l.race.Lecture())
		return lab.Outcome{Handled: true, Cmd: l.editor.Focus()}
	default:
		return lab.Outcome{}
	}
	return lab.Edit(&l.set, change, func(s setup) error { return s.spec.Validate() }, l.rebuild, func(setup) string { return l.countNote() })
}

// countNote says what the current fix set's schedules come to.
func (l *Lab) countNote() string {
	ex := l.current()
	c := ex.Counts
	return fmt.Sprintf("%s, %d Enactors, %d %s a plan: %s schedules, %s end empty (%s), %s with an older plan",
		l.race.Fixes, l.race.Enactors, l.race.Records, plural(l.race.Records, "record"), Digits(c.Total()), Digits(c[interleave.Empty]), pct(c[interleave.Empty], c.Total()), Digits(c[interleave.Older]))
}

// nextAtomic cycles the atomic parts: cleanup (the lecture's), none,
// apply and cleanup, apply.
func nextAtomic(a string) string {
	order := []string{"cleanup", "none", "apply,cleanup", "apply"}
	for i, o := range order {
		if o == a {
			return order[(i+1)%len(order)]
		}
	}
	return order[0]
}

// moveBad plays the next (or previous) bad schedule under the current
// fix set.
func (l *Lab) moveBad(next bool) lab.Outcome {
	bad := l.current().Bad()
	if bad == 0 {
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("no bad schedule under %s: every schedule ends with the newest plan in every record", l.race.Fixes)}
	}
	switch {
	case l.kind != badOne && next:
		l.badAt = 0
	case l.kind != badOne:
		l.badAt = bad - 1
	case next:
		l.badAt = (l.badAt + 1) % bad
	default:
		l.badAt = (l.badAt + bad - 1) % bad
	}
	l.kind = badOne
	_, o, _ := l.current().BadSchedule(l.badAt)
	return l.reopen(fmt.Sprintf("bad schedule %s of %s: ends %s", Digits(l.badAt+1), Digits(bad), interleave.OutcomeNames[o]))
}

// reopen plays the stepper's schedule from its first step.
func (l *Lab) reopen(note string) lab.Outcome {
	if err := l.open(); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	return lab.Outcome{Handled: true, Restarted: true, Note: note}
}

// editorKey runs the schedule editor: enter plays the typed schedule, or
// shows why it cannot; esc closes the editor.
func (l *Lab) editorKey(msg tea.KeyMsg) lab.Outcome {
	switch msg.Type {
	case tea.KeyEsc:
		l.edit = false
		l.editor.Blur()
		return lab.Taken()
	case tea.KeyEnter:
		text := l.editor.Value()
		if _, _, err := l.race.Parse(text); err != nil {
			l.editErr = err.Error()
			return lab.Taken()
		}
		l.edit = false
		l.editor.Blur()
		l.kind, l.typed = typedOne, text
		out := l.reopen("")
		note := "your schedule: " + l.race.Format(l.player.Schedule())
		if l.appended != "" {
			note += " (" + l.appended + " added: every step runs)"
		}
		out.Note = note
		return out
	}
	var cmd tea.Cmd
	l.editor, cmd = l.editor.Update(msg)
	l.editErr = ""
	return lab.Outcome{Handled: true, Cmd: cmd}
}
