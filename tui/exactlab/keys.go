package exactlab

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/loadlab/loadlab/sim/bins"
	"github.com/loadlab/loadlab/tui/lab"
)

// KeyMap is the table's and the stepper's own keys.
type KeyMap struct {
	StepBack, Start, End, Edit, Size, Up, Down, PageUp, PageDown, Open, BinsDown, BinsUp, BallsDown, BallsUp, Fractions, Chart, Cancel, Compute key.Binding
}

// DefaultKeyMap is the lab's keys as it opens with them.
func DefaultKeyMap() KeyMap { return defaultKeys }

// defaultKeys are the lab's keys as it opens with them (DefaultKeyMap).
var defaultKeys = KeyMap{
	StepBack:  lab.CommonKeys.StepBack,
	Start:     lab.Brief(lab.CommonKeys.First, "home", "first ball"),
	End:       lab.Brief(lab.CommonKeys.Last, "end", "last ball"),
	Edit:      lab.Bind([]string{"e"}, "e", "type an input"),
	Size:      lab.Bind([]string{"z"}, "z", "type the size: n m"),
	PageUp:    lab.Bind([]string{"pgup"}, "pgup/pgdn", "a page"),
	PageDown:  lab.Bind([]string{"pgdown"}, "pgdn", "a page down"),
	Chart:     lab.Brief(lab.CommonKeys.View, "v", "P(max = k) as one chart"),
	Up:        lab.Bind([]string{"up", "k"}, "↑/↓", "counterexample"),
	Down:      lab.Bind([]string{"down", "j"}, "↓", "next counterexample"),
	Open:      lab.Bind([]string{"enter"}, "enter", "step through it"),
	BinsDown:  lab.Bind([]string{"["}, "[/]", "bins −1/+1"),
	BinsUp:    lab.Bind([]string{"]"}, "]", "bins +1"),
	BallsDown: lab.Bind([]string{"{"}, "{/}", "balls −1/+1"),
	BallsUp:   lab.Bind([]string{"}"}, "}", "balls +1"),
	Fractions: lab.Bind([]string{"f"}, "f", "E[max] as exact fractions"),
	Cancel:    lab.Bind([]string{"esc"}, "esc", "cancel: back to the table before"),
	Compute:   lab.Bind([]string{"enter"}, "enter", "compute again"),
}

// help lists the keys that do something in the view on screen, each once.
func (l *Lab) help() ([]key.Binding, [][]key.Binding) {
	c := lab.CommonKeys
	sizes := []key.Binding{l.keys.BinsDown, l.keys.BallsDown}
	switch {
	case l.cancel != nil:
		cancel := l.keys.Cancel
		if l.before == nil {
			cancel.SetHelp("esc", "cancel")
		}
		return append([]key.Binding{cancel}, sizes...), [][]key.Binding{append([]key.Binding{cancel}, sizes...), {c.Prompt, c.Theme, c.Help, c.Quit}}
	case !l.ready && l.err == nil:
		return append([]key.Binding{l.keys.Compute}, sizes...), [][]key.Binding{append([]key.Binding{l.keys.Compute}, sizes...), {c.Back, c.Prompt, c.Theme, c.Help, c.Quit}}
	}
	back := c.Back
	switch {
	case l.fractions:
		back.SetHelp("esc", "table")
		scroll := []key.Binding{lab.Brief(l.keys.Up, "↑/↓", "a line"), l.keys.PageUp, lab.Brief(l.keys.Fractions, "f", "table")}
		return append(scroll, back, c.Help, c.Quit), [][]key.Binding{scroll, {l.keys.Chart, l.keys.Edit, l.keys.Size}, {back, c.Prompt, c.Theme, c.Help, c.Quit}}
	case l.chart:
		back.SetHelp("esc", "table")
		return []key.Binding{lab.Brief(l.keys.Chart, "v", "table"), l.keys.Fractions, l.keys.Size, back, c.Help, c.Quit},
			[][]key.Binding{{l.keys.Chart, l.keys.Fractions, l.keys.Edit, l.keys.Size}, append(sizes, back, c.Prompt, c.Theme, c.Help, c.Quit)}
	case l.stepper:
		back.SetHelp("esc", "table")
	}
	choose := []key.Binding{}
	if l.examples() > 0 {
		choose = append(choose, l.keys.Up)
		if !l.stepping() {
			choose = append(choose, l.keys.Open)
		}
	}
	var short []key.Binding
	full := [][]key.Binding{}
	if l.stepping() {
		steps := []key.Binding{c.Step, l.keys.StepBack, l.keys.Start, l.keys.End, c.Play, c.Reset, c.Faster, c.Slower, c.Moments}
		short = append([]key.Binding{c.Step, l.keys.StepBack, l.keys.Start, l.keys.End}, choose...)
		full = append(full, steps)
	} else {
		short = append(short, choose...)
	}
	short = append(short, l.keys.Edit, l.keys.Chart)
	if l.longFraction() {
		short = append(short, l.keys.Fractions)
	}
	short = append(short, l.keys.Size)
	short = append(short, sizes...)
	short = append(short, back, c.Help, c.Quit)
	full = append(full, append(append(choose, l.keys.Edit, l.keys.Chart, l.keys.Fractions, l.keys.Size), sizes...), []key.Binding{back, c.Scenario, c.Prompt, c.Theme, c.Help, c.Quit})
	return short, full
}

// binsKeys are the bins lab's keys that a class coming from it may press
// here, and what they set there.
var binsKeys = map[string]string{
	"T": "trials", "m": "stream", "F": "stale refresh",
	"1": "rules", "2": "rules", "3": "rules", "4": "rules", "5": "rules", "6": "rules", "7": "rules",
}

// binsD is the bins lab's d, which sets d there.
var binsD = lab.Bind([]string{"d", "D"}, "d/D", "the bins lab's d")

// foreign says why a key of the bins lab does nothing here.
func (l *Lab) foreign(msg tea.KeyMsg) (lab.Outcome, bool) {
	k := msg.String()
	if key.Matches(msg, binsD) {
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("%s sets d in the bins lab; here the DP's dchoice takes d = %d from the scenario (loadlab enum --method dp --d), and brute force has no dchoice", k, l.spec.D)}, true
	}
	what, ok := binsKeys[k]
	if !ok {
		return lab.Outcome{}, false
	}
	return lab.Outcome{Handled: true, Note: fmt.Sprintf("%s sets the bins lab's %s; this lab computes every input of one size exactly, with fixed rules: [ ] { } change the size, e types an input", k, what)}, true
}

// Key browses the counterexamples, steps the trajectory, changes the size
// and opens the editor.
func (l *Lab) Key(msg tea.KeyMsg) lab.Outcome {
	k := l.keys
	if l.edit {
		return l.editorKey(msg)
	}
	if out, ok := l.foreign(msg); ok {
		return out
	}
	switch {
	case key.Matches(msg, k.Size):
		return l.openEditor(true)
	case key.Matches(msg, k.BinsDown):
		return l.resize(l.spec.Bins-1, l.spec.Balls)
	case key.Matches(msg, k.BinsUp):
		return l.resize(l.spec.Bins+1, l.spec.Balls)
	case key.Matches(msg, k.BallsDown):
		return l.resize(l.spec.Bins, l.spec.Balls-1)
	case key.Matches(msg, k.BallsUp):
		return l.resize(l.spec.Bins, l.spec.Balls+1)
	}
	switch {
	case l.cancel != nil && key.Matches(msg, k.Cancel):
		return l.cancelRun()
	case !l.ready && l.cancel == nil && l.err == nil && key.Matches(msg, k.Compute):
		return lab.Outcome{Handled: true, Note: fmt.Sprintf("computing n = %d, m = %d again", l.spec.Bins, l.spec.Balls), Cmd: l.Init()}
	case !l.ready:
		return lab.Outcome{}
	case key.Matches(msg, k.Fractions):
		return l.toggleFractions()
	case key.Matches(msg, k.Chart):
		l.chart, l.fractions = !l.chart, false
		return lab.Taken()
	case key.Matches(msg, k.Edit):
		return l.openEditor(false)
	case l.fractions || l.chart:
		return l.pageKey(msg)
	}
	examples := l.examples()
	switch {
	case examples > 0 && key.Matches(msg, k.Up):
		l.choose((l.cursor+examples-1)%examples, examples)
	case examples > 0 && key.Matches(msg, k.Down):
		l.choose((l.cursor+1)%examples, examples)
	case !l.stepper && key.Matches(msg, k.Open) && examples > 0:
		l.openExample(l.cursor)
		l.stepper = true
	case l.stepper && key.Matches(msg, lab.CommonKeys.Back):
		l.stepper = false
	case l.stepping() && (key.Matches(msg, k.StepBack) || key.Matches(msg, k.Start)) && l.pos == 0:
		return lab.Outcome{Handled: true, Note: "at the first ball: nothing before it"}
	case l.stepping() && key.Matches(msg, k.StepBack):
		l.pos--
	case l.stepping() && key.Matches(msg, k.Start):
		l.pos = 0
	case l.stepping() && key.Matches(msg, k.End):
		l.pos = l.traj.Len()
	default:
		return lab.Outcome{}
	}
	return lab.Taken()
}

// pageKey scrolls f's page, and esc leaves it or v's chart for the
// table.
func (l *Lab) pageKey(msg tea.KeyMsg) lab.Outcome {
	switch {
	case key.Matches(msg, lab.CommonKeys.Back):
		l.chart, l.fractions = false, false
	case !l.fractions:
		return lab.Outcome{}
	case key.Matches(msg, l.keys.Up):
		l.scrollBy(-1)
	case key.Matches(msg, l.keys.Down):
		l.scrollBy(1)
	case key.Matches(msg, l.keys.PageUp):
		l.scrollBy(-max(1, l.page-1))
	case key.Matches(msg, l.keys.PageDown):
		l.scrollBy(max(1, l.page-1))
	case key.Matches(msg, lab.CommonKeys.First):
		l.scroll = 0
	case key.Matches(msg, lab.CommonKeys.Last):
		l.scrollBy(1 << 20)
	default:
		return lab.Outcome{}
	}
	return lab.Taken()
}

// choose moves the cursor; where the stepper is on screen it opens the
// chosen counterexample there.
func (l *Lab) choose(i, examples int) {
	l.cursor = min(max(0, i), examples-1)
	if l.stepping() {
		l.openExample(l.cursor)
	}
}

// toggleFractions writes every E[max] out in full under the table, or
// hides them again; where every one is short, the table has them already.
func (l *Lab) toggleFractions() lab.Outcome {
	if !l.longFraction() {
		return lab.Outcome{Handled: true, Note: "every E[max] here is short: the table gives each as its fraction already"}
	}
	l.fractions, l.chart, l.scroll = !l.fractions, false, 0
	return lab.Taken()
}

// longFraction reports whether some E[max] is too long for the table's
// column.
func (l *Lab) longFraction() bool {
	for _, ex := range l.result.Exact {
		if len(ex.Expected().RatString()) > bins.FractionInline {
			return true
		}
	}
	return false
}
