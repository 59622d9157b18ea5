// Package binslab is the balls-into-bins lab: one panel per strategy, the
// trials table with the distribution of the max, and the max load over
// time, all drawn from the engine's snapshots.
package binslab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
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
		key barsKey
		out string
	}
}

// New opens the lab on a bins spec.
func New(spec scenarios.Spec) (lab.Lab, error) {
	s, ok := spec.(bins.Spec)
	if !ok {
		return nil, fmt.Errorf("binslab: %T is not a bins spec", spec)
	}
	l := &Lab{opened: s}
	return l, l.apply(s)
}

// Title says the run on screen once edits have moved it from the
// scenario's: "your run: 64 balls into 32 bins, two choices against one".
func (l *Lab) Title() (string, bool) {
	o, s := l.opened, l.spec
	if o.Bins == s.Bins && o.Balls == s.Balls && o.Strategies == s.Strategies && o.D == s.D && o.Refresh == s.Refresh && o.Stream == s.Stream {
		return "", false
	}
	return fmt.Sprintf("your run: %s into %s, %s (%s stream)", textfmt.Count(s.Balls, "ball"), textfmt.Count(s.Bins, "bin"),
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
		return fmt.Errorf("a step back here replays %s balls: too long for the lab", textfmt.Digits(int64(work)))
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
// of a run small enough to narrate, while the screen narrates.
func (l *Lab) Step() bool {
	l.stale = true
	if !l.engine.Step() {
		return false
	}
	switch {
	case !l.view.narrating: // playing fast: the lines would never show
		l.narration.reset()
	case l.spec.Bins <= maxNarratedBins:
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

// StopsAt says which steps are moments.
func (l *Lab) StopsAt() string {
	return "one rule's max passing another's, a rule's first hot bin, each trial's end"
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
func (l *Lab) NextPanel() {
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
}

// Key handles the keys that edit the spec or change the chart.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	var err error
	draws := l.draws()
	switch {
	case key.Matches(msg, keys.Back), key.Matches(msg, keys.Start),
		key.Matches(msg, lab.CommonKeys.JumpBack), key.Matches(msg, lab.CommonKeys.JumpForward):
		snap := l.Snapshot()
		ball := max(0, snap.Ball-1)
		tenth := max(1, l.spec.Balls/10)
		switch {
		case key.Matches(msg, keys.Start):
			ball = 0
		case key.Matches(msg, lab.CommonKeys.JumpBack):
			ball = max(0, snap.Ball-tenth)
		case key.Matches(msg, lab.CommonKeys.JumpForward):
			ball = min(l.spec.Balls, snap.Ball+tenth)
		}
		if err := l.seek(snap.Trial, ball); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		at := l.Snapshot() // ball 0 of a trial is the end of the one before
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("trial %s, ball %s of %s", textfmt.Int(at.Trial+1), textfmt.Int(at.Ball), textfmt.Int(at.Balls))}
	case key.Matches(msg, keys.Chart):
		l.view.mode = l.view.nextMode(l.spec.Bins)
		l.chartChosen = true
		return lab.Outcome{Handled: true, Note: "chart: " + l.view.mode.String()}
	case key.Matches(msg, keys.Toggle):
		n, _ := strconv.Atoi(msg.String())
		err = l.toggle(bins.Kind(n - 1))
	case key.Matches(msg, keys.DDown), key.Matches(msg, keys.DUp):
		if !usesD(l.spec.Strategies) {
			return lab.Outcome{Handled: true, Err: engine.Invalid("d", "sets the looks of a bare dchoice or left; every rule here names its own (%s)", l.spec.Strategies)}
		}
		step := 1
		if key.Matches(msg, keys.DDown) {
			step = -1
		}
		err = l.edit(func(s *bins.Spec) { s.D = nextD(*s, step) })
	case (key.Matches(msg, keys.RefreshDown) || key.Matches(msg, keys.RefreshUp)) && !usesRefresh(l.spec.Strategies):
		return lab.Outcome{Handled: true, Err: engine.Invalid("refresh", "sets the snapshot interval of a bare stale; no rule here reads it (%s)", l.spec.Strategies)}
	case key.Matches(msg, keys.RefreshDown):
		err = l.edit(func(s *bins.Spec) { s.Refresh = max(1, refreshOf(*s)/2) })
	case key.Matches(msg, keys.RefreshUp):
		err = l.edit(func(s *bins.Spec) { s.Refresh = 2 * refreshOf(*s) })
	case key.Matches(msg, keys.Stream):
		err = l.edit(func(s *bins.Spec) {
			s.Stream = map[string]string{"paired": "sequential", "sequential": "paired"}[s.Stream]
		})
	case key.Matches(msg, keys.BinsDown):
		err = l.edit(func(s *bins.Spec) { s.Bins = max(1, s.Bins/2) })
	case key.Matches(msg, keys.BinsUp):
		err = l.edit(func(s *bins.Spec) { s.Bins *= 2 })
	case key.Matches(msg, keys.BallsDown):
		err = l.edit(func(s *bins.Spec) { s.Balls = max(1, s.Balls/2) })
	case key.Matches(msg, keys.BallsUp):
		err = l.edit(func(s *bins.Spec) { s.Balls *= 2 })
	case key.Matches(msg, keys.Trials):
		err = l.edit(func(s *bins.Spec) { s.Trials = nextTrials(s.Trials) })
	case msg.String() == "p" || msg.String() == "g" || msg.String() == "G":
		return lab.Outcome{Handled: true, Note: msg.String() + " moves the exact lab's stepper; here b or ← steps a ball back, home goes to the trial's first ball, end to the run's last"}
	default:
		return lab.Outcome{}
	}
	if err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	l.chartChosen = false
	note := specSummary(l.spec)
	if now := l.draws(); now != draws && l.spec.Stream == "paired" {
		note += fmt.Sprintf("; each ball now draws %s, not %d, so every rule's candidates change", textfmt.Count(now, "random bin"), draws)
	}
	return lab.Outcome{Handled: true, Note: note, Restarted: true, Cmd: l.theoryCmd()}
}

// toggle removes every strategy of a kind, or adds back the ones it
// removed (stale:64 and stale:4096 come back as they were), or the kind
// with its default parameters.
func (l *Lab) toggle(kind bins.Kind) error {
	var kept, removed []string
	for _, tok := range strings.Split(l.spec.Strategies, ",") {
		tok = strings.TrimSpace(tok)
		if name, _, _ := strings.Cut(tok, ":"); name == kind.String() {
			removed = append(removed, tok)
			continue
		}
		kept = append(kept, tok)
	}
	if len(removed) == 0 {
		back := l.toggledOff[kind]
		if len(back) == 0 {
			back = []string{kind.String()}
		}
		kept = inOrder(append(kept, back...), l.opened.Strategies)
	}
	if len(kept) == 0 {
		return engine.Invalid("strategies", "must keep at least one strategy")
	}
	err := l.edit(func(s *bins.Spec) {
		s.Strategies = strings.Join(kept, ",")
		if s.Baseline != "" && !strings.Contains(","+s.Strategies+",", ","+s.Baseline+",") {
			s.Baseline = ""
		}
	})
	if err == nil && len(removed) > 0 {
		if l.toggledOff == nil {
			l.toggledOff = map[bins.Kind][]string{}
		}
		l.toggledOff[kind] = removed
	}
	return err
}

// inOrder sorts rules as the scenario listed them, the others after them
// in the order of the number keys, so that a rule toggled back comes back
// to its place.
func inOrder(rules []string, opened string) []string {
	rank := map[string]int{}
	for i, tok := range strings.Split(opened, ",") {
		rank[strings.TrimSpace(tok)] = i - 100
	}
	key := func(r string) int {
		if k, ok := rank[r]; ok {
			return k
		}
		name, _, _ := strings.Cut(r, ":")
		return slices.Index(bins.KindNames(), name)
	}
	slices.SortStableFunc(rules, func(a, b string) int { return key(a) - key(b) })
	return rules
}

// edit applies a change to a copy of the spec.
func (l *Lab) edit(change func(*bins.Spec)) error {
	s := l.spec
	change(&s)
	return l.apply(s)
}

// draws is how many random bins each ball draws on the paired stream: the
// most any rule looks at. Every rule reads the same draws.
func (l *Lab) draws() int {
	cfg, err := config(l.spec)
	if err != nil {
		return 0
	}
	n := 0
	for _, s := range cfg.Strategies {
		n = max(n, s.Draws())
	}
	return n
}

// usesD reports whether some rule takes the spec's d: a bare dchoice or
// left.
func usesD(strategies string) bool {
	for _, tok := range strings.Split(strategies, ",") {
		if t := strings.TrimSpace(tok); t == "dchoice" || t == "left" {
			return true
		}
	}
	return false
}

// usesRefresh reports whether some rule takes the spec's refresh: a bare
// stale.
func usesRefresh(strategies string) bool {
	for _, tok := range strings.Split(strategies, ",") {
		if strings.TrimSpace(tok) == "stale" {
			return true
		}
	}
	return false
}

// refreshOf is the spec's refresh in balls: 0 says never, the balls.
func refreshOf(s bins.Spec) int {
	if s.Refresh == 0 {
		return s.Balls
	}
	return s.Refresh
}

// nextD is the next d up or down (step +1 or -1). With always-go-left on
// (a bare "left", which takes d), only a d that splits the bins into equal
// groups will do, so it moves to the next such d, staying put at the end.
func nextD(s bins.Spec, step int) int {
	usesLeft := false
	for _, tok := range strings.Split(s.Strategies, ",") {
		usesLeft = usesLeft || strings.TrimSpace(tok) == "left"
	}
	for d := s.D + step; d >= 1 && d <= max(s.Bins, 1); d += step {
		if !usesLeft || s.Bins%d == 0 {
			return d
		}
	}
	if !usesLeft {
		return max(1, s.D+step)
	}
	return s.D
}

// trialChoices are the trial counts the trials key cycles through.
var trialChoices = []int{1, 10, 50, 200}

func nextTrials(t int) int {
	for _, c := range trialChoices {
		if c > t {
			return c
		}
	}
	return trialChoices[0]
}

// specSummary says the run after an edit: the sizes, the d and the
// refresh where a rule takes them, the stream, the trials and the rules.
func specSummary(s bins.Spec) string {
	parts := []string{"n=" + textfmt.Int(s.Bins), "m=" + textfmt.Int(s.Balls)}
	if usesD(s.Strategies) {
		parts = append(parts, fmt.Sprintf("d=%d", s.D))
	}
	if usesRefresh(s.Strategies) {
		parts = append(parts, "refresh="+textfmt.Int(refreshOf(s)))
	}
	return fmt.Sprintf("%s %s, %s: %s", strings.Join(parts, " "), s.Stream, textfmt.Count(s.Trials, "trial"), s.Strategies)
}

// Snapshot is the engine's state after the latest step.
func (l *Lab) Snapshot() bins.Snapshot {
	l.sync()
	return l.snap
}

// Spec is the spec the lab runs, with the user's edits.
func (l *Lab) Spec() bins.Spec { return l.spec }

// Glossary is the rules and the figures in plain words.
func (l *Lab) Glossary() [][2]string {
	return [][2]string{
		{"one", "each ball goes to one bin picked at random"},
		{"two", "each ball looks at two random bins and goes to the emptier one (ties: the first); the two are drawn independently, so now and then they are the same bin"},
		{"dchoice:d", "the emptiest of d random bins"},
		{"correlated", "the second look is forced to the first's bin (the extreme of correlated probes): two looks, one bin's load, so one choice exactly"},
		{"stale:r", "two choices read loads copied every r balls, so they can be old; never refreshed, every load reads 0, every comparison ties and the tie goes to the first look: one choice exactly"},
		{"anti", "the fuller of two bins: choosing makes things worse"},
		{"left:d", "the bins in d groups, a look in each, the emptiest wins and ties go left (Vöcking)"},
		{"max", "the fullest bin's balls at the end"},
		{"p99", "the load 99 % of bins are at or under"},
		{"std", "how far loads spread from the mean"},
		{"empty", "bins with no ball"},
		{"hot", "bins at 1.2 times the mean so far or more, counted from a mean of 5; the moment \"hot by the end's measure\" uses the final mean instead"},
		{"gap", "the max minus the mean"},
		{"top5", "the five fullest bins"},
		{"paired", "every rule reads the same random bins, so differences come from the rule alone; each ball draws as many as the most any rule looks at, so turning on dchoice:4 changes every rule's bins"},
		{"fluid limit", "the shares of bins at each load as n grows without bound, followed ball by ball: near, not equal to, the mean max of a run this size (16 balls into 16 bins: one choice's 3.06 against the exact 3.078 the exact lab's DP gives), and (◆) how many bins it expects at each load; the trials table's fluid column"},
		{"asymptotic", "the leading term of the theorems as n grows: a trend, not a figure for this size"},
	}
}

// theoryMsg carries a config's predictions, worked out off the UI loop.
type theoryMsg struct {
	key    string
	theory []bins.Prediction
}

func theoryKey(cfg bins.Config) string { return fmt.Sprint(cfg.Bins, cfg.Balls, cfg.Strategies) }

// useTheory gives a new engine the predictions already worked out for its
// config, or marks them to be worked out (theoryCmd).
func (l *Lab) useTheory(cfg bins.Config, e *bins.Engine) {
	key := theoryKey(cfg)
	switch {
	case l.theory.key == key:
		e.SetTheory(l.theory.p)
	case cfg.TheoryDeferred():
		l.pending = key
	default:
		l.pending = ""
	}
}

// theoryCmd works out the pending predictions off the UI loop.
func (l *Lab) theoryCmd() tea.Cmd {
	if l.pending == "" {
		return nil
	}
	cfg, err := config(l.spec)
	key := l.pending
	l.pending = ""
	if err != nil || theoryKey(cfg) != key {
		return nil
	}
	return func() tea.Msg { return theoryMsg{key: key, theory: cfg.Predictions()} }
}

// Init starts working out the opened run's theory, when a view would not.
func (l *Lab) Init() tea.Cmd { return l.theoryCmd() }

// Update takes the predictions worked out off the loop, if they are still
// for the run on screen.
func (l *Lab) Update(msg tea.Msg) tea.Cmd {
	m, ok := msg.(theoryMsg)
	if !ok {
		return nil
	}
	l.theory.key, l.theory.p = m.key, m.theory
	if cfg, err := config(l.spec); err == nil && theoryKey(cfg) == m.key {
		l.engine.SetTheory(m.theory)
		l.stale = true
	}
	return nil
}
