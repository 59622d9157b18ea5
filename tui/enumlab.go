package tui

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/internal/textfmt"
	"github.com/loadlab/loadlab/sim/bins"
)

// enumLab shows exact enumeration results and steps through single
// trajectories: a counterexample from the enumeration or an input the user
// types. The enumeration runs off the UI loop and arrives as enumDoneMsg.
type enumLab struct {
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
}

// enumDoneMsg carries a finished enumeration to the lab that asked for it.
type enumDoneMsg struct {
	lab    *enumLab
	result bins.ExactReport
	err    error
}

func newEnumLab(spec bins.ExactSpec, openStepper bool) (*enumLab, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	ed := textinput.New()
	ed.Prompt = "input: "
	ed.Placeholder = "00 01 10 11  or  (0,0) (0,1) (1,0) (1,1)"
	ed.CharLimit = 400
	return &enumLab{spec: spec, openStepper: openStepper, editor: ed}, nil
}

func (l *enumLab) init() tea.Cmd {
	spec := l.spec
	return func() tea.Msg {
		r, err := spec.Run(runtime.GOMAXPROCS(0))
		return enumDoneMsg{lab: l, result: r, err: err}
	}
}

// update takes the enumeration when it arrives.
func (l *enumLab) update(msg tea.Msg) tea.Cmd {
	done, ok := msg.(enumDoneMsg)
	if !ok || done.lab != l {
		return nil
	}
	l.result, l.err, l.ready = done.result, done.err, true
	if l.openStepper && l.result.Brute != nil && len(l.result.Brute.Counterexamples) > 0 {
		l.openExample(0)
	}
	return nil
}

func (l *enumLab) openExample(i int) {
	ces := l.result.Brute.Counterexamples
	l.cursor = i
	c := ces[i]
	l.traj = bins.NewTrajectory(l.spec.Bins, c.Candidates)
	l.label = fmt.Sprintf("counterexample %d of %d · input %d", i+1, len(ces), c.Index)
	l.pos, l.stepper = 0, true
}

func (l *enumLab) step() bool {
	if !l.stepper || l.pos >= l.traj.Len() {
		return false
	}
	l.pos++
	return true
}

func (l *enumLab) refresh() {}

func (l *enumLab) done() bool {
	if l.stepper {
		return l.pos == l.traj.Len()
	}
	return l.ready
}

func (l *enumLab) restart() error {
	l.pos = 0
	return nil
}

func (l *enumLab) seed() (int64, bool)  { return 0, false }
func (l *enumLab) withSeed(int64) error { return fmt.Errorf("exact results have no seed") }
func (l *enumLab) nextSeed() error      { return l.withSeed(0) }
func (l *enumLab) editing() bool        { return l.edit }
func (l *enumLab) nextPanel()           {}

func (l *enumLab) status() []string {
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

func (l *enumLab) help(k keyMap) ([]key.Binding, [][]key.Binding) {
	if l.stepper {
		back := k.Back // in the stepper esc returns to the table
		back.SetHelp("esc", "table")
		short := []key.Binding{k.Step, k.StepBack, k.Start, k.End, k.NextExample, k.Edit, back, k.Help}
		full := [][]key.Binding{
			{k.Step, k.StepBack, k.Start, k.End, k.Play},
			{k.NextExample, k.PrevExample, k.Edit, k.Faster, k.Slower},
			{back, k.Theme, k.Help, k.Quit},
		}
		return short, full
	}
	short := []key.Binding{k.Up, k.Open, k.Edit, k.Back, k.Help, k.Quit}
	return short, [][]key.Binding{{k.Up, k.Open, k.Edit}, {k.Back, k.Theme, k.Help, k.Quit}}
}

func (l *enumLab) key(msg tea.KeyMsg, k keyMap) outcome {
	if l.edit {
		return l.editorKey(msg)
	}
	if !l.ready {
		return outcome{}
	}
	examples := 0
	if l.result.Brute != nil {
		examples = len(l.result.Brute.Counterexamples)
	}
	switch {
	case key.Matches(msg, k.Edit):
		l.edit, l.editErr = true, ""
		l.editor.SetValue("")
		return outcome{handled: true, cmd: l.editor.Focus()}
	case !l.stepper && key.Matches(msg, k.Up):
		l.cursor = max(0, l.cursor-1)
	case !l.stepper && key.Matches(msg, k.Down):
		l.cursor = min(max(0, examples-1), l.cursor+1)
	case !l.stepper && key.Matches(msg, k.Open) && examples > 0:
		l.openExample(l.cursor)
	case l.stepper && key.Matches(msg, k.Back):
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
		return outcome{}
	}
	return outcome{handled: true}
}

// editorKey runs the input editor: enter opens the typed sequence in the
// stepper, or shows why it cannot; esc closes the editor.
func (l *enumLab) editorKey(msg tea.KeyMsg) outcome {
	switch msg.Type {
	case tea.KeyEsc:
		l.edit = false
		l.editor.Blur()
		return outcome{handled: true}
	case tea.KeyEnter:
		cands, err := parseCandidates(l.editor.Value(), l.spec.Bins)
		if err != nil {
			l.editErr = err.Error()
			return outcome{handled: true}
		}
		l.edit = false
		l.editor.Blur()
		l.traj = bins.NewTrajectory(l.spec.Bins, cands)
		l.label = "your input · " + textfmt.Candidates(cands)
		l.pos, l.stepper = 0, true
		return outcome{handled: true}
	}
	var cmd tea.Cmd
	l.editor, cmd = l.editor.Update(msg)
	l.editErr = ""
	return outcome{handled: true, cmd: cmd}
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
