// Package labtest opens a lab the way the shell does, without the shell:
// a scenario's spec at a size, keys pressed, steps played, and the body
// it renders, stripped of colour, for a lab's own tests and goldens.
package labtest

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// Chrome is the rows the shell keeps round a body at the sizes the
// goldens use (header, headline, status and help bars): a body golden of
// 80x24 is a body of 80 x (24 - Chrome).
const Chrome = 6

// Sizes are the terminal sizes every lab keeps a body golden of.
var Sizes = [][2]int{{80, 24}, {120, 40}}

// Open opens the scenario named with open, failing the test if either is
// wrong. A lab that computes off the UI loop (lab.Async) has its first
// work carried out inline, as the shell would carry out its command.
func Open(t testing.TB, open func(scenarios.Spec) (lab.Lab, error), scenario string) lab.Lab {
	t.Helper()
	sc, ok := scenarios.Lookup(scenario)
	if !ok {
		t.Fatalf("no scenario %q", scenario)
	}
	l, err := open(sc.Spec)
	if err != nil {
		t.Fatalf("open %s: %v", scenario, err)
	}
	if a, ok := l.(lab.Async); ok {
		if cmd := a.Init(); cmd != nil {
			a.Update(cmd())
		}
		if a.Busy() {
			t.Fatalf("open %s: the lab's first work is not done after its command", scenario)
		}
	}
	return l
}

// Styles are the mono theme's: what a golden holds is the text alone.
func Styles() *widget.Styles {
	for _, p := range themes.All {
		if p.Name == "mono" {
			return widget.NewStyles(p)
		}
	}
	panic("labtest: no mono theme")
}

// Body renders l into w x h, sized first as the shell sizes it, stripped
// of colour; every line is checked to fit w.
func Body(t testing.TB, l lab.Lab, w, h int) string {
	t.Helper()
	f := lab.Frame{W: w, H: h, St: Styles(), Narrating: true}
	l.Resize(f)
	body := ansi.Strip(l.Render(f))
	for i, line := range strings.Split(body, "\n") {
		if n := ansi.StringWidth(line); n > w {
			t.Errorf("body line %d is %d columns wide, the frame %d: %q", i+1, n, w, line)
		}
	}
	return body
}

// Key is the message of a key as bubbletea names it: "x", "X", "tab",
// "left", "esc", "home", "end".
func Key(name string) tea.KeyMsg {
	for k, n := range map[tea.KeyType]string{tea.KeyTab: "tab", tea.KeyLeft: "left", tea.KeyRight: "right", tea.KeyEsc: "esc",
		tea.KeyHome: "home", tea.KeyEnd: "end", tea.KeyEnter: "enter", tea.KeyUp: "up", tea.KeyDown: "down"} {
		if n == name {
			return tea.KeyMsg{Type: k}
		}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name)}
}

// Press offers each key to l in turn and gives the last outcome; a key
// the lab refuses with an error fails the test.
func Press(t testing.TB, l lab.Lab, keys ...string) lab.Outcome {
	t.Helper()
	var out lab.Outcome
	for _, k := range keys {
		if out = l.Key(Key(k)); out.Err != nil {
			t.Fatalf("key %s: %v", k, out.Err)
		}
	}
	return out
}

// Play steps l n times, or to its end (n < 0: to its end).
func Play(l lab.Lab, n int) {
	for i := 0; (n < 0 || i < n) && l.Step(); i++ {
	}
}

// GoldensAt checks l's body at the terminal sizes given against
// testdata/<test>/<name>-WxH.golden, and gives the bodies in that order
// for the test's own checks.
func GoldensAt(t *testing.T, l lab.Lab, name string, sizes ...[2]int) []string {
	t.Helper()
	bodies := make([]string, len(sizes))
	for i, sz := range sizes {
		t.Run(fmt.Sprintf("%s-%dx%d", name, sz[0], sz[1]), func(t *testing.T) {
			bodies[i] = Body(t, l, sz[0], sz[1]-Chrome)
			golden.RequireEqual(t, []byte(bodies[i]))
		})
	}
	return bodies
}

// State is a body golden: a scenario opened, played Steps steps (-1: to
// its end), Keys pressed, and its body at Sizes (Sizes when nil) kept in
// testdata/<test>/<Name>-WxH.golden. Check, if set, looks at each body
// beside the golden, w being its width.
type State struct {
	Name, Scenario string
	Steps          int
	Keys           []string
	Sizes          [][2]int
	Check          func(t *testing.T, body string, w int)
}

// Bodies checks each state's body goldens for the lab open opens.
func Bodies(t *testing.T, open func(scenarios.Spec) (lab.Lab, error), states []State) {
	t.Helper()
	for _, st := range states {
		sizes := st.Sizes
		if sizes == nil {
			sizes = Sizes
		}
		l := Open(t, open, st.Scenario)
		l.Resize(lab.Frame{W: sizes[0][0], H: sizes[0][1] - Chrome, St: Styles(), Narrating: true})
		Play(l, st.Steps)
		Press(t, l, st.Keys...)
		for i, body := range GoldensAt(t, l, st.Name, sizes...) {
			if st.Check != nil {
				st.Check(t, body, sizes[i][0])
			}
		}
	}
}

// Working presses a key that starts work off the UI loop and checks that
// it did: its command is there and the lab is busy; while that work runs
// the body at w x h says while (a few words). The returned function
// carries the work out, as the shell would deliver its message.
func Working(t testing.TB, l lab.Lab, keyName string, w, h int, while string) (finish func()) {
	t.Helper()
	a, ok := l.(lab.Async)
	if !ok {
		t.Fatalf("the lab does no work off the UI loop")
	}
	out := Press(t, l, keyName)
	if out.Cmd == nil || !a.Busy() {
		t.Fatalf("%s starts no work", keyName)
	}
	if body := Body(t, l, w, h); !strings.Contains(body, while) {
		t.Errorf("while the work runs the body should say %q:\n%s", while, body)
	}
	return func() { a.Update(out.Cmd()) }
}

// OnDesktop is a lab's New for a desktop's session: built with no share
// of a class server's machine, as the tests build it.
func OnDesktop(open func(scenarios.Spec, *lab.Share) (lab.Lab, error)) func(scenarios.Spec) (lab.Lab, error) {
	return func(s scenarios.Spec) (lab.Lab, error) { return open(s, nil) }
}
