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
	Pace:        func(sps float64) string { return fmt.Sprintf("%.10g min of the night a second", sps) },
	Stops:       "DynamoDB lost (11:48 PM) and back (2:25 AM), goodput falling to zero, every lease lost, the throttle (4:14 AM), the recovery",
	Switch:      (*leasestorm.Engine).Switch,
	Switches:    func(c *leasestorm.Config) *string { return &c.Switches },
	Live:        (*leasestorm.Engine).Config,
	When:        leasestorm.ClockOf,
	Protections: protections(DefaultKeyMap()),
	Knobs:       knobs(DefaultKeyMap()),
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

// KeyMap is the lab's own: the levers on the night's numbers, the
// protections, the lecture's two fixes, and compare.
type KeyMap struct {
	Outage, Rate, Timeout, Cap                          lab.Lever
	Throttle, DropStale, Stagger, RenewExpired, Compare key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Outage:       lab.NewLever("o", "O", "shorter outage", "longer outage", "outage"),
		Rate:         lab.NewLever("w", "W", "slower manager", "faster manager", "manager"),
		Timeout:      lab.NewLever("d", "D", "shorter timeout", "longer timeout", "timeout"),
		Cap:          lab.NewLever("j", "J", "throttle's cap /2", "throttle's cap x2", "cap"),
		Throttle:     lab.Bind([]string{"h"}, "h", "throttle on/off (right run), from now"),
		DropStale:    lab.Bind([]string{"x"}, "x", "drop stale requests on/off (right run), from now"),
		Stagger:      lab.Bind([]string{"g"}, "g", "the lecture's fix: staggered renewal alone on/off (right run)"),
		RenewExpired: lab.Bind([]string{"e"}, "e", "the lecture's fix: expired leases renewable, alone, on/off (right run)"),
		Compare:      lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	}
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() lab.Help {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Throttle, "h", "throttle"), k.Outage.Short(),
		k.Cap.Short(), lab.Brief(k.DropStale, "x", "drop stale"), k.Compare, c.Moments}
	own := append(append(append(k.Outage.Full(), k.Rate.Full()...), k.Timeout.Full()...), k.Throttle)
	own = append(append(own, k.Cap.Full()...), k.DropStale, k.Stagger, k.RenewExpired, k.Compare, c.FromStart)
	return lab.Help{Short: short, Full: [][]key.Binding{lab.PlayKeys(), own, lab.ShellKeys()}}
}

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
	if out, ok := l.Answer(msg); ok {
		return out
	}
	var change lab.Change[leasestorm.Spec]
	switch {
	case key.Matches(msg, lab.CommonKeys.FromStart):
		return l.ToggleFromStart("h and x")
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

// protections are the keys that turn the case's protections in the right
// run (Lockstep.Answer).
func protections(k KeyMap) []lab.Protection[leasestorm.Config] {
	return []lab.Protection[leasestorm.Config]{
		{Key: k.Throttle, Name: "throttle", Flag: func(c *leasestorm.Config) *bool { return &c.Throttle }},
		{Key: k.DropStale, Name: "drop-stale", Flag: func(c *leasestorm.Config) *bool { return &c.DropStale }},
	}
}

// knobs are the levers on the numbers the runs share (Lockstep.Answer).
func knobs(k KeyMap) []lab.Knob[leasestorm.Spec] {
	return []lab.Knob[leasestorm.Spec]{
		{Lever: k.Outage, Turn: func(s *leasestorm.Spec, dir int) {
			s.OutageMin = int(lab.StepTo(outageSteps, float64(s.OutageMin), dir))
		}},
		{Lever: k.Rate, Turn: func(s *leasestorm.Spec, dir int) { s.Rate = lab.StepTo(rateSteps, s.Rate, dir) }},
		{Lever: k.Timeout, Turn: func(s *leasestorm.Spec, dir int) {
			s.TimeoutS = int(lab.StepTo(timeoutSteps, float64(s.TimeoutS), dir))
		}},
		{Lever: k.Cap, Turn: func(s *leasestorm.Spec, dir int) {
			if dir < 0 {
				s.Cap = max(1, s.Cap/2)
			} else {
				s.Cap = min(leasestorm.MaxQueue, 2*s.Cap)
			}
		}},
	}
}

// note says what the night now is, in at most two lines of an 80 column
// screen.
func (l *Lab) note(s leasestorm.Spec) string {
	return fmt.Sprintf("%s: outage %d min, rate %.10g/s x timeout %d s = %s, cap %s; replayed to the same time on seed %d",
		l.NamesOf(s), s.OutageMin, s.Rate, s.TimeoutS, textfmt.Int(int(math.Round(s.Rate*float64(s.TimeoutS)))), textfmt.Int(s.Cap), s.Seed)
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys.help() }

// Chronicle is the night of AWS 2025, the run at its place in it: hours
// after DynamoDB was lost.
func chronicle(first run) (string, []widget.Incident, float64) {
	min := first.Engine.Pos().At / 60
	return lab.AWS2025Title, lab.AWS2025, (min - leasestorm.LeadMin) / 60
}
