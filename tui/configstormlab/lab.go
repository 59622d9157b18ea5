// Package configstormlab is the configuration-storm lab of lecture 26,
// section 26.2.8: Facebook's afternoon of 2010-09-23, when an invalid
// configuration value was fixed and the clients' own fix kept the
// database down, played a minute a step beside the lecture's timeline,
// one protection set alone or two side by side on one seed.
package configstormlab

import (
	"fmt"
	"slices"
	"strings"

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
	spec   configstorm.Spec
	opened string // the runs the scenario opened with
	runs   []*run
	seen   []int
	// whole shows the lecture's whole timeline in place of the charts.
	whole bool
	// pair keeps the left run's set while a toggle has made the right
	// run like it; c forgets it.
	pair lab.Pair
}

// maxStep is the longest a step (a minute of every run) may take: play
// steps between frames, and a longer step would freeze the screen and
// the keys.
const maxStep = 0.1

// run is one protection set under way.
type run struct {
	cfg    configstorm.Config
	engine *configstorm.Engine
}

// New opens the lab on a config-storm spec.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(configstorm.Spec)
	if !ok {
		return nil, fmt.Errorf("configstormlab: %T is not a config-storm spec", s)
	}
	l := &Lab{spec: spec, opened: spec.Runs}
	return l, l.Restart()
}

// Restart builds every run again, five minutes before the bad value.
func (l *Lab) Restart() error {
	cfgs, err := l.spec.Configs()
	if err != nil {
		return err
	}
	if s := l.spec.MinuteSeconds(); s > maxStep {
		return &engine.OverLimit{What: "step", Estimate: s, Limit: maxStep, Levers: []string{"entries", "clients", "attempts", "runs"}}
	}
	var runs []*run
	for _, c := range cfgs {
		e, err := configstorm.New(c)
		if err != nil {
			return err
		}
		runs = append(runs, &run{cfg: c, engine: e})
	}
	l.runs, l.seen = runs, make([]int, len(runs))
	return nil
}

// Step runs a minute of every run.
func (l *Lab) Step() bool {
	stepped := false
	for range 60 {
		for _, r := range l.runs {
			stepped = r.engine.Step() || stepped
		}
	}
	return stepped
}

// Steps is the afternoon's minutes.
func (l *Lab) Steps() int64 { return int64(l.runs[0].cfg.Minutes()) }

// StepsExact says Steps is the run's length, not an estimate: its
// clock ends at a set time.
func (l *Lab) StepsExact() bool { return true }

// Done reports whether the afternoon is over.
func (l *Lab) Done() bool { return l.runs[0].engine.Done() }

// Pace says a speed in minutes of the afternoon.
func (l *Lab) Pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%g min of the afternoon a second", stepsPerSecond)
}

// Seed is the runs' seed.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error { return lab.Reseed(&l.spec.Seed, seed, l.Restart) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.spec.Seed + 1) }

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "the invalid value, the database overwhelmed, the fix, the storm going on, the site off and users let back, the site back"
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
			who[m.Caption] = append(who[m.Caption], configstorm.SetWords(r.cfg.Protections))
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

// Status is the runs, the time and the seed.
func (l *Lab) Status() []string {
	m := int(l.runs[0].engine.Pos().Step/60) - configstorm.LeadMin
	return []string{strings.Join(l.names(), " vs "), fmt.Sprintf("%s after the bad value", configstorm.Elapsed(m)), fmt.Sprintf("seed %d", l.spec.Seed)}
}

// names are the runs' protection sets in a class's words.
func (l *Lab) names() []string {
	var names []string
	for _, r := range l.runs {
		names = append(names, configstorm.SetWords(r.cfg.Protections))
	}
	return names
}

// Title says the runs on screen once the keys have changed them.
func (l *Lab) Title() (string, bool) {
	if l.spec.Runs == l.opened {
		return "", false
	}
	return "The configuration storm: " + strings.Join(l.names(), " against ") + " (keys changed the runs)", true
}

// Glossary explains the words of the lab.
func (l *Lab) Glossary() [][2]string {
	return [][2]string{
		{"client", "a server that reads the configuration from the cache; the lecture's clients saw the invalid value and each tried to fix it"},
		{"cache entry", "a copy of configuration data in the shared cache; a read that finds it valid is a hit and costs the database nothing"},
		{"hit ratio", "the share of reads that found their entry valid; near 100% in normal times, 0 in the storm"},
		{"served", "the share of the site's reads answered, from the cache or the database, against every user (let in or not); under the charts, the latest minute's (now); in the headline, \"served after fix\" is its mean from the fix to the cut, or to the end without one"},
		{"back, fix to back", "when at least 99% of reads were served again after the fix, as h:mm:ss after the bad value, and how long after the fix that was (\">2 h 45 min\": not by the run's end)"},
		{"load, capacity", "the queries a second sent to the database, on a log scale, against the queries it can answer; past capacity the rest time out into errors"},
		{"an error read as invalid", "the lecture's flaw: the client deletes its cache entry when the database errors, as if the value were invalid, and queries again; the errors of queries still in flight delete the entries the database just filled"},
		{"no backoff", "the client queries again at once after an error (up to three tries a read here), so an overloaded database gets more queries, not fewer"},
		{"metastable state", "a bad state that keeps itself going after its cause is gone: here the value is fixed at 0:15 and the storm goes on"},
		{"cut traffic", "the lecture's recovery: the site turned off so that no reads reach the database, then users let back slowly while the cache fills"},
		{"backoff", "the lecture's lesson: a client whose query fails waits twice as long as the last time before it queries again (here from 1 s up to a minute, with jitter)"},
		{"keep on error", "an error no longer read as an invalid value: the entry stays, and the first answer fills it for good"},
		{"the marks", "under each chart: T the trigger (the invalid value), S what kept the outage going (the overload, the fix that did not end it), R the recovery (the site off, users let back, the site back)"},
		{"↑ or ↓ after a name", "the line is above or below its name, which could not sit on the line's own row (another name has it)"},
	}
}

// keys are the lab's own, a binding per direction.
var keys = struct {
	Backoff, Cut, KeepOnError, FixEarlier, FixLater, RampShorter, RampLonger, CapacityDown, CapacityUp, Compare, Timeline key.Binding
}{
	Backoff:      lab.Bind([]string{"b"}, "b", "backoff on/off (right run)"),
	Cut:          lab.Bind([]string{"x"}, "x", "cut traffic on/off (right run)"),
	KeepOnError:  lab.Bind([]string{"e"}, "e", "keep entries on errors on/off (right run)"),
	FixEarlier:   lab.Bind([]string{"f"}, "f", "fix the value earlier"),
	FixLater:     lab.Bind([]string{"F"}, "F", "fix the value later"),
	RampShorter:  lab.Bind([]string{"u"}, "u", "let users back faster"),
	RampLonger:   lab.Bind([]string{"U"}, "U", "let users back slower"),
	CapacityDown: lab.Bind([]string{"w"}, "w", "weaker database"),
	CapacityUp:   lab.Bind([]string{"W"}, "W", "stronger database"),
	Compare:      lab.Bind([]string{"c"}, "c", "one run or two side by side"),
	Timeline:     lab.Bind([]string{"i"}, "i", "the lecture's whole timeline"),
}

// Help lists the lab's keys with the shell's.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c, k := lab.CommonKeys, keys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, lab.Brief(k.Backoff, "b", "backoff"), lab.Brief(k.Cut, "x", "cut"),
		lab.Brief(k.KeepOnError, "e", "keep on error"), lab.Brief(k.FixEarlier, "f/F", "fix"), lab.Brief(k.Timeline, "i", "timeline"), k.Compare, c.Moments}
	full := [][]key.Binding{
		lab.PlayKeys(k.Backoff),
		{k.Backoff, k.Cut, k.KeepOnError, k.FixEarlier, k.FixLater, k.RampShorter, k.RampLonger, k.CapacityDown, k.CapacityUp, k.Compare, k.Timeline},
		lab.ShellKeys(),
	}
	return short, full
}

// The steps the keys move through: the fix's and the return's minutes,
// the database's capacity.
var (
	fixSteps      = []float64{0, 1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120}
	rampSteps     = []float64{0, 1, 2, 5, 10, 15, 30, 45, 60, 90}
	capacitySteps = []float64{1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000}
)

// stepTo is the next value of steps past v, down (dir -1) or up.
func stepTo(steps []float64, v float64, dir int) float64 {
	if dir > 0 {
		if i := slices.IndexFunc(steps, func(s float64) bool { return s > v }); i >= 0 {
			return steps[i]
		}
		return v
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i] < v {
			return steps[i]
		}
	}
	return v
}

// Key changes the spec and restarts the afternoon on its seed; i shows
// the whole timeline or the charts again.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := keys
	pair := l.pair
	var change func(*configstorm.Spec) string
	switch {
	case key.Matches(msg, k.Timeline):
		l.whole = !l.whole
		if l.whole {
			return lab.Outcome{Handled: true, Note: "the lecture's timeline in place of the charts; i again for the charts"}
		}
		return lab.Outcome{Handled: true, Note: "the charts again; the timeline's latest events stay above or beside them"}
	case key.Matches(msg, k.FixEarlier), key.Matches(msg, k.FixLater):
		dir := dirOf(msg, k.FixEarlier)
		change = func(s *configstorm.Spec) string {
			s.FixAtMin = min(s.RunMin, int(stepTo(fixSteps, float64(s.FixAtMin), dir)))
			return ""
		}
	case key.Matches(msg, k.RampShorter), key.Matches(msg, k.RampLonger):
		dir := dirOf(msg, k.RampShorter)
		change = func(s *configstorm.Spec) string {
			s.RampMin = int(stepTo(rampSteps, float64(s.RampMin), dir))
			return ""
		}
	case key.Matches(msg, k.CapacityDown), key.Matches(msg, k.CapacityUp):
		dir := dirOf(msg, k.CapacityDown)
		change = func(s *configstorm.Spec) string { s.Capacity = stepTo(capacitySteps, s.Capacity, dir); return "" }
	case key.Matches(msg, k.Backoff):
		change = toggle(&pair, func(p *configstorm.Protections) { p.Backoff = !p.Backoff })
	case key.Matches(msg, k.Cut):
		change = toggle(&pair, func(p *configstorm.Protections) { p.Cut = !p.Cut })
	case key.Matches(msg, k.KeepOnError):
		change = toggle(&pair, func(p *configstorm.Protections) { p.KeepOnError = !p.KeepOnError })
	case key.Matches(msg, k.Compare):
		change = func(s *configstorm.Spec) string {
			pair.Forget()
			s.Runs = lab.Compare(s.Runs, l.opened, "cut", "none,cut")
			return ""
		}
	default:
		return lab.Outcome{}
	}
	back := configstorm.SetWords(l.runs[len(l.runs)-1].cfg.Protections) // the right run before the key
	return lab.EditRuns(&l.spec, &l.pair, &pair, msg.String(), back,
		func(s configstorm.Spec) string {
			cfgs, _ := s.Configs()
			return configstorm.SetWords(cfgs[0].Protections)
		},
		change, configstorm.Spec.Validate, l.Restart, note)
}

// dirOf is -1 for the down key of a pair, else +1.
func dirOf(msg tea.KeyMsg, down key.Binding) int {
	if key.Matches(msg, down) {
		return -1
	}
	return 1
}

// toggle flips a protection of the last run listed (the right one, or
// the only one); pair merges and splits the runs (lab.Pair).
func toggle(pair *lab.Pair, flip func(*configstorm.Protections)) func(*configstorm.Spec) string {
	return func(s *configstorm.Spec) string {
		cfgs, err := s.Configs()
		if err != nil {
			return err.Error()
		}
		names := make([]string, len(cfgs))
		for i, c := range cfgs {
			names[i] = configstorm.SetName(c.Protections)
		}
		p := cfgs[len(cfgs)-1].Protections
		flip(&p)
		s.Runs = strings.Join(pair.Toggle(names, configstorm.SetName(p)), ",")
		return ""
	}
}

// note says what the afternoon now is.
func note(s configstorm.Spec) string {
	cfgs, _ := s.Configs()
	var names []string
	for _, c := range cfgs {
		names = append(names, configstorm.SetWords(c.Protections))
	}
	back := ""
	if strings.Contains(s.Runs, "cut") {
		back = fmt.Sprintf(", after the cut users back slowly over %d min", s.RampMin)
		if s.RampMin == 0 {
			back = ", after the cut users back all at once"
		}
	}
	return fmt.Sprintf("%s: the value fixed at %s, the database answering %s a second%s; replayed to the same time on seed %d",
		strings.Join(names, " vs "), configstorm.Elapsed(s.FixAtMin), shortCount(s.Capacity), back, s.Seed)
}
