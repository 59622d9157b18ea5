// Package configstormlab is the configuration-storm lab of lecture 26,
// section 26.2.8: Facebook's afternoon of 2010-09-23, when an invalid
// configuration value was fixed and the clients' own fix kept the
// database down, played a minute a step beside the lecture's timeline,
// one protection set alone or two side by side on one seed.
package configstormlab

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/configstorm"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's protection sets in lockstep, a minute a step. The
// keys change the spec (the afternoon's numbers, shared by the runs, or
// the right-hand run's protections) and restart it.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Sizing
	lab.Lockstep[configstorm.Spec, configstorm.Config, *configstorm.Engine]
	deck lab.Deck
}

// run is one protection set under way.
type run = lab.Run[configstorm.Config, *configstorm.Engine]

// maxStep is the longest a step (a minute of every run) may take: play
// steps between frames, and a longer step would freeze the screen and
// the keys.
const maxStep = 0.1

// afternoon is the configuration storm as a lockstep case, five minutes
// before the bad value to the run's end, a minute of seconds a step.
var afternoon = lab.Case[configstorm.Spec, configstorm.Config, *configstorm.Engine]{
	Glossary:  glossary,
	Card:      &card,
	Chronicle: chronicle,
	New:       configstorm.New,
	Check:     lab.MinuteWithin[configstorm.Spec](maxStep, "entries", "clients", "attempts", "runs"),
	Per:       60,
	Words:     func(c configstorm.Config) string { return configstorm.SetWords(c.Protections) },
	SetName:   func(c configstorm.Config) string { return configstorm.SetName(c.Protections) },
	Runs:      func(s *configstorm.Spec) *string { return &s.Runs },
	Seed:      func(s *configstorm.Spec) *int64 { return &s.Seed },
	Name:      "The configuration storm",
	Clock: func(r run, at float64) string {
		return configstorm.Elapsed(int(int32(at)/60)-configstorm.LeadMin) + " after the bad value"
	},
	Pace:     func(sps float64) string { return fmt.Sprintf("%.10g min of the afternoon a second", sps) },
	Stops:    "the invalid value, the database overwhelmed, the fix, the storm going on, the site off and users let back, the site back",
	Switch:   (*configstorm.Engine).Switch,
	Switches: func(c *configstorm.Config) *string { return &c.Switches },
	Live:     (*configstorm.Engine).Config,
	When: func(at float64) string {
		return configstorm.Elapsed(int(at)/60-configstorm.LeadMin) + " after the bad value"
	},
	Protections: protections(DefaultKeyMap()),
	Knobs:       knobs(DefaultKeyMap()),
}

// New opens the lab on a config-storm spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	l := &Lab{keys: DefaultKeyMap()}
	var err error
	l.Lockstep, err = lab.OpenLockstep(s, afternoon, l.note)
	return l, err
}

// glossary is the lab's words (glossary.txt: a line a term, "term: what
// it means").
//
//go:embed glossary.txt
var glossaryText string

var glossary = lab.Glossary(glossaryText)

// KeyMap is the lab's own: the protections, the levers on the
// afternoon's numbers, and compare.
type KeyMap struct {
	Backoff, Cut, KeepOnError, Coalesce key.Binding
	Fix, Ramp, Capacity                 lab.Lever
	Compare                             key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Backoff:     lab.Bind([]string{"o"}, "o", "backoff on/off (right run), from now"),
		Cut:         lab.Bind([]string{"x"}, "x", "cut traffic (the site off) now, or not (right run)"),
		KeepOnError: lab.Bind([]string{"e"}, "e", "keep entries on errors on/off (right run), from now"),
		Coalesce:    lab.Bind([]string{"p"}, "p", "one client repairs, the others wait, on/off (right run), from now"),
		Fix:         lab.NewLever("f", "F", "fix the value earlier", "fix the value later", "fix"),
		Ramp:        lab.NewLever("u", "U", "let users back faster", "let users back slower", "users back"),
		Capacity:    lab.NewLever("w", "W", "weaker database", "stronger database", "database"),
		Compare:     lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	}
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() lab.Help {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Backoff, "o", "backoff"), lab.Brief(k.Cut, "x", "cut"),
		lab.Brief(k.KeepOnError, "e", "keep on error"), k.Fix.Short(), c.Timeline, k.Compare, c.Moments}
	own := append([]key.Binding{k.Backoff, k.Cut, k.KeepOnError, k.Coalesce}, k.Fix.Full()...)
	own = append(append(own, k.Ramp.Full()...), k.Capacity.Full()...)
	return lab.Help{Short: short, Full: [][]key.Binding{lab.PlayKeys(), append(own, k.Compare, c.FromStart), lab.ShellKeys()}}
}

// The steps the levers move through: the fix's and the return's
// minutes, the database's capacity.
var (
	fixSteps      = []float64{0, 1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120}
	rampSteps     = []float64{0, 1, 2, 5, 10, 15, 30, 45, 60, 90}
	capacitySteps = []float64{1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000}
)

// Key changes the spec and restarts the afternoon on its seed, or
// switches the right run from now.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	if out, ok := l.Answer(msg); ok {
		return out
	}
	switch {
	case key.Matches(msg, lab.CommonKeys.FromStart):
		return l.ToggleFromStart("o, x, e and p")
	case key.Matches(msg, k.Compare):
		return l.Edit(msg.String(), l.Compare("cut", "none,cut"))
	}
	return lab.Outcome{}
}

// protections are the keys that turn the case's protections in the right
// run (Lockstep.Answer).
func protections(k KeyMap) []lab.Protection[configstorm.Config] {
	return []lab.Protection[configstorm.Config]{
		{Key: k.Backoff, Name: "backoff", Flag: func(c *configstorm.Config) *bool { return &c.Backoff }},
		{Key: k.Cut, Name: "cut", Flag: func(c *configstorm.Config) *bool { return &c.Cut }},
		{Key: k.KeepOnError, Name: "keep-on-error", Flag: func(c *configstorm.Config) *bool { return &c.KeepOnError }},
		{Key: k.Coalesce, Name: "coalesce", Flag: func(c *configstorm.Config) *bool { return &c.Coalesce }},
	}
}

// knobs are the levers on the numbers the runs share (Lockstep.Answer).
func knobs(k KeyMap) []lab.Knob[configstorm.Spec] {
	return []lab.Knob[configstorm.Spec]{
		{Lever: k.Fix, Turn: func(s *configstorm.Spec, dir int) {
			s.FixAtMin = min(s.RunMin, int(lab.StepTo(fixSteps, float64(s.FixAtMin), dir)))
		}},
		{Lever: k.Ramp, Turn: func(s *configstorm.Spec, dir int) { s.RampMin = int(lab.StepTo(rampSteps, float64(s.RampMin), dir)) }},
		{Lever: k.Capacity, Turn: func(s *configstorm.Spec, dir int) { s.Capacity = lab.StepTo(capacitySteps, s.Capacity, dir) }},
	}
}

// note says what the afternoon now is.
func (l *Lab) note(s configstorm.Spec) string {
	back := ""
	if strings.Contains(s.Runs, "cut") {
		back = fmt.Sprintf(", after the cut users back slowly over %d min", s.RampMin)
		if s.RampMin == 0 {
			back = ", after the cut users back all at once"
		}
	}
	return fmt.Sprintf("%s: the value fixed at %s, the database answering %s a second%s; replayed to the same time on seed %d",
		l.NamesOf(s), configstorm.Elapsed(s.FixAtMin), engine.Compact(s.Capacity), back, s.Seed)
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys.help() }
