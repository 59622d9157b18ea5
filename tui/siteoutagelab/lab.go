// Package siteoutagelab is the casebook's building that went dark (lecture
// 26, section 26.2.9): The Planet's H1 from the explosion at 5:55 PM on May
// 31, 2008 to the last rack on June 4, five minutes a step, the incident's
// timeline beside the run, one protection set alone or two side by side on
// one seed, and each placement's customers' year against what they bought.
package siteoutagelab

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/siteoutage"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's protection sets in lockstep. The keys change the
// right-hand run's protections, the fault (both runs) or the runs shown,
// and restart.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Sizing
	lab.Lockstep[siteoutage.Spec, siteoutage.Config, *siteoutage.Engine]
	deck lab.Deck
}

// run is one protection set under way.
type run = lab.Run[siteoutage.Config, *siteoutage.Engine]

// maxStep is the longest a step (five minutes of every run) may take: a
// setup of a million servers is refused at once, a step itself is cheap.
const maxStep = 0.5

// building is the site outage as a lockstep case, from 5:00 PM on May 31,
// an engine step (five minutes) a step.
var building = lab.Case[siteoutage.Spec, siteoutage.Config, *siteoutage.Engine]{
	Glossary:  glossary,
	Card:      &card,
	Chronicle: chronicle,
	New:       siteoutage.New,
	Check: func(s siteoutage.Spec) error {
		if est := s.Cost("text"); est.Seconds > maxStep {
			return fmt.Errorf("the runs would take about %.1f s to set up, longer than a view can wait: lower servers-per-rack or racks-per-floor", est.Seconds)
		}
		return nil
	},
	Per:     1,
	Words:   func(c siteoutage.Config) string { return siteoutage.SetWords(c.Protections) },
	SetName: func(c siteoutage.Config) string { return siteoutage.SetName(c.Protections) },
	Runs:    func(s *siteoutage.Spec) *string { return &s.Runs },
	Seed:    func(s *siteoutage.Spec) *int64 { return &s.Seed },
	Name:    "The Planet 2008",
	Clock:   func(r run, at float64) string { return siteoutage.Clock(int(at)) },
	Pace: func(sps float64) string {
		h := sps * siteoutage.StepMin / 60
		if h < 1 {
			return fmt.Sprintf("%.3g min of the days a second", sps*siteoutage.StepMin)
		}
		return fmt.Sprintf("%.3g h of the days a second", h)
	},
	Stops:       "the explosion (5:55 PM), the failover, staff let in (10 PM), Dallas full, floor two's power (June 2), floor one's racks (June 4), each placement back",
	Protections: protections(DefaultKeyMap()),
}

// New opens the lab on a site-outage spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	l := &Lab{keys: DefaultKeyMap()}
	var err error
	l.Lockstep, err = lab.OpenLockstep(s, building, l.note)
	return l, err
}

// title says the runs and the fault once the keys have changed them.
func (l *Lab) title() (string, bool) {
	if l.Spec.Runs == l.Opened.Runs && l.Spec.Fault == l.Opened.Fault {
		return "", false
	}
	return fmt.Sprintf("The Planet 2008, %s: %s (keys changed the runs)", faultWords(l.Spec.Fault), strings.Join(l.Names(), " against ")), true
}

// faultWords says what went dark.
func faultWords(fault string) string {
	if fault == "city" {
		return "the city's feed cut (H1 and H2 dark)"
	}
	return "H1 dark"
}

// glossary is the lab's words (glossary.txt: a line a term, "term: what
// it means").
//
//go:embed glossary.txt
var glossaryText string

var glossary = lab.Glossary(glossaryText)

// KeyMap is the lab's own: the two protections, the fault, and compare.
type KeyMap struct {
	Reserve, Drills, Fault, Compare key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Reserve: lab.Bind([]string{"p"}, "p", "power reserved for failover on/off (right run)"),
		Drills:  lab.Bind([]string{"d"}, "d", "failover drilled on/off (right run)"),
		Fault:   lab.Bind([]string{"f"}, "f", "H1 alone dark, or the city's feed cut (H2 too)"),
		Compare: lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	}
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() lab.Help {
	c := lab.CommonKeys
	return lab.Help{
		Short: []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Reserve, "p", "reserve"), lab.Brief(k.Drills, "d", "drills"),
			lab.Brief(k.Fault, "f", "feed"), c.Timeline, k.Compare, c.Moments},
		Full: [][]key.Binding{lab.PlayKeys(), {k.Reserve, k.Drills, k.Fault, k.Compare}, lab.ShellKeys()},
	}
}

// Key changes the spec and restarts the days on their seed.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	if out, ok := l.Answer(msg); ok {
		return out
	}
	switch {
	case key.Matches(msg, k.Fault):
		return l.Edit(msg.String(), lab.Shared(func(s *siteoutage.Spec) {
			if s.Fault == "city" {
				s.Fault = "site"
			} else {
				s.Fault = "city"
			}
		}))
	case key.Matches(msg, k.Compare):
		return l.Edit(msg.String(), l.Compare("none", "none,both"))
	}
	return lab.Outcome{}
}

// protections are the keys that turn the case's protections in the right
// run (Lockstep.Answer).
func protections(k KeyMap) []lab.Protection[siteoutage.Config] {
	return []lab.Protection[siteoutage.Config]{
		{Key: k.Reserve, Name: "reserve", Flag: func(c *siteoutage.Config) *bool { return &c.Reserve }},
		{Key: k.Drills, Name: "drills", Flag: func(c *siteoutage.Config) *bool { return &c.Drills }},
	}
}

// note says what the days now are.
func (l *Lab) note(s siteoutage.Spec) string {
	return fmt.Sprintf("%s, %s: replayed to the same time on seed %d", l.NamesOf(s), faultWords(s.Fault), s.Seed)
}

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := l.Lockstep.Info()
	i.Title = ""
	if t, ok := l.title(); ok {
		i.Title = t
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys.help() }
