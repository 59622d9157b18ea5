// Package remirrorlab is the re-mirroring storm lab of lecture 26, section
// 26.2.7: AWS's EBS zone on 2011-04-21, stuck for days after a network
// change of minutes, played five minutes a step beside the lecture's
// timeline, one protection set alone or two side by side on one seed.
package remirrorlab

import (
	"fmt"
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/sim/remirror"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs the spec's protection sets in lockstep, StepMin minutes a
// step. The keys change the spec (the zone's numbers and the cut, shared
// by the runs, or the right-hand run's protections) and restart it; z and
// v change only the view.
type Lab struct {
	spec   remirror.Spec
	opened string // the runs the scenario opened with
	runs   []*run
	seen   []int
	zoom   zoom
	// pair keeps the left run's set while a toggle has made the right
	// run like it; c forgets it.
	pair lab.Pair
	// lower is the first of the charts under the stuck volumes' (capacity
	// in use, the searches a minute, the region's API errors): it alone
	// where two charts fit, it and the next where three do.
	lower int
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
type run struct {
	cfg    remirror.Config
	engine *remirror.Engine
}

// New opens the lab on a remirror spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(remirror.Spec)
	if !ok {
		return nil, fmt.Errorf("remirrorlab: %T is not a remirror spec", s)
	}
	l := &Lab{spec: spec, opened: spec.Runs}
	if err := l.Restart(); err != nil {
		return nil, err
	}
	for _, r := range l.runs {
		if r.cfg.Bulkhead { // the bulkhead's lesson is the region's API
			l.lower = apiChart
		}
	}
	return l, nil
}

// Restart builds every run again at midnight.
func (l *Lab) Restart() error {
	cfgs, err := l.spec.Configs()
	if err != nil {
		return err
	}
	if s := StepMin * l.spec.StepSeconds(); s > maxStep {
		return &engine.OverLimit{What: "step", Estimate: s, Limit: maxStep, Levers: []string{"volumes", "nodes", "runs"}}
	}
	var runs []*run
	for _, c := range cfgs {
		e, err := remirror.New(c)
		if err != nil {
			return err
		}
		runs = append(runs, &run{cfg: c, engine: e})
	}
	l.runs, l.seen = runs, make([]int, len(runs))
	return nil
}

// Step runs StepMin minutes of every run.
func (l *Lab) Step() bool {
	stepped := false
	for range StepMin {
		for _, r := range l.runs {
			stepped = r.engine.Step() || stepped
		}
	}
	return stepped
}

// Steps is the run's steps.
func (l *Lab) Steps() int64 { return int64((l.runs[0].cfg.Minutes() + StepMin - 1) / StepMin) }

// StepsExact says Steps is the run's length, not an estimate: its
// clock ends at a set time.
func (l *Lab) StepsExact() bool { return true }

// Done reports whether the run is over.
func (l *Lab) Done() bool { return l.runs[0].engine.Done() }

// Pace says a speed in minutes of the run.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%g min of the run a second", StepMin*stepsPerSecond)
}

// Seed is the runs' seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "the change and the storm (12:47 AM), the race, 2:40 AM, any brown-out, the cut (8:20 AM), the fix (11:30 AM), noon, the recovery, the end"
}

// NewMoment reports the moments the latest step reached; side by side,
// each caption names its runs.
func (l *Lab) NewMoment() (string, bool) {
	var captions []string
	who := map[string][]string{}
	for i, r := range l.runs {
		all := r.engine.Moments()
		for _, m := range all[min(l.seen[i], len(all)):] {
			if len(who[m.Caption]) == 0 {
				captions = append(captions, m.Caption)
			}
			who[m.Caption] = append(who[m.Caption], setWords(r.cfg.Protections))
		}
		l.seen[i] = len(all)
	}
	if len(l.runs) > 1 {
		for i, c := range captions {
			if len(who[c]) < len(l.runs) { // a moment of one run only says whose
				captions[i] = strings.Join(who[c], " and ") + ", " + c
			}
		}
	}
	return strings.Join(captions, lab.MomentBreak), len(captions) > 0
}

// minute is the run's minute now.
func (l *Lab) minute() int { return int(l.runs[0].engine.Pos().Step) }

// Status is the runs, the time and the seed.
func (l *Lab) Status() []string {
	var names []string
	for _, r := range l.runs {
		names = append(names, setWords(r.cfg.Protections))
	}
	return []string{strings.Join(names, " vs "), remirror.Clock(l.minute()), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// Title says the runs on screen once the keys have changed them.
func (l *Lab) Title() (string, bool) {
	if l.spec.Runs == l.opened {
		return "", false
	}
	var names []string
	for _, r := range l.runs {
		names = append(names, setWords(r.cfg.Protections))
	}
	return "The re-mirroring storm: " + strings.Join(names, " against ") + " (keys changed the runs)", true
}

// setWords names a protection set in a class's words.
func setWords(p remirror.Protections) string {
	if name := remirror.SetName(p); name != "none" {
		return strings.ReplaceAll(name, "+", " + ")
	}
	return "no protection"
}

// Glossary explains the words of the lab.
func (l *Lab) Glossary() [][2]string {
	return [][2]string{
		{"EBS volume", "a disk an EC2 instance mounts, kept as two copies on two storage nodes of one zone: a primary and its mirror"},
		{"stuck", "a volume that has lost its mirror and serves no reads or writes until it has a new one"},
		{"re-mirroring", "copying a stuck volume to a new node, so that it has a mirror again"},
		{"search", "a stuck volume asking the nodes and the control plane for a new mirror: a negotiation"},
		{"storm", "the stuck volumes searching so often that the searches take the whole spare network: nothing is re-mirrored, so none stops searching"},
		{"capacity / tries", "the stuck volumes whose searches the spare network carries: a wave larger than that never drains by itself"},
		{"backoff", "a volume that finds nothing waits 1, 2, 4 ... minutes before it searches again (the lecture's lesson: back off, do not retry aggressively)"},
		{"cap", "at most so many volumes search at once; the rest wait their turn"},
		{"race", "a bug in the nodes' code seen only at high request rates: it fails nodes, and their volumes lose a copy"},
		{"stranded", "a stuck volume whose only copy was on a node that failed: it waits for the node, and may be lost"},
		{"control plane", "the service that runs the API calls (create a volume, attach it) for the whole region"},
		{"bulkhead", "the control plane serves the rest of the region first and the zone takes what is left, so a storm in one zone cannot make the region's calls fail"},
		{"the cut", "8:20 AM: the engineers cut the zone's cluster off from the control plane; no search is negotiated"},
		{"spread", "customers running in several zones: a stuck zone does not take them down"},
		{"the marks", "under each chart, the lecture's timeline: T the trigger, S what kept it going, R a recovery action"},
		{"↑ or ↓ after a name", "the line is above or below its name, which could not sit on the line's own row (another name has it)"},
	}
}

// The zone's wave: the share of the nodes the change cuts off.
var cutSteps = []float64{0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1}

// Key changes the spec and restarts the run on its seed, or the view.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	if out, ok := l.viewKey(msg); ok {
		return out
	}
	pair := l.pair
	change := l.change(msg, &pair)
	if change == nil {
		return lab.Outcome{}
	}
	back := setWords(l.runs[len(l.runs)-1].cfg.Protections) // the right run before the key
	return lab.EditRuns(&l.spec, &l.pair, &pair, msg.String(), back,
		func(s remirror.Spec) string { cfgs, _ := s.Configs(); return setWords(cfgs[0].Protections) },
		change, remirror.Spec.Validate, l.Restart, func(s remirror.Spec) string {
			if keys.CapSize.Dir(msg) != 0 && !slices.ContainsFunc(mustConfigs(s), func(c remirror.Config) bool { return c.Cap }) {
				return fmt.Sprintf("the cap's size is now %d, but no run has the cap: k puts it on the right run", s.MaxRemirrors)
			}
			return note(s)
		})
}

// note says what the run now is.
func note(s remirror.Spec) string {
	cfgs, _ := s.Configs()
	var names []string
	capped := false
	for _, c := range cfgs {
		names = append(names, setWords(c.Protections))
		capped = capped || c.Cap
	}
	capWords := ""
	if capped {
		capWords = fmt.Sprintf(", a cap of %d", s.MaxRemirrors)
	}
	return fmt.Sprintf("%s: %.1f%% of the nodes cut off at 12:47 AM, the cut %s%s; replayed to the same time on seed %d",
		strings.Join(names, " vs "), 100*s.CutShare, cutWords(s.CutAt), capWords, s.Seed)
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
