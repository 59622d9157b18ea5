// Package remirrorlab is the re-mirroring storm lab of lecture 26, section
// 26.2.7: AWS's EBS zone on 2011-04-21, stuck for days after a network
// change of minutes, played five minutes a step beside the lecture's
// timeline, one protection set alone or two side by side on one seed.
package remirrorlab

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab runs the spec's protection sets in lockstep, StepMin minutes a
// step. The keys change the spec (the zone's numbers and the cut, shared
// by the runs, or the right-hand run's protections) and restart it; z and
// v change only the view.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Sizing
	lab.Lockstep[remirror.Spec, remirror.Config, *remirror.Engine]
	deck lab.Deck
	zoom zoom
	// lower is the first of the charts under the stuck volumes' (capacity
	// in use, the searches a minute, the region's API errors): it alone
	// where two charts fit, it and the next where three do.
	lower int
	// seeds are the runs' figures over many seeds, worked out off the UI
	// loop.
	seeds lab.Background[[]remirror.SeedFigures]
}

// StepMin is the minutes of the run a step plays.
const StepMin = 5

// maxStep is the longest a step (StepMin minutes of every run) may take:
// play steps between frames, and a longer step would freeze the screen.
const maxStep = 0.1

// zoom is the charts' x axis: following the run (the night, then the
// three days), the night alone, or the three days.
type zoom int

const (
	zoomAuto zoom = iota
	zoomNight
	zoomDays
)

// nightEnd is the night's end on the charts, in minutes: 1:00 PM.
const nightEnd = 13 * 60

// run is one protection set under way.
type run = lab.Run[remirror.Config, *remirror.Engine]

// days is the storm as a lockstep case: StepMin minutes a step.
var days = lab.Case[remirror.Spec, remirror.Config, *remirror.Engine]{
	Glossary:  glossary,
	Card:      &card,
	Chronicle: chronicle,
	New:       remirror.New,
	Check: func(s remirror.Spec) error {
		if est := StepMin * s.StepSeconds(); est > maxStep {
			return &engine.OverLimit{What: "step", Estimate: est, Limit: maxStep, Levers: []string{"volumes", "nodes", "runs"}}
		}
		return nil
	},
	Per:         StepMin,
	Words:       func(c remirror.Config) string { return remirror.SetWords(c.Protections) },
	SetName:     func(c remirror.Config) string { return remirror.SetName(c.Protections) },
	Runs:        func(s *remirror.Spec) *string { return &s.Runs },
	Seed:        func(s *remirror.Spec) *int64 { return &s.Seed },
	Name:        "The re-mirroring storm",
	Clock:       func(r run, at float64) string { return remirror.Clock(int(at)) },
	Switch:      (*remirror.Engine).Switch,
	Switches:    func(c *remirror.Config) *string { return &c.Switches },
	Live:        (*remirror.Engine).Config,
	When:        func(at float64) string { return remirror.Clock(int(at)) },
	Pace:        func(sps float64) string { return fmt.Sprintf("%.10g min of the run a second", StepMin*sps) },
	Stops:       "the change and the storm (12:47 AM), the race, 2:40 AM, any brown-out, the cut (8:20 AM), the fix (11:30 AM), noon, the recovery, the end",
	Protections: protections(DefaultKeyMap()),
}

// New opens the lab on a remirror spec, at midnight.
func New(s scenarios.Spec, share *lab.Share) (lab.Lab, error) {
	l := &Lab{keys: DefaultKeyMap()}
	l.seeds.Share = share
	var err error
	if l.Lockstep, err = lab.OpenLockstep(s, days, l.note); err != nil {
		return nil, err
	}
	for _, r := range l.Runs {
		if r.Cfg.Bulkhead { // the bulkhead's lesson is the region's API
			l.lower = apiChart
		}
	}
	return l, nil
}

// minute is the run's minute now.
func (l *Lab) minute() int { return int(l.Runs[0].Engine.Pos().Step) }

// glossary is the lab's words (glossary.txt: a line a term, "term: what
// it means").
//
//go:embed glossary.txt
var glossaryText string

var glossary = lab.Glossary(glossaryText)

// The zone's wave: the share of the nodes the change cuts off.
var cutSteps = []float64{0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1}

// Key changes the spec and restarts the run on its seed, or the view.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	if out, ok := l.viewKey(msg); ok {
		return out
	}
	if key.Matches(msg, lab.CommonKeys.FromStart) {
		return l.ToggleFromStart("o, k and h")
	}
	out, ok := l.Answer(msg)
	if !ok {
		change := l.change(msg)
		if change == nil {
			return lab.Outcome{}
		}
		out = l.EditSaying(msg.String(), change, func(s remirror.Spec) string {
			if l.keys.CapSize.Dir(msg) != 0 && !slices.ContainsFunc(mustConfigs(s), func(c remirror.Config) bool { return c.Cap }) {
				return fmt.Sprintf("the cap's size is now %d, but no run has the cap: k puts it on the right run", s.MaxRemirrors)
			}
			return l.note(s)
		})
	}
	if out.Restarted {
		out.Cmd = tea.Batch(out.Cmd, l.Init())
	}
	return out
}

// note says what the run now is.
func (l *Lab) note(s remirror.Spec) string {
	capped := slices.ContainsFunc(mustConfigs(s), func(c remirror.Config) bool { return c.Cap })
	capWords := ""
	if capped {
		capWords = fmt.Sprintf(", a cap of %d", s.MaxRemirrors)
	}
	fixes := ""
	if s.RaceChance == 0 {
		fixes += ", the race fixed"
	}
	if s.Capacity != l.Opened.Capacity {
		fixes += fmt.Sprintf(", a secondary network of %s searches a minute", engine.Digits(int64(s.Capacity)))
	}
	return fmt.Sprintf("%s: %.1f%% of the nodes cut off at 12:47 AM, the cut %s%s%s; replayed to the same time on seed %d",
		l.NamesOf(s), 100*s.CutShare, cutWords(s.CutAt), capWords, fixes, s.Seed)
}

// cutWords says when the zone is cut off.
func cutWords(at string) string {
	if at == "never" {
		return "never made"
	}
	return "at " + at
}

// mustConfigs is a valid spec's runs (an edit is validated before its note).
func mustConfigs(s remirror.Spec) []remirror.Config {
	cfgs, _ := s.Configs()
	return cfgs
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys.help() }

// chronicle is the lecture's timeline of AWS 2011, the run at its minute.
func chronicle(first run) (string, []widget.Incident, float64) {
	return "AWS 2011 in US East, 21-24 April (PDT): the lecture's timeline (26.2.7)", incidents(), float64(first.Engine.Pos().Step)
}
