// Package exactlab is the exact-enumeration lab: the exact max-load
// distributions of small cases, the better / same / worse comparison, the
// counterexamples, and a stepper that replays one candidate sequence ball
// by ball, one choice beside two.
package exactlab

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/lab"
)

// enumLab shows exact enumeration results and steps through single
// trajectories: a counterexample from the enumeration or an input the user
// types. The enumeration runs off the UI loop and arrives as doneMsg.
type Lab struct {
	spec        bins.ExactSpec
	openStepper bool // open the first counterexample when the results arrive
	result      bins.ExactReport
	err         error
	ready       bool
	stepper     bool // the trajectory stepper is open
	cursor      int  // selected counterexample
	traj        *bins.Trajectory
	label       string // what the open trajectory is
	pos         int    // balls placed in the stepper
	editor      textinput.Model
	edit        bool
	editErr     string
	// cancel stops the computation under way; nil when none is. started
	// is when it began, for the progress line.
	cancel  context.CancelFunc
	started time.Time
}

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
	result bins.ExactReport
	err    error
}

// New opens the lab on an exact spec; the computation starts in Init.
func New(s scenarios.Spec) (lab.Lab, error) {
	spec, ok := s.(bins.ExactSpec)
	if !ok {
		return nil, fmt.Errorf("exactlab: %T is not an exact spec", s)
	}
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	openStepper := spec.Stepper
	ed := textinput.New()
	ed.Prompt = "input: "
	ed.Placeholder = "00 01 10 11  or  (0,0) (0,1) (1,0) (1,1)"
	ed.CharLimit = 400
	return &Lab{spec: spec, openStepper: openStepper, editor: ed}, nil
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
		r, err := spec.Run(ctx, runtime.GOMAXPROCS(0))
		return doneMsg{lab: l, result: r, err: err}
	}
}

// Update takes the enumeration when it arrives.
func (l *Lab) Update(msg tea.Msg) tea.Cmd {
	done, ok := msg.(doneMsg)
	if !ok || done.lab != l {
		return nil
	}
	l.cancel = nil
	if errors.Is(done.err, context.Canceled) {
		l.err = done.err
		return nil
	}
	l.result, l.err, l.ready = done.result, done.err, true
	if l.openStepper && l.result.Brute != nil && len(l.result.Brute.Counterexamples) > 0 {
		l.openExample(0)
	}
	return nil
}

func (l *Lab) openExample(i int) {
	ces := l.result.Brute.Counterexamples
	l.cursor = i
	c := ces[i]
	l.traj = bins.NewTrajectory(l.spec.Bins, c.Candidates)
	l.label = fmt.Sprintf("counterexample %d of %d · input %d", i+1, len(ces), c.Index)
	l.pos, l.stepper = 0, true
}

// Step places the next ball of the open trajectory.
func (l *Lab) Step() bool {
	if !l.stepper || l.pos >= l.traj.Len() {
		return false
	}
	l.pos++
	return true
}

// NewMoment reports a moment of the open trajectory at the ball just
// placed.
func (l *Lab) NewMoment() (string, bool) {
	if !l.stepper || l.pos == 0 {
		return "", false
	}
	for _, m := range l.traj.Moments() {
		if m.Step == int64(l.pos) {
			return m.Caption, true
		}
	}
	return "", false
}

// Done reports whether the results are in, or the stepper at its end.
func (l *Lab) Done() bool {
	if l.stepper {
		return l.pos == l.traj.Len()
	}
	return l.ready
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
	case !l.ready:
		parts = append(parts, "computing…")
	case l.stepper:
		parts = append(parts, fmt.Sprintf("ball %d/%d", l.pos, l.traj.Len()))
	case l.result.Brute != nil:
		parts = append(parts, textfmt.Digits(l.result.Brute.Inputs)+" inputs")
	}
	return parts
}

// Help lists the table's or the stepper's keys.
func (l *Lab) Help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	if l.stepper {
		back := c.Back // in the stepper esc returns to the table
		back.SetHelp("esc", "table")
		short := []key.Binding{c.Step, keys.StepBack, keys.Start, keys.End, keys.NextExample, keys.Edit, c.Moments, back, c.Help}
		full := [][]key.Binding{
			{c.Step, keys.StepBack, keys.Start, keys.End, c.Play},
			{keys.NextExample, keys.PrevExample, keys.Edit, c.Faster, c.Slower, c.Moments},
			{back, c.Theme, c.Help, c.Quit},
		}
		return short, full
	}
	if l.result.Brute == nil || len(l.result.Brute.Counterexamples) == 0 { // nothing to choose
		return []key.Binding{keys.Edit, c.Back, c.Help, c.Quit}, [][]key.Binding{{keys.Edit}, {c.Back, c.Theme, c.Help, c.Quit}}
	}
	short := []key.Binding{keys.Up, keys.Open, keys.Edit, c.Back, c.Help, c.Quit}
	return short, [][]key.Binding{{keys.Up, keys.Open, keys.Edit}, {c.Back, c.Theme, c.Help, c.Quit}}
}

// Key browses the counterexamples, steps the trajectory and opens the
// editor.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := keys
	if l.edit {
		return l.editorKey(msg)
	}
	if !l.ready {
		return lab.Outcome{}
	}
	examples := 0
	if l.result.Brute != nil {
		examples = len(l.result.Brute.Counterexamples)
	}
	switch {
	case key.Matches(msg, k.Edit):
		l.edit, l.editErr = true, ""
		l.editor.SetValue("")
		return lab.Outcome{Handled: true, Cmd: l.editor.Focus()}
	case !l.stepper && key.Matches(msg, k.Up):
		l.cursor = max(0, l.cursor-1)
	case !l.stepper && key.Matches(msg, k.Down):
		l.cursor = min(max(0, examples-1), l.cursor+1)
	case !l.stepper && key.Matches(msg, k.Open) && examples > 0:
		l.openExample(l.cursor)
	case l.stepper && key.Matches(msg, lab.CommonKeys.Back):
		l.stepper = false
	case l.stepper && key.Matches(msg, k.StepBack):
		l.pos = max(0, l.pos-1)
	case l.stepper && key.Matches(msg, k.Start):
		l.pos = 0
	case l.stepper && key.Matches(msg, k.End):
		l.pos = l.traj.Len()
	case l.stepper && examples > 0 && key.Matches(msg, k.NextExample):
		l.openExample((l.cursor + 1) % examples)
	case l.stepper && examples > 0 && key.Matches(msg, k.PrevExample):
		l.openExample((l.cursor + examples - 1) % examples)
	default:
		return lab.Outcome{}
	}
	return lab.Taken()
}

// editorKey runs the input editor: enter opens the typed sequence in the
// stepper, or shows why it cannot; esc closes the editor.
func (l *Lab) editorKey(msg tea.KeyMsg) lab.Outcome {
	switch msg.Type {
	case tea.KeyEsc:
		l.edit = false
		l.editor.Blur()
		return lab.Taken()
	case tea.KeyEnter:
		cands, err := parseCandidates(l.editor.Value(), l.spec.Bins)
		if err != nil {
			l.editErr = err.Error()
			return lab.Taken()
		}
		l.edit = false
		l.editor.Blur()
		l.traj = bins.NewTrajectory(l.spec.Bins, cands)
		l.label = "your input · " + textfmt.Candidates(cands)
		l.pos, l.stepper = 0, true
		return lab.Taken()
	}
	var cmd tea.Cmd
	l.editor, cmd = l.editor.Update(msg)
	l.editErr = ""
	return lab.Outcome{Handled: true, Cmd: cmd}
}

// maxTypedBalls bounds a typed sequence so that its bars fit the stepper.
const maxTypedBalls = 64

// parseCandidates reads a sequence of (first, second) pairs written as
// "00 01 10 11" (two digits per ball, when there are at most 10 bins) or
// "(0,0) (0,1)" / "0,0 0,1".
func parseCandidates(s string, n int) ([][2]int, error) {
	fields := strings.Fields(strings.NewReplacer(") (", " ", ")(", " ", "(", "", ")", "").Replace(s))
	if len(fields) == 0 {
		return nil, fmt.Errorf("type one pair per ball, such as 00 01 10 11")
	}
	if len(fields) > maxTypedBalls {
		return nil, fmt.Errorf("at most %d balls, got %d", maxTypedBalls, len(fields))
	}
	var out [][2]int
	for i, f := range fields {
		var parts []string
		switch {
		case strings.Contains(f, ","):
			parts = strings.Split(f, ",")
		case len(f) == 2 && n <= 10:
			parts = []string{f[:1], f[1:]}
		}
		if len(parts) != 2 {
			return nil, fmt.Errorf("ball %d: %q is not a pair of bins (write 01 or 0,1)", i+1, f)
		}
		var pair [2]int
		for j, p := range parts {
			v, err := strconv.Atoi(p)
			if err != nil || v < 0 || v >= n {
				return nil, fmt.Errorf("ball %d: %q is not a bin in 0..%d", i+1, p, n-1)
			}
			pair[j] = v
		}
		out = append(out, pair)
	}
	return out, nil
}

// Trajectory is the sequence open in the stepper, the balls placed, and
// whether the stepper is open.
func (l *Lab) Trajectory() (t *bins.Trajectory, pos int, open bool) { return l.traj, l.pos, l.stepper }

// Report is the exact results, once they are in.
func (l *Lab) Report() (bins.ExactReport, bool) { return l.result, l.ready }
