// Package cascadelab is the cascading-failure lab: one protection set of
// lecture 26.4.1 run tick by tick, with the pools filling, the success
// rate and the backlog over time, the breaker's states, and the moments of
// the story.
package cascadelab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/cascade"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab runs one protection set of a cascade spec, or two side by side in
// lockstep on the same seed (compare). The preset keys and the protection
// keys restart from t = 0.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	lab.Sizing
	spec cascade.Spec
	runs []*run // the left run, and the right one when comparing
	// told is which of the runs' moments have been told.
	told lab.Told
	// opened is the sets the scenario opened with ("S1 vs S6").
	opened string
	// zoom shows zoomSpan seconds around the present; fine draws the
	// success rate per 100 ms instead of the lecture's 2 s samples.
	zoom, fine bool
	deck       lab.Deck
	// view is what v shows: the charts, the lecture's table or S1's
	// timeline; sets is that table, worked out off the UI loop.
	view int
	sets lab.Background[cascade.Report]
	// fromStart makes the protection keys rebuild the run as if the
	// change had been made at t = 0; by default they switch from now.
	fromStart bool
}

// run is one protection set under way.
type run struct {
	name   string // S1..S6, or custom
	cfg    cascade.Config
	engine *cascade.Engine
	snap   cascade.Snapshot
	stale  bool
	// res is the run's figures at step resAt, for the headline.
	res   *cascade.Result
	resAt int64
}

func newRun(name string, cfg cascade.Config) (*run, error) {
	e, err := cascade.New(cfg)
	if err != nil {
		return nil, err
	}
	return &run{name: name, cfg: cfg, engine: e, stale: true}, nil
}

func (r *run) sync() {
	if r.stale {
		r.snap = r.engine.Snapshot()
		r.stale = false
	}
}

// New opens the lab on the first protection set a cascade spec lists, or
// compares the first two when it lists more.
func New(s scenarios.Spec, share *lab.Share) (lab.Lab, error) {
	spec, err := lab.SpecOf[cascade.Spec](s)
	if err != nil {
		return nil, err
	}
	runs, err := spec.Runs()
	if err != nil {
		return nil, err
	}
	l := &Lab{keys: DefaultKeyMap(), spec: spec, told: lab.Told{Always: true, Sep: " "}}
	l.sets.Share = share
	for _, rn := range runs[:min(2, len(runs))] {
		r, err := newRun(rn.Name, rn.Config)
		if err != nil {
			return nil, err
		}
		l.runs = append(l.runs, r)
	}
	l.opened = l.names()
	return l, nil
}

// title says the sets on screen once the keys have changed them.
func (l *Lab) title() (string, bool) {
	now := l.names()
	switched := len(l.left().cfg.Switches) > 0
	if now == l.opened && !switched {
		return "", false
	}
	if switched {
		return lab.SwitchTitle(l.left().name, l.left().cfg.Switches, func(at float64) string { return fmt.Sprintf("%.2f s", at) }), true
	}
	titles := map[string]string{"custom": "your protections"}
	for _, p := range cascade.Presets {
		titles[p.Name] = p.Title
	}
	var parts []string
	for _, r := range l.runs {
		parts = append(parts, r.name+" ("+titles[r.name]+")")
	}
	return strings.Join(parts, " against ") + "; the scenario opened with " + strings.ReplaceAll(l.opened, " vs ", " against "), true
}

// left is the run the keys edit.
func (l *Lab) left() *run { return l.runs[0] }

// restart rebuilds every run from t = 0 with its set and seed.
func (l *Lab) restart(seed int64) error {
	fresh := make([]*run, len(l.runs))
	for i, r := range l.runs {
		cfg := r.cfg
		cfg.Seed = seed
		nr, err := newRun(r.name, cfg)
		if err != nil {
			return err
		}
		fresh[i] = nr
	}
	l.runs = fresh
	l.told.Forget(len(fresh))
	return nil
}

// ticksPerStep is the engine ticks one step of the lab runs: 100 ms of
// simulated time, so that n moves a class along visibly and 10 steps a
// second is real time.
const ticksPerStep = 10

// pace says a speed in simulated time: 10 steps a second is real time.
func (l *Lab) pace(stepsPerSecond float64) string {
	return fmt.Sprintf("%.10gx real time", stepsPerSecond*ticksPerStep*l.left().cfg.DT)
}

// Step runs 100 ms of every run, in lockstep, tick by tick; it ends early
// at the tick that brings a moment, so that a stop at moments shows that
// tick and one moment at a time.
func (l *Lab) Step() bool {
	stepped := false
	for range ticksPerStep {
		ticked, moment := false, false
		for _, r := range l.runs {
			r.stale = true
			before := len(r.engine.Moments())
			if r.engine.Step() {
				ticked = true
			}
			moment = moment || len(r.engine.Moments()) > before
		}
		stepped = stepped || ticked
		if !ticked || moment {
			break
		}
	}
	return stepped
}

// steps is about the steps from t = 0 to the end: a step that meets a
// moment ends early, so a run has a few more.
func (l *Lab) steps() int64 {
	c := l.left().cfg
	return int64(math.Ceil(c.Duration / (c.DT * ticksPerStep)))
}

// Done reports whether every run reached its end.
func (l *Lab) Done() bool {
	for _, r := range l.runs {
		if !r.engine.Done() {
			return false
		}
	}
	return true
}

// Restart runs the same sets again from t = 0.
func (l *Lab) Restart() error { return l.restart(l.left().cfg.Seed) }

// Seed is the runs' seed.
func (l *Lab) Seed() int64 { return l.left().cfg.Seed }

// WithSeed restarts on another seed.
func (l *Lab) WithSeed(seed int64) error { return l.restart(seed) }

// NextSeed restarts on the next seed.
func (l *Lab) NextSeed() error { return l.WithSeed(l.Seed() + 1) }

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	return "the database slowing, the surge starting and ending, a pool filling, the breaker's transitions, shedding starting, the backlog draining"
}

// NewMoment reports the moments the latest step reached, in every run;
// side by side, each caption names its set.
func (l *Lab) NewMoment() (string, bool) {
	moments := make([][]engine.Moment, len(l.runs))
	names := make([]string, len(l.runs))
	for i, r := range l.runs {
		moments[i], names[i] = r.engine.Moments(), r.name // read after every step: no snapshot
	}
	return l.told.Tell(moments, names)
}

// Status is the sets, the seed and the time.
func (l *Lab) Status() []string {
	r := l.left()
	r.sync()
	names := r.name
	if len(l.runs) > 1 {
		names += " vs " + l.runs[1].name
	}
	t := r.snap.T
	if r.snap.Done {
		t = r.cfg.Duration
	}
	status := []string{names, fmt.Sprintf("seed %d", r.cfg.Seed), fmt.Sprintf("t %5.2f / %.10g s", t, r.cfg.Duration)}
	if r.cfg.BreakerCounts == "guarded" {
		status = append(status, "textbook breaker")
	}
	if r.cfg.Arrivals == "paired" {
		status = append(status, "arrivals paired")
	}
	return status
}

// KeyMap is the lab's own keys.
type KeyMap struct {
	Preset, RightPreset, Compare, Arrivals, Follow, Timeout, Retry, Breaker, Counts, Bulkhead, Shed, Budget, Zoom, Grain key.Binding
	Limiter, Throttle, LayerRetries, RetryCap                                                                            key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	Zoom:         lab.Bind([]string{"z"}, "z", "zoom: 6 s around now, or the whole minute"),
	Grain:        lab.Bind([]string{"g"}, "g", "success per 2 s sample (the lecture's) or per 100 ms"),
	Preset:       lab.Bind([]string{"1", "2", "3", "4", "5", "6"}, "1-6", "presets S1-S6"),
	RightPreset:  lab.Bind([]string{"!", "@", "#", "$", "%", "^"}, "shift 1-6", "the right-hand set when comparing"),
	Follow:       lab.Bind([]string{"f"}, "f", "follow the next request"),
	Compare:      lab.Bind([]string{"c"}, "c", "compare"),
	Arrivals:     lab.Bind([]string{"a"}, "a", "arrivals: the lecture's one stream, or paired"),
	Timeout:      lab.Bind([]string{"o"}, "o", "timeout default/tuned"),
	Retry:        lab.Bind([]string{"y"}, "y", "retry off/immediate/backoff"),
	Breaker:      lab.Bind([]string{"B"}, "B", "breaker"),
	Counts:       lab.Bind([]string{"G"}, "G", "breaker: lecture's (counts aux) or textbook"),
	Bulkhead:     lab.Bind([]string{"k"}, "k", "bulkhead"),
	Shed:         lab.Bind([]string{"x"}, "x", "shed low priority"),
	Budget:       lab.Bind([]string{"u"}, "u", "retry budget"),
	Limiter:      lab.Bind([]string{"l"}, "l", "adaptive limit on db calls: off/aimd/gradient"),
	Throttle:     lab.Bind([]string{"h"}, "h", "client-side throttling of db calls (K = 2)"),
	LayerRetries: lab.Bind([]string{"e"}, "e", "retries at every layer"),
	RetryCap:     lab.Bind([]string{"j"}, "j", "retry cap: retries under 10 % of requests"),
}

// help lists the lab's keys with the shell's.
func (k KeyMap) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	short := []key.Binding{c.Play, c.Step, c.Help, c.Quit, k.Preset, k.Compare, k.Zoom, k.Breaker, c.Moments, c.Faster, c.Slower}
	presets := k.Preset
	presets.SetHelp("1-6", "S1 none · S2 retry · S3 tuned · S4 breaker · S5 bulkhead · S6 all")
	full := [][]key.Binding{
		lab.PlayKeys(),
		{presets, k.Timeout, k.Retry, k.Breaker, k.Counts, k.Bulkhead, k.Shed, k.Budget, k.Limiter, k.Throttle, k.LayerRetries, k.RetryCap, lab.CommonKeys.FromStart},
		append([]key.Binding{k.Compare, k.RightPreset, k.Arrivals, k.Follow, k.Zoom, k.Grain}, lab.ShellKeys()...),
	}
	return short, full
}

// ShortHelp is the help bar's keys.
func (k KeyMap) ShortHelp() []key.Binding { short, _ := k.help(); return short }

// FullHelp is the full help's columns.
func (k KeyMap) FullHelp() [][]key.Binding { _, full := k.help(); return full }

// Key picks a preset or flips a protection of the left set, picks the
// right set, or toggles comparing; each restarts from t = 0 on the seed.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	if key.Matches(msg, l.keys.Compare) {
		if len(l.runs) > 1 {
			l.runs = l.runs[:1]
		} else {
			other := cascade.Presets[5] // S6, or S1 beside S6
			if l.left().name == "S6" {
				other = cascade.Presets[0]
			}
			cfg := l.left().cfg
			cfg.Protections, cfg.Switches = other.Protections, nil
			r, _ := newRun(other.Name, cfg)
			l.runs = append(l.runs, r)
		}
		if err := l.Restart(); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		note := "one run: " + l.names()
		if len(l.runs) > 1 {
			note = "compare " + l.names() + " on one seed, in lockstep; shift 1-6 sets the right, a pairs the arrivals"
		}
		return lab.Outcome{Handled: true, Note: note, Restarted: true, Replay: true}
	}
	if key.Matches(msg, lab.CommonKeys.View) {
		return l.nextView()
	}
	if key.Matches(msg, l.keys.Zoom) {
		l.zoom = !l.zoom
		if l.zoom {
			return lab.Outcome{Handled: true, Note: fmt.Sprintf("zoomed: the %.10g s around now, success per 100 ms; z shows the whole run", zoomSpan)}
		}
		return lab.Outcome{Handled: true, Note: "the whole run"}
	}
	if key.Matches(msg, l.keys.Grain) {
		if l.zoom {
			return lab.Outcome{Handled: true, Note: "zoomed, the success rate is per 100 ms: z shows the whole run, where g chooses"}
		}
		l.fine = !l.fine
		if l.fine {
			return lab.Outcome{Handled: true, Note: "success per 100 ms: every tick's share, noisier than the lecture's 2 s samples (g again)"}
		}
		return lab.Outcome{Handled: true, Note: "success per 2 s sample, as the lecture's charts and the headless report take it"}
	}
	if key.Matches(msg, l.keys.Arrivals) {
		mode, note := "paired", "arrivals paired: every set meets the same requests at the same times"
		if l.left().cfg.Arrivals == "paired" {
			mode, note = "lecture", "arrivals from the lecture's one random stream: the sets' arrivals part once their draws do"
		}
		return l.everyRun(func(c *cascade.Config) { c.Arrivals = mode }, note)
	}
	if key.Matches(msg, l.keys.Counts) {
		mode, note := "guarded", "the textbook breaker: it counts only the db calls it guards and, half-open, only its 3 trial calls, closing when all 3 are back ok; M stops as each trial goes and comes back"
		if l.left().cfg.BreakerCounts == "guarded" {
			mode, note = "lecture", "the lecture's breaker: 26.4.1's program counts every call svc makes, aux calls too, so a healthy aux call can close it before its trials are back"
		}
		if !l.left().cfg.Breaker && (len(l.runs) < 2 || !l.runs[1].cfg.Breaker) {
			note += "; no breaker runs here: B turns it on"
		}
		return l.everyRun(func(c *cascade.Config) { c.BreakerCounts = mode }, note)
	}
	if key.Matches(msg, l.keys.Follow) {
		for _, r := range l.runs {
			r.engine.FollowNext()
			r.stale = true
		}
		note := "following the next request to arrive: step (n) to watch its journey"
		if len(l.runs) > 1 && l.left().cfg.Arrivals != "paired" {
			note += "; each side follows its own next arrival (a pairs the arrivals, and then the same request)"
		}
		return lab.Outcome{Handled: true, Note: note}
	}
	if key.Matches(msg, l.keys.RightPreset) {
		if len(l.runs) < 2 {
			return lab.Outcome{Handled: true, Note: "c compares two sets first"}
		}
		preset := cascade.Presets[strings.Index("!@#$%^", msg.String())]
		l.runs[1].name, l.runs[1].cfg.Protections = preset.Name, preset.Protections
		if err := l.Restart(); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		return lab.Outcome{Handled: true, Note: "compare: " + l.names() + " (replayed to the same time, same seed)", Restarted: true, Replay: true}
	}
	if key.Matches(msg, lab.CommonKeys.FromStart) {
		l.fromStart = !l.fromStart
		if l.fromStart {
			return lab.Outcome{Handled: true, Note: "from the start: a protection key now reruns the whole run as if it had been on from t = 0 (Z: switch from now)"}
		}
		return lab.Outcome{Handled: true, Note: "from now: a protection key switches the run from the moment on screen, as an operator would (Z: from the start)"}
	}
	left := l.left()
	p := left.engine.Config().Protections // as the switches have left it, whichever way the key goes
	name := "custom"
	var sw [2]string // the switch: its name and value
	onOff := func(on bool) string {
		if on {
			return "on"
		}
		return "off"
	}
	switch {
	case key.Matches(msg, l.keys.Preset):
		preset := cascade.Presets[int(msg.String()[0]-'1')]
		p, name, sw = preset.Protections, preset.Name, [2]string{"set", preset.Name}
	case key.Matches(msg, l.keys.Timeout):
		p.Tuned = !p.Tuned
		sw = [2]string{"timeout", map[bool]string{false: "default", true: "tuned"}[p.Tuned]}
	case key.Matches(msg, l.keys.Retry):
		p.Retry = (p.Retry + 1) % 3
		sw = [2]string{"retry", p.Retry.String()}
	case key.Matches(msg, l.keys.Breaker):
		p.Breaker = !p.Breaker
		sw = [2]string{"breaker", onOff(p.Breaker)}
	case key.Matches(msg, l.keys.Bulkhead):
		p.Bulkhead = !p.Bulkhead
		sw = [2]string{"bulkhead", onOff(p.Bulkhead)}
	case key.Matches(msg, l.keys.Shed):
		p.Shed = !p.Shed
		sw = [2]string{"shed", onOff(p.Shed)}
	case key.Matches(msg, l.keys.Budget):
		p.Budget = !p.Budget
		sw = [2]string{"budget", onOff(p.Budget)}
	case key.Matches(msg, l.keys.Limiter):
		p.Limiter = (p.Limiter + 1) % 3
		sw = [2]string{"limiter", p.Limiter.String()}
	case key.Matches(msg, l.keys.Throttle):
		p.Throttle = !p.Throttle
		sw = [2]string{"throttle", onOff(p.Throttle)}
	case key.Matches(msg, l.keys.LayerRetries):
		p.LayerRetries = !p.LayerRetries
		sw = [2]string{"layer-retries", onOff(p.LayerRetries)}
	case key.Matches(msg, l.keys.RetryCap):
		p.RetryCap = !p.RetryCap
		sw = [2]string{"retry-cap", onOff(p.RetryCap)}
	default:
		return lab.Outcome{}
	}
	if !l.fromStart && left.engine.Pos().Step > 0 && !left.engine.Done() { // at t = 0 from now is from the start; at the end, a new run
		return l.switchNow(sw[0], sw[1], p)
	}
	for _, pr := range cascade.Presets { // a custom set equal to a preset is that preset
		if pr.Protections == p {
			name = pr.Name
		}
	}
	dropped := len(left.cfg.Switches)
	left.name, left.cfg.Protections, left.cfg.Switches = name, p, nil
	if err := l.Restart(); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	note := name + ": " + describe(p) + " from the start (replayed to the same time, same seed)"
	if dropped > 0 {
		note += fmt.Sprintf("; its %d switch(es) from later times dropped", dropped)
	}
	if key.Matches(msg, l.keys.Breaker) && p.Breaker && !p.Tuned {
		note += "; with the 3 s default wait, db calls wait rather than fail, so the breaker may never trip (o tunes the timeout)"
	}
	if p.Budget && p.Retry == cascade.NoRetry {
		note += "; the budget limits retries, and retries are off: y turns them on"
	}
	return lab.Outcome{Handled: true, Note: note, Restarted: true, Replay: true}
}

// switchNow switches the left run from the tick on screen on, and keeps
// the switch in its config so that a restart or a step back replays it.
func (l *Lab) switchNow(name, value string, p cascade.Protections) lab.Outcome {
	left := l.left()
	sw, err := left.engine.Switch(name, value)
	if err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	later := slices.ContainsFunc(left.cfg.Switches, func(s engine.Switch) bool { return s.At > sw.At })
	left.cfg.Switches = engine.AddSwitch(left.cfg.Switches, sw)
	left.stale = true
	note := fmt.Sprintf("%s=%s from %.2f s on: %s (Z: from the start instead)", name, value, sw.At, describe(p))
	if later { // stepped back before switches made later: they go, and the run is worked out again from here
		if err := l.Restart(); err != nil {
			return lab.Outcome{Handled: true, Err: err}
		}
		return lab.Outcome{Handled: true, Note: note + "; the switches after it are dropped", Restarted: true, Replay: true}
	}
	if name == "breaker" && p.Breaker && !p.Tuned {
		note += "; with the 3 s default wait, db calls wait rather than fail, so the breaker may never trip (o tunes the timeout)"
	}
	return lab.Outcome{Handled: true, Note: note}
}

// everyRun changes every run's config, restarts them and replays to the
// same time, saying note.
func (l *Lab) everyRun(change func(*cascade.Config), note string) lab.Outcome {
	for _, r := range l.runs {
		change(&r.cfg)
	}
	if err := l.Restart(); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	return lab.Outcome{Handled: true, Note: note + " (replayed to the same time)", Restarted: true, Replay: true}
}

func (l *Lab) names() string {
	var names []string
	for _, r := range l.runs {
		names = append(names, r.name)
	}
	return strings.Join(names, " vs ")
}

// describe writes a protection set in words.
func describe(p cascade.Protections) string {
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	timeout := "default"
	if p.Tuned {
		timeout = "tuned"
	}
	said := fmt.Sprintf("timeout %s · retry %s · breaker %s · bulkhead %s · shed %s · budget %s",
		timeout, p.Retry, onOff(p.Breaker), onOff(p.Bulkhead), onOff(p.Shed), onOff(p.Budget))
	for _, g := range []struct {
		name string
		on   bool
	}{{p.Limiter.String() + " limit", p.Limiter != cascade.NoLimit}, {"throttling", p.Throttle}, {"layer retries", p.LayerRetries}, {"retry cap", p.RetryCap}} {
		if g.on {
			said += " · " + g.name + " on"
		}
	}
	return said
}

// glossary explains the lab's short words for the help screen.
var glossary = lab.Glossary(`
S1-S6: the lecture's six protection sets (26.4.1), from none (S1) to all of them (S6)
timeout 0.25 s: a call waiting at a queue's head longer than 0.25 s fails (the tuned limit); the default waits 3 s
+brk: with a circuit breaker on svc's db calls
+blk: with a bulkhead: svc's 60 threads split, 42 for db calls and 18 for aux calls, so a slow db can hold only its share
+shed: shedding: while api's queue is over 100, low priority is turned away at the door
+bud: a retry budget: no retries while the db's calls fail at 90 % or more
+aimd, +gradient: an adaptive limit on svc's db calls in flight (l): AIMD adds one on a call back in time and cuts 10 % on one that fails or takes over a second; Gradient2 follows the ratio of the long-term average response time to the latest
+thr: client-side throttling (h, the SRE book's): svc refuses a db call itself with probability (requests - 2 x accepts) / (requests + 1) over the last 10 s, so the db is sent about twice what it accepts
+layers: retries at every layer (e): svc retries a failed db call, api a failed svc call, and the client the request, each up to 3 times: 4 x 4 x 4 = 64 calls at a db that fails them all
+cap: a retry cap (j): retries let through only while they stay under 10 % of the requests over the last 10 s
C O H: the breaker closed (calls go), open (db calls fail fast for 5 s), half-open (3 trial calls go)
the lecture's breaker: 26.4.1's program reports every call svc makes to the breaker, aux calls too; half-open it closes once as many calls are back as it let trials out, so a healthy aux call closes it within a few ticks, and in S6 aux calls keep the failed share under half
textbook breaker (G): counts only the db calls it guards and, half-open, only its own trial calls; it closes when all 3 are back ok
amplification: attempts per arriving request (entry) or stage-2 calls per request (downstream)
`)

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Stops: l.stopsAt(), Pace: l.pace, Steps: l.steps(), Glossary: glossary,
		About: "a step that meets a moment ends there, so the run has a step more for each"}
	if t, ok := l.title(); ok {
		i.Title = t
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap { return l.keys }

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec {
	s := l.spec
	s.Switch = engine.FormatSwitches(l.left().cfg.Switches)
	return s
}
