// Package lab says what a lab is: the small interface the root model
// plays, the optional parts a lab may add, and the values passed between
// them. A lab is an open scenario: its engine, its keys and its views. It
// never starts ticks; the root steps it inside a time budget.
package lab

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/tui/widget"
)

// Lab is the core every lab implements.
type Lab interface {
	// Step advances the engine by one step and reports whether it did.
	Step() bool
	// Done reports whether there is nothing left to step.
	Done() bool
	// Restart rebuilds the engine at its start.
	Restart() error
	// Status is the lab's part of the status bar.
	Status() []string
	// Render draws the body into f.W x f.H from the lab's latest snapshot.
	Render(f Frame) string
	// Key offers a key to the lab before the shell's own keys.
	Key(msg tea.KeyMsg) Outcome
	// Help lists the lab's keys: a short line and the full columns. The
	// shell adds its own.
	Help() (short []key.Binding, full [][]key.Binding)
}

// Seeded is a lab whose engine takes a seed.
type Seeded interface {
	Seed() int64
	WithSeed(seed int64) error
	NextSeed() error
}

// Focuser is a lab with several panels that tab moves between.
type Focuser interface {
	NextPanel()
}

// Editor is a lab with a text field; while Editing, every key goes to Key.
type Editor interface {
	Editing() bool
}

// Async is a lab that computes off the UI loop: Init starts the work and
// Update takes its messages (and any other message that is not a key, a
// tick or a resize).
type Async interface {
	Init() tea.Cmd
	Update(msg tea.Msg) tea.Cmd
}

// Busy is an Async lab that can say its work is under way; the root
// redraws it a few times a second meanwhile, for its progress line.
type Busy interface {
	Busy() bool
}

// Leaver is a lab with work to stop when the user leaves it for the
// picker (a computation off the UI loop).
type Leaver interface {
	Leave()
}

// Paced is a lab whose steps stand for a span of simulated time; Pace
// says what a speed of steps per second means ("2x real time").
type Paced interface {
	Pace(stepsPerSecond float64) string
}

// Still is a lab moved only by its own keys, with nothing to play or step:
// the shell then shows neither a speed nor a play state, and says so when
// play or step is pressed. Moves says what moves it ("x and a change the
// nodes"); a lab that plays in some views says "" in those.
type Still interface {
	Moves() string
}

// Spanned is a lab that plays a run of about known length: Steps is the
// steps from its start to its end, which the shell's jumps move through a
// tenth at a time.
type Spanned interface {
	Steps() int64
}

// Measured is a Spanned lab whose Steps is the run's length to the step,
// not an estimate (a schedule of 8 steps): the shell then writes "step 6
// of 8" where it would write "of about".
type Measured interface {
	Spanned
	StepsExact() bool
}

// Placed is a lab whose own keys move it through its run (the bins lab's
// home and ← replay only the trial on screen): At is the steps since the
// run's first step, which the shell takes after each of the lab's keys,
// so that its step count, and where end plays from, agree with the lab.
type Placed interface {
	At() int64
}

// Rewinder is a lab with state of the user's beside its run (objects
// placed by hand): Rewind takes the run back to its first step and keeps
// that state, where Restart would clear it. The shell steps back by
// rewinding (or restarting) and replaying.
type Rewinder interface {
	Rewind() error
}

// Sized is a lab whose keys depend on its layout (a page key that has
// nothing to page when everything fits): the shell gives it the frame it
// will draw into before each Render, so Key can lay out as Render will and
// Render writes no state.
type Sized interface {
	Resize(f Frame)
}

// Glossed is a lab with words a student may not know: Glossary gives
// each, term first, in plain words, for the help screen.
type Glossed interface {
	Glossary() [][2]string
}

// Retitled is a lab whose keys can take it away from what its scenario's
// title says (other sets, other rules); Title is then the header's title.
type Retitled interface {
	Title() (title string, changed bool)
}

// Momentous is a lab whose engine marks moments. NewMoment reports the
// captions of the moments the latest Step reached, if it reached any,
// joined by MomentBreak;
// StopsAt says in a few words which steps those are, for M's note.
type Momentous interface {
	NewMoment() (caption string, ok bool)
	StopsAt() string
}

// Headlined is a lab whose scenario quotes figures: Headline gives them
// as they stand at the current step (the shell marks them final once the
// run is done, or when Finished says so) and shows them above the body at
// every size.
type Headlined interface {
	Headline() []widget.Figure
}

// Finished is a Headlined lab whose figures are final before its run is
// done (the exact lab's results, once computed, while its stepper plays
// one input): Final says so, and the shell marks the headline by it
// rather than by Done.
type Finished interface {
	Final() bool
}

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
	// StepBack, First, Last, JumpBack and JumpForward move through a run
	// that plays; Scenario returns the lab to its scenario as written.
	StepBack, First, Last, JumpBack, JumpForward, Scenario key.Binding
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
	Lecture:  Bind([]string{"L"}, "L", "lecture strip: the headline in large digits"),

	StepBack:    Bind([]string{"left", "b"}, "←/b", "step back"),
	First:       Bind([]string{"home"}, "home", "first step"),
	Last:        Bind([]string{"end"}, "end", "last step"),
	JumpBack:    Bind([]string{"<", ","}, "<", "back a tenth"),
	JumpForward: Bind([]string{">", "."}, ">", "on a tenth"),
	Scenario:    Bind([]string{"R"}, "R", "scenario as written"),
}

// PlayKeys is the full help's column of the shell's keys for a lab that
// plays: play and step, back through the run, speed, restart and seeds.
// own are the lab's keys: where one of them takes b, the step back is ←
// alone, and the help says so.
func PlayKeys(own ...key.Binding) []key.Binding {
	c := CommonKeys
	back := c.StepBack
	for _, b := range own {
		if slices.Contains(b.Keys(), "b") {
			back = Bind([]string{"left"}, "←", "step back (b is this lab's own)")
			break
		}
	}
	return []key.Binding{c.Play, c.Step, back, c.First, c.Last, c.JumpBack, c.JumpForward, c.Faster, c.Slower, c.Reset, c.Scenario, c.NextSeed, c.TypeSeed, c.Moments}
}

// ShellKeys is the full help's tail of the keys every screen has.
func ShellKeys() []key.Binding {
	c := CommonKeys
	return []key.Binding{c.Lecture, c.Theme, c.Back, c.Help, c.Quit}
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

// Brief is b with a shorter help line, for the one-line help bar, where a
// long description would push every key after it off the screen.
func Brief(b key.Binding, keys, desc string) key.Binding {
	b.SetHelp(keys, desc)
	return b
}
