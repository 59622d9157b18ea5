package hashinglab

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/loadlab/loadlab/sim/hashing"
	"github.com/loadlab/loadlab/themes"
	"github.com/loadlab/loadlab/tui/lab"
	"github.com/loadlab/loadlab/tui/widget"
)

// A node that held no keys leaves: every scheme says no keys moved, and
// the ideal share stays beside it.
func TestLeaverWithoutKeys(t *testing.T) {
	spec := hashing.DefaultSpec()
	spec.Nodes, spec.Keys, spec.Against, spec.VNodes = 30, 3, "ring", 1
	got, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	l := got.(*Lab)
	x := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")}
	st := widget.NewStyles(themes.All[0])
	for range 5 { // with 3 keys over 30 nodes, some leaver held none
		l.Key(x)
		screen := ansi.Strip(l.Render(lab.Frame{W: 120, H: 40, St: st}))
		if l.c.Sides[0].Churn.Moved == 0 && l.c.Sides[1].Churn.Moved == 0 {
			if strings.Count(screen, "no keys moved") != 2 || !strings.Contains(screen, "moved 0.00 %, ideal 1/") {
				t.Errorf("a leaver without keys:\n%s", screen)
			}
			return
		}
	}
	t.Fatal("every leaver held keys: the test found no case")
}
