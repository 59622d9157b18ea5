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
	Pace:  func(sps float64) string { return fmt.Sprintf("%.10g min of the morning a second", sps) },
	Stops: "the flood (5:28 AM), the Network Manager half an hour behind, caught up, the throttle relaxed (11:23 AM), flooded again, EC2 back",
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

// KeyMap is the lab's own.
type KeyMap struct {
	AtOnce, Priority, RateDown, RateUp, StepDown, StepUp, Compare key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	AtOnce:   lab.Bind([]string{"a"}, "a", "the throttle lifted at once, or in steps (right run)"),
	Priority: lab.Bind([]string{"p"}, "p", "new instances' updates first on/off (right run)"),
	RateDown: lab.Bind([]string{"w"}, "w", "a slower Network Manager"),
	RateUp:   lab.Bind([]string{"W"}, "W", "a faster Network Manager"),
	StepDown: lab.Bind([]string{"k"}, "k", "smaller steps"),
	StepUp:   lab.Bind([]string{"K"}, "K", "larger steps"),
	Compare:  lab.Bind([]string{"c"}, "c", "one run or two side by side"),
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.AtOnce, "a", "at once"), lab.Brief(k.Priority, "p", "new first"),
		lab.Brief(k.RateDown, "w/W", "rate"), lab.Brief(k.StepDown, "k/K", "steps"), c.Timeline, k.Compare, c.Moments}
	full := [][]key.Binding{lab.StepKeys(), {k.AtOnce, k.Priority, k.RateDown, k.RateUp, k.StepDown, k.StepUp, k.Compare}, lab.ShellKeys()}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// The steps the keys move through: the Network Manager's rate and the
// engineers' step.
var (
	rateSteps = []float64{50, 70, 100, 137, 200, 300, 500}
	stepUps   = []float64{10, 20, 30, 60, 120, 240}
)

// Key changes the spec and restarts the morning.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	var change lab.Change[netmanager.Spec]
	switch {
	case key.Matches(msg, k.AtOnce):
		change = l.Toggle(func(c *netmanager.Config) { c.AtOnce = !c.AtOnce })
	case key.Matches(msg, k.Priority):
		change = l.Toggle(func(c *netmanager.Config) { c.Priority = !c.Priority })
	case key.Matches(msg, k.RateDown), key.Matches(msg, k.RateUp):
		dir := lab.Dir(msg, k.RateDown)
		change = lab.Shared(func(s *netmanager.Spec) { s.Rate = lab.StepTo(rateSteps, s.Rate, dir) })
	case key.Matches(msg, k.StepDown), key.Matches(msg, k.StepUp):
		dir := lab.Dir(msg, k.StepDown)
		change = lab.Shared(func(s *netmanager.Spec) { s.StepUp = lab.StepTo(stepUps, s.StepUp, dir) })
	case key.Matches(msg, k.Compare):
		change = l.Compare("steps", "steps,at-once")
	default:
		return lab.Outcome{}
	}
	return l.Edit(msg.String(), change)
}

// note says what the morning now is.
func (l *Lab) note(s netmanager.Spec) string {
	return fmt.Sprintf("%s: the Network Manager propagating %s a minute, the throttle raised by %s a minute a step; replayed to the same minute",
		l.NamesOf(s), engine.Compact(s.Rate), engine.Compact(s.StepUp))
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys }

// Chronicle is the night of AWS 2025, the run at its place in it: hours
// after 11:48 PM, the record gone empty.
func chronicle(first run) (string, []widget.Incident, float64) {
	const emptyRecord = 23*60 + 48 - 24*60 // minutes of the day, the day before
	min := netmanager.StartClock + first.Engine.Pos().At
	return lab.AWS2025Title, lab.AWS2025, (min - emptyRecord) / 60
}
