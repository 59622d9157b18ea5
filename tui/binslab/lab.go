// Package binslab is the balls-into-bins lab: one panel per strategy, the
// trials table with the distribution of the max, and the max load over
// time, all drawn from the engine's snapshots.
package binslab

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/loadlab/loadlab/tui/widget"

	"github.com/charmbracelet/bubbles/help"
	"github.com/loadlab/loadlab/internal/sysmem"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab owns the engine of the open scenario and the spec the lab keys
// edit. Every edit rebuilds the engine from the spec; an edit that would
// make the spec invalid is refused with the engine's reason.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys   KeyMap
	spec   bins.Spec
	opened bins.Spec // the scenario's spec, for the title
	engine *bins.Engine
	// snap and result are the latest snapshot and summary; stale says the
	// engine moved since they were taken.
	snap   bins.Snapshot
	result bins.Result
	stale  bool
	// moments is how many of the engine's moments have been reported, and
	// ends how many trial ends.
	moments, ends int
	view          view
	// chartChosen is set once the user picks a chart, so that edits stop
	// choosing one for them.
	chartChosen bool
	// toggledOff keeps the strategies a number key removed, to add back.
	toggledOff map[bins.Kind][]string
	// sel is the rule e selected, which x, a, d/D and f/F edit; selShown
	// says e was pressed, so the lanes mark it.
	sel      int
	selShown bool
	// runs counts the engines built; bars caches the max-distribution
	// charts between trials of one.
	runs int
	// theory is the predictions worked out off the UI loop and the config
	// they are for; pending is a config's key still to work out.
	theory struct {
		key string
		p   []bins.Prediction
	}
	pending   string
	narration narration
	names     []string // the strategies' names, for the narration
	bars      struct {
		key  barsKey
		out  string
		seen widget.Measured
	}
}

// New opens the lab on a bins spec.
func New(spec scenarios.Spec) (lab.Lab, error) {
	s, err := lab.SpecOf[bins.Spec](spec)
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), opened: s}
	return l, l.apply(s)
}

// title says the run on screen once edits have moved it from the
// scenario's: "your run: 64 balls into 32 bins, two choices against one".
func (l *Lab) title() (string, bool) {
	o, s := l.opened, l.spec
	if o.Bins == s.Bins && o.Balls == s.Balls && o.Strategies == s.Strategies && o.D == s.D && o.Refresh == s.Refresh && o.Stream == s.Stream {
		return "", false
	}
	return fmt.Sprintf("your run: %s into %s, %s (%s stream)", engine.Count(s.Balls, "ball"), engine.Count(s.Bins, "bin"),
		strings.Join(l.names, ", "), s.Stream), true
}

// config is spec's engine config with a bare dchoice or left named by the
// d it runs with ("dchoice:1"), so that the panels, the headline, the
// table and the moments say the d the keys set; a name another rule holds
// already stays as it is.
func config(spec bins.Spec) (bins.Config, error) {
	cfg, err := spec.Config()
	if err != nil {
		return cfg, err
	}
	taken := map[string]bool{}
	for _, s := range cfg.Strategies {
		taken[s.Name] = true
	}
	for i, s := range cfg.Strategies {
		if (s.Kind != bins.DChoice && s.Kind != bins.Left) || strings.Contains(s.Name, ":") {
			continue
		}
		if name := fmt.Sprintf("%s:%d", s.Name, s.D); !taken[name] {
			taken[name] = true
			cfg.Strategies[i].Name = name
			if cfg.Baseline == s.Name {
				cfg.Baseline = name
			}
		}
	}
	return cfg, nil
}

// MaxBins bounds the bins the lab draws: every frame copies the loads, and
// beyond a million bins that no longer fits a frame.
const MaxBins = 1 << 20

// maxStep is the longest one step may take in the lab: play steps between
// frames, and a longer step would freeze the screen and the keys.
const maxStep = 0.1

// fits refuses a config whose single step would freeze the lab, or whose
// run would need more than half the machine's memory, with the estimate.
func fits(cfg bins.Config) error {
	if s := cfg.StepSeconds(); s > maxStep {
		levers := []string{"balls", "bins"}
		if cfg.Stream == bins.Sequential {
			levers = []string{"balls (or the paired stream)", "bins"}
		}
		return &engine.OverLimit{What: "step", Estimate: s, Limit: maxStep, Levers: levers}
	}
	return cfg.Cost(1, true).Check(engine.Limits{Bytes: sysmem.Total() / 2})
}

// apply validates spec and, if it is valid, restarts the engine on it.
func (l *Lab) apply(spec bins.Spec) error {
	if spec.Bins > MaxBins {
		return engine.Invalid("bins", "must be at most %d in the lab (loadlab run takes up to %d)", MaxBins, bins.MaxBins)
	}
	cfg, err := config(spec)
	if err != nil {
		return err
	}
	if err := fits(cfg); err != nil {
		return err
	}
	l.spec = spec
	l.names = l.names[:0]
	for _, s := range cfg.Strategies {
		l.names = append(l.names, s.Name)
	}
	l.engine = bins.MustNew(cfg)
	l.useTheory(cfg, l.engine)
	l.runs++
	l.engine.KeepHistory()
	l.moments, l.ends = 0, 0
	l.view.focus = min(l.view.focus, len(cfg.Strategies)-1)
	if l.view.trials && spec.Trials == 1 {
		l.view.trials, l.view.focus = false, 0
	}
	l.stale = true
	return nil
}

// maxReplay bounds the balls a seek replays (every strategy places each):
// beyond it a step back would hold the screen up.
const maxReplay = 2_000_000

// seek puts the lab at ball of trial, replaying the run from its start on
// the same seed: the engine only steps forward, and a replay is exact. The
// moments up to there count as seen.
func (l *Lab) seek(trial, ball int) error {
	if work := (trial*l.spec.Balls + ball) * len(l.snap.Lanes); work > maxReplay {
		return fmt.Errorf("a step back here replays %s balls: too long for the lab", engine.Digits(int64(work)))
	}
	cfg, err := config(l.spec)
	if err != nil {
		return err
	}
	e := bins.MustNew(cfg)
	l.useTheory(cfg, e)
	e.KeepHistory()
	for range trial {
		e.RunTrial()
	}
	l.narration.trim(trial, 0)
	for b := range ball {
		if !e.Step() {
			break
		}
		if b >= ball-maxNarrated && l.spec.Bins <= maxNarratedBins { // the lines the narration can show
			l.narration.record(trial, b+1, l.names, e.LastDecisions())
		}
	}
	l.engine, l.moments, l.ends, l.stale = e, len(e.Moments()), e.TrialsDone(), true
	return nil
}

// sync takes a new snapshot and summary if the engine moved.
func (l *Lab) sync() {
	if l.stale {
		l.snap = l.engine.Snapshot()
		l.result = l.engine.ViewResult()
		l.stale = false
	}
}

// Step places one ball for every strategy, and tells it in the narration
// of a run small enough to narrate, at any speed: the lines on screen are
// those of the balls before it, however the step was reached (stepped,
// played fast, replayed for a follower).
func (l *Lab) Step() bool {
	l.stale = true
	if !l.engine.Step() {
		return false
	}
	if l.spec.Bins <= maxNarratedBins {
		trial, ball := l.engine.Position()
		l.narration.record(trial, ball, l.names, l.engine.LastDecisions())
	}
	return true
}

// At is the balls placed since the run's first ball, over every trial:
// the shell's step count, which the lab's own moves within a trial (home,
// ←, the jumps) change.
func (l *Lab) At() int64 { return l.engine.Pos().Step }

// Done reports whether every trial is finished.
func (l *Lab) Done() bool { return l.engine.Done() }

// Restart starts the spec again from ball 0.
func (l *Lab) Restart() error { return l.apply(l.spec) }

// Seed is the seed of trial 0.
func (l *Lab) Seed() int64 { return l.spec.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error {
	return l.edit(func(s *bins.Spec) { s.Seed = seed })
}

// NextSeed moves past every seed the current trials used.
func (l *Lab) NextSeed() error {
	return l.WithSeed(l.spec.Seed + int64(max(1, l.spec.Trials)))
}

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	if float64(l.spec.Balls) >= bins.HotMinMean*float64(l.spec.Bins) {
		return "a rule's first hot bin, each trial's end"
	}
	return "one rule's max passing another's, each trial's end"
}

// NewMoment reports the moments the latest steps reached: the engine's
// (maxima parting, a first hot bin) and the end of each trial.
func (l *Lab) NewMoment() (string, bool) {
	caption, ok := unseen(l.engine.Moments(), &l.moments)
	if done := l.engine.TrialsDone(); done > l.ends {
		l.ends = done
		end := l.trialEnd()
		if ok {
			end = caption + "; " + end
		}
		return end, true
	}
	return caption, ok
}

// unseen is lab.Unseen saying the ball once: the moments of one ball
// read "ball 86: one's … above two's 1; anti's … above one's 2".
func unseen(all []engine.Moment, seen *int) (string, bool) {
	from := *seen
	if _, ok := lab.Unseen(all, seen); !ok {
		return "", false
	}
	var parts []string
	last := ""
	for _, m := range all[from:] {
		head, rest, ok := strings.Cut(m.Caption, ": ")
		if ok && head == last {
			parts = append(parts, rest)
			continue
		}
		last = head
		parts = append(parts, m.Caption)
	}
	return strings.Join(parts, "; "), true
}

// trialEnd says how the trial just finished ended: each rule's max load.
func (l *Lab) trialEnd() string {
	s := l.Snapshot()
	parts := make([]string, len(s.Lanes))
	for i, lane := range s.Lanes {
		parts[i] = lane.Strategy.Name + " " + textfmt.Int(lane.Figures.Max)
	}
	return fmt.Sprintf("trial %s of %s ends: max load %s", textfmt.Int(s.Trial+1), textfmt.Int(s.Trials), strings.Join(parts, ", "))
}

// Status is the run's seed and the trial, as a class looks them up
// ("seed 20260927, trial 2 of 200"), the ball, and the trial's own seed
// (the run's plus the trial's number from 0), which "loadlab run bins
// --seed" takes to replay that trial alone.
func (l *Lab) Status() []string {
	l.sync()
	s := l.snap
	parts := []string{
		fmt.Sprintf("seed %d, trial %s of %s", l.spec.Seed, textfmt.Int(s.Trial+1), textfmt.Int(s.Trials)),
		fmt.Sprintf("ball %s/%s", textfmt.Int(s.Ball), textfmt.Int(s.Balls)),
	}
	if s.Trials > 1 {
		parts = append(parts, fmt.Sprintf("trial seed %d", s.Seed))
	}
	return parts
}

// NextPanel moves the focus to the next lane, then to the trials table
// when there is one, then back to the first lane.
func (l *Lab) NextPanel() bool {
	v := &l.view
	switch {
	case v.trials:
		v.trials, v.focus = false, 0
	case v.focus+1 < len(l.spec.Strategies) && v.focus+1 < len(l.snap.Lanes):
		v.focus++
	case l.spec.Trials > 1:
		v.trials, v.focus = true, -1
	default:
		v.focus = 0
	}
	return true
}

// Snapshot is the engine's state after the latest step.
func (l *Lab) Snapshot() bins.Snapshot {
	l.sync()
	return l.snap
}

// Spec is the spec the lab runs, with the user's edits.
func (l *Lab) Spec() bins.Spec { return l.spec }

// glossary is the lab's words (glossary.txt: a line a term, "term: what
// it means").
//
//go:embed glossary.txt
var glossaryText string

var glossary = lab.Glossary(glossaryText)

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Glossary: glossary, Stops: l.stopsAt(), At: l.At}
	if t, ok := l.title(); ok {
		i.Title = t
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys }

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }
