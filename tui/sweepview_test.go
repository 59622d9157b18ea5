package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/internal/sweep"
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
	cmds := []tea.Cmd{m.next()}
	for len(cmds) > 0 && len(m.report.Points) < len(points) {
		cmd := cmds[0]
		cmds = cmds[1:]
		if cmd == nil {
			continue
		}
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			cmds = append(cmds, b...)
			continue
		}
		if _, busy := msg.(busyMsg); busy {
			continue
		}
		_, next := m.Update(msg)
		cmds = append(cmds, next)
	}
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
