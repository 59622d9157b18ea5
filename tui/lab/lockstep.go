package lab

import (
	"fmt"
	"slices"
	"strings"

	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/widget"
)

// Runner is an engine a lockstep lab plays: one run of a paired spec,
// with its moments and its headline figures so far.
type Runner interface {
	engine.Stepper
	Moments() []engine.Moment
	Figures() []engine.Figure
}

// Run is one of a lockstep lab's runs under way: its config and engine.
type Run[C any, E Runner] struct {
	Cfg    C
	Engine E
}

// Paired is a paired spec as a lockstep lab plays it: a run's config per
// run it lists, and its first invalid field (before a restart).
type Paired[C any] interface {
	comparable
	Configs() ([]C, error)
	Validate() error
}

// Case is what a lockstep lab tells Lockstep of its case: how a run is
// built and named, and the few words that differ from case to case.
type Case[S Paired[C], C any, E Runner] struct {
	// New builds a run of a config.
	New func(C) (E, error)
	// Check refuses a spec whose lab step would take longer than a frame
	// can wait (nil: every valid spec steps fast enough).
	Check func(S) error
	// Per is the engine steps one lab step runs (60: a minute of
	// seconds).
	Per int
	// Words names a run's protections in a class's words ("throttle +
	// drop stale"); SetName in the runs field's spelling
	// ("throttle,drop-stale").
	Words, SetName func(C) string
	// Runs and Seed point at the spec's runs field and seed; Seed is nil
	// where the engine draws nothing (the seed keys say so).
	Runs func(*S) *string
	Seed func(*S) *int64
	// Name is the case's name in the title ("The lease storm").
	Name string
	// Clock says where the first run is at model time at (in its Pos's
	// unit), for the status bar: where it has reached, or, after a step
	// that reached a moment, the moment's own time, so that the clock
	// reads the caption's.
	Clock func(r Run[C, E], at float64) string
	// Pace says what a speed of lab steps a second means.
	Pace func(stepsPerSecond float64) string
	// Stops says which steps are moments, for M's note.
	Stops string
	// Note says what an edited spec now is.
	Note func(S) string
	// Switch switches a run from the time on its clock (nil: the case's
	// keys always rerun from the start); Switches points at a config's
	// switches, as engine.FormatSwitches writes them.
	Switch   func(e E, name, value string) (engine.Switch, error)
	Switches func(c *C) *string
	// Live is the config an engine runs now, its switches applied: what
	// FlipNow reads.
	Live func(e E) C
	// When says a switch's time as the case's clock reads ("3:02 AM").
	When func(at float64) string
	// Glossary, Card and Chronicle are Info's: the case's words, the
	// incident in the lecture's four questions, and its timeline with the
	// place of the first run in it.
	Glossary  [][2]string
	Card      *Card
	Chronicle func(first Run[C, E]) (title string, events []widget.Incident, now float64)
	// Protections and Knobs are the keys Answer takes: the protections a
	// key turns in the right run, and the levers on the numbers the runs
	// share.
	Protections []Protection[C]
	Knobs       []Knob[S]
}

// Lockstep is the part a lab embeds to play a paired spec's runs side by
// side, a lab step of every run at a time, all on one seed: the spec and
// the runs, restart with the step-cost check, the run's length, seeds,
// moments told once for the runs that met them, status and title, and
// edits that switch the right run (Pair).
type Lockstep[S Paired[C], C any, E Runner] struct {
	// Spec is the spec playing; Opened the spec the scenario opened with.
	Spec, Opened S
	Runs         []Run[C, E]
	// Pair keeps the left run's set while a toggle has made the right
	// run like it; compare forgets it.
	Pair Pair
	told Told
	// momentAt is the model time of the moment the latest Step reached,
	// or -1: the status clock reads it there.
	momentAt float64
	c        Case[S, C, E]
	// switched are the switches made from now in the lab, by run, kept
	// so that a restart or a step back replays them; FromStart makes the
	// change keys rerun from the start instead.
	switched  [][]engine.Switch
	FromStart bool
}

// NewLockstep opens c's runs of spec at their first step.
func NewLockstep[S Paired[C], C any, E Runner](spec S, c Case[S, C, E]) (Lockstep[S, C, E], error) {
	l := Lockstep[S, C, E]{Spec: spec, Opened: spec, c: c}
	return l, l.Restart()
}

// OpenLockstep is NewLockstep on a scenario's spec, which must be an S,
// with note (the lab's) saying what a key's change did.
func OpenLockstep[S interface {
	Paired[C]
	engine.Spec
}, C any, E Runner](s engine.Spec, c Case[S, C, E], note func(S) string) (Lockstep[S, C, E], error) {
	spec, err := SpecOf[S](s)
	if err != nil {
		return Lockstep[S, C, E]{}, err
	}
	c.Note = note
	return NewLockstep(spec, c)
}

// MinuteWithin is a Case's Check for a spec that says how long a minute
// of its runs takes to step (MinuteSeconds): over limit seconds, the
// view would freeze between frames, and levers are the flags that lower
// it.
func MinuteWithin[S interface{ MinuteSeconds() float64 }](limit float64, levers ...string) func(S) error {
	return func(s S) error {
		if est := s.MinuteSeconds(); est > limit {
			return &engine.OverLimit{What: "step", Estimate: est, Limit: limit, Levers: levers}
		}
		return nil
	}
}

// Restart builds every run again at its first step.
func (l *Lockstep[S, C, E]) Restart() error {
	cfgs, err := l.Spec.Configs()
	if err != nil {
		return err
	}
	if l.c.Check != nil {
		if err := l.c.Check(l.Spec); err != nil {
			return err
		}
	}
	runs := make([]Run[C, E], len(cfgs))
	for i, c := range cfgs {
		if i < len(l.switched) && len(l.switched[i]) > 0 {
			list := l.c.Switches(&c)
			*list = strings.Trim(*list+","+engine.FormatSwitches(l.switched[i]), ",")
		}
		e, err := l.c.New(c)
		if err != nil {
			return err
		}
		runs[i] = Run[C, E]{Cfg: c, Engine: e}
	}
	l.Runs = runs
	l.told.Forget(len(runs))
	l.momentAt = -1
	return nil
}

// Step runs a lab step of every run.
func (l *Lockstep[S, C, E]) Step() bool {
	l.momentAt = -1
	stepped := false
	for range l.c.Per {
		for _, r := range l.Runs {
			stepped = r.Engine.Step() || stepped
		}
	}
	return stepped
}

// steps is the runs' length in lab steps.
func (l *Lockstep[S, C, E]) steps() int64 {
	n, per := l.Runs[0].Engine.Pos().Steps, int64(l.c.Per)
	return (n + per - 1) / per
}

// Done reports whether the runs are over.
func (l *Lockstep[S, C, E]) Done() bool { return l.Runs[0].Engine.Done() }

// Seed is the runs' seed, -1 where the engine draws nothing.
func (l *Lockstep[S, C, E]) Seed() int64 {
	if l.c.Seed == nil {
		return Unseeded{}.Seed()
	}
	return *l.c.Seed(&l.Spec)
}

// WithSeed restarts on another seed.
func (l *Lockstep[S, C, E]) WithSeed(seed int64) error {
	if l.c.Seed == nil {
		return ErrUnseeded
	}
	return Reseed(l.c.Seed(&l.Spec), seed, l.Restart)
}

// NextSeed restarts on the next seed.
func (l *Lockstep[S, C, E]) NextSeed() error { return l.WithSeed(l.Seed() + 1) }

// NewMoment reports the moments the latest step reached; side by side, a
// moment of one run only says whose.
func (l *Lockstep[S, C, E]) NewMoment() (string, bool) {
	moments := make([][]engine.Moment, len(l.Runs))
	for i, r := range l.Runs {
		moments[i] = r.Engine.Moments()
	}
	if at := l.told.firstNew(moments); at >= 0 {
		l.momentAt = at
	}
	return l.told.Tell(moments, l.Names())
}

// Headline is every run's figures so far, left run first, as its engine
// gives them.
func (l *Lockstep[S, C, E]) Headline() []engine.Figure {
	var figs []engine.Figure
	for _, r := range l.Runs {
		figs = append(figs, r.Engine.Figures()...)
	}
	return figs
}

// Names are the runs' protection sets in a class's words.
func (l *Lockstep[S, C, E]) Names() []string {
	names := make([]string, len(l.Runs))
	for i, r := range l.Runs {
		names[i] = l.c.Words(r.Cfg)
	}
	return names
}

// NamesOf is the runs of s in a class's words, joined by " vs ".
func (l *Lockstep[S, C, E]) NamesOf(s S) string {
	cfgs, _ := s.Configs()
	names := make([]string, len(cfgs))
	for i, c := range cfgs {
		names[i] = l.c.Words(c)
	}
	return strings.Join(names, " vs ")
}

// Status is the runs, the case's clock and the seed.
func (l *Lockstep[S, C, E]) Status() []string {
	at := l.Runs[0].Engine.Pos().At
	if l.momentAt >= 0 {
		at = l.momentAt
	}
	status := []string{strings.Join(l.Names(), " vs "), l.c.Clock(l.Runs[0], at)}
	if l.c.Seed != nil {
		status = append(status, fmt.Sprintf("seed %d", l.Seed()))
	}
	return status
}

// Info is the case's length (exact: its clock ends at a set time), pace
// and moments, and the title once the keys have changed the runs.
func (l *Lockstep[S, C, E]) Info() Info {
	i := Info{Steps: l.steps(), Exact: true, Pace: l.c.Pace, Stops: l.c.Stops, Glossary: l.c.Glossary, Card: l.c.Card}
	if l.c.Chronicle != nil {
		i.Chronicle = func() (string, []widget.Incident, float64) { return l.c.Chronicle(l.Runs[0]) }
	}
	if *l.c.Runs(&l.Spec) != *l.c.Runs(&l.Opened) {
		i.Title = l.c.Name + ": " + strings.Join(l.Names(), " against ") + " (keys changed the runs)"
	}
	if said := l.switchWords(); said != "" {
		i.Title = l.c.Name + ": " + said
	}
	return i
}

// Change is what a key does to a copy of the spec: why it does nothing
// here, or "". pair is the copy of the lab's Pair the change may edit,
// kept only if the edit applies.
type Change[S any] func(s *S, pair *Pair) string

// Edit applies a key's change (key is the key's name, for the note): the
// spec is validated, the runs rebuilt and replayed to the moment the old
// ones had reached; a refused change leaves everything as it was.
func (l *Lockstep[S, C, E]) Edit(key string, change Change[S]) Outcome {
	return l.EditSaying(key, change, l.c.Note)
}

// EditSaying is Edit with a note of the key's own. An edit reruns from
// the start, so the switches made from now are dropped with it.
func (l *Lockstep[S, C, E]) EditSaying(key string, change Change[S], note func(S) string) Outcome {
	kept := l.switched
	l.switched = nil
	out := l.editRuns(key, change, note)
	if !out.Restarted {
		l.switched = kept
	}
	return out
}

// editRuns is EditSaying's edit.
func (l *Lockstep[S, C, E]) editRuns(key string, change Change[S], note func(S) string) Outcome {
	next := l.Pair
	back := l.c.Words(l.Runs[len(l.Runs)-1].Cfg) // the right run before the key
	left := func(s S) string {
		cfgs, _ := s.Configs()
		return l.c.Words(cfgs[0])
	}
	return EditRuns(&l.Spec, &l.Pair, &next, key, back, left,
		func(s *S) string { return change(s, &next) }, S.Validate, l.Restart, note)
}

// Toggle is the change that flips a protection of the last run listed
// (the right one, or the only one); the pair merges and splits the runs.
func (l *Lockstep[S, C, E]) Toggle(flip func(*C)) Change[S] {
	return func(s *S, pair *Pair) string {
		cfgs, err := (*s).Configs()
		if err != nil {
			return err.Error()
		}
		names := make([]string, len(cfgs))
		for i, c := range cfgs {
			names[i] = l.c.SetName(c)
		}
		right := cfgs[len(cfgs)-1]
		flip(&right)
		*l.c.Runs(s) = strings.Join(pair.Toggle(names, l.c.SetName(right)), ",")
		return ""
	}
}

// Compare is the change of the key that shows one run or two (lab.Compare
// with the case's baseline run and the pair it opens beside it).
func (l *Lockstep[S, C, E]) Compare(baseline, pair string) Change[S] {
	return func(s *S, p *Pair) string {
		p.Forget()
		runs := l.c.Runs(s)
		*runs = Compare(*runs, *l.c.Runs(&l.Opened), baseline, pair)
		return ""
	}
}

// Shared is a change of the numbers the runs share (not their sets).
func Shared[S any](change func(*S)) Change[S] {
	return func(s *S, _ *Pair) string { change(s); return "" }
}

// Current is the spec as the keys have left it, for the ":" line.
func (l *Lockstep[S, C, E]) Current() engine.Spec { return any(l.Spec).(engine.Spec) }

// Switching reports whether the case switches from now.
func (l *Lockstep[S, C, E]) Switching() bool { return l.c.Switch != nil }

// ToggleFromStart is the answer to Z: the change keys switch from now,
// or rerun from the start.
func (l *Lockstep[S, C, E]) ToggleFromStart(keys string) Outcome {
	l.FromStart = !l.FromStart
	if l.FromStart {
		return Outcome{Handled: true, Note: keys + " now rerun the night from the start, as if the change had been made then (Z: switch from now)"}
	}
	return Outcome{Handled: true, Note: keys + " switch the run from the time on the clock, as the operators did (Z: from the start)"}
}

// Switchable reports whether a change key switches from now: the case
// switches, Z has not asked for the start, and the run is under way (at
// its start from now is from the start; at its end a key starts anew).
func (l *Lockstep[S, C, E]) Switchable() bool {
	e := l.Runs[0].Engine
	return l.c.Switch != nil && !l.FromStart && e.Pos().Step > 0 && !e.Done()
}

// SwitchNow switches run i from the time on its clock, keeping the
// switch so that a restart or a step back replays it; the note says
// what changed, when, and on which run.
func (l *Lockstep[S, C, E]) SwitchNow(i int, name, value string) Outcome {
	r := l.Runs[i]
	if r.Engine.Done() {
		return Outcome{Handled: true, Note: "the run is over: r runs it again, and Z changes it from the start instead"}
	}
	sw, err := l.c.Switch(r.Engine, name, value)
	if err != nil {
		return Outcome{Handled: true, Err: err}
	}
	for len(l.switched) < len(l.Runs) {
		l.switched = append(l.switched, nil)
	}
	later := slices.ContainsFunc(l.switched[i], func(s engine.Switch) bool { return s.At > sw.At })
	l.switched[i] = engine.AddSwitch(l.switched[i], sw)
	note := fmt.Sprintf("%s=%s from %s on the %s (Z: from the start instead)", name, value, l.c.When(sw.At), l.side(i))
	if later { // stepped back before switches made later: they go, and the night is worked out again
		if err := l.Restart(); err != nil {
			return Outcome{Handled: true, Err: err}
		}
		return Outcome{Handled: true, Note: note + "; the switches after it are dropped", Restarted: true, Replay: true}
	}
	return Outcome{Handled: true, Note: note}
}

// Switched is run i's switches made from now in the lab.
func (l *Lockstep[S, C, E]) Switched(i int) []engine.Switch {
	if i < len(l.switched) {
		return l.switched[i]
	}
	return nil
}

// side names run i: the left or right run, or the run when alone.
func (l *Lockstep[S, C, E]) side(i int) string {
	switch {
	case len(l.Runs) == 1:
		return "run"
	case i == 0:
		return "left run"
	}
	return "right run"
}

// switchWords says each run's switches made in the lab, "" for none.
func (l *Lockstep[S, C, E]) switchWords() string {
	var parts []string
	for i, list := range l.switched {
		if len(list) == 0 || i >= len(l.Runs) {
			continue
		}
		parts = append(parts, SwitchTitle(l.c.Words(l.Runs[i].Cfg), list, l.c.When))
	}
	return strings.Join(parts, "; ")
}

// FlipNow is a protection key where the lab switches from now
// (Switchable): the right run's protection name goes on where its engine
// now runs without it (on reads it in a config), off where with it, from
// the step on screen.
func (l *Lockstep[S, C, E]) FlipNow(name string, on func(C) bool) Outcome {
	last := len(l.Runs) - 1
	value := "on"
	if on(l.c.Live(l.Runs[last].Engine)) {
		value = "off"
	}
	return l.SwitchNow(last, name, value)
}
