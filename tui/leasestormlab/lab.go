// Package leasestormlab is the lease-storm lab of lecture 26, section
// 26.2.10: the night DWFM lost its leases while DynamoDB was unreachable
// and stayed collapsed after DynamoDB returned, played a minute a step,
// one protection set alone or two side by side on one seed.
package leasestormlab

import (
	_ "embed"
	"fmt"
	"math"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/leasestorm"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab runs the spec's protection sets in lockstep, a minute a step. The
// keys change the spec (the night's numbers, shared by the runs, or the
// right-hand run's protections) and restart it.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Sizing
	lab.Lockstep[leasestorm.Spec, leasestorm.Config, *leasestorm.Engine]
	deck lab.Deck
}

// run is one protection set under way.
type run = lab.Run[leasestorm.Config, *leasestorm.Engine]

// maxStep is the longest a step (a minute of every run) may take: play
// steps between frames, and a longer step would freeze the screen and
// the keys.
const maxStep = 0.1

// night is the lease storm as a lockstep case: a minute of seconds a step.
var night = lab.Case[leasestorm.Spec, leasestorm.Config, *leasestorm.Engine]{
	Glossary:  glossary,
	Card:      &card,
	Chronicle: chronicle,
	New:       leasestorm.New,
	Check:     lab.MinuteWithin[leasestorm.Spec](maxStep, "droplets", "timeout-s", "runs"),
	Per:       60,
	Words:     func(c leasestorm.Config) string { return leasestorm.SetWords(c.Protections) },
	SetName:   func(c leasestorm.Config) string { return leasestorm.SetName(c.Protections) },
	Runs:      func(s *leasestorm.Spec) *string { return &s.Runs },
	Seed:      func(s *leasestorm.Spec) *int64 { return &s.Seed },
	Name:      "The lease storm",
	Clock: func(r run, at float64) string {
		m := int(at / 60)
		return fmt.Sprintf("%s, min %d of %d", leasestorm.Clock(m), m, r.Cfg.Minutes())
	},
	Pace:     func(sps float64) string { return fmt.Sprintf("%.10g min of the night a second", sps) },
	Stops:    "DynamoDB lost (11:48 PM) and back (2:25 AM), goodput falling to zero, every lease lost, the throttle (4:14 AM), the recovery",
	Switch:   (*leasestorm.Engine).Switch,
	Switches: func(c *leasestorm.Config) *string { return &c.Switches },
	When:     leasestorm.ClockOf,
}

// New opens the lab on a lease-storm spec, at 11:18 PM.
func New(s scenarios.Spec) (lab.Lab, error) {
	l := &Lab{keys: DefaultKeyMap()}
	var err error
	l.Lockstep, err = lab.OpenLockstep(s, night, l.note)
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
	OutageShorter, OutageLonger, RateDown, RateUp, TimeoutDown, TimeoutUp, CapDown, CapUp key.Binding
	Throttle, DropStale, Stagger, RenewExpired, Compare                                   key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	OutageShorter: lab.Bind([]string{"o"}, "o", "shorter outage"),
	OutageLonger:  lab.Bind([]string{"O"}, "O", "longer outage"),
	RateDown:      lab.Bind([]string{"w"}, "w", "slower manager"),
	RateUp:        lab.Bind([]string{"W"}, "W", "faster manager"),
	TimeoutDown:   lab.Bind([]string{"d"}, "d", "shorter timeout"),
	TimeoutUp:     lab.Bind([]string{"D"}, "D", "longer timeout"),
	CapDown:       lab.Bind([]string{"j"}, "j", "throttle's cap /2"),
	CapUp:         lab.Bind([]string{"J"}, "J", "throttle's cap x2"),
	Throttle:      lab.Bind([]string{"h"}, "h", "throttle on/off (right run), from now"),
	DropStale:     lab.Bind([]string{"x"}, "x", "drop stale requests on/off (right run), from now"),
	Stagger:       lab.Bind([]string{"g"}, "g", "the lecture's fix: staggered renewal alone on/off (right run)"),
	RenewExpired:  lab.Bind([]string{"e"}, "e", "the lecture's fix: expired leases renewable, alone, on/off (right run)"),
	Compare:       lab.Bind([]string{"c"}, "c", "one run or two side by side"),
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Throttle, "h", "throttle"), lab.Brief(k.OutageShorter, "o/O", "outage"),
		lab.Brief(k.CapDown, "j/J", "cap"), lab.Brief(k.DropStale, "x", "drop stale"), k.Compare, c.Moments}
	full := [][]key.Binding{
		lab.PlayKeys(),
		{k.OutageShorter, k.OutageLonger, k.RateDown, k.RateUp, k.TimeoutDown, k.TimeoutUp, k.Throttle, k.CapDown, k.CapUp, k.DropStale, k.Stagger, k.RenewExpired, k.Compare, lab.CommonKeys.FromStart},
		lab.ShellKeys(),
	}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// The steps the keys move through: the outage's minutes, the manager's
// rate and the timeout's seconds.
var (
	outageSteps  = []float64{0, 1, 2, 3, 5, 10, 15, 30, 60, 90, 120, 157, 180, 240, 360}
	rateSteps    = []float64{1, 2, 3, 4.5, 6, 9, 12, 18, 27, 40, 60, 90}
	timeoutSteps = []float64{5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800, 3600}
)

// Key changes the spec and restarts the night on its seed.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	var change lab.Change[leasestorm.Spec]
	switch {
	case key.Matches(msg, k.OutageShorter), key.Matches(msg, k.OutageLonger):
		dir := lab.Dir(msg, k.OutageShorter)
		change = lab.Shared(func(s *leasestorm.Spec) { s.OutageMin = int(lab.StepTo(outageSteps, float64(s.OutageMin), dir)) })
	case key.Matches(msg, k.RateDown), key.Matches(msg, k.RateUp):
		dir := lab.Dir(msg, k.RateDown)
		change = lab.Shared(func(s *leasestorm.Spec) { s.Rate = lab.StepTo(rateSteps, s.Rate, dir) })
	case key.Matches(msg, k.TimeoutDown), key.Matches(msg, k.TimeoutUp):
		dir := lab.Dir(msg, k.TimeoutDown)
		change = lab.Shared(func(s *leasestorm.Spec) { s.TimeoutS = int(lab.StepTo(timeoutSteps, float64(s.TimeoutS), dir)) })
	case key.Matches(msg, k.CapDown):
		change = lab.Shared(func(s *leasestorm.Spec) { s.Cap = max(1, s.Cap/2) })
	case key.Matches(msg, k.CapUp):
		change = lab.Shared(func(s *leasestorm.Spec) { s.Cap = min(leasestorm.MaxQueue, 2*s.Cap) })
	case key.Matches(msg, lab.CommonKeys.FromStart):
		return l.ToggleFromStart("h and x")
	case key.Matches(msg, k.Throttle):
		if out, ok := l.switchNow("throttle", func(c leasestorm.Config) bool { return c.Throttle }); ok {
			return out
		}
		change = l.Toggle(func(c *leasestorm.Config) { c.Throttle = !c.Throttle })
	case key.Matches(msg, k.DropStale):
		if out, ok := l.switchNow("drop-stale", func(c leasestorm.Config) bool { return c.DropStale }); ok {
			return out
		}
		change = l.Toggle(func(c *leasestorm.Config) { c.DropStale = !c.DropStale })
	case key.Matches(msg, k.Stagger): // a design fix: alone, not with the night's protections
		change = l.Toggle(func(c *leasestorm.Config) { c.Protections = leasestorm.Protections{Stagger: !c.Stagger} })
	case key.Matches(msg, k.RenewExpired):
		change = l.Toggle(func(c *leasestorm.Config) { c.Protections = leasestorm.Protections{RenewExpired: !c.RenewExpired} })
	case key.Matches(msg, k.Compare):
		change = l.Compare("none", "none,throttle")
	default:
		return lab.Outcome{}
	}
	return l.Edit(msg.String(), change)
}

// switchNow flips a protection of the right run from the time on the
// clock, unless the keys rerun from the start (Z), or the night has not
// begun (then the two are one) or is over (a new run); ok reports
// whether it did.
func (l *Lab) switchNow(name string, on func(leasestorm.Config) bool) (lab.Outcome, bool) {
	last := len(l.Runs) - 1
	e := l.Runs[last].Engine
	if !l.Switchable() {
		return lab.Outcome{}, false
	}
	value := "on"
	if on(e.Config()) {
		value = "off"
	}
	return l.SwitchNow(last, name, value), true
}

// note says what the night now is, in at most two lines of an 80 column
// screen.
func (l *Lab) note(s leasestorm.Spec) string {
	return fmt.Sprintf("%s: outage %d min, rate %.10g/s x timeout %d s = %s, cap %s; replayed to the same time on seed %d",
		l.NamesOf(s), s.OutageMin, s.Rate, s.TimeoutS, textfmt.Int(int(math.Round(s.Rate*float64(s.TimeoutS)))), textfmt.Int(s.Cap), s.Seed)
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys }

// Chronicle is the night of AWS 2025, the run at its place in it: hours
// after DynamoDB was lost.
func chronicle(first run) (string, []widget.Incident, float64) {
	min := first.Engine.Pos().At / 60
	return lab.AWS2025Title, lab.AWS2025, (min - leasestorm.LeadMin) / 60
}
