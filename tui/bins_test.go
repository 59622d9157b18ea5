package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// The bars' axis keeps its numbers whatever takes a row from the chart:
// the note a step back writes, a jump, a resize.
func TestAxisSurvivesStepping(t *testing.T) {
	m := openAt(t, "small-steps", 120, 40)
	press(m, "n", "n", "n", "n", "n")
	for _, k := range []string{"b", "home", "end", "resize"} {
		if k == "resize" {
			m.Update(tea.WindowSizeMsg{Width: 120, Height: 39})
		} else {
			drive(m, k)
		}
		for _, want := range []string{"3┤", "2┤", "1┤"} {
			if v := plain(m); !strings.Contains(v, want) {
				t.Errorf("after %s the axis lost %s:\n%s", k, want, v)
			}
		}
	}
}
