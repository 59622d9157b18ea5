// Package exactlab is the exact-enumeration lab: the exact max-load
// distributions of small cases, the better / same / worse comparison, the
// counterexamples, and a stepper that replays one candidate sequence ball
// by ball, one choice beside two. On a wide screen the table and the
// stepper stand side by side.
package exactlab

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/sim/engine"
	"github.com/loadlab/loadlab/tui/lab"
)

// Lab shows exact enumeration results and steps through single
// trajectories: a counterexample from the enumeration or an input the user
// types. The enumeration runs off the UI loop and arrives as doneMsg.
type Lab struct {
	// keys are the bindings the lab matches keys against (DefaultKeyMap).
	keys KeyMap
	// share is the machine the enumeration runs on (nil: a desktop's).
	share *lab.Share
	lab.Unseeded
	spec   bins.ExactSpec
	opened bins.ExactSpec // the scenario's spec: its method is preferred
	// openStepper opens the first counterexample full screen when the
	// results arrive.
	openStepper bool
	result      bins.ExactReport
	err         error
	ready       bool
	// stepper says the stepper fills the screen; wide that it stands
	// beside the table (at the last render); traj is the open sequence,
	// if any, and pos the balls placed.
	stepper bool
	wide    bool
	cursor  int // selected counterexample
	traj    *bins.Trajectory
	label   string // what the open trajectory is
	typed   bool   // the open trajectory is the user's input
	pos     int
	editor  textinput.Model
	edit    bool
	editErr string
	// fractions shows every E[max] as its exact fraction, a page at a
	// time (f), scroll lines down, page lines a page (at the last render).
	fractions    bool
	scroll, page int
	// chart shows P(max = k) of every rule as one bar chart (v).
	chart bool
	// sizing says the editor takes a size, n and m, not an input (z).
	sizing bool
	// cancel stops the computation under way; nil when none is. started
	// is when it began, for the progress line; before is the table on
	// screen when a size key started it, which esc goes back to.
	cancel  context.CancelFunc
	started time.Time
	before  *table
}

// table is a finished computation: the size and its results.
type table struct {
	spec   bins.ExactSpec
	result bins.ExactReport
}

// wideWidth is the screen width from which the table and the stepper
// stand side by side.
const wideWidth = 150

// Busy reports whether the computation is under way, so that the root
// redraws its progress line.
func (l *Lab) Busy() bool { return l.cancel != nil }

// Leave cancels a computation under way when the user leaves the lab; it
// starts again if the lab is reopened.
func (l *Lab) Leave() {
	if l.cancel != nil {
		l.cancel()
		l.cancel = nil
	}
}

// doneMsg carries a finished enumeration to the lab that asked for it.
type doneMsg struct {
	lab    *Lab
	spec   bins.ExactSpec
	result bins.ExactReport
	err    error
}

// New opens the lab on an exact spec; the computation starts in Init.
func New(s scenarios.Spec, share *lab.Share) (lab.Lab, error) {
	spec, err := lab.SpecOf[bins.ExactSpec](s)
	if err != nil {
		return nil, err
	}
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	ed := lab.NewField("input: ", 400)
	l := &Lab{keys: DefaultKeyMap(), share: share, spec: spec, opened: spec, openStepper: spec.Stepper, editor: ed}
	l.editor.Placeholder = inputHint(spec.Bins)
	return l, nil
}

// Init starts the computation off the UI loop, unless it is running or
// done: reopening a lab whose computation was cancelled starts it again.
func (l *Lab) Init() tea.Cmd {
	if l.ready || l.cancel != nil {
		return nil
	}
	spec := l.spec
	ctx, cancel := context.WithCancel(context.Background())
	l.cancel, l.err, l.started = cancel, nil, time.Now()
	return func() tea.Msg {
		done, err := l.share.Turn(ctx)
		if err != nil {
			return doneMsg{lab: l, spec: spec, err: err}
		}
		defer done()
		r, err := spec.Run(ctx, l.share.Workers())
		return doneMsg{lab: l, spec: spec, result: r, err: err}
	}
}

// Update takes the enumeration when it arrives, if it is for the size on
// screen.
func (l *Lab) Update(msg tea.Msg) tea.Cmd {
	done, ok := msg.(doneMsg)
	if !ok || done.lab != l || done.spec != l.spec {
		return nil
	}
	l.cancel = nil
	if errors.Is(done.err, context.Canceled) {
		return nil
	}
	l.result, l.err, l.ready, l.before = done.result, done.err, true, nil
	if l.examples() > 0 {
		l.openExample(0)
		l.stepper = l.openStepper
	}
	return nil
}

// cancelRun stops the computation under way and goes back to the table it
// was started from, if there was one.
func (l *Lab) cancelRun() lab.Outcome {
	l.Leave()
	b := l.before
	if b == nil {
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("cancelled n = %d, m = %d: enter computes it again, [ ] { } change the size", l.spec.Bins, l.spec.Balls)}
	}
	l.show(b.spec, b.result)
	return lab.Outcome{Handled: true, Note: fmt.Sprintf("cancelled: back to n = %d, m = %d", b.spec.Bins, b.spec.Balls)}
}

// show puts a finished table on screen, its first counterexample ready in
// the stepper.
func (l *Lab) show(spec bins.ExactSpec, result bins.ExactReport) {
	l.spec, l.result, l.ready, l.err, l.before = spec, result, true, nil, nil
	l.traj, l.stepper, l.cursor, l.pos = nil, false, 0, 0
	l.editor.Placeholder = inputHint(spec.Bins)
	if l.examples() > 0 {
		l.openExample(0)
	}
}

// resize moves to another size: the method the scenario chose if it can
// take the size, else the DP (brute force has a bound), and computes the
// results again. The note says what changed.
func (l *Lab) resize(n, m int) lab.Outcome {
	s := l.spec
	s.Bins, s.Balls, s.Method = n, m, l.opened.Method
	s.D = min(max(l.opened.D, 1), n)
	if bruteErr := s.Validate(); s.Method == "brute" && bruteErr != nil {
		s.Method = "dp"
		if s.Validate() != nil {
			return lab.Outcome{Handled: true, Err: bruteErr}
		}
	}
	note := ""
	switch {
	case s.Method == "dp" && l.spec.Method == "brute":
		note = fmt.Sprintf(": %d^%d inputs is past brute force's bound, so the DP, with the rules it can follow: %s (the table says why)", n, 2*m, strings.Join(dpNames(s.D), ", "))
	case s.Method == "brute" && l.spec.Method == "dp":
		note = ": brute force again, with every input: correlated, stale and the counterexamples come back"
	}
	if err := s.Validate(); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	if err := l.share.Admit(s.Cost(1)); err != nil {
		return lab.Outcome{Handled: true, Err: err}
	}
	l.Leave()
	if l.ready {
		l.before = &table{l.spec, l.result}
	}
	l.spec, l.ready, l.result, l.err = s, false, bins.ExactReport{}, nil
	l.traj, l.stepper, l.cursor, l.pos, l.openStepper = nil, false, 0, 0, false
	l.editor.Placeholder = inputHint(s.Bins)
	return lab.Outcome{Handled: true, Note: fmt.Sprintf("n = %d, m = %d by %s%s", s.Bins, s.Balls, methodName(s.Method), note), Cmd: l.Init()}
}

// methodName is a method as the screen says it.
func methodName(m string) string {
	if m == "dp" {
		return "the DP"
	}
	return "brute force"
}

// dpNames are the rules the DP computes, as its table names them.
func dpNames(d int) []string {
	var out []string
	for _, k := range bins.DPStrategies {
		name := k.String()
		if k == bins.DChoice {
			name = fmt.Sprintf("dchoice:%d", d)
		}
		out = append(out, name)
	}
	return out
}

// title says the size on screen once the size keys have moved it from the
// scenario's: "Exact enumeration of every input at n = 5, m = 4 (your
// size): 4 balls into 5 bins, by brute force". A narrow header keeps the
// words before the colon.
func (l *Lab) title() (string, bool) {
	o, s := l.opened, l.spec
	if o.Bins == s.Bins && o.Balls == s.Balls && o.Method == s.Method {
		return "", false
	}
	what, how := "Exact enumeration of every input", "by brute force"
	if s.Method == "dp" {
		what, how = "Exact max-load distributions", "by dynamic programming over load multisets"
	}
	return fmt.Sprintf("%s at n = %d, m = %d (your size): %s into %s, %s", what, s.Bins, s.Balls, engine.Count(s.Balls, "ball"), engine.Count(s.Bins, "bin"), how), true
}

// examples is the number of counterexamples listed.
func (l *Lab) examples() int {
	if !l.ready || l.result.Brute == nil {
		return 0
	}
	return len(l.result.Brute.Counterexamples)
}

func (l *Lab) openExample(i int) {
	ces := l.result.Brute.Counterexamples
	l.cursor = i
	c := ces[i]
	l.traj = bins.NewTrajectory(l.spec.Bins, c.Candidates)
	l.label = fmt.Sprintf("counterexample %d of %d · input %s", i+1, len(ces), engine.Digits(c.Index))
	l.pos, l.typed = 0, false
}

// stepping reports whether a sequence is on screen to step through.
func (l *Lab) stepping() bool {
	return l.traj != nil && (l.stepper || l.wide) && !l.fractions && !l.chart
}

// Step places the next ball of the open trajectory.
func (l *Lab) Step() bool {
	if !l.stepping() || l.pos >= l.traj.Len() {
		return false
	}
	l.pos++
	return true
}

// stopsAt says which steps are moments.
func (l *Lab) stopsAt() string {
	return "the ball where two choices fall behind one"
}

// NewMoment reports a moment of the open trajectory at the ball just
// placed: the choice that goes wrong.
func (l *Lab) NewMoment() (string, bool) {
	if !l.stepping() || l.pos == 0 {
		return "", false
	}
	for _, m := range l.traj.Moments() {
		if m.Step == int64(l.pos) {
			return m.Caption, true
		}
	}
	return "", false
}

// At is the balls the stepper has placed, which its own keys (p, g, G)
// move: the shell's step count.
func (l *Lab) At() int64 { return int64(l.pos) }

// Done reports whether the results are in, or the stepper at its end.
func (l *Lab) Done() bool {
	if l.stepping() {
		return l.pos == l.traj.Len()
	}
	return l.ready
}

// moves says what moves the table when no sequence is on screen to play
// ("" when one is).
func (l *Lab) moves() string {
	switch {
	case l.cancel != nil:
		return "esc cancels the computation"
	case !l.ready && !l.started.IsZero():
		return "enter computes it again"
	case l.stepping():
		return ""
	case l.examples() > 0:
		return "enter steps through one"
	}
	return "v draws P(max = k) as one chart · e types an input to step through"
}

// Restart rewinds the stepper.
func (l *Lab) Restart() error {
	l.pos = 0
	return nil
}

// Editing reports whether the input editor has the keyboard.
func (l *Lab) Editing() bool { return l.edit }

// Status is the size, the method and where the stepper is.
func (l *Lab) Status() []string {
	parts := []string{fmt.Sprintf("n=%d m=%d %s", l.spec.Bins, l.spec.Balls, l.spec.Method)}
	switch {
	case l.cancel != nil:
		parts = append(parts, "computing…")
	case !l.ready:
		parts = append(parts, "cancelled")
	case l.stepping():
		if l.typed {
			parts = append(parts, fmt.Sprintf("your input: n=%d m=%d", l.traj.Bins, l.traj.Len()))
		}
		parts = append(parts, fmt.Sprintf("ball %d/%d", l.pos, l.traj.Len()))
	case l.result.Brute != nil:
		parts = append(parts, engine.Digits(l.result.Brute.Inputs)+" inputs")
	}
	return parts
}

// Trajectory is the sequence open in the stepper, the balls placed, and
// whether it is on screen.
func (l *Lab) Trajectory() (t *bins.Trajectory, pos int, open bool) {
	return l.traj, l.pos, l.stepping()
}

// Report is the exact results, once they are in.
func (l *Lab) Report() (bins.ExactReport, bool) { return l.result, l.ready }

// glossary is the lab's words (glossary.txt: a line a term, "term: what
// it means").
//
//go:embed glossary.txt
var glossaryText string

var glossary = lab.Glossary(glossaryText)

// Info is the lab as the shell's header, help and status bar read it.
func (l *Lab) Info() lab.Info {
	i := lab.Info{Glossary: glossary, Stops: l.stopsAt(), Moves: l.moves(), Final: l.final(), At: l.At}
	if t, ok := l.title(); ok {
		i.Title = t
	}
	return i
}

// KeyMap is the lab's keys for the help bar and the full help.
func (l *Lab) KeyMap() help.KeyMap {
	short, full := l.help()
	return lab.Keys{Short: short, Full: full}
}

// Current is the lab's spec as its keys have left it, for the ":" line.
func (l *Lab) Current() engine.Spec { return l.spec }
