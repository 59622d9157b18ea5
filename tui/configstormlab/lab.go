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

// KeyMap is the lab's own, a binding per direction.
type KeyMap struct {
	Backoff, Cut, KeepOnError, Coalesce, FixEarlier, FixLater, RampShorter, RampLonger, CapacityDown, CapacityUp, Compare, Timeline key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Backoff:      lab.Bind([]string{"o"}, "o", "backoff on/off (right run), from now"),
	Cut:          lab.Bind([]string{"x"}, "x", "cut traffic (the site off) now, or not (right run)"),
	KeepOnError:  lab.Bind([]string{"e"}, "e", "keep entries on errors on/off (right run), from now"),
	Coalesce:     lab.Bind([]string{"p"}, "p", "one client repairs, the others wait, on/off (right run), from now"),
	FixEarlier:   lab.Bind([]string{"f"}, "f", "fix the value earlier"),
	FixLater:     lab.Bind([]string{"F"}, "F", "fix the value later"),
	RampShorter:  lab.Bind([]string{"u"}, "u", "let users back faster"),
	RampLonger:   lab.Bind([]string{"U"}, "U", "let users back slower"),
	CapacityDown: lab.Bind([]string{"w"}, "w", "weaker database"),
	CapacityUp:   lab.Bind([]string{"W"}, "W", "stronger database"),
	Compare:      lab.Bind([]string{"c"}, "c", "one run or two side by side"),
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Backoff, "o", "backoff"), lab.Brief(k.Cut, "x", "cut"),
		lab.Brief(k.KeepOnError, "e", "keep on error"), lab.Brief(k.FixEarlier, "f/F", "fix"), c.Timeline, k.Compare, c.Moments}
	full := [][]key.Binding{
		lab.PlayKeys(),
		{k.Backoff, k.Cut, k.KeepOnError, k.Coalesce, k.FixEarlier, k.FixLater, k.RampShorter, k.RampLonger, k.CapacityDown, k.CapacityUp, k.Compare, lab.CommonKeys.FromStart},
		lab.ShellKeys(),
	}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// The steps the keys move through: the fix's and the return's minutes,
// the database's capacity.
var (
	fixSteps      = []float64{0, 1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120}
	rampSteps     = []float64{0, 1, 2, 5, 10, 15, 30, 45, 60, 90}
	capacitySteps = []float64{1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000}
)

// Key changes the spec and restarts the afternoon on its seed.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	var change lab.Change[configstorm.Spec]
	switch {
	case key.Matches(msg, k.FixEarlier), key.Matches(msg, k.FixLater):
		dir := lab.Dir(msg, k.FixEarlier)
		change = lab.Shared(func(s *configstorm.Spec) {
			s.FixAtMin = min(s.RunMin, int(lab.StepTo(fixSteps, float64(s.FixAtMin), dir)))
		})
	case key.Matches(msg, k.RampShorter), key.Matches(msg, k.RampLonger):
		dir := lab.Dir(msg, k.RampShorter)
		change = lab.Shared(func(s *configstorm.Spec) { s.RampMin = int(lab.StepTo(rampSteps, float64(s.RampMin), dir)) })
	case key.Matches(msg, k.CapacityDown), key.Matches(msg, k.CapacityUp):
		dir := lab.Dir(msg, k.CapacityDown)
		change = lab.Shared(func(s *configstorm.Spec) { s.Capacity = lab.StepTo(capacitySteps, s.Capacity, dir) })
	case key.Matches(msg, lab.CommonKeys.FromStart):
		return l.ToggleFromStart("o, x, e and p")
	case key.Matches(msg, k.Backoff):
		if l.Switchable() {
			return l.FlipNow("backoff", func(c configstorm.Config) bool { return c.Backoff })
		}
		change = l.Toggle(func(c *configstorm.Config) { c.Backoff = !c.Backoff })
	case key.Matches(msg, k.Cut):
		if l.Switchable() {
			return l.FlipNow("cut", func(c configstorm.Config) bool { return c.Cut })
		}
		change = l.Toggle(func(c *configstorm.Config) { c.Cut = !c.Cut })
	case key.Matches(msg, k.KeepOnError):
		if l.Switchable() {
			return l.FlipNow("keep-on-error", func(c configstorm.Config) bool { return c.KeepOnError })
		}
		change = l.Toggle(func(c *configstorm.Config) { c.KeepOnError = !c.KeepOnError })
	case key.Matches(msg, k.Coalesce):
		if l.Switchable() {
			return l.FlipNow("coalesce", func(c configstorm.Config) bool { return c.Coalesce })
		}
		change = l.Toggle(func(c *configstorm.Config) { c.Coalesce = !c.Coalesce })
	case key.Matches(msg, k.Compare):
		change = l.Compare("cut", "none,cut")
	default:
		return lab.Outcome{}
	}
	return l.Edit(msg.String(), change)
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
func (l *Lab) KeyMap() help.KeyMap { return l.keys }
