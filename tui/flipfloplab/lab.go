// Package flipfloplab is the health-check flip-flop lab of lecture 26,
// section 26.2.10: health checks flipping instances in and out of DNS on
// the morning of 2025-10-20, played a minute a step, one protection set
// alone or two side by side on one seed (the same check results).
package flipfloplab

import (
	_ "embed"
	"fmt"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/flipflop"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab runs the spec's protection sets in lockstep, a minute a step.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Sizing
	lab.Lockstep[flipflop.Spec, flipflop.Config, *flipflop.Engine]
	deck lab.Deck
}

// run is one protection set under way.
type run = lab.Run[flipflop.Config, *flipflop.Engine]

// maxStep is the longest a step (a minute of every run) may take: play
// steps between frames, and a longer step would freeze the screen and
// the keys.
const maxStep = 0.1

// morning is the flip-flop as a lockstep case: a minute of seconds a step.
var morning = lab.Case[flipflop.Spec, flipflop.Config, *flipflop.Engine]{
	Glossary:  glossary,
	Card:      &card,
	Chronicle: chronicle,
	New:       flipflop.New,
	Check:     lab.MinuteWithin[flipflop.Spec](maxStep, "instances", "interval-s", "runs"),
	Per:       60,
	Words:     flipflop.SetWords,
	SetName:   func(c flipflop.Config) string { return flipflop.SetName(c.Protections) },
	Runs:      func(s *flipflop.Spec) *string { return &s.Runs },
	Seed:      func(s *flipflop.Spec) *int64 { return &s.Seed },
	Name:      "The health-check flip-flop",
	Clock: func(r run, at float64) string {
		m := int(at / 60)
		return fmt.Sprintf("%s, min %d of %d", flipflop.Clock(m), m, r.Cfg.DurationMin)
	},
	Pace:        func(sps float64) string { return fmt.Sprintf("%.10g min of the morning a second", sps) },
	Stops:       "the slow network (5:30 AM), DNS writes passing DNS's capacity, the switch-off (9:36 AM), latency back to normal (10:36 AM)",
	Switch:      (*flipflop.Engine).Switch,
	Switches:    func(c *flipflop.Config) *string { return &c.Switches },
	Live:        (*flipflop.Engine).Config,
	When:        flipflop.ClockOf,
	Protections: protections(DefaultKeyMap()),
	Knobs:       knobs(DefaultKeyMap()),
}

// New opens the lab on a flip-flop spec, at 5:00 AM.
func New(s scenarios.Spec) (lab.Lab, error) {
	l := &Lab{keys: DefaultKeyMap()}
	var err error
	l.Lockstep, err = lab.OpenLockstep(s, morning, l.note)
	return l, err
}

// glossary is the lab's words (glossary.txt: a line a term, "term: what
// it means").
//
//go:embed glossary.txt
var glossaryText string

var glossary = lab.Glossary(glossaryText)

// KeyMap is the lab's own: the protections, the levers on their
// numbers, the engineers' switch, and compare.
type KeyMap struct {
	Hysteresis, Cap    key.Binding
	Results, CapSize   lab.Lever
	SwitchOff, Compare key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Hysteresis: lab.Bind([]string{"h"}, "h", "hysteresis on/off (right run), from now"),
		Results:    lab.NewLever("k", "K", "fewer results in a row", "more results in a row", "results in a row"),
		Cap:        lab.Bind([]string{"x"}, "x", "cap on changes a minute on/off (right run), from now"),
		CapSize:    lab.NewLever("j", "J", "cap /2", "cap x2", "cap size"),
		SwitchOff:  lab.Bind([]string{"a"}, "a", "switch the automation off (on) now; at the start: off at 9:36 AM, or never"),
		Compare:    lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	}
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() lab.Help {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Hysteresis, "h", "hysteresis"), k.Results.Short(),
		lab.Brief(k.Cap, "x", "cap"), lab.Brief(k.SwitchOff, "a", "switch-off"), k.Compare, c.Moments}
	own := append(append([]key.Binding{k.Hysteresis}, k.Results.Full()...), k.Cap)
	own = append(append(own, k.CapSize.Full()...), k.SwitchOff, k.Compare, c.FromStart)
	return lab.Help{Short: short, Full: [][]key.Binding{lab.PlayKeys(), own, lab.ShellKeys()}}
}

// lectureSwitchOff is 9:36 AM, in minutes of the run.
const lectureSwitchOff = 9*60 + 36 - flipflop.StartClock

// Key changes the spec and restarts the morning on its seed, or switches
// the runs from now.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	if out, ok := l.Answer(msg); ok {
		return out
	}
	switch {
	case key.Matches(msg, lab.CommonKeys.FromStart):
		return l.ToggleFromStart("h, x and a")
	case key.Matches(msg, k.SwitchOff):
		return l.switchOff(msg)
	case key.Matches(msg, k.Compare):
		return l.Edit(msg.String(), l.Compare("none", "none,hysteresis"))
	}
	return lab.Outcome{}
}

// switchOff is the engineers' switch: on every run from now, or, at the
// start, at 9:36 AM or never.
func (l *Lab) switchOff(msg tea.KeyMsg) lab.Outcome {
	if l.Switchable() {
		var out lab.Outcome
		for i, r := range l.Runs {
			value := "off"
			if r.Engine.Snapshot().Disabled {
				value = "on"
			}
			out = l.SwitchNow(i, "automation", value)
		}
		return out
	}
	return l.Edit(msg.String(), lab.Shared(func(s *flipflop.Spec) {
		if s.DisableAtMin < s.DurationMin {
			s.DisableAtMin = s.DurationMin
		} else {
			s.DisableAtMin = min(lectureSwitchOff, s.DurationMin)
		}
	}))
}

// protections are the keys that turn the case's protections in the right
// run (Lockstep.Answer).
func protections(k KeyMap) []lab.Protection[flipflop.Config] {
	return []lab.Protection[flipflop.Config]{
		{Key: k.Hysteresis, Name: "hysteresis", Flag: func(c *flipflop.Config) *bool { return &c.Hysteresis }},
		{Key: k.Cap, Name: "cap", Flag: func(c *flipflop.Config) *bool { return &c.Cap }},
	}
}

// knobs are the levers on the numbers the runs share (Lockstep.Answer).
func knobs(k KeyMap) []lab.Knob[flipflop.Spec] {
	return []lab.Knob[flipflop.Spec]{
		{Lever: k.Results, Turn: func(s *flipflop.Spec, dir int) {
			if dir < 0 {
				s.K = max(1, s.K-1)
			} else {
				s.K = min(10, s.K+1)
			}
		}},
		{Lever: k.CapSize, Turn: func(s *flipflop.Spec, dir int) {
			if dir < 0 {
				s.CapPerMin = max(1, s.CapPerMin/2)
			} else {
				s.CapPerMin = min(1000, 2*s.CapPerMin)
			}
		}},
	}
}

// note says what the morning now is, in at most two lines of an 80
// column screen.
func (l *Lab) note(s flipflop.Spec) string {
	off := "never switched off"
	if s.DisableAtMin < s.DurationMin {
		off = "switched off at " + flipflop.Clock(s.DisableAtMin)
	}
	return fmt.Sprintf("%s, %s: replayed to the same time on seed %d, the same checks", l.NamesOf(s), off, s.Seed)
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys.help() }

// Chronicle is the night of AWS 2025, the run at its place in it: hours
// after 11:48 PM, the record gone empty.
func chronicle(first run) (string, []widget.Incident, float64) {
	const emptyRecord = 23*60 + 48 - 24*60 // minutes of the day, the day before
	min := flipflop.StartClock + first.Engine.Pos().At/60
	return lab.AWS2025Title, lab.AWS2025, (min - emptyRecord) / 60
}
