// Package lab says what a lab is: the small interface the root model
// plays, the optional parts a lab may add, and the values passed between
// them. A lab is an open scenario: its engine, its keys and its views. It
// never starts ticks; the root steps it inside a time budget.
package lab

import (
	"errors"

	"github.com/charmbracelet/bubbles/help"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab is the core every lab implements: what the shell plays, draws,
// keys and asks of any lab. The few things only some labs do are the
// optional interfaces below.
type Lab interface {
	// Step advances the engine by one step and reports whether it did.
	Step() bool
	// Done reports whether there is nothing left to step.
	Done() bool
	// Restart rebuilds the engine at its start.
	Restart() error
	// Resize gives the lab the frame its next Render draws into, before
	// any Render and on every change: layout is decided here, so that Key
	// lays out as Render will and Render writes no state Key reads.
	Resize(f Frame)
	// Render draws the body into f.W x f.H from the lab's latest snapshot.
	Render(f Frame) string
	// Key offers a key to the lab before the shell's own keys.
	Key(msg tea.KeyMsg) Outcome
	// KeyMap is the lab's keys for the help bar and the full help; the
	// shell adds its own.
	KeyMap() help.KeyMap
	// Status is the lab's part of the status bar.
	Status() []string
	// Info describes the lab as it stands: title, words, pace, length.
	Info() Info
	// Seed is the engine's seed (seeds are >= 0), or -1 for a lab whose
	// engine draws nothing (it embeds Unseeded); WithSeed and NextSeed
	// restart on another.
	Seed() int64
	WithSeed(seed int64) error
	NextSeed() error
	// NewMoment reports the captions of the moments the latest Step
	// reached, if it reached any, joined by MomentBreak.
	NewMoment() (caption string, ok bool)
	// Headline gives the figures the scenario quotes as they stand at the
	// current step; the shell marks them final once the run is done (or
	// Info says Final) and shows them above the body at every size.
	Headline() []widget.Figure
	// Current is the lab's spec as it stands, its keys' changes in it:
	// the ":" line reads its flags over it.
	Current() engine.Spec
}

// Info is what a lab says of itself besides its body: the shell's
// header, help, status bar and jumps read it.
type Info struct {
	// Title replaces the scenario's title in the header once the lab's
	// keys have taken it away from what the title says; "" keeps it.
	Title string
	// Glossary gives the lab's words a student may not know, term first,
	// in plain words, for the help screen.
	Glossary [][2]string
	// Stops says in a few words which steps are moments, for M's note.
	Stops string
	// Pace says what a speed of steps a second means ("2x real time");
	// nil: steps a second.
	Pace func(stepsPerSecond float64) string
	// Moves, for a lab moved only by its own keys with nothing to play or
	// step, says what moves it ("x and a change the nodes"); the shell
	// then shows neither a speed nor a play state. "" for a lab that plays.
	Moves string
	// Steps is the steps from the run's start to its end (0: not known),
	// which the shell's jumps move through a tenth at a time; Exact says
	// it is the run's length to the step, not an estimate ("step 6 of 8").
	Steps int64
	Exact bool
	// About, where Steps is not Exact, says in a few words why not
	// ("a moment ends a step early"), for the notes that quote the count.
	About string
	// Figures, when every headline figure measures one thing the figures'
	// names do not say, says it in a few words, before them ("lost a
	// majority").
	Figures string
	// Final says the headline is final before the run is done (the exact
	// lab's results, once computed, while its stepper plays one input).
	Final bool
	// Card, for a casebook lab (a real incident the lecture tells, played
	// by a model), is the incident in the lecture's four questions: once
	// the run is over the shell shows it in place of the charts, and the
	// headline's figures say they are the model's. nil for any other lab.
	Card *Card
	// Chronicle, for a lab that stands beside a real incident's timeline,
	// gives it whole, titled, with the run's place in it (now, on the
	// events' own axis), for the shell's i.
	Chronicle func() (title string, events []widget.Incident, now float64)
	// At, for a lab whose own keys move it through its run (the bins
	// lab's home and ← replay only the trial on screen), is the steps
	// since the run's first step, which the shell takes after each of the
	// lab's keys, so that its step count, and where end plays from, agree
	// with the lab.
	At func() int64
	// Rewind, for a lab with state of the user's beside its run (objects
	// placed by hand), takes the run back to its first step keeping that
	// state, where Restart would clear it. The shell steps back by
	// rewinding (or restarting) and replaying.
	Rewind func() error
	// SeedCount, for a lab with a view of its own over many seeds (N),
	// sets how many it runs where the scenario's question is a spread of
	// its own count (scenarios.Scenario.Seeds).
	SeedCount func(n int)
}

// Focuser is a lab with several panels that tab moves between; NextPanel
// reports false where every panel is on screen together and there is
// nothing to move to.
type Focuser interface {
	NextPanel() bool
}

// Editor is a lab with a text field; while Editing, every key goes to Key.
type Editor interface {
	Editing() bool
}

// Async is a lab that computes off the UI loop: Init starts the work and
// Update takes its messages (and any other message that is not a key, a
// tick or a resize); Busy says the work is under way (the shell redraws
// a few times a second meanwhile, for its progress line); Leave stops it
// when the user leaves the lab for the picker.
type Async interface {
	Init() tea.Cmd
	Update(msg tea.Msg) tea.Cmd
	Busy() bool
	Leave()
}

// Sizing is the part of a lab that keeps the frame Resize gave it.
type Sizing struct{ Frame Frame }

// Resize keeps f for the next Render and Key.
func (s *Sizing) Resize(f Frame) { s.Frame = f }

// Unseeded is the part of a lab whose engine draws no random numbers:
// the seed keys say so.
type Unseeded struct{}

// ErrUnseeded is the answer of an Unseeded lab to the seed keys.
var ErrUnseeded = errors.New("this lab draws no random numbers: there is no seed to change")

// Seed is -1: there is none.
func (Unseeded) Seed() int64 { return -1 }

// WithSeed refuses: there is no seed.
func (Unseeded) WithSeed(int64) error { return ErrUnseeded }

// NextSeed refuses: there is no seed.
func (Unseeded) NextSeed() error { return ErrUnseeded }

// Seeds is the part of a lab whose spec holds its engine's seed: the seed
// keys set it and restart.
type Seeds struct {
	seed    *int64
	restart func() error
}

// NewSeeds is the seed part over a spec's seed field and the lab's
// restart.
func NewSeeds(seed *int64, restart func() error) Seeds { return Seeds{seed: seed, restart: restart} }

// Seed is the engine's seed.
func (s Seeds) Seed() int64 { return *s.seed }

// WithSeed restarts on another seed (the old one kept if that fails).
func (s Seeds) WithSeed(seed int64) error { return Reseed(s.seed, seed, s.restart) }

// NextSeed restarts on the next seed.
func (s Seeds) NextSeed() error { return s.WithSeed(*s.seed + 1) }

// Keys are a lab's keys as bubbles' help reads them: the help bar's line
// and the full help's columns.
type Keys struct {
	Short []key.Binding
	Full  [][]key.Binding
}

// ShortHelp is the help bar's keys.
func (k Keys) ShortHelp() []key.Binding { return k.Short }

// FullHelp is the full help's columns.
func (k Keys) FullHelp() [][]key.Binding { return k.Full }

// Frame is what a lab needs to draw its body: the room it has, the styles,
// and whether play is slow enough to narrate each step.
type Frame struct {
	W, H      int
	St        *widget.Styles
	Narrating bool
	// Captioned says the shell shows the moment play stopped at under the
	// body, so the lab need not say it again.
	Captioned bool
}

// Outcome is what a lab key did.
type Outcome struct {
	// Handled says the lab took the key.
	Handled bool
	// Note is a message for the shell to show; Err a refusal.
	Note string
	Err  error
	Cmd  tea.Cmd
	// Restarted says the lab rebuilt its engine, which pauses play.
	// Replay, with it, asks the shell to play the new run on to the step
	// the old one had reached: the same moment, seen with the change (a
	// casebook protection switched on at noon shows noon).
	Restarted, Replay bool
}

// Taken is the outcome of a key the lab used with nothing to report.
func Taken() Outcome { return Outcome{Handled: true} }

// Bind declares a key binding with its help.
func Bind(keys []string, help, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// Common are the shell's keys that labs list in their help; the root
// handles them.
type Common struct {
	Quit, Help, Play, Step, Faster, Slower, Reset, NextSeed, TypeSeed, Theme, Back, Tab, Moments, Lecture key.Binding
	// Timeline, View and Compare mean the same in every lab: the
	// incident's timeline (or the moments so far), the next view, one run
	// or two side by side. A lab that has a view or a comparison takes
	// the key; the shell answers the others.
	Timeline, View, Compare key.Binding
	// StepBack, First, Last, JumpBack and JumpForward move through a run
	// that plays; Scenario returns the lab to its scenario as written.
	StepBack, First, Last, JumpBack, JumpForward, Scenario key.Binding
	// NextPart and PrevPart open the next and the previous scenario of a
	// story told in parts (AWS 2025's night); Prompt opens the ":" line,
	// which takes any flag of the lab's engine.
	NextPart, PrevPart, Prompt key.Binding
	// OverSeeds runs the lab's config over many seeds (a lab with a view
	// of its own over seeds takes the key first).
	OverSeeds key.Binding
	// FromStart turns a lab's change keys between switching the run from
	// the time on the clock (the default) and rerunning it as if the
	// change had been made at the start; a lab that switches takes it.
	FromStart key.Binding
}

// CommonKeys declares the shell's keys once.
var CommonKeys = Common{
	Quit:     Bind([]string{"q", "ctrl+c"}, "q", "quit"),
	Help:     Bind([]string{"?"}, "?", "help"),
	Play:     Bind([]string{" "}, "space", "play/pause"),
	Step:     Bind([]string{"n", "right"}, "n/→", "step"),
	Faster:   Bind([]string{"+", "="}, "+", "faster"),
	Slower:   Bind([]string{"-", "_"}, "-", "slower"),
	Reset:    Bind([]string{"r"}, "r", "restart run"),
	NextSeed: Bind([]string{"s"}, "s", "next seed"),
	TypeSeed: Bind([]string{"S"}, "S", "type seed"),
	Theme:    Bind([]string{"t"}, "t", "theme"),
	Back:     Bind([]string{"esc"}, "esc", "scenarios"),
	Tab:      Bind([]string{"tab"}, "tab", "next panel"),
	Moments:  Bind([]string{"M"}, "M", "stop at moments"),
	Timeline: Bind([]string{"i"}, "i", "timeline: the incident's, or the moments so far"),
	View:     Bind([]string{"v"}, "v", "next view"),
	Compare:  Bind([]string{"c"}, "c", "compare: one run or two side by side"),
	Lecture:  Bind([]string{"L"}, "L", "lecture strip: the headline in large digits"),

	StepBack:    Bind([]string{"left", "b"}, "←/b", "step back"),
	First:       Bind([]string{"home"}, "home", "first step"),
	Last:        Bind([]string{"end"}, "end", "last step"),
	JumpBack:    Bind([]string{"<", ","}, "<", "back a tenth"),
	JumpForward: Bind([]string{">", "."}, ">", "on a tenth"),
	Scenario:    Bind([]string{"R"}, "R", "scenario as written"),
	NextPart:    Bind([]string{"}"}, "}", "the story's next part"),
	PrevPart:    Bind([]string{"{"}, "{", "the story's part before"),
	Prompt:      Bind([]string{":"}, ":", "type flags: any config of this engine, or --vary to sweep one"),
	OverSeeds:   Bind([]string{"N"}, "N", "this config over many seeds: each figure's spread"),
	FromStart:   Bind([]string{"Z"}, "Z", "changes: switch from now, or rerun from the start (t = 0)"),
}

// PlayKeys is the full help's column of the shell's keys for a lab that
// plays: play and step, back through the run, speed, restart and seeds.
func PlayKeys() []key.Binding {
	c := CommonKeys
	return append(StepKeys(), c.NextSeed, c.TypeSeed, c.OverSeeds)
}

// StepKeys is PlayKeys without the seed keys: the full help's first
// column for a lab whose engine draws nothing.
func StepKeys() []key.Binding {
	c := CommonKeys
	return []key.Binding{c.Play, c.Step, c.StepBack, c.First, c.Last, c.JumpBack, c.JumpForward, c.Faster, c.Slower, c.Reset, c.Scenario, c.Moments}
}

// ShellKeys is the full help's tail of the keys every screen has.
func ShellKeys() []key.Binding {
	c := CommonKeys
	return []key.Binding{c.Prompt, c.Timeline, c.Lecture, c.Theme, c.Back, c.Help, c.Quit}
}

// Lever is a pair of keys that move one setting down and up: a binding per
// direction (each with its own help line), one entry in the short help.
type Lever struct {
	Down, Up key.Binding
	short    key.Binding
}

// NewLever declares a lever: keys down and up ("d", "D"), and what each
// does ("fewer choices", "more choices"); short is the short help's
// description of both.
func NewLever(down, up, downDesc, upDesc, short string) Lever {
	s := Bind([]string{down, up}, down+"/"+up, short)
	return Lever{Down: Bind([]string{down}, down, downDesc), Up: Bind([]string{up}, up, upDesc), short: s}
}

// Dir is -1 for the down key, +1 for the up key, 0 for any other.
func (l Lever) Dir(msg tea.KeyMsg) int {
	switch {
	case key.Matches(msg, l.Down):
		return -1
	case key.Matches(msg, l.Up):
		return 1
	}
	return 0
}

// Short is the lever's entry in the short help.
func (l Lever) Short() key.Binding { return l.short }

// Full is the lever's two lines in the full help.
func (l Lever) Full() []key.Binding { return []key.Binding{l.Down, l.Up} }

// Help is a lab's keys as the help shows them: the help bar's, and the
// full help's columns.
type Help struct {
	Short []key.Binding
	Full  [][]key.Binding
}

// ShortHelp is the help bar's keys.
func (h Help) ShortHelp() []key.Binding { return h.Short }

// FullHelp is the full help's columns.
func (h Help) FullHelp() [][]key.Binding { return h.Full }

// Brief is b with a shorter help line, for the one-line help bar, where a
// long description would push every key after it off the screen.
func Brief(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}
