// Package netmanagerlab is the Network Manager lab of lecture 26, section
// 26.2.10: the morning of 2025-10-20 from 5:28 AM, when the new leases'
// network state flooded EC2's Network Manager, to 1:50 PM, when EC2 was
// back, played a minute a step, the throttle relaxed step by step beside
// lifted at once.
package netmanagerlab

import (
	_ "embed"
	"fmt"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/netmanager"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab runs the spec's sets in lockstep, a minute a step.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Sizing
	lab.Lockstep[netmanager.Spec, netmanager.Config, *netmanager.Engine]
	deck lab.Deck
}

// run is one set under way.
type run = lab.Run[netmanager.Config, *netmanager.Engine]

// morning is the Network Manager's morning as a lockstep case: a minute a
// step, nothing drawn at random.
var morning = lab.Case[netmanager.Spec, netmanager.Config, *netmanager.Engine]{
	Glossary:  glossary,
	Card:      &card,
	Chronicle: chronicle,
	New:       netmanager.New,
	Per:       1,
	Words:     func(c netmanager.Config) string { return netmanager.SetWords(c.Protections) },
	SetName:   func(c netmanager.Config) string { return netmanager.SetName(c.Protections) },
	Runs:      func(s *netmanager.Spec) *string { return &s.Runs },
	Name:      "The Network Manager",
	Clock: func(r run, at float64) string {
		m := int(at)
		return fmt.Sprintf("%s, min %d of %d", netmanager.Clock(m), m, r.Cfg.DurationMin)
	},
	Pace:        func(sps float64) string { return fmt.Sprintf("%.10g min of the morning a second", sps) },
	Stops:       "the flood (5:28 AM), the Network Manager half an hour behind, caught up, the throttle relaxed (11:23 AM), flooded again, EC2 back",
	Protections: protections(DefaultKeyMap()),
	Knobs:       knobs(DefaultKeyMap()),
}

// New opens the lab on a Network Manager spec, at 5:28 AM.
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

// KeyMap is the lab's own: the sets' two changes, the levers on the
// Network Manager's numbers, and compare.
type KeyMap struct {
	AtOnce, Priority key.Binding
	Rate, Steps      lab.Lever
	Compare          key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		AtOnce:   lab.Bind([]string{"a"}, "a", "the throttle lifted at once, or in steps (right run)"),
		Priority: lab.Bind([]string{"p"}, "p", "new instances' updates first on/off (right run)"),
		Rate:     lab.NewLever("w", "W", "a slower Network Manager", "a faster Network Manager", "rate"),
		Steps:    lab.NewLever("k", "K", "smaller steps", "larger steps", "steps"),
		Compare:  lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	}
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() lab.Help {
	c := lab.CommonKeys
	own := append(append([]key.Binding{k.AtOnce, k.Priority}, k.Rate.Full()...), k.Steps.Full()...)
	return lab.Help{
		Short: []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.AtOnce, "a", "at once"), lab.Brief(k.Priority, "p", "new first"),
			k.Rate.Short(), k.Steps.Short(), c.Timeline, k.Compare, c.Moments},
		Full: [][]key.Binding{lab.StepKeys(), append(own, k.Compare), lab.ShellKeys()},
	}
}

// The steps the keys move through: the Network Manager's rate and the
// engineers' step.
var (
	rateSteps = []float64{50, 70, 100, 137, 200, 300, 500}
	stepUps   = []float64{10, 20, 30, 60, 120, 240}
)

// Key changes the spec and restarts the morning.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	if out, ok := l.Answer(msg); ok {
		return out
	}
	if key.Matches(msg, k.Compare) {
		return l.Edit(msg.String(), l.Compare("steps", "steps,at-once"))
	}
	return lab.Outcome{}
}

// protections are the keys that turn the case's protections in the right
// run (Lockstep.Answer).
func protections(k KeyMap) []lab.Protection[netmanager.Config] {
	return []lab.Protection[netmanager.Config]{
		{Key: k.AtOnce, Name: "at-once", Flag: func(c *netmanager.Config) *bool { return &c.AtOnce }},
		{Key: k.Priority, Name: "priority", Flag: func(c *netmanager.Config) *bool { return &c.Priority }},
	}
}

// knobs are the levers on the numbers the runs share (Lockstep.Answer).
func knobs(k KeyMap) []lab.Knob[netmanager.Spec] {
	return []lab.Knob[netmanager.Spec]{
		{Lever: k.Rate, Turn: func(s *netmanager.Spec, dir int) { s.Rate = lab.StepTo(rateSteps, s.Rate, dir) }},
		{Lever: k.Steps, Turn: func(s *netmanager.Spec, dir int) { s.StepUp = lab.StepTo(stepUps, s.StepUp, dir) }},
	}
}

// note says what the morning now is.
func (l *Lab) note(s netmanager.Spec) string {
	return fmt.Sprintf("%s: the Network Manager propagating %s a minute, the throttle raised by %s a minute a step; replayed to the same minute",
		l.NamesOf(s), engine.Compact(s.Rate), engine.Compact(s.StepUp))
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys.help() }

// Chronicle is the night of AWS 2025, the run at its place in it: hours
// after 11:48 PM, the record gone empty.
func chronicle(first run) (string, []widget.Incident, float64) {
	const emptyRecord = 23*60 + 48 - 24*60 // minutes of the day, the day before
	min := netmanager.StartClock + first.Engine.Pos().At
	return lab.AWS2025Title, lab.AWS2025, (min - emptyRecord) / 60
}
