// Package dnsracelab is the explorer of lecture 26's race (section
// 26.2.10, AWS us-east-1, 19-20 October 2025): two DNS Enactors applying
// plans, every interleaving of their steps counted exactly per fix set,
// the bad schedules listed, and a stepper that plays one schedule with
// both Enactors' program counters, the plans and the record, captioned in
// the lecture's six steps. A scenario in timing mode opens the timing lab
// instead: the chance of each outcome against the slow Enactor's stall.
package dnsracelab

import (
	"context"
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/interleave"
	"github.com/loadlab/loadlab/tui/lab"
)

// setup is what the keys change: the spec (its fix sets are the table's
// rows) and the fix set the stepper and the bad list follow.
type setup struct {
	spec interleave.Spec
	cur  interleave.Fixes
}

// which schedule the stepper plays.
type playing int

const (
	lectureOrder playing = iota
	badOne
	typedOne
)

// row is a table row: a fix set's exact counts.
type row struct {
	fixes interleave.Fixes
	ex    interleave.Exact
}

// Lab is the explorer.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Unseeded
	set, opened setup
	rows        []row
	curRow      int // the row of the current fix set
	race        interleave.Race
	player      *interleave.Player
	kind        playing
	badAt       uint64 // the bad schedule playing, by index
	typed       string // the schedule typed, as typed
	appended    string // the steps added to complete it
	// focus is the panel under the stepper that comes first: the bad
	// schedules (0) or the table (1).
	focus   int
	edit    bool
	editor  textinput.Model
	editErr string
}

// New opens the explorer, or the timing lab for a spec in timing mode.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, err := lab.SpecOf[interleave.Spec](s)
	if err != nil {
		return nil, err
	}
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if spec.Mode == "timing" {
		return newTiming(spec)
	}
	sets, _ := spec.FixSets()
	ed := lab.NewField("schedule: ", 200)
	l := &Lab{keys: DefaultKeyMap(), set: setup{spec: spec, cur: sets[0]}, editor: ed, focus: 1}
	if spec.Schedule != "" {
		l.kind, l.typed = typedOne, spec.Schedule
	}
	if err := l.rebuild(); err != nil {
		return nil, err
	}
	if i, ok := l.findBad(l.player.Schedule()); ok && l.kind == typedOne { // the scenario's schedule is a bad one: say which
		l.kind, l.badAt = badOne, i
	}
	l.opened = l.set
	return l, nil
}

// findBad is the index of a schedule among the current fix set's bad
// ones, looked for among the first maxFind.
func (l *Lab) findBad(s interleave.Schedule) (uint64, bool) {
	const maxFind = 100000
	ex := l.current()
	want := l.race.Format(s)
	for i := uint64(0); i < min(ex.Bad(), maxFind); i++ {
		if b, _, _ := ex.BadSchedule(i); l.race.Format(b) == want {
			return i, true
		}
	}
	return 0, false
}

// rebuild counts every row's schedules and opens the schedule the
// stepper was on, under the current setup, at its first step.
func (l *Lab) rebuild() error {
	spec := l.set.spec
	sets, err := spec.FixSets()
	if err != nil {
		return err
	}
	a, err := interleave.ParseAtomic(spec.Atomic)
	if err != nil {
		return err
	}
	listed := false
	for _, f := range sets {
		listed = listed || f == l.set.cur
	}
	if !listed {
		sets = append(sets, l.set.cur)
	}
	l.rows = l.rows[:0]
	for i, f := range sets {
		r := interleave.Race{Enactors: spec.Enactors, Records: spec.Records, Atomic: a, Fixes: f}
		ex, err := interleave.Count(context.Background(), r, "memo", 0)
		if err != nil {
			return err
		}
		l.rows = append(l.rows, row{fixes: f, ex: ex})
		if f == l.set.cur {
			l.curRow, l.race = i, r
		}
	}
	return l.open()
}

// Race is the race the stepper plays.
func (l *Lab) Race() interleave.Race { return l.race }

// current is the current fix set's counts.
func (l *Lab) current() interleave.Exact { return l.rows[l.curRow].ex }

// open plays the schedule of the stepper's kind under the current race:
// the lecture's, the bad one at its index (the last if there are fewer
// now), or the one typed (the lecture's if it no longer parses).
func (l *Lab) open() error {
	sched := l.race.Lecture()
	switch l.kind {
	case badOne:
		bad := l.current().Bad()
		if bad == 0 {
			l.kind = lectureOrder
			break
		}
		l.badAt = min(l.badAt, bad-1)
		sched, _, _ = l.current().BadSchedule(l.badAt)
	case typedOne:
		s, rest, err := l.race.Parse(l.typed)
		if err != nil {
			l.kind = lectureOrder
			break
		}
		sched, l.appended = s, rest
	}
	p, err := interleave.NewPlayer(l.race, sched)
	if err != nil {
		return err
	}
	l.player = p
	return nil
}

// Restart plays the schedule again from its first step.
func (l *Lab) Restart() error {
	l.player.Seek(0)
	return nil
}

// Step plays the next step of the schedule.
func (l *Lab) Step() bool { return l.player.Step() }

// Done reports whether the schedule has been played through.
func (l *Lab) Done() bool { return l.player.Done() }

// steps is the schedule's length.
func (l *Lab) steps() int64 { return l.player.Pos().Steps }

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	return "a record going empty, and the end of a schedule that keeps its record"
}

// NewMoment reports the moments of the step just played.
func (l *Lab) NewMoment() (string, bool) {
	pos := l.player.Pos().Step
	for _, m := range l.player.Moments() {
		if m.Step == pos {
			return m.Caption, true
		}
	}
	return "", false
}

// Editing reports whether the schedule editor has the keyboard.
func (l *Lab) Editing() bool { return l.edit }

// Status is the setup, the fix set and where the stepper is.
func (l *Lab) Status() []string {
	r := l.race
	pos := l.player.Pos()
	return []string{
		fmt.Sprintf("%d Enactors, %d %s", r.Enactors, r.Records, plural(r.Records, "record")),
		"fixes: " + r.Fixes.String(),
		"atomic: " + strings.ReplaceAll(r.Atomic.String(), ",", "+"), // before the step: the status drops from its end
		fmt.Sprintf("step %d/%d", pos.Step, pos.Steps),
	}
}

// NextPanel moves the small screen's lower panel between the bad
// schedules and the table.
func (l *Lab) NextPanel() bool {
	l.focus = 1 - l.focus
	return true
}

// title names the fix set when the keys changed it.
func (l *Lab) title() (string, bool) {
	if l.set == l.opened {
		return "", false
	}
	r := l.race
	return fmt.Sprintf("The DNS race: %d Enactors, %d %s a plan, fixes %s", r.Enactors, r.Records, plural(r.Records, "record"), r.Fixes), true
}

func plural(n int, thing string) string {
	if n == 1 {
		return thing
	}
	return thing + "s"
}

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Glossary: l.glossary(), Stops: l.stopsAt(), Steps: l.steps(), Exact: true, Final: true, // every schedule counted: the figures are final from the start
		Chronicle: l.Chronicle}
	if t, ok := l.title(); ok {
		i.Title = t
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys }

// Current is the explorer's spec as its keys have left it, for the ":"
// line.
func (l *Lab) Current() engine.Spec { return l.set.spec }
