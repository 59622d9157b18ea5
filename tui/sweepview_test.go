package tui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/list"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/internal/sweep"
	"github.com/loadlab/loadlab/scenarios"
	"github.com/loadlab/loadlab/sim/bins"
)

// The sweep's screen fills the grid in point by point off the UI loop,
// draws each figure against the varied field with its theory, and tab
// goes on to the table: the theorem's shape, m = n from 16 to 1024.
func TestSweepScreen(t *testing.T) {
	t.Parallel()
	spec := bins.DefaultSpec()
	spec.Strategies = "one,two"
	varies, err := sweep.ParseVaries([]string{"bins=16..1024x4", "balls=@bins"}, spec)
	if err != nil {
		t.Fatal(err)
	}
	points, err := sweep.Grid(spec, varies)
	if err != nil {
		t.Fatal(err)
	}
	m, err := newSweep(SweepOptions{Title: "the theorem's shape", Points: points, Varies: varies, First: spec.Seed, Seeds: 3, Seeded: true, Theme: "mono"})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	feed(m.next(), func(msg tea.Msg) tea.Cmd { _, next := m.Update(msg); return next }, func() bool { return len(m.report.Points) == len(points) })
	if len(m.report.Points) != 4 {
		t.Fatalf("%d of 4 points in", len(m.report.Points))
	}
	v := ansi.Strip(m.View())
	for _, want := range []string{"the theorem's shape", "4 of 4 points", "max against bins", "one fluid limit", "two asymptote"} {
		if !strings.Contains(v, want) {
			t.Errorf("the chart: no %q:\n%s", want, v)
		}
	}
	for range sweep.ChartKeys(m.report) { // a chart a figure, then the table
		m.Update(keyFor("tab"))
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "asymptote: ln n / ln ln n") || !strings.Contains(v, "1024  1024") {
		t.Errorf("the table:\n%s", v)
	}
}

// feed carries out cmd and the commands its messages' updates return, as
// the program would, until done; ticks are dropped.
func feed(cmd tea.Cmd, update func(tea.Msg) tea.Cmd, done func() bool) {
	cmds := []tea.Cmd{cmd}
	for len(cmds) > 0 && !done() {
		c := cmds[0]
		cmds = cmds[1:]
		if c == nil {
			continue
		}
		msg := c()
		if b, ok := msg.(tea.BatchMsg); ok {
			cmds = append(cmds, b...)
			continue
		}
		if _, busy := msg.(busyMsg); !busy {
			cmds = append(cmds, update(msg))
		}
	}
}

// drainSweep feeds a sweep's work back to the shell until its points are
// in.
func drainSweep(t *testing.T, m *Model, cmd tea.Cmd, points int) {
	t.Helper()
	in := func() bool { return m.sweep != nil && len(m.sweep.report.Points) >= points }
	feed(cmd, func(msg tea.Msg) tea.Cmd { _, next := m.Update(msg); return next }, in)
	if !in() {
		t.Fatalf("the sweep's %d points never came in", points)
	}
}

// The shell lists the sweep scenarios under their labs and opens one on
// enter; a lab's prompt opens a sweep over the lab's config with --vary.
// q closes either, back to where it was opened, and a refused sweep
// says why where it was asked for.
func TestSweepInTheShell(t *testing.T) {
	t.Parallel()
	var asked []string
	var over *scenarios.Scenario
	open := func(base *scenarios.Scenario, args []string) (SweepOptions, error) {
		asked, over = args, base
		spec := bins.DefaultSpec()
		if base != nil {
			spec = base.Spec.(bins.Spec)
		}
		varies, err := sweep.ParseVaries([]string{"bins=16,64"}, spec)
		if err != nil {
			return SweepOptions{}, err
		}
		points, err := sweep.Grid(spec, varies)
		return SweepOptions{Title: "a sweep of " + strings.Join(args, " "), Engine: "bins", Lesson: "the lesson of the sweep", Points: points, Varies: varies, First: spec.Seed, Seeds: 2, Seeded: true}, err
	}
	m, err := New(Options{Theme: "mono", Sweep: open})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	at := slices.IndexFunc(m.picker.Items(), func(it list.Item) bool { return it.(scenarioItem).sc.Name == "theorem-shape" })
	if at < 0 {
		t.Fatal("the picker does not list theorem-shape")
	}
	for i, it := range m.picker.Items() {
		if it.(scenarioItem).sweep {
			m.picker.Select(i)
			m.redraw()
			if v := plain(m); strings.Contains(v, "…") {
				t.Errorf("the picker cuts a sweep's title at 80x24:\n%s", v)
			}
		}
	}
	m.picker.Select(at)
	m.redraw()
	if v := plain(m); !strings.Contains(v, "a sweep") || !strings.Contains(v, "sweep: The theorem's shape") {
		t.Errorf("the picker does not mark the sweep:\n%s", v)
	}
	_, cmd := m.Update(keyMsg("enter"))
	if m.screen != screenSweep || !slices.Equal(asked, []string{"theorem-shape"}) || over != nil {
		t.Fatalf("enter on theorem-shape: screen %d, asked %v over %v", m.screen, asked, over)
	}
	drainSweep(t, m, cmd, 2)
	if v := plain(m); !strings.Contains(v, "2 of 2 points") || !strings.Contains(v, "q close") {
		t.Errorf("the sweep's screen:\n%s", v)
	}
	press(m, "?")
	if v := plain(m); !strings.Contains(v, "any key closes this page") || !strings.Contains(v, "the fluid limit is the prediction") || !strings.Contains(v, "the lesson of the sweep") {
		t.Errorf("? on the sweep's screen:\n%s", v)
	}
	press(m, "x")
	if v := plain(m); strings.Contains(v, "any key closes this page") || m.screen != screenSweep {
		t.Errorf("a key did not close ?'s page:\n%s", v)
	}
	_, cmd = m.Update(keyMsg("q"))
	m.Update(cmd())
	if m.screen != screenPicker {
		t.Fatalf("q on the sweep: screen %d, want the picker", m.screen)
	}

	sc, _ := scenarios.Lookup("small-steps")
	if err := m.open(sc); err != nil {
		t.Fatal(err)
	}
	press(m, ":")
	typeText(m, "--bins 32 --vary bins=16,64")
	_, cmd = m.Update(keyMsg("enter"))
	if m.screen != screenSweep || over == nil || over.Spec.(bins.Spec).Bins != 16 || !slices.Contains(asked, "--vary") {
		t.Fatalf("the prompt's --vary: screen %d, over %+v, args %v", m.screen, over, asked)
	}
	drainSweep(t, m, cmd, 2)
	_, cmd = m.Update(keyMsg("esc"))
	m.Update(cmd())
	if m.screen != screenLab {
		t.Fatalf("esc on the prompt's sweep: screen %d, want the lab", m.screen)
	}

	m.openSweep = func(*scenarios.Scenario, []string) (SweepOptions, error) {
		return SweepOptions{}, errors.New("--vary: bogus is not a field of bins")
	}
	press(m, ":")
	typeText(m, "--vary bogus=1")
	m.Update(keyMsg("enter"))
	if m.screen != screenLab || !strings.Contains(plain(m), "bogus is not a field of bins") {
		t.Errorf("a refused sweep:\n%s", plain(m))
	}
}
